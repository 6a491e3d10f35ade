# sqlite3: a dropped cursor's unfinished SELECT does not keep its table locked;
# a live one does
import sqlite3

con = sqlite3.connect(":memory:")
con.execute("create table t(t)")
con.executemany("insert into t values(?)", ((v,) for v in range(5)))
con.commit()
cur = con.execute("select t from t")
print(cur.fetchone())
del cur
con.execute("drop table t")
con.commit()
print("dropped")

con.execute("create table u(u)")
con.executemany("insert into u values(?)", ((v,) for v in range(5)))
con.commit()
def dup(v):
    con.execute("insert into u values(?)", (v,))
con.create_function("dup", 1, dup)
cur = con.execute("select dup(u) from u")
del cur
con.execute("drop table u")
con.commit()
print("dropped")

con.execute("create table w(w)")
con.executemany("insert into w values(?)", ((v,) for v in range(5)))
con.commit()
live = con.execute("select w from w")
print(live.fetchone())
try:
    con.execute("drop table w")
except sqlite3.OperationalError as e:
    print("OperationalError", e, e.sqlite_errorname)
print(live.fetchall())
con.execute("drop table w")
print("dropped")
