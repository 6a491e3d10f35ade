# sqlite3: rowcount, lastrowid and description by statement kind, implicit transactions, parameter kinds
import sqlite3, sys
c = sqlite3.connect(":memory:")
c.execute("create table t(x)")
# rowcount/lastrowid across statement kinds
cu = c.cursor()
for sql, p in [("insert into t values (?)", (1,)), ("select * from t", ()), ("update t set x = 2", ()),
               ("insert into t values (3) returning x", ()), ("create table u(y)", ()), ("delete from t", ())]:
    cu.execute(sql, p)
    print(sql, cu.rowcount, cu.lastrowid, cu.description, cu.fetchall(), cu.rowcount)
cu.executemany("insert into t values (?)", [(i,) for i in range(4)])
print(cu.rowcount, cu.lastrowid)
try:
    cu.executemany("insert into t values (?) returning x", [(1,), (2,)])
except Exception as e:
    print(type(e).__name__, e)
print(c.in_transaction)
# replace counts as DML: a transaction starts
c.commit()
c.execute("replace into t values (9)")
print(c.in_transaction)
c.commit()
c.execute("  /* c */ -- x\n  WITH q AS (select 1) insert into t select * from q")
print(c.in_transaction)
c.rollback()
# parameters: sequences of other kinds
class Seq:
    def __len__(self): return 2
    def __getitem__(self, i):
        if i >= 2: raise IndexError
        return i * 10
print(c.execute("select ?, ?", Seq()).fetchone())
from collections import UserDict
class D(dict):
    def __missing__(self, k): return k.upper()
print(c.execute("select :a, :bb", D(a=1)).fetchone())
print(c.execute("select ?", [memoryview(b"ab")]).fetchone())
print(c.execute("select ?", (bytearray(b"z"),)).fetchone())
class I(int): pass
class F(float): pass
class S(str): pass
print(c.execute("select ?, ?, ?", (I(3), F(2.5), S("s"))).fetchone())
print(c.execute("select ?", (True,)).fetchone())
# text with embedded NUL comes back whole
print(c.execute("select ?", ("a\0b",)).fetchone())
print(c.execute("select cast(? as text)", (b"a\0b",)).fetchone())
c.close()
c = sqlite3.connect(":memory:")
c.execute("create table t(x)")
cu = c.executemany("insert into t values (?) returning x", [(1,), (2,)])
print(cu.rowcount, cu.fetchall(), cu.description, c.in_transaction)
c.commit()
print(c.execute("select * from t").fetchall())
