# _bz2.BZ2Decompressor: max_length, needs_input, eof, unused_data, chunked input
import bz2, _bz2

data = bytes(range(256)) * 400 + b"tail" * 1000
c = bz2.compress(data)

d = _bz2.BZ2Decompressor()
print(d.eof, d.needs_input, d.unused_data)
out = []
# one byte at a time at first, then bigger pieces
pos = 0
while pos < len(c):
    step = 1 if pos < 200 else 997
    out.append(d.decompress(c[pos:pos + step]))
    pos += step
print(b"".join(out) == data, d.eof, d.needs_input, d.unused_data)

# limited output: the input is kept until asked for
d = _bz2.BZ2Decompressor()
got = [d.decompress(c, 100)]
print(len(got[0]), d.needs_input, d.eof)
steps = 0
while not d.eof:
    r = d.decompress(b"", 5000)
    got.append(r)
    steps += 1
    if len(r) > 5000:
        print("too long")
print(steps, b"".join(got) == data, d.needs_input)
try:
    d.decompress(b"x")
except EOFError as e:
    print("EOFError", e)

# max_length=0 and feeding while input is still pending
d = _bz2.BZ2Decompressor()
print(d.decompress(c[:50], 0), d.needs_input)
r = d.decompress(c[50:], 10)
print(len(r), d.needs_input)
rest = d.decompress(b"")
print(r + rest == data, d.eof)

# data after the stream
d = _bz2.BZ2Decompressor()
print(d.decompress(c + b"extra bytes") == data, d.unused_data, d.eof, d.needs_input)
d = _bz2.BZ2Decompressor()
print(len(d.decompress(c + b"more", 10)), d.unused_data, d.eof)
r = d.decompress(b"")
print(len(r), d.unused_data, d.eof)

# a hot loop of small compressions (the JIT traces the calls)
total = 0
for i in range(3000):
    comp = _bz2.BZ2Compressor(1)
    total += len(comp.compress(b"%d" % i)) + len(comp.flush())
print(total)
