# Every kind of pattern of the match statement: literals, captures, the
# wildcard, values, groups, sequences, mappings, classes, or-patterns, `as`.
import collections

class Color:
    RED = 1
    GREEN = 'g'
    class Inner:
        BLUE = 3.5

def literal(x):
    match x:
        case 0:
            return 'zero'
        case -1:
            return 'minus one'
        case 1.5:
            return 'one and a half'
        case -2.25:
            return 'minus 2.25'
        case 0x10:
            return 'sixteen'
        case 'abc':
            return 'str abc'
        case 'a' 'b':
            return 'str ab (concatenated)'
        case b'xy':
            return 'bytes xy'
        case None:
            return 'None'
        case True:
            return 'True'
        case False:
            return 'False'
        case _:
            return 'other %r' % (x,)

def literal_big(x):
    match x:
        case 123456789012345678901234567890:
            return 'big'
        case -123456789012345678901234567890:
            return 'negative big'
    return 'no'

for v in [0, -1, 1.5, -2.25, 16, 'abc', 'ab', b'xy', None, True, False, 1, 0.0, 1.0, -1.0, 2, 'x', [], 16.0]:
    print(repr(v), '->', literal(v))
print(literal_big(123456789012345678901234567890), literal_big(-123456789012345678901234567890), literal_big(5))

def value(x):
    match x:
        case Color.RED:
            return 'red'
        case Color.GREEN:
            return 'green'
        case Color.Inner.BLUE:
            return 'blue'
        case collections.OrderedDict.__name__:
            return 'the name OrderedDict'
    return 'none'

for v in [1, 1.0, True, 'g', 3.5, 'OrderedDict', 2]:
    print(repr(v), '->', value(v))

def seq(x):
    match x:
        case []:
            return 'empty'
        case [a]:
            return 'one %r' % (a,)
        case (a, b):
            return 'two %r %r' % (a, b)
        case [1, *rest]:
            return 'starts with 1, rest %r' % (rest,)
        case [*init, 'end']:
            return 'ends with end, init %r' % (init,)
        case [first, *_, last]:
            return 'first %r last %r' % (first, last)
    return 'no'

for v in [[], (), [5], (5,), [1, 2], (3, 4), [1, 2, 3], (1,), [0, 0, 'end'], (9, 8, 7, 6), 'ab', 'abc', b'ab',
          bytearray(b'ab'), {1: 2}, range(3), range(0), collections.deque([7, 8]), {1, 2}, 5, 'x']:
    print(repr(v), '->', seq(v))

def seq_nested(x):
    match x:
        case [[a, b], [c, *d]]:
            return a, b, c, d
        case (1, (2, (3, e))):
            return 'deep', e
        case [_, _, *_]:
            return 'at least two'
        case [*_]:
            return 'any sequence'
    return 'not a sequence'

for v in [[[1, 2], [3]], ([1, 2], (3, 4, 5)), (1, (2, (3, 4))), [1, [2, [3, 4]]], [1, 2, 3], [1], 'ab', 7]:
    print(repr(v), '->', seq_nested(v))

def open_seq(x):
    match x:
        case 1, 2:
            return 'open 1, 2'
        case a, *b,:
            return 'open star', a, b
        case (c):
            return 'group capture', c

for v in [(1, 2), [1, 2], (1, 2, 3), [0], 'xyz', 5]:
    print(repr(v), '->', open_seq(v))

def mapping(x):
    match x:
        case {}:
            if not x:
                return 'empty mapping'
            return 'mapping', sorted(x)
    return 'not a mapping'

def mapping2(x):
    match x:
        case {'a': 1, 'b': b}:
            return 'a is 1, b', b
        case {'k': [v, *_], **rest}:
            return 'k list head', v, rest
        case {Color.RED: r, -1: m, None: n}:
            return 'red', r, m, n
        case {'only': _, **rest}:
            return 'rest', rest
    return 'no'

for v in [{}, {'a': 1}, [], 'x', collections.OrderedDict(), collections.defaultdict(int)]:
    print(repr(v), '->', mapping(v))
for v in [{'a': 1, 'b': 2, 'c': 3}, {'a': 2, 'b': 2}, {'k': [1, 2], 'z': 0, 'y': 9}, {'k': []},
          {1: 'r', -1: 'm', None: 'n'}, {1.0: 'r', -1: 'm', None: 'n', 5: 5}, {'only': 0, 'x': 1},
          collections.OrderedDict(a=1, b=5), [('a', 1)]]:
    print(repr(v), '->', mapping2(v))

dd = collections.defaultdict(list)
match dd:
    case {'missing': x}:
        print('matched?')
    case _:
        print('defaultdict: no match, keys after:', list(dd))

