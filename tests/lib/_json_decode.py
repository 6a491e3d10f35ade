# _json's decoder: scanstring, the C scanner (make_scanner) and json.loads
# through it, compared with CPython's _json.
import json
import json.decoder
import _json
from collections import OrderedDict
from decimal import Decimal

print(json.decoder.scanstring is _json.scanstring, json.scanner.make_scanner is _json.make_scanner)
print(type(json.decoder.JSONDecoder().scan_once).__name__, _json.make_scanner.__module__)

ss = _json.scanstring
for s, end in [('"abc"', 1), ('"a\\nb\\t\\"\\\\\\/\\b\\f\\r"x', 1), ('"\\u00e9\\u20ac"', 1),
               ('x"\\ud834\\udd1e"', 2), ('"\\ud834x"', 1), ('"\\ud834\\u0041"', 1),
               ('"\\udd1e\\ud834"', 1), ('"é€😀"rest', 1), ('"é"é"x"', 3), ('""', 1),
               ('"\\ud834\\udd1e', 1), ('ab"c', 3)]:
    try:
        r = ss(s, end)
        print(repr(s), end, '->', ascii(r[0]), r[1], len(r[0]))
    except ValueError as e:
        print(repr(s), end, '!!', type(e).__name__, e, getattr(e, 'pos', None))

# errors, with positions in code points
for s, end, strict in [('"abc', 1, True), ('"a\x01b"', 1, True), ('"a\x01b"', 1, False),
                       ('"a\\qb"', 1, True), ('"\\u12"', 1, True), ('"\\u12G4"', 1, True),
                       ('"\\u1234', 1, True), ('"é\\x"', 1, True), ('"éé\x1f"', 1, True),
                       ('"\\ud834\\uZZZZ"', 1, True), ('"abc\\', 1, True), ('"é', 1, True),
                       ('"\\', 1, True), ('x', 1, True), ('é', 1, True), ('aé€x', 3, True), ('"a"', 1, 2**40),
                       ('"a"', 1, -2**40), ('"a"', 1, 2**80), ('"a\tb"', 1, 0), ('"a\nb"', 1, 1)]:
    try:
        r = ss(s, end, strict)
        print(repr(s), '->', ascii(r))
    except ValueError as e:
        print(repr(s), '!!', type(e).__name__, e, e.pos, e.lineno, e.colno)
    except OverflowError as e:
        print(repr(s), strict, '!!', type(e).__name__, e)
for args in [('abc', -1), ('abc', 4), (b'abc', 1), ('abc', 'x'), ('"a"', 1.0)]:
    try:
        print(ss(*args))
    except Exception as e:
        print(type(e).__name__, e)
try:
    ss(b"xxx", 2**70)
except OverflowError as e:
    print('OverflowError')

# values
for doc in ['{"a": 1, "b": [true, false, null], "c": {"d": -0.5e-3}}', '[]', '{}', '[[[]]]',
            ' [1 , 2 ,\n3\t]\r\n', '-0', '-0.0', '0.1', '1E5', '1e+5', '1.5E-5', '123456789012345678',
            '1234567890123456789', '-98765432109876543210', '1.7976931348623157e308', '1e400',
            '-1e400', '5e-324', '2.2250738585072014e-308', '0.30000000000000004', '9007199254740993',
            '9007199254740993.0', '123456789012345678901234567890e-10', '1e-400', '"\\u00e9t\\u00e9"',
            'NaN', 'Infinity', '-Infinity', '[NaN, -Infinity]', '{"é": "ü", "€": ["😀"]}',
            '1.0000000000000002', '3.14159265358979323846', '100e-2', '0e10', '12e22', '12e23']:
    v = json.loads(doc)
    print(repr(doc), '->', ascii(v), type(v).__name__)

# bad documents: message and position
for doc in ['', '[', '[1,]', '{"a":1,}', '{"a" 1}', '{"a":}', '[1 2]', '{1: 2}', 'nul', 'tru',
            '-', '-x', '01', '[1.]', '1.e5', '[1e]', '[1e+]', '{"a":1 "b":2}', '"abc', '[1]x',
            'é[1,', '["é", é]', '{"é":1,"ü"}', '  \n [\n  1,\n  x\n]', '[-Infinit]', '{', '{"a"',
            '[,1]', '{,}', '[1,,2]', '"\\uDFAA\\uXYZW"', 'infinity', '+1', '.5']:
    try:
        print(repr(doc), '->', ascii(json.loads(doc)))
    except json.JSONDecodeError as e:
        print(repr(doc), '!!', e.msg, '|', e.pos, e.lineno, e.colno)

