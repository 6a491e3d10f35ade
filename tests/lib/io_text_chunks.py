# TextIOWrapper reading across many chunks (speed13: a chunk's bytes and
# decoded text are freed when the next chunk replaces them): line by line
# with readline, iteration, read(n), readlines, tell/seek in the middle,
# chunk sizes cut through multi-byte characters, newline modes, a buffer
# subclass overriding read1, and text kept from earlier chunks.
import io
import os
import tempfile

words = ["alpha", "caf\u00e9", "\u20ac", "\U0001f600", "x" * 40, "\u00fcber", "end"]
lines = []
seed = 7
for i in range(3000):
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    n = 1 + seed % 9
    lines.append(" ".join(words[(seed >> (3 * k)) % len(words)] for k in range(n)) + ("\r\n" if i % 50 == 0 else "\n"))
text = "".join(lines)
data = text.encode("utf-8")
d = tempfile.mkdtemp()
path = os.path.join(d, "t.txt")
with open(path, "wb") as f:
    f.write(data)

def digest(parts):
    acc = 0
    for p in parts:
        for ch in p[:3] + p[-3:]:
            acc = (acc * 131 + ord(ch)) % 1000000007
    return len(parts), acc

for newline in (None, "", "\n", "\r\n"):
    with open(path, encoding="utf-8", newline=newline) as f:
        got = list(f)
    with open(path, encoding="utf-8", newline=newline) as f:
        got2 = []
        while True:
            line = f.readline()
            if not line:
                break
            got2.append(line)
    print(repr(newline), digest(got), got == got2)

kept = []
with open(path, encoding="utf-8") as f:
    for i, line in enumerate(f):
        if i % 97 == 0:
            kept.append(line)
print("kept", digest(kept), ascii(kept[3][:20]), ascii(kept[-1][-20:]))

for cs in (1, 3, 7, 64, 100, 8192):
    with open(path, encoding="utf-8") as f:
        f._CHUNK_SIZE = cs
        a = f.read(1000)
        b = f.readline()
        c = f.read(5)
        rest = f.readlines()
    print(cs, len(a), ascii(b[-10:]), ascii(c), digest(rest))

with open(path, encoding="utf-8") as f:
    marks = []
    for i in range(200):
        f.readline()
        if i % 40 == 0:
            marks.append((f.tell(), f.readline()))
    for pos, line in marks:
        f.seek(pos)
        assert f.readline() == line
    print("tell/seek", len(marks), ascii(marks[-1][1][:15]))

class R(io.BufferedReader):
    def read1(self, n=-1):
        b = super().read1(min(n, 100) if n > 0 else n)
        self.last = b
        return b
raw = io.FileIO(path, "r")
t = io.TextIOWrapper(R(raw), encoding="utf-8")
got = t.readlines()
print("subclass", digest(got), len(t.buffer.last))
t.close()

bio = io.BytesIO(data)
t = io.TextIOWrapper(bio, encoding="utf-8")
print("bytesio", digest(list(t)))
t = io.TextIOWrapper(io.BytesIO(data), encoding="latin-1")
print("latin-1", digest(list(t)))
t = io.TextIOWrapper(io.BytesIO(b"ab\xffcd\n" * 3000), encoding="utf-8", errors="replace")
print("errors", digest(list(t)))
os.remove(path)
os.rmdir(d)
