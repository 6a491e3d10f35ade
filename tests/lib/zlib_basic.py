# zlib: one-shot and streaming compression, checksums, errors, gzip/zip round trips
import zlib, gzip, zipfile, tarfile, io, os, tempfile, shutil

data = b"".join(b"line %d of some text to compress\n" % i for i in range(3000))
print(zlib.MAX_WBITS, zlib.DEFLATED, zlib.DEF_MEM_LEVEL, zlib.DEF_BUF_SIZE, zlib.Z_BEST_COMPRESSION,
      zlib.Z_FINISH, zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_NO_FLUSH, zlib.Z_DEFAULT_COMPRESSION,
      zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED, zlib.Z_BLOCK, zlib.Z_TREES)
print(zlib.ZLIB_VERSION == zlib.ZLIB_RUNTIME_VERSION, type(zlib.ZLIB_VERSION))
print(zlib.crc32(b""), zlib.crc32(b"hello"), zlib.crc32(b"world", zlib.crc32(b"hello")), zlib.crc32(data))
print(zlib.adler32(b""), zlib.adler32(b"hello"), zlib.adler32(data), zlib.adler32(b"x", -1), zlib.crc32(b"x", 2**40 + 5))
print(zlib.crc32(bytearray(b"abc")), zlib.crc32(memoryview(b"abcdef")[1:4]))
for level in (-1, 0, 1, 6, 9):
    c = zlib.compress(data, level)
    print(level, len(c), c[:2], zlib.decompress(c) == data)
for wbits in (9, 15, -15, 31, -9):
    c = zlib.compress(data, 6, wbits)
    print(wbits, len(c), zlib.decompress(c, wbits) == data)
c = zlib.compress(data, 6, 31)
print(zlib.decompress(c, 47) == data, zlib.decompress(zlib.compress(data), 32 + 15) == data)
print(zlib.decompress(zlib.compress(data), bufsize=1) == data, zlib.decompress(zlib.compress(b"")))
print(zlib.compress(b"abc", level=9), zlib.compress(b""), zlib.compress(bytearray(b"xyz")))

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", r if not isinstance(r, bytes) or len(r) < 40 else len(r))
    except Exception as e:
        print(type(e).__name__, e)

c = zlib.compress(data)
err(zlib.decompress, b"xxxx")
err(zlib.decompress, c[:-5])
err(zlib.decompress, c[:2])
err(zlib.decompress, b"")
err(zlib.decompress, c, -15)
err(zlib.decompress, c, bufsize=-1)
err(zlib.compress, b"x", 10)
err(zlib.compress, b"x", 6, 99)
err(zlib.compress, "text")
err(zlib.compress, b"x", 1.5)
err(zlib.crc32, "s")
err(zlib.compressobj, 6, 8, 99)
err(zlib.compressobj, zdict=5)
err(zlib.decompressobj, 99)
err(zlib.decompressobj, zdict=5)
print(issubclass(zlib.error, Exception), zlib.error.__module__)

# streaming
co = zlib.compressobj(9, zlib.DEFLATED, -12, 9, zlib.Z_FILTERED)
parts = [co.compress(data[i:i + 1000]) for i in range(0, len(data), 1000)]
parts.append(co.flush(zlib.Z_SYNC_FLUSH))
mid = b"".join(parts)
print(mid[-4:], co.flush(zlib.Z_NO_FLUSH))
cc = co.copy()
parts.append(co.flush())
s = b"".join(parts)
print(len(s), zlib.decompress(s, -12) == data, cc.flush() == parts[-1])
err(co.compress, b"more")
err(co.copy)
print(type(co).__name__, type(co).__module__)

dobj = zlib.decompressobj()
c = zlib.compress(data) + b"TRAILING"
out = []
for i in range(0, len(c), 777):
    out.append(dobj.decompress(c[i:i + 777]))
print(b"".join(out) == data, dobj.eof, dobj.unused_data, dobj.unconsumed_tail)
print(dobj.decompress(b"abc"), dobj.unused_data)
print(dobj.flush(), dobj.eof)

# max_length and unconsumed_tail
dobj = zlib.decompressobj()
c = zlib.compress(data)
got = dobj.decompress(c, 100)
print(len(got), len(dobj.unconsumed_tail), dobj.eof)
while dobj.unconsumed_tail:
    got += dobj.decompress(dobj.unconsumed_tail, 5000)
got += dobj.flush()
print(got == data, dobj.eof, dobj.unconsumed_tail)
err(dobj.decompress, b"x", -1)
err(dobj.flush, 0)
dobj = zlib.decompressobj()
got = dobj.decompress(c, 10)
got += dobj.flush()
print(got == data, dobj.eof)
d2 = zlib.decompressobj()
h = d2.decompress(c[:100])
d3 = d2.copy()
print(h + d2.decompress(c[100:]) == data, h + d3.decompress(c[100:]) == data)
err(zlib.decompressobj().decompress, b"garbage!")
dd = zlib.decompressobj()
print(dd.decompress(c[:50]) == data[:len(dd.decompress(b""))] or True, dd.flush()[:10])

# zdict
zd = b"line of some text to compress"
co = zlib.compressobj(zdict=zd)
cz = co.compress(data) + co.flush()
print(len(cz), zlib.decompressobj(zdict=zd).decompress(cz) == data)
err(zlib.decompress, cz)
err(zlib.decompressobj().decompress, cz)
co = zlib.compressobj(wbits=-15, zdict=bytearray(zd))
cz = co.compress(data) + co.flush()
print(zlib.decompressobj(-15, zdict=zd).decompress(cz) == data)

# flush modes
for mode in (zlib.Z_PARTIAL_FLUSH, zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_BLOCK):
    co = zlib.compressobj()
    a = co.compress(b"abc" * 100) + co.flush(mode)
    print(mode, len(a), zlib.decompressobj().decompress(a) == b"abc" * 100)

# big input in one call
big = os.urandom(1000) * 3000
print(zlib.decompress(zlib.compress(big, 1)) == big, zlib.crc32(big) == zlib.crc32(big[:5000], 0) or True)

# gzip, zipfile, tarfile, shutil archives
d = tempfile.mkdtemp()
try:
    p = os.path.join(d, "a.gz")
    with gzip.open(p, "wb") as f:
        f.write(data)
    with gzip.open(p, "rb") as f:
        print("gzip", f.read() == data)
    print(gzip.decompress(gzip.compress(data, mtime=0)) == data, gzip.compress(b"abc", mtime=0))
    z = os.path.join(d, "a.zip")
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("x.txt", data)
        zf.writestr("y.txt", b"small")
    with zipfile.ZipFile(z) as zf:
        print("zip", zf.namelist(), zf.read("x.txt") == data, zf.read("y.txt"), zf.testzip())
    t = os.path.join(d, "a.tar.gz")
    src = os.path.join(d, "src")
    os.mkdir(src)
    with open(os.path.join(src, "f.txt"), "wb") as f:
        f.write(data)
    with tarfile.open(t, "w:gz") as tf:
        tf.add(src, arcname="src")
    with tarfile.open(t, "r:gz") as tf:
        print("tar", sorted(tf.getnames()), tf.extractfile("src/f.txt").read() == data)
    arch = shutil.make_archive(os.path.join(d, "arch"), "zip", src)
    shutil.unpack_archive(arch, os.path.join(d, "out"))
    with open(os.path.join(d, "out", "f.txt"), "rb") as f:
        print("shutil", f.read() == data)
finally:
    shutil.rmtree(d)
