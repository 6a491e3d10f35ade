# _io.TextIOWrapper: encodings, newlines, tell/seek cookies, reconfigure
import _io

def pid():
    with _io.open("/proc/self/stat", "rb") as f:
        return int(f.read().split()[0])

BASE = "/tmp/tpy_io_textio_%d" % pid()

def show(f, *a, **k):
    try:
        print("ok", repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, str(e).replace(BASE, "BASE"))

text = "héllo wörld\nsecond €uro line\r\nthird\rfourth\n\nlast 😀"

for enc in ["utf-8", "UTF8", "utf-8-sig", "latin-1", "iso-8859-1", "ascii"]:
    raw = _io.BytesIO()
    t = _io.TextIOWrapper(raw, encoding=enc, errors="replace" if enc in ("ascii", "latin-1", "iso-8859-1") else None, newline="")
    print(enc, t.encoding, t.errors, t.write(text))
    t.flush()
    data = raw.getvalue()
    print(data)
    t.seek(0)
    print(repr(t.read()))
    t.seek(0)
    print([t.readline() for i in range(3)], t.tell())
    t.detach()

for nl in [None, "", "\n", "\r", "\r\n"]:
    t = _io.TextIOWrapper(_io.BytesIO(), encoding="utf-8", newline=nl)
    t.write("a\nb\r\nc\rd")
    t.seek(0)
    print(repr(nl), t.buffer.getvalue(), t.readlines(), t.newlines)
    t = _io.TextIOWrapper(_io.BytesIO(b"1\n2\r\n3\r4\r\n"), encoding="utf-8", newline=nl)
    print(repr(nl), repr(t.read()), t.newlines)
    t = _io.TextIOWrapper(_io.BytesIO(b"1\n2\r\n3\r4\r\n5"), encoding="utf-8", newline=nl)
    t._CHUNK_SIZE = 2
    print(repr(nl), list(t), t.newlines)

# tell/seek round trips with small chunks (cookies inside a chunk)
data = "αβγ\r\nline two\rthree é\n" * 3 + "end"
for nl in [None, "", "\n"]:
    for cs in [1, 2, 3, 5, 64]:
        t = _io.TextIOWrapper(_io.BytesIO(data.encode()), encoding="utf-8", newline=nl)
        t._CHUNK_SIZE = cs
        marks = []
        while True:
            pos = t.tell()
            line = t.readline()
            if not line:
                break
            marks.append((pos, line))
        ok = True
        for pos, line in marks:
            t.seek(pos)
            ok = ok and t.readline() == line
        t.seek(0)
        got = ""
        cookies = []
        while True:
            c = t.read(1)
            if not c:
                break
            got += c
            cookies.append(t.tell())
        t.seek(cookies[4])
        print(repr(nl), cs, [m[0] for m in marks][:6], ok, got == t.seek(0) or got == t.read(), cookies[:8], repr(t.read(0)))
        t.seek(cookies[4])
        print(repr(t.read(5)))

t = _io.TextIOWrapper(_io.BytesIO("ab€d\nxy".encode()), encoding="utf-8")
print(repr(t.readline(1)), repr(t.readline(2)), repr(t.readline(0)), repr(t.readline(-1)), repr(t.readline()))
show(t.readline, None)
t.seek(0)
print(repr(t.read(3)), t.tell(), repr(t.read(2)), t.tell(), repr(t.read()), t.tell())
show(t.seek, 1, 1)
show(t.seek, 1, 2)
show(t.seek, 0, 3)
show(t.seek, -1)
show(t.seek, 1.0)
print(t.seek(0, 2), repr(t.read()), t.seek(0, 1), t.seek(0))
show(t.write, "x")
show(t.write, b"x")
print(t.readable(), t.writable(), t.seekable(), t.closed, t.line_buffering, t.write_through, t.name if hasattr(t, "name") else "noname")
show(repr, t)
t.mode = "r"
show(repr, t)
it = iter(t)
next(it)
show(t.tell)
print(list(it), t.tell())

# iteration and tell with a file
p = BASE + ".txt"
with _io.open(p, "w", encoding="utf-8") as f:
    print(repr(f).replace(BASE, "BASE"), f.name == p, f.mode, f.buffer.mode, f.line_buffering)
    f.write("1 un\n2 deux\n3 trois\n")
    print(f.tell())