# the scanner object itself
dec = json.JSONDecoder()
scan = dec.scan_once
for s, i in [('[1, 2] tail', 0), ('xx 12.5e3 yy', 3), ('éé"ab"', 2), ('éé', 1), ('éé', 2),
             ('é{"k": "v"} z', 1), ('é  ', 1), ('[1, x]', 0), ('é[1, x]', 1), ('', 0)]:
    try:
        print(repr(s), i, '->', scan(s, i))
    except StopIteration as e:
        print(repr(s), i, 'StopIteration', e.value)
    except json.JSONDecodeError as e:
        print(repr(s), i, '!!', e.msg, e.pos)
for args in [(1, 0), ('a', -1), ('a', 'b')]:
    try:
        scan(*args)
    except Exception as e:
        print(type(e).__name__, e)
print(scan(string='[1]', idx=0))
print(dec.raw_decode('  {"a": 1} x'.strip()))

# hooks
print(json.loads('{"b": 1, "a": {"c": 2}}', object_pairs_hook=OrderedDict))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=lambda p: p))
print(json.loads('{"b": 1, "a": 2}', object_hook=lambda d: sorted(d.items())))
print(json.loads('[1.5, 2, 1e2]', parse_float=Decimal))
print(json.loads('[1.5, 2, -3]', parse_int=lambda s: 'int:' + s))
print(json.loads('[NaN, Infinity, -Infinity]', parse_constant=lambda s: 'const:' + s))
print(json.loads('[1, 2.5]', parse_int=float, parse_float=str))
try:
    json.loads('[1, 2]', parse_int=lambda s: 1 / 0)
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
print(json.loads('["a\x01"]', strict=False))
try:
    json.loads('["a\x01"]')
except json.JSONDecodeError as e:
    print(e)

# keys decoded the same are one object within a document, as CPython's memo
v = json.loads('[{"a_key": 1, "b_\\u00e9": 2}, {"a_key": 3, "b_\\u00e9": 4}, {"b_é": 5}]')
k = [list(d) for d in v]
print(k[0][0] is k[1][0], k[0][1] is k[1][1], k[0][1] is k[2][0])
print(dec.memo)

# huge ints obey the int digit limit
try:
    json.loads('1' * 5000)
except ValueError as e:
    print(str(e)[:60])

# nesting
print(json.loads('[' * 50 + ']' * 50) == eval('[' * 50 + ']' * 50))
for doc in ['[' * 100000 + ']' * 100000, '{"a":' * 100000 + '1' + '}' * 100000]:
    try:
        json.loads(doc)
    except RecursionError as e:
        print('RecursionError', e)

# argument errors, with CPython's messages
for f, a, k in [(_json.encode_basestring_ascii, (), {}), (_json.encode_basestring_ascii, ('a', 'b'), {}),
                (_json.encode_basestring, (), {'s': 'x'}), (_json.scanstring, ('"a"',), {}),
                (_json.scanstring, ('"a"', 1), {'strict': True}), (_json.scanstring, ('"a"', 1, 1, 2), {}),
                (_json.make_scanner, (), {}), (_json.make_encoder, (1,) * 10, {})]:
    try:
        print(f(*a, **k))
    except TypeError as e:
        print(e)
print(_json.make_scanner.__name__, _json.make_scanner.__module__, _json.make_encoder.__qualname__, _json.scanstring.__module__)
print(type(_json.make_scanner), _json.make_scanner, _json.make_encoder)

# many distinct keys (the memo grows), each one object across the document
doc = '[' + ','.join('{%s}' % ','.join('"k%d\\u00e9%s": %d' % (i, 'x' * (i % 13), i) for i in range(r, r + 300)) for r in (0, 100, 250)) + ']'
v = json.loads(doc)
ks = [list(d) for d in v]
print(len(ks[0]), len(set(ks[0]) | set(ks[1]) | set(ks[2])), ks[1][0] is ks[0][100], ks[2][0] is ks[1][150],
      ks[2][-1], sum(sum(d.values()) for d in v))
