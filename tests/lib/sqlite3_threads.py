# sqlite3: waiting for another thread's database lock lets that thread run
import sqlite3, threading, time, os, tempfile
d = tempfile.mkdtemp(); path = os.path.join(d, "db")
a = sqlite3.connect(path, check_same_thread=False)
a.execute("create table t(x)"); a.commit()
a.execute("insert into t values (1)")   # a holds the write lock
def finish():
    time.sleep(0.3)
    a.commit()
t = threading.Thread(target=finish); t.start()
b = sqlite3.connect(path, timeout=3)
start = time.time()
b.execute("insert into t values (2)")
b.commit()
t.join()
print(b.execute("select count(*) from t").fetchone(), time.time() - start < 2)
c = sqlite3.connect(path, timeout=0.2)
a.execute("insert into t values (3)")
start = time.time()
try:
    c.execute("insert into t values (4)")
except sqlite3.OperationalError as e:
    print("OperationalError", e, 0.15 < time.time() - start < 1.5)
a.rollback()
for x in (a, b, c): x.close()
os.remove(path); os.rmdir(d)