with _io.open(p, encoding="utf-8") as f:
    for line in f:
        print(repr(line))
    print(f.tell())
    f.seek(0)
    print(f.readline(), f.tell(), f.readline(), f.tell())
with _io.open(p, "a+", encoding="utf-8") as f:
    print(f.tell(), f.write("4 quatre\n"), f.tell())
    f.seek(0)
    print(f.read().count("\n"))
    print(f.truncate(4), f.tell())
with _io.open(p, encoding="utf-8") as f:
    print(repr(f.read()))
with _io.open(p, "w", encoding="utf-8-sig") as f:
    f.write("bom")
    f.write("!")
with _io.open(p, "rb") as f:
    print(f.read())
with _io.open(p, "a", encoding="utf-8-sig") as f:
    f.write("more")
with _io.open(p, encoding="utf-8-sig") as f:
    print(repr(f.read()))
with _io.open(p, encoding="utf-8") as f:
    print(repr(f.read()))
with _io.open(p, "r+", encoding="utf-8-sig") as f:
    f.seek(0)
    f.write("X")
    f.seek(0, 2)
    f.write("Y")
with _io.open(p, "rb") as f:
    print(f.read())

# errors
with _io.open(p, "wb") as f:
    f.write(b"ok \xff\xfe bad \xe2\x82")
for errors in ["strict", "replace", "ignore", "surrogateescape", "backslashreplace"]:
    with _io.open(p, encoding="utf-8", errors=errors) as f:
        show(f.read)
with _io.open(p, encoding="ascii", errors="strict") as f:
    show(f.read)
with _io.open(p, "w", encoding="ascii", errors="strict") as f:
    show(f.write, "é")
with _io.open(p, "w", encoding="latin-1", errors="xmlcharrefreplace") as f:
    print(f.write("é€"))
with _io.open(p, "rb") as f:
    print(f.read())

# line buffering and write_through
raw = _io.BytesIO()
b = _io.BufferedWriter(raw, 1024)
t = _io.TextIOWrapper(b, encoding="utf-8", line_buffering=True)
t.write("no newline")
print(raw.getvalue())
t.write(" then\nmore")
print(raw.getvalue())
t.reconfigure(line_buffering=False, write_through=True)
t.write("X\n")
print(raw.getvalue(), t.line_buffering, t.write_through)
b.flush()
print(raw.getvalue())
t.reconfigure(encoding="latin-1", newline="\r\n")
t.write("é\n")
t.flush()
print(raw.getvalue(), t.encoding, t.errors)
show(t.reconfigure, encoding=1)
show(t.reconfigure, errors=1)
show(t.reconfigure, line_buffering="x")
show(_io.TextIOWrapper, _io.BytesIO(), encoding="utf-8", line_buffering="x")
show(_io.TextIOWrapper, _io.BytesIO(), encoding="utf-8", write_through=1.5)
show(t.reconfigure, newline="x")
show(t.reconfigure, 1)
t2 = _io.TextIOWrapper(_io.BytesIO(b"abc"), encoding="utf-8")
t2.read(1)
show(t2.reconfigure, encoding="latin-1")
show(t2.reconfigure, newline="\n")
t2.reconfigure(errors=None, line_buffering=True)
print(t2.line_buffering)

show(_io.TextIOWrapper, _io.BytesIO(), encoding=1)
show(_io.TextIOWrapper, _io.BytesIO(), errors=1)
show(_io.TextIOWrapper, _io.BytesIO(), newline=1)
show(_io.TextIOWrapper, _io.BytesIO(), newline="x")
t = _io.TextIOWrapper(_io.BytesIO(b"data"), encoding="utf-8")
b = t.detach()
print(b.getvalue())
show(t.read)
show(lambda: t.buffer)
show(repr, t)
show(t.close)
t = _io.TextIOWrapper(_io.BytesIO(), encoding="utf-8")
t.close()
print(t.closed)
show(t.write, "x")
show(t.read)
show(t.tell)
t.close()

class MyText(_io.TextIOWrapper):
    def write(self, s):
        return super().write(s.upper())
m = MyText(_io.BytesIO(), encoding="utf-8")
m.writelines(["ab", "cd\n"])
m.flush()
print(m.buffer.getvalue(), repr(m))
_io.open(p, "w").close()
