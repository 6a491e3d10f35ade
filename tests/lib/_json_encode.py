# _json's encoder: make_encoder (Encoder), encode_basestring(_ascii) and
# json.dumps through them, compared with CPython's _json.
import json
import json.encoder
import _json
import enum
from collections import OrderedDict

print(json.encoder.c_make_encoder is _json.make_encoder,
      json.encoder.encode_basestring_ascii is _json.encode_basestring_ascii,
      json.encoder.encode_basestring is _json.encode_basestring)

# every BMP code point class, and beyond
chars = ''.join(map(chr, range(0, 0x250))) + '\u2028\u20ac\ufeff\uffff\ud800\udfff\U0001f600\U0010ffff'
a = _json.encode_basestring_ascii(chars)
u = _json.encode_basestring(chars)
print(len(a), len(u), a.isascii(), a[:200])
print(ascii(u[:80]), ascii(u[-30:]))
print(a[-80:])
for s in ['', 'abc', '"', '\\', '\x7f', 'é', '\n\r\t\b\f\x00\x1f ', 'a"b\\c/d', '😀x']:
    print(ascii(s), _json.encode_basestring_ascii(s), ascii(_json.encode_basestring(s)))
for f in [_json.encode_basestring_ascii, _json.encode_basestring]:
    for bad in [b'x', 1, None]:
        try:
            f(bad)
        except TypeError as e:
            print(e)
class S(str):
    pass
print(_json.encode_basestring_ascii(S('sub\u00e9')))

# values
class I(int):
    def __repr__(self):
        return 'I!'
class F(float):
    def __repr__(self):
        return 'F!'
class Color(enum.IntEnum):
    RED = 1
class Fl(float, enum.Enum):
    HALF = 0.5
class D(dict):
    pass
class L(list):
    pass
class T(tuple):
    pass
vals = [None, True, False, 0, -1, 2**62, -2**62 - 1, 2**100, -(2**70), 0.0, -0.0, 1.5, 1e16, 1e-5,
        1.0000000000000002, 123456789.125, 5e-324, 1.7976931348623157e308, I(7), F(2.5), Color.RED,
        Fl.HALF, 'x', 'é', [1, [2, [3]]], (1, 2), [], (), {}, D(a=1), L([1, 2]), T((3,)),
        {'a': {'b': []}}, OrderedDict([('z', 1), ('a', 2)])]
for v in vals:
    print(json.dumps(v), json.dumps(v, ensure_ascii=False), json.dumps([v], separators=(',', ':')))
print(json.dumps(chars)[:50] == a[:50])
print(json.dumps({'é': ['ü', {'€': '😀'}]}), json.dumps({'é': ['ü', {'€': '😀'}]}, ensure_ascii=False))

# non-finite floats
for v in [float('inf'), float('-inf'), float('nan')]:
    print(json.dumps(v), json.dumps({'k': v}), json.dumps({v: 1}))
    try:
        json.dumps([v], allow_nan=False)
    except ValueError as e:
        print(e)
    try:
        json.dumps({v: 1}, allow_nan=False)
    except ValueError as e:
        print(e)

# keys
d = {'s': 1, 2: 2, 3.5: 3, True: 4, None: 5, False: 6, 2**80: 7, I(9): 8, F(0.25): 9, Color.RED: 10}
print(json.dumps(d))
try:
    json.dumps({(1, 2): 1})
except TypeError as e:
    print(e)
for k in [b'x', 1j, frozenset()]:
    try:
        json.dumps({k: 1})
    except TypeError as e:
        print(e)
print(json.dumps({(1, 2): 1, 'a': 2, b'b': 3, 'c': 4}, skipkeys=True))
print(json.dumps({'b': 1, 'a': 2, 'c': {'z': 1, 'y': 2}}, sort_keys=True))
print(json.dumps({3: 1, 1: 2, 2: 3}, sort_keys=True))
uk = {'é': 1, 'z': 2, '\uffff': 3, '😀': 4, 'a': 5, '': 6, 'ab': 7, 'a\x00': 8, '\ud800': 9, '\ue000': 10, 'ZZ': 11}
print(json.dumps(uk, sort_keys=True), ascii(json.dumps(uk, sort_keys=True, ensure_ascii=False)))
uk[S('s')] = 12
print(json.dumps(uk, sort_keys=True))
try:
    json.dumps({'b': 1, 2: 2}, sort_keys=True)
