# sqlite3: cursor iteration checks, shared-cache URIs, Row behaviour and subclasses
import sqlite3
c = sqlite3.connect(":memory:")
cu = c.cursor(); cu.close()
it = iter(cu); print(it is cu)
try: next(it)
except Exception as e: print(type(e).__name__, e)
c2 = sqlite3.connect("file:memdb1?mode=memory&cache=shared", uri=True)
c2.execute("create table t(x)"); c2.execute("insert into t values (1)"); c2.commit()
c3 = sqlite3.connect("file:memdb1?mode=memory&cache=shared", uri=True)
print(c3.execute("select * from t").fetchall())
r = c.execute("select 1 as a").fetchone()
c.row_factory = sqlite3.Row
r = c.execute("select 1 as a, 2 as b").fetchone()
print(r == r, r != r, r == (1, 2), r < r if False else "-", "a" in r.keys(), 1 in r, list(reversed(r)))
try: r[5]
except IndexError as e: print("IndexError", e)
try: r["a"] = 3
except TypeError as e: print("TypeError", e)
class R(sqlite3.Row):
    def total(self): return sum(self)
c.row_factory = R
print(c.execute("select 1, 2").fetchone().total())
