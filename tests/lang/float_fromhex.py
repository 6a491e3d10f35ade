# float.fromhex against CPython on random hex strings near the subnormal and
# overflow boundaries (correct rounding half to even, OverflowError).
import random
r = random.Random(5)
out = []
for _ in range(4000):
    digs = ''.join(r.choice('0123456789abcdef') for _ in range(r.randint(1, 20)))
    pos = r.randint(0, len(digs))
    s = digs[:pos] + ('.' if r.random() < 0.7 else '') + digs[pos:]
    e = r.choice([-1080, -1075, -1074, -1060, -1030, -1022, -1000, -10, 0, 10, 1000, 1020, 1023, 1024, 1030])
    s = ('-' if r.random() < 0.3 else '') + ('0x' if r.random() < 0.5 else '') + s + 'p%d' % (e + r.randint(-8, 8))
    try:
        out.append(repr(float.fromhex(s)))
    except (ValueError, OverflowError) as ex:
        out.append(type(ex).__name__)
import hashlib
print(hashlib.md5('\n'.join(out).encode()).hexdigest(), out[:3])