except TypeError as e:
    print(e)
print(json.dumps(OrderedDict([('b', 1), ('a', 2)]), sort_keys=True), json.dumps(D(b=1, a=2), sort_keys=True))
try:
    json.dumps({'a': 1, 1: 'a'}, sort_keys=True)
except TypeError as e:
    print(e)

# dict subclasses are read through items()
class Items(dict):
    def items(self):
        return [('x', 1), ('y', 2)]
class BadItems(dict):
    def items(self):
        return [('x', 1, 2)]
print(json.dumps(Items(a=1)))
try:
    json.dumps(BadItems(a=1))
except ValueError as e:
    print(e)

# default and circular references
class P:
    def __init__(self, v):
        self.v = v
print(json.dumps([P(1), {'p': P([P(2)])}], default=lambda o: {'P': o.v}))
print(json.dumps({1j, 2j} and [1j], default=lambda o: [o.real, o.imag]))
try:
    json.dumps([object()])
except TypeError as e:
    print(e)
l = [1]
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print(e)
dd = {}
dd['self'] = [dd]
try:
    json.dumps(dd)
except ValueError as e:
    print(e)
try:
    json.dumps(P(0), default=lambda o: o)
except ValueError as e:
    print(e)
try:
    json.dumps(l, check_circular=False)
except RecursionError as e:
    print('RecursionError', e)
shared = [1, 2]
print(json.dumps([shared, shared, {'a': shared}]))

# a list that changes while it is encoded
class Grow:
    pass
g = [Grow(), 1]
def grow(o):
    g.append(len(g))
    return 'g'
print(json.dumps(g, default=grow))

# the Encoder object directly
enc = _json.make_encoder(None, str, _json.encode_basestring_ascii, None, ':', ',', False, False, True)
print(type(enc).__name__, enc({'a': [1, 'é']}, 0), enc.markers, enc.key_separator, enc.item_separator,
      enc.sort_keys, enc.skipkeys, enc.indent, enc.default is str)
enc = _json.make_encoder({}, str, lambda s: '<' + s + '>', 4, ': ', ', ', True, True, True)
print(enc({'b': 1, 'a': [2, 'x', {3: 4}], 'c': 5}, 0), enc.indent)
try:
    enc({'b': 1, (1,): 5}, 0)
except TypeError as e:
    print(e)
enc = _json.make_encoder({}, str, _json.encode_basestring, None, ': ', ', ', False, True, True)
print(enc({'b': 1, (1,): 5, 'é': 'ü'}, 0))
print(enc(obj='x', _current_indent_level=1))
for args in [(1, None, None, None, ': ', ', ', False, False, False),
             (None, None, None, None, b': ', ', ', False, False, False),
             (None, None, None, None, ': ', 1, False, False, False),
             ((True, False), b'x', None)]:
    try:
        _json.make_encoder(*args)
    except TypeError as e:
        print('TypeError', e)
for bad in [lambda s: None, lambda s: 1 / 0]:
    enc = _json.make_encoder(None, str, bad, None, ': ', ', ', False, False, False)
    for v in ['spam', {'spam': 1}, ['x']]:
        try:
            enc(v, 0)
        except Exception as e:
            print(type(e).__name__, e)

# decoding what was encoded gives it back
import random
random.seed(5)
def rnd(depth):
    r = random.random()
    if depth > 3 or r < 0.3:
        return random.choice([None, True, False, random.randint(-10**20, 10**20), random.random() * 10 ** random.randint(-30, 30),
                              ''.join(chr(random.choice([random.randint(0, 0x7f), random.randint(0x80, 0xd7ff), random.randint(0xe000, 0x10ffff)])) for _ in range(random.randint(0, 8)))])
    if r < 0.65:
        return [rnd(depth + 1) for _ in range(random.randint(0, 5))]
    return {str(rnd(5)): rnd(depth + 1) for _ in range(random.randint(0, 5))}
for i in range(30):
    v = rnd(0)
    s1, s2 = json.dumps(v), json.dumps(v, ensure_ascii=False)
    assert json.loads(s1) == v and json.loads(s2) == v, v
    print(len(s1), len(s2), s1 == json.encoder.py_encode_basestring_ascii(s1)[1:-1] or s1.isascii())

# neither type can be subclassed in 3.11
for t in (_json.make_scanner, _json.make_encoder):
    try:
        class Sub(t):
            pass
    except TypeError as e:
        print(e)
