# Non-blocking raw streams under the buffered writer: BlockingIOError's
# characters_written, and what is buffered when the raw stream would block.
import io, os, errno, _pyio

e = BlockingIOError(errno.EAGAIN, "would block", 5)
print(e.args, e.characters_written, str(e), e.filename, e.errno)
e.characters_written = 7
print(e.characters_written)
del e.characters_written
try:
    e.characters_written
except AttributeError as x:
    print("AttributeError")
e = BlockingIOError(errno.EAGAIN, "would block", "file")
print(e.args, e.filename, str(e))
try:
    e.characters_written
except AttributeError:
    print("no count")
e = BlockingIOError(errno.EAGAIN, "would block", True)
print(e.args, e.characters_written)
# only BlockingIOError itself reads a number as the count
class MyBIO(BlockingIOError):
    pass
e = MyBIO(errno.EAGAIN, "would block", 3)
print(e.args, e.filename)
print(OSError(errno.EAGAIN, "x", 3).filename)


class NonBlockRaw(io.RawIOBase):
    """Takes bytes up to a blocker byte; at the blocker, would block once."""
    def __init__(self):
        self.stack = []
        self.blocker = None

    def writable(self):
        return True

    def seekable(self):
        return False

    def write(self, b):
        b = bytes(b)
        if self.blocker is not None:
            n = b.find(self.blocker)
            if n > 0:
                self.stack.append(b[:n])
                return n
            if n == 0:
                self.blocker = None
                return None
        self.stack.append(b)
        return len(b)

    def pop(self):
        s = b"".join(self.stack)
        self.stack = []
        return s


for mod in (io, _pyio):
    raw = NonBlockRaw()
    w = mod.BufferedWriter(raw, 8)
    print(w.write(b"abcd"), w.write(b"efghi"))
    raw.blocker = b"k"
    print(w.write(b"jklmn"))
    raw.blocker = b"0"
    try:
        w.write(b"opqrwxyz0123456789")
    except BlockingIOError as e:
        print("blocked", e.characters_written, e.args[2])
    print(raw.pop())
    print(w.write(b"ABCDEFGHI"), raw.pop()[:9])
    w.flush()
    print(raw.pop())
    # the flush itself would block: what fits is buffered
    raw.blocker = b"a"
    w.write(b"xyzabc")
    try:
        w.write(b"0123456")
    except BlockingIOError as e:
        print("blocked in flush", e.characters_written)
    print(raw.pop())
    w.flush()
    print(raw.pop())

# a real non-blocking pipe
r, wfd = os.pipe()
os.set_blocking(wfd, False)
f = open(wfd, "wb", buffering=16)
total = 0
blocked = None
for i in range(100000):
    try:
        total += f.write(b"x" * 1000)
    except BlockingIOError as e:
        blocked = e.characters_written
        total += e.characters_written
        break
print("pipe blocked", blocked is not None, 0 <= blocked <= 1000)
got = 0
os.set_blocking(r, False)
while True:
    try:
        data = os.read(r, 1 << 16)
    except BlockingIOError:
        break
    if not data:
        break
    got += len(data)
os.set_blocking(wfd, True)
f.close()
while True:
    data = os.read(r, 1 << 16)
    if not data:
        break
    got += len(data)
os.close(r)
print("all written bytes arrive", got == total)
