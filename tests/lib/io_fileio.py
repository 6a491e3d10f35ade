# _io.FileIO: modes, errors, positions, repr (files under /tmp named by pid)
import _io

def pid():
    with _io.open("/proc/self/stat", "rb") as f:
        return int(f.read().split()[0])

BASE = "/tmp/tpy_io_fileio_%d" % pid()

def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", repr(r))
    except Exception as e:
        print(type(e).__name__, str(e).replace(BASE, "BASE"), getattr(e, "errno", None) if isinstance(e, OSError) else "")

p = BASE + ".bin"
f = _io.FileIO(p, "w")
print(repr(f).replace(BASE, "BASE"), f.mode, f.closefd, f.readable(), f.writable(), f.seekable())
print(f.write(b"hello world"), f.tell(), f.write(bytearray(b"!!")), f.tell())
show(f.read)
show(f.write, "text")
print(f.seek(0), f.seek(3, 1), f.seek(-2, 2), f.tell())
print(f.truncate(5), f.tell(), f.truncate())
f.close()
print(f.closed, repr(f))
f.close()
show(f.read)
show(f.fileno)
show(f.tell)
show(f.readable)

f = _io.FileIO(p)
print(f.mode, f.read(2), f.read(), f.read(), f.read(10))
f.seek(0)
print(f.readall())
f.seek(1)
b = bytearray(3)
print(f.readinto(b), b)
show(f.readinto, b"xyz")
show(f.write, b"x")
show(f.truncate)
print(f.isatty(), type(f.fileno()).__name__)
show(f.seek, 1.5)
show(f.seek, -100)
f.close()

for mode in ["r+", "rb+", "a", "ab+", "w+", "wb"]:
    f = _io.FileIO(p, mode)
    print(mode, f.mode, f.readable(), f.writable(), f.tell())
    f.close()
f = _io.FileIO(p, "a")
f.write(b"tail")
f.close()
with _io.FileIO(p) as f:
    print(f.readall())

for bad in ["", "rw", "rr", "r++", "q", "rt", "xa", "U"]:
    show(_io.FileIO, p, bad)
show(_io.FileIO, p, "x")
show(_io.FileIO, BASE + "/nodir/x")
show(_io.FileIO, "/tmp")
show(_io.FileIO, -1)
show(_io.FileIO, 1.5)
show(_io.FileIO, [1])
show(_io.FileIO, p + "\0")
show(_io.FileIO, p, closefd=False)
show(_io.FileIO, p, 1)

# opener and fd
holder = _io.FileIO(p)
seen = []
def opener(path, flags):
    seen.append((path == p, flags & 3))
    return holder.fileno()
f = _io.FileIO(p, "r", opener=opener)
print(seen, f.read(4), f.name == p)
f.close()
show(holder.close)
show(_io.FileIO, p, "r", opener=lambda path, flags: "x")
show(_io.FileIO, p, "r", opener=lambda path, flags: -2)

holder = _io.FileIO(p)
g = _io.FileIO(holder.fileno(), closefd=False)
print(repr(g).replace(str(holder.fileno()), "N"), g.name == holder.fileno(), g.closefd, g.read(3))
g.close()
print(holder.read(3))
holder.close()

class Path:
    def __init__(self, p): self.p = p
    def __fspath__(self): return self.p
with _io.FileIO(Path(p)) as f:
    print(f.read(2), type(f.name).__name__)
with _io.FileIO(p.encode()) as f:
    print(f.read(2), f.name == p.encode())

# subclass: attributes, overriding
class MyFile(_io.FileIO):
    def read(self, n=-1):
        d = super().read(n)
        return d.upper() if d else d
with MyFile(p) as f:
    f.extra = 5
    print(type(f).__name__, f.read(3), f.extra, repr(f).replace(BASE, "BASE"))
    print(next(iter(f)), f.readline())
_io.FileIO(p, "w").close()
