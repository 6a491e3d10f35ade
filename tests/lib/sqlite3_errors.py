# sqlite3: the exception hierarchy, error codes and messages, argument errors
import sqlite3

names = ["Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError",
         "IntegrityError", "InternalError", "ProgrammingError", "NotSupportedError"]
for n in names:
    cls = getattr(sqlite3, n)
    print(n, cls.__module__, cls.__bases__[0].__name__, getattr(sqlite3.Connection, n) is cls)
print(sqlite3.PARSE_DECLTYPES, sqlite3.PARSE_COLNAMES, sqlite3.apilevel, sqlite3.paramstyle, sqlite3.threadsafety)
print(sqlite3.SQLITE_OK, sqlite3.SQLITE_DENY, sqlite3.SQLITE_IGNORE, sqlite3.SQLITE_CONSTRAINT_UNIQUE,
      sqlite3.SQLITE_LIMIT_LENGTH, sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_READ)
print(type(sqlite3.sqlite_version_info), len(sqlite3.sqlite_version_info), sqlite3.version)

con = sqlite3.connect(":memory:")
con.execute("create table t(a integer primary key, b not null, c unique)")

def attempt(sql, *params):
    try:
        con.execute(sql, *params)
        print("ok")
    except Exception as e:
        print(type(e).__name__, e, getattr(e, "sqlite_errorcode", None), getattr(e, "sqlite_errorname", None))

attempt("selec 1")
attempt("select * from nowhere")
attempt("insert into t(b) values (null)")
attempt("insert into t(b, c) values (1, 1)")
attempt("insert into t(b, c) values (2, 1)")
attempt("insert into t(a, b) values (1, 2)")
attempt("select 1; select 2")
attempt("select 1 -- fine\n")
attempt("select '\0'")
attempt("select ?", (1, 2))
attempt("select ?, ?", (1,))
attempt("select ?", 5)
attempt("select ?", (object(),))
attempt("select :x", {"y": 1})
attempt("select ?", {"x": 1})
attempt("select ?", (2**64,))
attempt("select ?", ("\udc80",))
attempt("insert into t(b) values (1)", [])
try:
    con.executemany("select ?", [(1,)])
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
for bad in (1, b"select 1", None):
    try:
        con.execute(bad)
    except TypeError as e:
        print("TypeError", e)
for level in ("deferred", "IMMEDIATE", "Exclusive", "", None):
    con.isolation_level = level
    print(repr(con.isolation_level))
for level in ("bogus", 1):
    try:
        con.isolation_level = level
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    del con.isolation_level
except AttributeError as e:
    print("AttributeError", e)
try:
    con.total_changes = 3
except AttributeError as e:
    print("AttributeError")
try:
    sqlite3.connect(":memory:", isolation_level="nope")
except ValueError as e:
    print("ValueError", e)
try:
    sqlite3.connect("/nonexistent/dir/db.sqlite")
except sqlite3.OperationalError as e:
    print("OperationalError", e, e.sqlite_errorname)
print(con.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER) > 0)
old = con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 100)
print(con.getlimit(sqlite3.SQLITE_LIMIT_LENGTH))
attempt("select ?", ("x" * 200,))
con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, old)
try:
    con.getlimit(1000)
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
