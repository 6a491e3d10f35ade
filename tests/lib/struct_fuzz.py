# struct: pseudo-random formats and values (a generator of its own), packed and unpacked
import struct
state = 99
def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state % n
codes = 'xcbB?hHiIlLqQnNefdspP'
vals = [0, 1, -1, 127, 128, -129, 255, 256, 65535, 65536, -32769, 2**31, -2**31-1, 2**32, 2**63, -2**63, 2**64, 1.5, -0.0, 1e300, float('inf'), float('nan'), b'', b'a', b'abc', bytearray(b'xy'), 'a', None, True, 3.4e38, 65504.0, 1e-8]
out = []
for i in range(1500):
    bo = '@=<>!'[rnd(5)] if rnd(3) else ''
    fmt = bo
    items = []
    for j in range(rnd(4) + 1):
        c = codes[rnd(len(codes))]
        if bo and bo != '@' and c in 'nNP':
            c = 'i'
        cnt = rnd(4) if rnd(3) == 0 else 1
        if cnt == 0 and c == 'p':
            cnt = 2
        fmt += (str(cnt) if cnt != 1 or rnd(2) else '') + c
    try:
        size = struct.calcsize(fmt)
        s = struct.Struct(fmt)
        n = len(s.unpack(bytes(size)))
        args = [vals[rnd(len(vals))] for _ in range(n)]
        try:
            b = s.pack(*args)
            r = s.unpack(b)
            out.append((fmt, b.hex(), repr(r)))
        except Exception as e:
            out.append((fmt, type(e).__name__, str(e)))
    except Exception as e:
        out.append((fmt, 'X', type(e).__name__, str(e)))
for o in out:
    print(o)
