# sqlite3: transactions, iterdump, backup, blobs, serialize, threads
import sqlite3, os, tempfile, threading

d = tempfile.mkdtemp()
path = os.path.join(d, "db.sqlite")
a = sqlite3.connect(path)
b = sqlite3.connect(path, timeout=0.1)
a.execute("create table t(x)")
a.execute("insert into t values (1)")
print(a.in_transaction, b.execute("select count(*) from t").fetchone())
a.commit()
print(b.execute("select count(*) from t").fetchone())
a.isolation_level = None
a.execute("insert into t values (2)")
print(a.in_transaction, b.execute("select count(*) from t").fetchone())
a.isolation_level = "IMMEDIATE"
a.execute("insert into t values (3)")
try:
    b.execute("insert into t values (4)")
except sqlite3.OperationalError as e:
    print("OperationalError", e)
a.rollback()
a.close(); b.close()
os.remove(path)
os.rmdir(d)

con = sqlite3.connect(":memory:")
con.executescript("""
    create table t(id integer primary key, s text, b blob);
    insert into t(s, b) values ('it''s', x'0102');
    create index ti on t(s);
    create view v as select s from t;
""")
for line in con.iterdump():
    print(line)

dst = sqlite3.connect(":memory:")
steps = []
con.backup(dst, pages=1, progress=lambda status, remaining, total: steps.append(remaining))
print(dst.execute("select s from t").fetchall(), steps[-1])
try:
    con.backup(con)
except ValueError as e:
    print("ValueError", e)

data = con.serialize()
print(type(data).__name__, data[:15])
other = sqlite3.connect(":memory:")
other.deserialize(data)
print(other.execute("select s, b from t").fetchall())

con.execute("create table bl(b blob)")
con.execute("insert into bl values (zeroblob(10))")
with con.blobopen("bl", "b", 1) as blob:
    print(len(blob), blob.tell())
    blob.write(b"hello")
    print(blob.tell(), blob.read(), blob.tell())
    blob.seek(0)
    print(blob.read(3), blob[0], blob[-1], blob[1:4], blob[::2])
    blob[0] = ord("H")
    blob[5:10] = b"world"
    blob.seek(-2, os.SEEK_END)
    print(blob.read())
    for bad in (lambda: blob.write(b"x" * 20), lambda: blob.seek(100), lambda: blob[10],
                lambda: blob.__setitem__(0, 256), lambda: blob.__setitem__(slice(0, 2), b"x")):
        try:
            bad()
        except (ValueError, IndexError) as e:
            print(type(e).__name__, e)
print(con.execute("select b from bl").fetchone())
try:
    blob.read()
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
ro = con.blobopen("bl", "b", 1, readonly=True)
try:
    ro.write(b"x")
except sqlite3.OperationalError as e:
    print("OperationalError", e)
ro.close()

# check_same_thread
res = []
def use():
    try:
        con.execute("select 1")
    except sqlite3.ProgrammingError as e:
        res.append(str(e)[:60])
t = threading.Thread(target=use)
t.start(); t.join()
print(res)
free = sqlite3.connect(":memory:", check_same_thread=False)
def use2():
    res.append(free.execute("select 7").fetchone())
t = threading.Thread(target=use2)
t.start(); t.join()
print(res[-1])

# the statement cache and reuse of a statement by two cursors
c1 = con.execute("select id from t union all select 5")
c2 = con.execute("select id from t union all select 5")
print(c1.fetchone(), c2.fetchall(), c1.fetchall())
con2 = sqlite3.connect(":memory:", cached_statements=0)
print(con2.execute("select 1").fetchone(), con2.execute("select 1").fetchone())
# interrupt with nothing running does nothing visible
con.interrupt()
