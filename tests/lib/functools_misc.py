from functools import cmp_to_key, cached_property, partialmethod, singledispatch
import functools

def numeric(a, b):
    return a - b
def by_len_then_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return (a > b) - (a < b)
print(sorted([5, 2, 9, 1], key=cmp_to_key(numeric)), sorted([5, 2, 9, 1], key=cmp_to_key(lambda a, b: b - a)))
print(sorted(['pear', 'fig', 'apple', 'kiwi', 'date'], key=cmp_to_key(by_len_then_alpha)))
print(min([3, 1, 2], key=cmp_to_key(numeric)), max('abc', key=cmp_to_key(lambda a, b: ord(a) - ord(b))))
K = cmp_to_key(numeric)
print(K(1) < K(2), K(2) == K(2), K(3) >= K(4), K(5).obj, type(K).__name__)
try:
    hash(K(1))
except TypeError as e:
    print('TypeError', e)
try:
    K(1) < 5
except TypeError as e:
    print('TypeError', e)

class Circle:
    def __init__(self, r):
        self.r = r
        self.computed = 0
    @cached_property
    def area(self):
        self.computed += 1
        return 3 * self.r * self.r
c = Circle(2)
print(c.area, c.area, c.computed, Circle.area.attrname, type(Circle.area).__name__)

class Cell:
    def __init__(self):
        self.alive = False
    def set_state(self, state):
        self.alive = bool(state)
    set_alive = partialmethod(set_state, True)
    set_dead = partialmethod(set_state, False)
cell = Cell()
cell.set_alive(); print(cell.alive)
cell.set_dead(); print(cell.alive)

@singledispatch
def describe(x):
    return 'object'
@describe.register(int)
def _(x):
    return 'int %d' % x
@describe.register(list)
def _(x):
    return 'list of %d' % len(x)
print(describe(1), describe([1, 2]), describe('s'), describe(True), describe(2.5))
print(functools.reduce.__name__, functools.cmp_to_key.__name__)
