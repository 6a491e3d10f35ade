# open() in text mode: modes, errors of the wrong direction, newlines, closed files
import _io

def pid():
    with open("/proc/self/stat", "rb") as f:
        return int(f.read().split()[0])

BASE = "/tmp/tpy_io_misc_%d" % pid()
p = BASE + ".txt"

def show(f, *a, **k):
    try:
        print("ok", repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, str(e).replace(BASE, "BASE"))

with open(p, "w", newline="") as f:
    f.writelines(["a\r\n", "b\n", "c\r", "d"])
    show(f.read)
    show(f.readline)
    print(f.tell(), f.seekable(), f.readable(), f.writable())
with open(p) as f:
    show(f.write, "x")
    print(f.readlines(), f.newlines, f.tell())
    f.seek(0)
    print(f.readlines(2), f.readline(), f.read(1), f.newlines)
with open(p, newline="\r\n") as f:
    print(list(f))
with open(p, newline="\r") as f:
    print(list(f))
with open(p, newline="") as f:
    print(list(f), f.newlines)
with open(p, "rb") as f:
    print(f.readlines(), f.tell())
with open(p, "r+") as f:
    f.seek(0, 2)
    f.write("EOF")
    f.seek(0)
    print(repr(f.read()), f.truncate(3), f.tell())
    f.seek(0)
    print(repr(f.read()))
f = open(p)
f.close()
print(f.closed)
show(f.read)
show(f.readline)
show(f.readlines)
show(list, f)
show(f.tell)
show(f.seek, 0)
show(f.fileno)
show(f.isatty)
show(f.flush)
show(f.__enter__)
show(lambda: f.name.replace(BASE, "BASE"))
show(lambda: f.buffer.closed)
f.close()
with open(p, "a") as f:
    print(f.tell(), f.write("+"), f.tell())
with open(p, "x" if False else "r") as f:
    print(repr(f.read()))
with open(p, "wb") as f:
    print(f.write(bytearray(b"abc")), f.write(memoryview(b"def")), f.tell())
with open(p, "rb") as f:
    b = bytearray(4)
    print(f.readinto(b), b, f.readinto(memoryview(b)[1:]), b)
with open(p, "rb", buffering=0) as f:
    b = bytearray(4)
    print(type(f).__name__, f.readinto(memoryview(b)), b, f.read(), f.read())
open(p, "w").close()
