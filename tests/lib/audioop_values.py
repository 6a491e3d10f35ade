# audioop: every function on widths 1-4 with CPython's exact results
# (rounding, clipping, wrap-around), compared through checksums of long outputs
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    import audioop
    print([(x.category.__name__, str(x.message)) for x in w])
import random, zlib, array

rnd = random.Random(1234)
def frag(n):
    return bytes(rnd.randrange(256) for _ in range(n))
def short(b):
    return b if len(b) <= 24 else (len(b), zlib.crc32(b))

def show(name, *args):
    try:
        r = getattr(audioop, name)(*args)
    except Exception as e:
        r = (type(e).__name__, str(e))
    if isinstance(r, bytes):
        r = short(r)
    elif isinstance(r, tuple) and r and isinstance(r[0], bytes):
        r = (short(r[0]),) + r[1:]
    print(name, r)

# extreme and random samples of every width
for w in 1, 2, 3, 4:
    lo = (-1 << (8 * w - 1)).to_bytes(w, 'little', signed=True)
    hi = ((1 << (8 * w - 1)) - 1).to_bytes(w, 'little', signed=True)
    one = (1).to_bytes(w, 'little', signed=True)
    mone = (-1).to_bytes(w, 'little', signed=True)
    edge = lo + hi + one + mone + bytes(w) + hi + lo + lo
    rand = frag(w * 120)
    print('width', w)
    for data in edge, rand:
        for f in 'max', 'minmax', 'avg', 'rms', 'avgpp', 'maxpp', 'cross', 'reverse', 'byteswap', 'lin2ulaw', 'lin2alaw':
            show(f, data, w)
        show('getsample', data, w, 3)
        for factor in 0.0, 0.5, -0.5, 1.0, 1.265, -1.265, 2.0, -3.7, 1e10:
            show('mul', data, w, factor)
        show('tomono', data, w, 0.5, 0.5)
        show('tomono', data, w, 1.0, -1.0)
        show('tostereo', data, w, 1.0, -1.0)
        show('tostereo', data, w, 0.3, 2.5)
        show('add', data, data, w)
        show('add', data, audioop.reverse(data, w), w)
        for b in 1, -1, 100, -(1 << 31), (1 << 31) - 1:
            show('bias', data, w, b)
        for nw in 1, 2, 3, 4:
            show('lin2lin', data, w, nw)
        r = audioop.lin2adpcm(data, w, None)
        print('lin2adpcm', short(r[0]), r[1])
        print('adpcm2lin', short(audioop.adpcm2lin(r[0], w, None)[0]), audioop.adpcm2lin(r[0], w, (100, 20))[1])
        show('lin2adpcm', data, w, (-0x8000, 88))
        for rates in (8000, 16000), (44100, 22050), (3, 7), (7, 3):
            show('ratecv', data, w, 1, rates[0], rates[1], None)
            show('ratecv', data, w, 2, rates[0], rates[1], None, 3, 2)
        st = audioop.ratecv(data[:4 * w], w, 1, 5, 3, None)[1]
        show('ratecv', data[4 * w:], w, 1, 5, 3, st)
    show('ulaw2lin', bytes(range(256)), w)
    show('alaw2lin', bytes(range(256)), w)

# every 16-bit value through the G.711 encoders
all16 = array.array('h', range(-32768, 32768)).tobytes()
print(zlib.crc32(audioop.lin2ulaw(all16, 2)), zlib.crc32(audioop.lin2alaw(all16, 2)))
print(zlib.crc32(audioop.ulaw2lin(bytes(range(256)), 2)), zlib.crc32(audioop.alaw2lin(bytes(range(256)), 2)))
print(audioop.ulaw2lin(bytes(range(0, 256, 17)), 2), audioop.alaw2lin(bytes(range(0, 256, 17)), 2))

# 16-bit searches
sig = array.array('h', [int(1000 * ((i * 7919) % 13 - 6)) for i in range(60)]).tobytes()
ref = sig[20:40]
show('findfit', sig, ref)
show('findfactor', sig[:20], ref)
show('findmax', sig, 5)
show('findmax', sig, 0)
show('findfit', bytes(8), bytes(4))
show('findfactor', bytes(4), bytes(4))

# any bytes-like object
for obj in bytearray(b'\x01\x02\x03\x04'), memoryview(b'\x01\x02\x03\x04'), array.array('h', [258, 772]):
    print(audioop.max(obj, 2), audioop.reverse(obj, 2), audioop.getsample(obj, 2, 1))
