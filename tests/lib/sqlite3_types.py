# sqlite3: adapters, converters, text_factory, row_factory, Row
import sqlite3, datetime

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"

def adapt_point(p):
    return f"{p.x};{p.y}"

def convert_point(b):
    x, y = map(float, b.split(b";"))
    return Point(x, y)

sqlite3.register_adapter(Point, adapt_point)
sqlite3.register_converter("point", convert_point)
print(sorted(k for k in sqlite3.converters if k in ("POINT", "DATE", "TIMESTAMP")))

con = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES | sqlite3.PARSE_COLNAMES)
con.execute("create table t(p point, d date, ts timestamp, n number(10), i integer not null)")
con.execute("insert into t values (?, ?, ?, ?, ?)",
            (Point(1, 2), datetime.date(2020, 1, 2), datetime.datetime(2021, 3, 4, 5, 6, 7, 8000), 5, 6))
row = con.execute("select p, d, ts, n, i from t").fetchone()
print(row)
cur = con.execute('select p as "p [text]", \'7;8\' as "num [point]" from t')
print(cur.description[0][0], cur.description[1][0], cur.fetchone())

class Conformer:
    def __conform__(self, proto):
        if proto is sqlite3.PrepareProtocol:
            return "conformed"
print(con.execute("select ?", (Conformer(),)).fetchone())
print(sqlite3.adapt(Point(3, 4)), sqlite3.adapt(5, sqlite3.PrepareProtocol, "alt"))
try:
    sqlite3.adapt(object())
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
print(isinstance(sqlite3.adapters, dict), (Point, sqlite3.PrepareProtocol) in sqlite3.adapters)

# text_factory
con = sqlite3.connect(":memory:")
for tf in (str, bytes, bytearray, lambda b: b.decode().upper()):
    con.text_factory = tf
    print(repr(con.execute("select 'abc', 'é'").fetchone()))
con.text_factory = str
try:
    con.execute("select cast(x'ff' as text)").fetchone()
except sqlite3.OperationalError as e:
    print("OperationalError", e)

# row_factory and Row
con.row_factory = sqlite3.Row
con.execute("create table t(Alpha, beta)")
con.execute("insert into t values (1, 'x')")
r = con.execute("select Alpha, beta from t").fetchone()
print(type(r).__name__, len(r), r[0], r[-1], r["alpha"], r["BETA"], r[0:1], list(r), r.keys(), tuple(r))
for key in ("gamma", 2, 1.5):
    try:
        r[key]
    except IndexError as e:
        print("IndexError", e)
r2 = con.execute("select Alpha, beta from t").fetchone()
print(r == r2, r != r2, hash(r) == hash(r2), r == tuple(r))
print(isinstance(r, __import__("collections").abc.Sequence))
con.row_factory = lambda cur, row: {d[0]: v for d, v in zip(cur.description, row)}
print(con.execute("select Alpha, beta from t").fetchall())
cur = con.cursor()
cur.row_factory = None
print(cur.execute("select 1").fetchone())
con.row_factory = None

# a Cursor subclass and a Connection factory
class MyCursor(sqlite3.Cursor):
    def first(self, sql):
        return self.execute(sql).fetchone()[0]
class MyConnection(sqlite3.Connection):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.tag = "mine"
c3 = sqlite3.connect(":memory:", factory=MyConnection)
print(type(c3).__name__, c3.tag, c3.cursor(MyCursor).first("select 42"))
try:
    c3.cursor(lambda c: 1)
except TypeError as e:
    print("TypeError", e)
