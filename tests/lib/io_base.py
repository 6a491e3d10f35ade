# _io's abstract bases used from Python subclasses, and open()
import _io

def pid():
    with _io.open("/proc/self/stat", "rb") as f:
        return int(f.read().split()[0])

BASE = "/tmp/tpy_io_base_%d" % pid()

import atexit
import os


def cleanup():
    # a process with the same pid may have left them (the "xb" open below
    # must create its file)
    for suffix in (".txt", ".txt.x"):
        try:
            os.remove(BASE + suffix)
        except FileNotFoundError:
            pass


cleanup()
atexit.register(cleanup)

def show(f, *a, **k):
    try:
        print("ok", repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, str(e).replace(BASE, "BASE"))

print(_io.DEFAULT_BUFFER_SIZE, _io.BlockingIOError is BlockingIOError)
U = _io.UnsupportedOperation
print(U.__name__, U.__module__, issubclass(U, OSError), issubclass(U, ValueError), [c.__name__ for c in U.__mro__])
for name in ["_IOBase", "_RawIOBase", "_BufferedIOBase", "_TextIOBase", "FileIO", "BytesIO", "StringIO",
             "BufferedReader", "BufferedWriter", "BufferedRandom", "BufferedRWPair", "TextIOWrapper",
             "IncrementalNewlineDecoder"]:
    c = getattr(_io, name)
    print(name, c.__module__, [k.__name__ for k in c.__mro__])

class Log(_io._IOBase):
    def __init__(self):
        self.calls = []
    def flush(self):
        self.calls.append("flush")
        return super().flush()

x = Log()
print(x.closed, x.readable(), x.writable(), x.seekable(), x.isatty())
for m in ["seek", "truncate", "fileno", "tell"]:
    show(getattr(x, m), *([0] if m == "seek" else []))
show(x._checkReadable)
show(x._checkWritable)
show(x._checkSeekable)
with x as y:
    print(y is x, x.closed)
print(x.closed, x.calls, x.__dict__.get("_IOBase__IOBase_closed"), getattr(x, "__IOBase_closed", None))
x.close()
print(x.calls)
show(x.flush)
show(x.isatty)
show(x.__enter__)
show(iter, x)
show(x.readlines)
show(x.writelines, [])

class Reader(_io._IOBase):
    # readline and iteration are built on read()
    def __init__(self, data):
        self.data = data
        self.reads = []
    def read(self, n=-1):
        self.reads.append(n)
        if n < 0: n = len(self.data)
        r, self.data = self.data[:n], self.data[n:]
        return r
    def readable(self):
        return True

r = Reader(b"ab\ncd\nef")
print(r.readline(), r.reads)
print(r.readline(1), list(r), r.reads[-3:])
r = Reader(b"1\n22\n333\n")
print(r.readlines(), Reader(b"1\n22\n333\n").readlines(3), Reader(b"1\n22\n").readlines(-1))

class Peeker(Reader):
    def peek(self, n=0):
        return self.data[:4]
p = Peeker(b"abcdefgh\nij")
print(p.readline(), p.reads, p.readline(2), p.reads[-1])

class BadRead(_io._IOBase):
    def read(self, n=-1):
        return "str"
show(BadRead().readline)
class BadPeek(Reader):
    def peek(self, n=0):
        return 5
show(BadPeek(b"x").readline)

class Writer(_io._IOBase):
    def __init__(self):
        self.out = []
    def write(self, b):
        self.out.append(b)
w = Writer()
w.writelines([b"a", b"b", "c"])
print(w.out)
show(w.writelines, 5)

class Raw(_io._RawIOBase):
    def __init__(self, data):
        self.data = data
    def readinto(self, b):
        n = min(len(b), len(self.data), 3)
        b[:n] = self.data[:n]
        self.data = self.data[n:]
        return n
    def readable(self):
        return True
rw = Raw(b"0123456789")
print(rw.read(5), rw.read(), rw.read(), Raw(b"abcdefgh").readall(), Raw(b"xyz").read(-1))
show(_io._RawIOBase().readinto, bytearray(1))
show(_io._RawIOBase().write, b"")
show(_io._RawIOBase().read, 1)
class NoneRaw(_io._RawIOBase):
    def readinto(self, b):
        return None
print(NoneRaw().read(3), NoneRaw().readall())

class Buf(_io._BufferedIOBase):
    def __init__(self, data):
        self.data = data
    def read(self, n=-1):
        r, self.data = self.data[:n], self.data[n:]
        return r
    def read1(self, n=-1):
        return self.read(min(n, 2))
b = Buf(b"hello world")
ba = bytearray(4)
print(b.readinto(ba), ba, b.readinto1(ba), ba)
show(b.readinto, b"xx")
for m in ["read", "read1", "write", "detach"]:
    show(getattr(_io._BufferedIOBase(), m), *([b""] if m == "write" else []))
t = _io._TextIOBase()
print(t.encoding, t.newlines, t.errors)
for m in ["read", "readline", "write", "detach"]:
    show(getattr(t, m), *(["x"] if m == "write" else []))

# open()
p = BASE + ".txt"
f = _io.open(p, "w")
print(type(f).__name__, type(f.buffer).__name__, type(f.buffer.raw).__name__, f.mode, f.encoding, f.errors)
f.write("x")
f.close()
for mode, kw in [("rb", {}), ("wb", {}), ("ab", {}), ("r+b", {}), ("xb", {}), ("w+", {}), ("rb", {"buffering": 0}),
                 ("rt", {}), ("a+", {}), ("r", {"buffering": 1})]:
    try:
        f = _io.open(p if mode != "xb" else p + ".x", mode, **kw)
        print(mode, type(f).__name__, f.mode, getattr(f, "line_buffering", None))
        f.close()
    except Exception as e:
        print(mode, type(e).__name__, str(e).replace(BASE, "BASE"))
for args, kw in [((p, "rw"), {}), ((p, "rr"), {}), ((p, "rtb"), {}), ((p, "U"), {}), ((p, ""), {}), ((p, "t"), {}),
                 ((p, "b+"), {}), ((p, "rb"), {"encoding": "utf-8"}), ((p, "rb"), {"errors": "x"}),
                 ((p, "rb"), {"newline": ""}), ((p, "r"), {"buffering": 0}), ((p, "r"), {"newline": "x"}),
                 ((p, 1), {}), ((p, "r"), {"buffering": 1.5}), (([1],), {}), ((p + ".x", "x"), {}),
                 ((BASE + "/no/such",), {}), ((p, "r"), {"encoding": "no-such-codec"}), ((p, "r"), {"closefd": False}),
                 ((), {}), ((p,), {"bogus": 1}), ((p, "r", -1, None, None, None, True, None, 9), {}),
                 ((p,), {"encoding": 5})]:
    show(_io.open, *args, **kw)
show(lambda: repr(_io.open_code(p)).replace(BASE, "BASE"))
show(_io.open_code, b"x")
print(_io.text_encoding("x"), _io.text_encoding(None) in ("locale", "utf-8"))
with _io.open(p, "rb", buffering=0) as f:
    print(type(f).__name__, f.read())
holder = _io.FileIO(p)
with _io.open(holder.fileno(), "rb", closefd=False) as f:
    print(f.read(), f.name > 2)
print(holder.closed, holder.read())
holder.close()
_io.open(p, "w").close()
_io.open(p + ".x", "w").close()
print(open is _io.open, open.__module__, open.__name__)
