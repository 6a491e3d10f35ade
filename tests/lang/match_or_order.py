# Or-patterns whose alternatives capture the same names in different
# orders, nested below other captures and inside sequences, mappings and
# class patterns: each name gets its own value whichever alternative
# matched.

class P:
    __match_args__ = ('x', 'y', 'z')
    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z

def f(v):
    match v:
        case [0, (a, b, c) | {'c': c, 'b': b, 'a': a} | P(c, a, b) | [[b], [c, a]]]:
            return 'first', a, b, c
        case [pre, ((1, a, b) | (2, b, a)), post]:
            return 'second', pre, a, b, post
        case {'k': ((x, 'y', y) | (y, 'x', x)) as both, **rest}:
            return 'third', x, y, both, rest
        case [*head, (str(s) | [s]), (int(n) | float(n))] if head:
            return 'fourth', head, s, n
    return 'none'

for v in [[0, (1, 2, 3)], [0, {'a': 1, 'b': 2, 'c': 3}], [0, P(3, 1, 2)], [0, [[2], [3, 1]]],
          ['p', (1, 'A', 'B'), 'q'], ['p', (2, 'B', 'A'), 'q'], ['p', (3, 'A', 'B'), 'q'],
          {'k': (1, 'y', 2), 'm': 0}, {'k': (2, 'x', 1)}, {'k': (2, 'z', 1)},
          [9, 8, 'str', 1], [9, ['lst'], 2.5], ['only', 1], [[], 'x', 1]]:
    print(repr(v) if not isinstance(v, list) or not v or not isinstance(v[-1], P) else 'P', '->', f(v))

def many(v):
    match v:
        case (a, b, c, d, e) | [e, d, c, b, a] | {'a': a, 'b': b, 'c': c, 'd': d, 'e': e}:
            return a, b, c, d, e

print(many((1, 2, 3, 4, 5)), many([1, 2, 3, 4, 5]), many(dict(e=5, d=4, c=3, b=2, a=1)), many(3))
