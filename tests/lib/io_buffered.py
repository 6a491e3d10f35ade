# _io.BufferedReader / BufferedWriter / BufferedRandom / BufferedRWPair
import _io

def pid():
    with _io.open("/proc/self/stat", "rb") as f:
        return int(f.read().split()[0])

BASE = "/tmp/tpy_io_buffered_%d" % pid()

def show(f, *a, **k):
    try:
        print("ok", repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, str(e).replace(BASE, "BASE"))

data = bytes(range(32, 127)) * 100 + b"\nend line\nlast"

# a raw stream in Python that logs its calls
class Raw(_io._RawIOBase):
    def __init__(self, data=b"", chunk=None):
        self.buf = bytearray(data)
        self.pos = 0
        self.log = []
        self.chunk = chunk
    def readable(self): return True
    def writable(self): return True
    def seekable(self): return True
    def readinto(self, b):
        n = len(b) if self.chunk is None else min(len(b), self.chunk)
        d = self.buf[self.pos:self.pos + n]
        b[:len(d)] = d
        self.pos += len(d)
        self.log.append(("readinto", len(b), len(d)))
        return len(d)
    def write(self, b):
        b = bytes(b)
        self.buf[self.pos:self.pos + len(b)] = b
        self.pos += len(b)
        self.log.append(("write", len(b)))
        return len(b)
    def seek(self, pos, whence=0):
        if whence == 0: self.pos = pos
        elif whence == 1: self.pos += pos
        else: self.pos = len(self.buf) + pos
        self.log.append(("seek", pos, whence))
        return self.pos
    def tell(self):
        return self.pos
    def truncate(self, pos=None):
        if pos is None: pos = self.pos
        del self.buf[pos:]
        self.log.append(("truncate", pos))
        return pos

r = Raw(data)
br = _io.BufferedReader(r, 100)
print(br.read(10) == data[:10], r.log)
print(br.peek(5)[:5] == data[10:15], br.read1(5) == data[10:15], br.tell())
print(len(br.read(250)), br.tell(), r.log[-3:])
print(br.seek(5), br.tell(), br.read(3) == data[5:8], r.log[-1])
print(br.seek(100), br.read(1) == data[100:101], br.seek(-1, 1), br.seek(-4, 2), br.read())
br.seek(0)
line = br.readline()
print(len(line), line[-3:], br.readline(), br.readline(3), br.readline(), len(br.readline()))
br.seek(0)
lines = list(br)
print(len(lines), lines[-2:])
br.seek(0)
print(len(br.read()), br.read(), br.read1(), br.peek())
ba = bytearray(7)
br.seek(3)
print(br.readinto(ba), ba == data[3:10], br.readinto1(ba), br.tell())
show(br.read, -2)
show(br.write, b"x")
print(br.readable(), br.writable(), br.seekable(), br.closed, br.raw is r)
show(lambda: br.mode)
show(lambda: br.name)
show(repr, br)
br.close()
print(br.closed, r.closed)
show(br.read)
show(br.peek)
show(br.seek, 0)

# short reads from the raw stream
r = Raw(b"abcdefghij" * 5, chunk=3)
br = _io.BufferedReader(r, 8)
print(br.read(20), br.read1(100), br.read1(2), br.peek(1))
print(br.readline(), br.read())

w = Raw()
bw = _io.BufferedWriter(w, 8)
print(bw.write(b"abc"), w.log, bw.tell())
print(bw.write(b"defgh"), w.log, bw.tell())
print(bw.write(b"0123456789abcdefghij"), w.log, bw.tell())
bw.flush()
print(w.log, bytes(w.buf))
print(bw.seek(2), bw.write(b"XY"), bw.tell(), bytes(w.buf))
bw.flush()
print(bytes(w.buf), bw.truncate(5), bytes(w.buf))
show(bw.read)
show(bw.write, "str")
print(bw.readable(), bw.writable(), bw.seekable())
raw = bw.detach()
print(raw is w)
show(bw.write, b"x")
show(repr, bw)
show(lambda: bw.raw)

rw = Raw(b"0123456789")
brw = _io.BufferedRandom(rw, 4)
print(brw.read(3), brw.tell(), brw.write(b"ab"), brw.tell(), brw.read(2), brw.tell())
brw.flush()
print(bytes(rw.buf), brw.seek(0), brw.read(), brw.seek(0, 2), brw.write(b"!!"), brw.tell())
brw.seek(0)
print(brw.read(), brw.peek(), brw.tell())
brw.seek(1)
brw.write(b"Z")
print(brw.read(2), bytes(rw.buf), brw.tell())
brw.close()
print(rw.closed)

# over FileIO, checking positions against the raw file
p = BASE + ".bin"
with _io.BufferedWriter(_io.FileIO(p, "w"), 16) as f:
    for i in range(10):
        f.write(b"%d-" % i * 3)
    print(f.tell(), f.raw.tell(), repr(f).replace(BASE, "BASE"), f.mode)
with _io.BufferedRandom(_io.FileIO(p, "r+"), 16) as f:
    print(f.read(5), f.tell(), f.raw.tell())
    f.seek(2)
    f.write(b"__")
    print(f.tell(), f.read(4), f.tell())
    f.seek(0, 2)
    f.write(b"END")
    f.seek(0)
    print(f.read())
    print(f.truncate(10), f.tell())
    f.seek(0)
    print(f.read())
with _io.BufferedReader(_io.FileIO(p), 4) as f:
    print(f.peek(), f.read1(2), f.read(3), f.raw.tell(), f.tell())

show(_io.BufferedReader, _io.FileIO(p, "w"))
show(_io.BufferedWriter, _io.FileIO(p, "r"))
show(_io.BufferedReader, _io.FileIO(p), 0)
show(_io.BufferedReader, _io.FileIO(p), -1)
class NoSeek(Raw):
    def seekable(self): return False
show(_io.BufferedRandom, NoSeek())
br = _io.BufferedReader(NoSeek(b"abc"))
show(br.seek, 0)
print(br.read())

pair = _io.BufferedRWPair(Raw(b"incoming"), Raw())
print(pair.read(2), pair.peek(1)[:1], pair.read1(3), pair.write(b"out"), pair.readable(), pair.writable(), pair.closed)
pair.flush()
pair.close()
print(pair.closed)

# a Python subclass keeps its own attributes and overrides
class MyReader(_io.BufferedReader):
    def read(self, n=-1):
        return super().read(n).upper()
m = MyReader(Raw(b"abc\ndef\n"))
m.tag = "t"
print(m.read(2), m.tag, m.readline(), list(m), repr(m))
_io.FileIO(p, "w").close()
