# _lzma / lzma: formats, checks, presets, incremental objects, LZMAFile, errors
import lzma, _lzma, io, os, pickle, tempfile

data = b"".join(b"record %05d | lorem ipsum dolor sit amet\n" % i for i in range(2000))

for fmt, name in ((lzma.FORMAT_XZ, "xz"), (lzma.FORMAT_ALONE, "alone")):
    for preset in (0, 1, 6, 2 | lzma.PRESET_EXTREME):
        c = lzma.compress(data, format=fmt, preset=preset)
        print(name, preset, len(c), c[:6].hex(), lzma.decompress(c) == data)
for check in (lzma.CHECK_NONE, lzma.CHECK_CRC32, lzma.CHECK_CRC64, lzma.CHECK_SHA256):
    c = lzma.compress(data, check=check)
    d = lzma.LZMADecompressor()
    print(check, d.check, len(c), d.decompress(c) == data, d.check, d.eof, d.needs_input, d.unused_data)
print([lzma.is_check_supported(i) for i in range(lzma.CHECK_ID_MAX + 2)])
consts = sorted(n for n in dir(_lzma) if n.isupper())
print(consts)
print([getattr(_lzma, n) for n in consts])

comp = lzma.LZMACompressor(preset=2)
parts = [comp.compress(data[i:i + 4096]) for i in range(0, len(data), 4096)]
parts.append(comp.flush())
whole = b"".join(parts)
print(len(whole), whole == lzma.compress(data, preset=2), lzma.decompress(whole) == data)

# concatenated streams, padding, trailing garbage
two = lzma.compress(b"one ") + lzma.compress(b"two")
print(lzma.decompress(two))
d = lzma.LZMADecompressor()
print(d.decompress(lzma.compress(b"xyz") + b"junk"), d.eof, d.unused_data)

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)

err(comp.compress, b"x")
err(comp.flush)
err(lzma.decompress, b"garbage" * 10)
err(lzma.decompress, whole[:-20])
err(lzma.decompress, lzma.compress(data, format=lzma.FORMAT_ALONE), format=lzma.FORMAT_XZ)
err(lzma.LZMACompressor, format=lzma.FORMAT_ALONE, check=lzma.CHECK_CRC32)
err(lzma.LZMACompressor, preset=3, filters=[])
err(lzma.LZMACompressor, preset=10)
err(lzma.LZMACompressor, preset=-1)
err(lzma.LZMACompressor, format=7)
err(lzma.LZMACompressor, format=lzma.FORMAT_RAW)
err(lzma.LZMACompressor, check=99)
err(lzma.LZMADecompressor, format=lzma.FORMAT_RAW)
err(lzma.LZMADecompressor, format=lzma.FORMAT_RAW, memlimit=1 << 20, filters=[])
err(lzma.LZMADecompressor, filters=[{"id": lzma.FILTER_LZMA2}])
err(lzma.LZMADecompressor, memlimit=-1)
err(lzma.LZMADecompressor, memlimit=2 ** 64)
err(lzma.LZMADecompressor, 1, 2, 3, 4)
err(lzma.LZMADecompressor(memlimit=1024).decompress, lzma.compress(data))
err(lzma.LZMACompressor().compress, "str")
for o in (lzma.LZMACompressor(), lzma.LZMADecompressor()):
    err(pickle.dumps, o)
print(issubclass(lzma.LZMAError, Exception), lzma.LZMAError.__module__, lzma.LZMAError.__doc__)

# limited output
d = lzma.LZMADecompressor()
got = [d.decompress(whole, 1000)]
print(len(got[0]), d.needs_input, d.eof)
while not d.eof:
    got.append(d.decompress(b"", 7000))
print(len(got), b"".join(got) == data, d.needs_input)
err(d.decompress, b"")
d = lzma.LZMADecompressor()
print(d.decompress(whole[:100], 0), d.needs_input, d.check)
r = d.decompress(whole[100:], 5)
print(len(r), d.needs_input)
print(r + d.decompress(b"") == data, d.eof)

# LZMAFile
with tempfile.TemporaryDirectory() as tmp:
    fn = os.path.join(tmp, "x.xz")
    with lzma.open(fn, "wt", encoding="utf-8", preset=1) as f:
        for i in range(300):
            f.write("line %d\n" % i)
    with lzma.open(fn, "rt", encoding="utf-8") as f:
        lines = f.readlines()
    print(len(lines), lines[-1], end="")
    with lzma.LZMAFile(fn, "a", format=lzma.FORMAT_XZ) as f:
        f.write(b"more\n")
    with lzma.LZMAFile(fn) as f:
        print(f.read()[-15:])
        f.seek(5)
        print(f.read(8), f.tell())
buf = io.BytesIO()
with lzma.LZMAFile(buf, "w", format=lzma.FORMAT_ALONE) as f:
    f.write(data)
print(len(buf.getvalue()) > 0, lzma.LZMAFile(io.BytesIO(buf.getvalue())).read() == data)

# many small compressors in a hot loop (the JIT traces the calls)
total = 0
for i in range(2000):
    total += len(lzma.compress(b"%d" % i, format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA2, "preset": 0}]))
print(total)

# argument conversion messages, as CPython's
err(lzma.LZMACompressor().compress, data=b"")
err(lzma.LZMACompressor().flush, 1)
err(lzma.LZMACompressor, 1, 2, 3, 4, 5)
err(lzma.LZMACompressor, format="x")
err(lzma.LZMACompressor, format=2 ** 40)
err(lzma.LZMADecompressor, format=2 ** 40)
err(lzma.is_check_supported, "x")
err(lzma.is_check_supported, 2 ** 40)
err(lzma.LZMADecompressor().decompress, b"", max_length=1.5)
