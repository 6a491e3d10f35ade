# sqlite3: user functions, aggregates, window functions, collations, authorizer,
# progress handler, trace callback
import sqlite3

con = sqlite3.connect(":memory:")
con.create_function("twice", 1, lambda x: x * 2, deterministic=True)
con.create_function("nothing", 0, lambda: None)
con.create_function("kinds", -1, lambda *a: ",".join(type(x).__name__ for x in a))
print(con.execute("select twice(21), twice('ab'), twice(1.5), nothing()").fetchone())
print(con.execute("select kinds(1, 2.0, 'x', x'00', null)").fetchone())
def boom(x):
    raise ValueError("boom")
con.create_function("boom", 1, boom)
con.create_function("bad", 0, lambda: object())
con.create_function("huge", 0, lambda: 2**70)
for f in ("boom(1)", "bad()", "huge()"):
    try:
        con.execute("select " + f).fetchone()
    except Exception as e:
        print(type(e).__name__, e)
con.create_function("twice", 1, None)
try:
    con.execute("select twice(1)")
except sqlite3.OperationalError as e:
    print("OperationalError", e)

class Sum:
    def __init__(self):
        self.total = 0
    def step(self, v):
        self.total += v
    def finalize(self):
        return self.total
class BadStep(Sum):
    def step(self, v):
        raise KeyError(v)
class BadInit:
    def __init__(self):
        raise RuntimeError
con.create_aggregate("mysum", 1, Sum)
con.create_aggregate("badstep", 1, BadStep)
con.create_aggregate("badinit", 1, BadInit)
con.execute("create table t(g, v)")
con.executemany("insert into t values (?, ?)", [("a", 1), ("a", 2), ("b", 10), ("b", 20), ("b", 30)])
print(con.execute("select g, mysum(v) from t group by g order by g").fetchall())
print(con.execute("select mysum(v) from t where 0").fetchall())
for f in ("badstep", "badinit"):
    try:
        con.execute(f"select {f}(v) from t").fetchall()
    except sqlite3.OperationalError as e:
        print("OperationalError", e)

class WinSum(Sum):
    def value(self):
        return self.total
    def inverse(self, v):
        self.total -= v
con.create_window_function("winsum", 1, WinSum)
print(con.execute("""select v, winsum(v) over (order by v rows between 1 preceding and 1 following)
                     from t order by v""").fetchall())

def rev(a, b):
    return (a < b) - (a > b)
con.create_collation("rev", rev)
print(con.execute("select g from t group by g order by g collate rev").fetchall())
try:
    con.create_collation("x", 5)
except TypeError as e:
    print("TypeError", e)
con.create_collation("rev", None)
try:
    con.execute("select g from t order by g collate rev")
except sqlite3.OperationalError as e:
    print("OperationalError", e)

seen = []
def auth(action, a1, a2, db, src):
    seen.append((action, a1, a2, db))
    if a2 == "v":
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK
con.set_authorizer(auth)
print(con.execute("select g from t limit 1").fetchall())
try:
    con.execute("select v from t")
except sqlite3.DatabaseError as e:
    print(type(e).__name__, e)
print(seen[0])
con.set_authorizer(None)
print(con.execute("select v from t limit 1").fetchall())

calls = []
con.set_progress_handler(lambda: calls.append(1), 1)
con.execute("select count(*) from t").fetchall()
print(len(calls) > 0)
con.set_progress_handler(lambda: 1, 1)
try:
    con.execute("select count(*) from t").fetchall()
except sqlite3.OperationalError as e:
    print("OperationalError", e)
con.set_progress_handler(None, 1)

traced = []
con.set_trace_callback(traced.append)
con.execute("select ?, ?", (1, "two"))
con.set_trace_callback(None)
con.execute("select 3")
print(traced)

# tracebacks of failing callbacks go to sys.unraisablehook when enabled
import sys
def hook(u):
    print("unraisable:", type(u.exc_value).__name__, u.exc_value)
sys.unraisablehook = hook
sqlite3.enable_callback_tracebacks(True)
try:
    con.execute("select boom(1)")
except sqlite3.OperationalError as e:
    print("OperationalError", e)
sqlite3.enable_callback_tracebacks(False)
try:
    con.execute("select boom(1)")
except sqlite3.OperationalError as e:
    print("OperationalError", e)
