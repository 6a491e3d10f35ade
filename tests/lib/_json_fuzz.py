# Random documents and strings through the C decoder and encoder, printed
# as digests: string contents at every offset relative to the 8-byte words
# the scanner reads at once, escapes, control characters, non-ASCII text,
# truncations (error messages and positions).
import json
import random
import zlib

rng = random.Random(1234)
alphabet = ['a', 'b', ' ', '"', '\\', '/', '\x00', '\x01', '\x1f', '\x7f', '\x80', 'é', '€', '\u2028',
            '\ud800', '\udc00', '\uffff', '😀', '\U0010ffff', '\n', '\t', '~', ' ', 'x', 'y', 'z']
escs = ['\\n', '\\t', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\r', '\\u0041', '\\u00e9', '\\u20ac',
        '\\ud83d\\ude00', '\\ud800', '\\udc00x', '\\ud800\\u0041', '\\uD834\\uDD1E', '\\q', '\\u12', '\\u00G0']

def digest(x):
    return zlib.crc32(ascii(x).encode()) & 0xffffffff

lines = []
for n in range(1500):
    k = rng.randint(0, 40)
    s = ''.join(rng.choice(alphabet) if rng.random() < 0.7 else rng.choice('abcdefgh') for _ in range(k))
    a = json.dumps(s)
    u = json.dumps(s, ensure_ascii=False)
    # (a lone '\ud800' before a '\udc00' comes back joined)
    back = (json.loads(a) == s, json.loads(u) == s)
    lines.append('%d %d %08x %08x %s' % (len(a), len(u), digest(a), digest(u), back))
    # a raw document with escapes and bare characters in a string
    body = ''.join(rng.choice(escs) if rng.random() < 0.2 else rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
    pad = ' ' * rng.randint(0, 9)
    doc = pad + '["' + body + '", ' + str(n) + ']'
    for strict in (True, False):
        try:
            r = json.loads(doc, strict=strict)
            lines.append('ok %08x' % digest(r))
        except json.JSONDecodeError as e:
            lines.append('err %s %d' % (e.msg, e.pos))
    cut = doc[:rng.randint(0, len(doc))]
    try:
        lines.append('cut ok %08x' % digest(json.loads(cut)))
    except json.JSONDecodeError as e:
        lines.append('cut err %s %d' % (e.msg, e.pos))
print(len(lines), '%08x' % digest(lines))
for l in lines[:40]:
    print(l)
errs = {}
for l in lines:
    if 'err' in l:
        key = l.rsplit(' ', 1)[0]
        errs[key] = errs.get(key, 0) + 1
for k in sorted(errs):
    print(k, errs[k])

# numbers: random digit strings and exponents, each parsed as CPython does
nums = []
for n in range(3000):
    ip = rng.choice(['0', str(rng.randint(1, 9)) + ''.join(rng.choice('0123456789') for _ in range(rng.randint(0, 25)))])
    fr = '' if rng.random() < 0.3 else '.' + ''.join(rng.choice('0123456789') for _ in range(rng.randint(1, 25)))
    ex = '' if rng.random() < 0.4 else rng.choice('eE') + rng.choice(['', '+', '-']) + str(rng.randint(0, 330))
    nums.append(rng.choice(['', '-']) + ip + fr + ex)
vals = json.loads('[' + ','.join(nums) + ']')
print(len(vals), '%08x' % digest([repr(v) for v in vals]), sum(isinstance(v, float) for v in vals))
print(vals[:8])
