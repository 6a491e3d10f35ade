# _bz2 / bz2: one-shot and incremental compression, BZ2File, errors
import bz2, _bz2, io, os, pickle, tempfile

data = b"".join(b"line %d: the quick brown fox jumps over the lazy dog\n" % i for i in range(3000))
for level in (1, 5, 9):
    c = bz2.compress(data, level)
    print(level, len(c), c[:10], bz2.decompress(c) == data)
print(bz2.compress(b""), bz2.decompress(b""), bz2.decompress(bz2.compress(b"")))
# two streams back to back decompress as one
c2 = bz2.compress(b"abc") + bz2.compress(b"def")
print(bz2.decompress(c2))

comp = _bz2.BZ2Compressor(7)
parts = [comp.compress(data[i:i + 1000]) for i in range(0, len(data), 1000)]
parts.append(comp.flush())
whole = b"".join(parts)
print(sum(1 for p in parts if p), len(whole), whole == bz2.compress(data, 7))
print(bz2.decompress(memoryview(whole)) == data, bz2.decompress(bytearray(whole)) == data)

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)

err(comp.compress, b"x")
err(comp.flush)
err(_bz2.BZ2Compressor, 0)
err(_bz2.BZ2Compressor, 10)
err(_bz2.BZ2Compressor, 1.5)
err(_bz2.BZ2Compressor, "9")
err(_bz2.BZ2Compressor().compress, "text")
err(_bz2.BZ2Decompressor, 1)
err(bz2.decompress, b"not bzip2 data at all")
err(bz2.decompress, whole[:-10])
err(bz2.decompress, whole + b"trailing junk")
for o in (_bz2.BZ2Compressor(), _bz2.BZ2Decompressor()):
    err(pickle.dumps, o)
print(type(_bz2.BZ2Compressor()).__name__, _bz2.BZ2Compressor.__module__, _bz2.BZ2Decompressor.__qualname__)

# BZ2File on a real file and in memory
with tempfile.TemporaryDirectory() as d:
    fn = os.path.join(d, "x.bz2")
    with bz2.open(fn, "wt", encoding="utf-8") as f:
        for i in range(500):
            f.write("row %d\n" % i)
    with bz2.open(fn, "rt", encoding="utf-8") as f:
        lines = f.readlines()
    print(len(lines), lines[0], lines[-1], end="")
    with bz2.BZ2File(fn, "ab") as f:
        f.write(b"appended\n")
    with bz2.BZ2File(fn) as f:
        print(f.read()[-20:], f.seekable(), f.tell())
        f.seek(7)
        print(f.read(10))
buf = io.BytesIO()
with bz2.BZ2File(buf, "w", compresslevel=3) as f:
    f.write(data)
buf.seek(0)
with bz2.BZ2File(buf) as f:
    print(f.read(20), f.peek(1)[:1], len(f.read()))

# the methods' messages name their class, as CPython's
err(_bz2.BZ2Compressor().compress, data=b"")
err(_bz2.BZ2Compressor().compress)
err(_bz2.BZ2Compressor().flush, 1)
err(_bz2.BZ2Compressor, compresslevel=1)
err(_bz2.BZ2Decompressor().decompress)
err(_bz2.BZ2Decompressor().decompress, b"", max_length=1.5)
