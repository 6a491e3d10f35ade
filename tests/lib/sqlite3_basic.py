# sqlite3: connect, execute/executemany/executescript, fetching, cursor attributes
import sqlite3

con = sqlite3.connect(":memory:")
print(type(con).__name__, con.isolation_level == "", con.in_transaction, con.total_changes)
cur = con.cursor()
print(cur.arraysize, cur.rowcount, cur.lastrowid, cur.description, cur.connection is con)
cur.execute("create table t(id integer primary key, name text, score real, data blob)")
print(cur.description, cur.rowcount)
cur.execute("insert into t(name, score, data) values (?, ?, ?)", ("ann", 1.5, b"\x00\x01"))
print(cur.rowcount, cur.lastrowid, con.in_transaction)
cur.executemany("insert into t(name, score) values (?, ?)", [("bob", 2), ("cy", None), ("dee", 4.25)])
print(cur.rowcount, cur.lastrowid)
cur.executemany("insert into t(name) values (:n)", ({"n": x} for x in ["eve", "fay"]))
print(cur.rowcount)
con.commit()
print(con.in_transaction, con.total_changes)

cur.execute("select id, name, score, data from t order by id")
print([d[0] for d in cur.description], len(cur.description[0]))
print(cur.fetchone())
print(cur.fetchmany(2))
cur.arraysize = 2
print(cur.fetchmany())
print(cur.fetchall())
print(cur.fetchone(), cur.fetchall())

for row in con.execute("select name, length(name) from t where score > ? order by name", (1,)):
    print(row)
print(list(con.execute("select count(*), sum(score), typeof(sum(score)) from t")))
print(con.execute("select :a || :b", {"a": "x", "b": "y"}).fetchone())
print(con.execute("select ?1, ?2, ?1", (10, 20)).fetchone())
print(con.execute("select 2**62 + 0, -1.5e300, 'é☃😀', x'cafe'").fetchone()
      if False else con.execute("select 4611686018427387904, -1.5e300, 'é☃😀', x'cafe'").fetchone())
print(con.execute("select ?, ?, ?", (2**63 - 1, -2**63, True)).fetchone())

cur = con.execute("update t set score = 0 where score is null or score < 2")
print(cur.rowcount)
cur = con.execute("delete from t where id > 4")
print(cur.rowcount, con.in_transaction)
con.rollback()
print(con.execute("select count(*) from t").fetchone(), con.in_transaction)

r = con.executescript("""
    create table u(a, b);
    insert into u values (1, 'one');  -- a comment
    /* another */ insert into u values (2, 'two');
""")
print(type(r).__name__, con.execute("select * from u").fetchall())
print(sqlite3.complete_statement("select 1;"), sqlite3.complete_statement("select 1"))

# empty and comment-only statements do nothing
c2 = con.execute("  -- nothing\n")
print(c2.description, c2.rowcount, c2.fetchall())

cur.close()
try:
    cur.execute("select 1")
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
con.close()
con.close()
for f in (lambda: con.execute("select 1"), lambda: con.cursor(), lambda: con.commit(), lambda: con.in_transaction):
    try:
        f()
    except sqlite3.ProgrammingError as e:
        print("ProgrammingError", e)

# the context manager commits or rolls back, and does not close
con = sqlite3.connect(":memory:")
con.execute("create table t(x unique)")
with con:
    con.execute("insert into t values (1)")
try:
    with con:
        con.execute("insert into t values (2)")
        con.execute("insert into t values (1)")
except sqlite3.IntegrityError as e:
    print("IntegrityError", e, e.sqlite_errorcode, e.sqlite_errorname)
print(con.execute("select x from t").fetchall())