class MyDict(dict):
    def get(self, key, default=None):
        print('get', key)
        return dict.get(self, key, default)

match MyDict(p=1, q=2):
    case {'q': q, 'p': p}:
        print('MyDict', p, q)

class Point:
    __match_args__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x
        self.y = y

class Point3(Point):
    __match_args__ = ('x', 'y', 'z')
    def __init__(self, x, y, z):
        Point.__init__(self, x, y)
        self.z = z

class Plain:
    pass

def cls(x):
    match x:
        case Point3(0, 0, 0):
            return 'origin 3d'
        case Point(0, 0):
            return 'origin'
        case Point(x=0, y=yy):
            return 'on y axis at', yy
        case Point(xx, 0):
            return 'on x axis at', xx
        case Point3(a, b, c) if a == b == c:
            return 'diagonal 3d', a
        case Point(a, b=bb):
            return 'point', a, bb
        case Plain():
            return 'a Plain'
        case int(n) if n > 100:
            return 'big int', n
        case bool(b):
            return 'bool', b
        case int():
            return 'int'
        case str(s) | bytes(s):
            return 'str or bytes', s
        case float(f) | int(f):
            return 'float', f
        case list([a, b]):
            return 'list of two', a, b
        case tuple((a, *_)):
            return 'tuple starting', a
        case dict({'k': v}):
            return 'dict with k', v
        case set() | frozenset():
            return 'a set', sorted(x)
        case bytearray(ba):
            return 'bytearray', ba
    return 'no'

for v in [Point3(0, 0, 0), Point(0, 0), Point(0, 5), Point(7, 0), Point3(2, 2, 2), Point3(1, 2, 3), Point(1, 2),
          Plain(), 500, 5, True, 'str', b'by', 2.5, [1, 2], [1, 2, 3], (4, 5), {'k': 1}, {1, 2}, frozenset([3]),
          bytearray(b'z'), None]:
    print(type(v).__name__, '->', cls(v))

class MyInt(int):
    pass

class MyList(list):
    pass

class NotSelf(int):
    __match_args__ = ('real',)

match MyInt(42):
    case MyInt(v):
        print('MyInt self match', v, type(v).__name__)
match MyList([1, 2]):
    case [a, b]:
        print('MyList is a sequence', a, b)
match NotSelf(9):
    case NotSelf(r):
        print('NotSelf via __match_args__', r)

class NoArgs:
    pass

def attrs(x):
    match x:
        case NoArgs(a=1, b=b):
            return 'a=1', b
        case NoArgs(a=a):
            return 'a', a
        case NoArgs():
            return 'no attrs'

n = NoArgs()
print(attrs(n))
n.a = 5
print(attrs(n))
n.a = 1
print(attrs(n))
n.b = 'bee'
print(attrs(n))

def orp(x):
    match x:
        case 1 | 2 | 3:
            return 'small'
        case [a, 1] | [1, a] | (a, 2, _):
            return 'pair with 1 or triple', a
        case {'x': a, 'y': b} | Point(a, b) | [Point(x=a, y=b)]:
            return 'x/y', a, b
        case (str() | bytes()) as s:
            return 'text', s
        case (1 | 2) as one_two:
            return 'unreachable', one_two
        case Point3(a, b, c) | Point3(c, a, b) if a == 0:
            return 'p3 rotated', a, b, c
    return 'no'

for v in [1, 3, 4, [5, 1], [1, 6], (7, 2, 0), {'x': 1, 'y': 2}, Point(3, 4), [Point(5, 6)], 'ss', b'bb',
          Point3(1, 0, 2), Point3(0, 1, 2), Point3(1, 2, 3)]:
    print(repr(v) if not isinstance(v, (Point, list)) else type(v).__name__, '->', orp(v))

def as_pat(x):
    match x:
        case [1, 2] as whole:
            return 'whole', whole
        case [(1 | 2) as first, *rest] as all_:
            return first, rest, all_
        case ((0 as z)):
            return 'zero', z
    return 'no'

for v in [[1, 2], [2, 3, 4], (1,), 0, 5]:
    print(repr(v), '->', as_pat(v))

# the subject is evaluated once
calls = []
def subject():
    calls.append(1)
    return [1, 2, 3]
match subject():
    case [0, *_]:
        pass
    case [1, 2]:
        pass
    case [1, *x]:
        print('star', x, 'subject evaluated', len(calls), 'time')

# a tuple subject written without brackets
match 1, 2:
    case (a, b):
        print('tuple subject', a, b)
match *[3, 4], 5:
    case [a, *b]:
        print('starred subject', a, b)
