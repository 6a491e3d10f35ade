# match statements in every kind of scope: class bodies, closures (a
# captured name bound by a pattern is a cell), generators, comprehensions'
# enclosing functions, try blocks (an exception raised inside a pattern
# while captures are on the stack), global and nonlocal names, and a
# recursive function.

class Shape:
    kind = ('circle', 2)
    match kind:
        case ('circle', r):
            area = 3 * r * r
        case _:
            area = 0
    del r

print(Shape.area, hasattr(Shape, 'r'))

def closure(v):
    match v:
        case [a, b]:
            pass
        case _:
            a = b = None
    def inner():
        return a, b
    return inner()

print(closure([1, 2]), closure(3))

def counter():
    total = 0
    def add(x):
        nonlocal total
        match x:
            case int(total):
                pass
            case [*_]:
                total = len(x)
        return total
    return add

add = counter()
print(add(5), add([1, 2, 3]), add('s'))

g = 'unset'
def set_global(x):
    global g
    match x:
        case {'g': g}:
            return 'set'
    return 'kept'

print(set_global({'g': 1}), g, set_global({}), g)

def gen(items):
    for item in items:
        match item:
            case (key, value):
                yield key
                yield value
            case str() as s:
                yield s.upper()

print(list(gen([(1, 2), 'ab', 3, ('k', 'v')])))

class Boom:
    __match_args__ = ('a', 'b')
    @property
    def b(self):
        raise KeyError('b')
    a = 1

def guarded(x):
    try:
        match x:
            case [p, q, Boom(r, s)]:
                return 'matched', p, q, r, s
    except KeyError as e:
        return 'KeyError', e, sorted(k for k in ('p', 'q', 'r') if k in locals())
    finally:
        print('finally ran')
    return 'no match'

print(guarded([1, 2, Boom()]))
print(guarded([1, 2]))

def depth(t):
    match t:
        case (left, right):
            return 1 + max(depth(left), depth(right))
        case _:
            return 0

print(depth(((1, (2, 3)), ((4, (5, (6, 7))), 8))))

def loop_match(rows):
    out = []
    for row in rows:
        match row:
            case ['skip', *_]:
                continue
            case ['stop', *_]:
                break
            case [x, *_]:
                out.append(x)
    else:
        out.append('no break')
    return out

print(loop_match([[1], ['skip'], [2], ['stop'], [3]]), loop_match([[1], []]))

print([(lambda v: v)(y) for x in [[1], [2, 3], [4]] for y in [x] if len(y) == 1])
