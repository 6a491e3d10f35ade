# _dbm / dbm.ndbm on Berkeley DB: the mapping interface, errors, files
import _dbm, dbm, dbm.ndbm, os, tempfile, array

tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "db")
print(_dbm.library, dbm.ndbm.library, _dbm.error.__mro__[1:])
print(type(_dbm.open).__name__, _dbm.open.__doc__.splitlines()[0])

def attempt(f):
    try:
        r = f()
        print("ok", repr(r))
    except Exception as e:
        print(type(e).__name__, e)

d = _dbm.open(path, "c")
print(type(d).__name__, type(d).__module__, sorted(os.listdir(tmp)))
d[b"a"] = b"1"
d["b"] = "2"
d["é"] = "ü"
d[b"\x00z"] = b"\x00\xff"
print(len(d), sorted(d.keys()), d[b"a"], d["b"], d["é"], d[b"\x00z"])
print("a" in d, b"b" in d, "zz" in d, d.get("a"), d.get("q"), d.get("q", 5))
print(d.setdefault("s"), d.setdefault("t", b"v"), d.setdefault("t", b"w"), d.setdefault("u", "x"))
del d["s"]
print(len(d), sorted(d.keys()))
d["a"] = b"replaced"
print(d["a"], len(d))
for k in (1, bytearray(b"a"), array.array("b", [1]), "\udc80", 2.5, None):
    attempt(lambda: d[k])
    attempt(lambda: d.get(k))
    attempt(lambda: d.setdefault(k))
    attempt(lambda: d.__setitem__(k, b"1"))
    attempt(lambda: d.__setitem__(b"k", k))
    attempt(lambda: d.__delitem__(k))
    attempt(lambda: k in d)
attempt(lambda: d["missing"])
attempt(lambda: d.__delitem__("missing"))
attempt(lambda: d.setdefault("zz", 3))
attempt(lambda: type(d)())
d.close()
d.close()
for f in (lambda: d["a"], lambda: len(d), lambda: "a" in d, lambda: d.keys(), lambda: d.get("a"),
          lambda: d.setdefault("a"), lambda: d.__setitem__("a", "b"), lambda: d.__delitem__("a"), lambda: bool(d)):
    attempt(f)

with _dbm.open(path, "r") as r:
    print(len(r), r["é"].decode(), sorted(r.keys()) == sorted([b"a", b"b", "é".encode(), b"\x00z", b"t", b"u"]))
    attempt(lambda: r.__setitem__("a", "b"))
    attempt(lambda: r.__delitem__("a"))
attempt(lambda: r["a"])
with _dbm.open(path, "w") as w:
    w["new"] = "1"
    print(len(w))
with _dbm.open(path, "n") as n:
    print(len(n), n.keys(), bool(n))
    n["x"] = "y"
    print(bool(n))
with _dbm.open(os.fsencode(path) , "r") as b:
    print(b.keys())
import pathlib
with _dbm.open(pathlib.Path(path)) as p:
    print(p.keys())
with _dbm.open(path, "rw", 0o600) as p:
    print(p.keys())

try:
    _dbm.open(os.path.join(tmp, "nonexistent", "x"), "c")
except _dbm.error as e:
    print(type(e).__name__, e.errno, e.filename == os.path.join(tmp, "nonexistent", "x"))
attempt(lambda: _dbm.open(path, "x"))
attempt(lambda: _dbm.open(path, 1))
attempt(lambda: _dbm.open(1))
attempt(lambda: _dbm.open(path, "r", "x"))
attempt(lambda: _dbm.open(path, "r", mode=1))
attempt(lambda: _dbm.open("a\0b"))

# dbm: whichdb and the generic open
print(dbm.whichdb(path), dbm.whichdb(path + ".db"), dbm.whichdb(os.path.join(tmp, "nothing")))
with dbm.open(os.path.join(tmp, "gen"), "c") as g:
    g["k"] = "v"
    print(type(g).__name__)
print(dbm.whichdb(os.path.join(tmp, "gen")), sorted(os.listdir(tmp)))
with dbm.open(os.path.join(tmp, "gen")) as g:
    print(g["k"], g.keys())
attempt(lambda: dbm.open(os.path.join(tmp, "missing")))
for f in os.listdir(tmp):
    os.unlink(os.path.join(tmp, f))
os.rmdir(tmp)
