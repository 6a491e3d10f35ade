# _lzma filter chains as dicts: LZMA1/2 options, delta, BCJ, raw format, properties helpers
import lzma, _lzma

data = bytes(i * 7 % 251 for i in range(60000)) + b"text " * 3000

chains = [
    [{"id": lzma.FILTER_LZMA2}],
    [{"id": lzma.FILTER_LZMA2, "preset": 1, "dict_size": 1 << 16, "lc": 2, "lp": 1, "pb": 1,
      "mode": lzma.MODE_FAST, "nice_len": 32, "mf": lzma.MF_HC4, "depth": 8}],
    [{"id": lzma.FILTER_LZMA2, "mf": lzma.MF_BT2}],
    [{"id": lzma.FILTER_DELTA, "dist": 2}, {"id": lzma.FILTER_LZMA2, "preset": 3}],
    [{"id": lzma.FILTER_DELTA}, {"id": lzma.FILTER_LZMA2}],
    [{"id": lzma.FILTER_X86, "start_offset": 16}, {"id": lzma.FILTER_LZMA2}],
    [{"id": lzma.FILTER_ARM}, {"id": lzma.FILTER_DELTA, "dist": 4}, {"id": lzma.FILTER_LZMA2, "preset": 0}],
    [{"id": f} for f in (lzma.FILTER_POWERPC, lzma.FILTER_IA64, lzma.FILTER_SPARC)] + [{"id": lzma.FILTER_LZMA2}],
]
for ch in chains:
    c = lzma.compress(data, filters=ch)
    r = lzma.compress(data, format=lzma.FORMAT_RAW, filters=ch)
    print(len(c), len(r), lzma.decompress(c) == data, lzma.decompress(r, format=lzma.FORMAT_RAW, filters=ch) == data)
a1 = [{"id": lzma.FILTER_LZMA1, "preset": 2, "lc": 0}]
c = lzma.compress(data, format=lzma.FORMAT_ALONE, filters=a1)
print(len(c), c[:13].hex(), lzma.decompress(c) == data)
r = lzma.compress(data, format=lzma.FORMAT_RAW, filters=a1)
print(len(r), lzma.decompress(r, format=lzma.FORMAT_RAW, filters=a1) == data)

# properties
for f in ({"id": lzma.FILTER_LZMA1, "lc": 3, "lp": 0, "pb": 2, "dict_size": 1 << 20},
          {"id": lzma.FILTER_LZMA1, "preset": 9},
          {"id": lzma.FILTER_LZMA2, "dict_size": 3 << 20},
          {"id": lzma.FILTER_LZMA2},
          {"id": lzma.FILTER_DELTA, "dist": 7},
          {"id": lzma.FILTER_X86, "start_offset": 256}):
    p = _lzma._encode_filter_properties(f)
    print(f["id"], p, _lzma._decode_filter_properties(f["id"], p))
# (CPython 3.11 crashes on BCJ filters without properties: not compared)
print(_lzma._decode_filter_properties(lzma.FILTER_SPARC, b"\x10\x00\x00\x00"))
print(_lzma._decode_filter_properties(lzma.FILTER_LZMA1, memoryview(b"]\x00\x00\x80\x00")))

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)

for bad in ([{"id": 99}], [{"dist": 1}], [{"id": lzma.FILTER_LZMA2, "foo": 1}],
            [{"id": lzma.FILTER_LZMA2, "dict_size": -1}], [{"id": lzma.FILTER_LZMA2, "lc": 2 ** 40}],
            [{"id": lzma.FILTER_LZMA2, "preset": 99}], [{"id": lzma.FILTER_LZMA2, "preset": 2 ** 40}],
            [{"id": lzma.FILTER_DELTA, "start_offset": 1}], [{"id": lzma.FILTER_X86, "dist": 1}],
            [{"id": lzma.FILTER_DELTA, "dist": "x"}], [{"id": "x"}], [{"id": -1}], ["notadict"], [5],
            [{"id": lzma.FILTER_LZMA2}] * 5, 5, [{"id": lzma.FILTER_DELTA}],
            [{"id": lzma.FILTER_LZMA2, "dict_size": 10}], [{"id": lzma.FILTER_LZMA2}, {"id": lzma.FILTER_X86}]):
    err(lzma.LZMACompressor, filters=bad)
err(lzma.LZMACompressor, format=lzma.FORMAT_ALONE, filters=[{"id": lzma.FILTER_LZMA2}])
err(lzma.LZMACompressor, format=lzma.FORMAT_ALONE, filters=[{"id": lzma.FILTER_DELTA}, {"id": lzma.FILTER_LZMA1}])
err(_lzma._encode_filter_properties, {"id": 12345})
err(_lzma._encode_filter_properties, {"id": lzma.FILTER_LZMA1, "lc": 10})
err(_lzma._encode_filter_properties, [])
err(_lzma._decode_filter_properties, lzma.FILTER_LZMA1, b"")
err(_lzma._decode_filter_properties, lzma.FILTER_LZMA2, b"\xff")
err(_lzma._decode_filter_properties, 12345, b"")
err(_lzma._decode_filter_properties, lzma.FILTER_DELTA, "x")
