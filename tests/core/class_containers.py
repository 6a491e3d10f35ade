# __len__, __getitem__, __setitem__, __contains__, __iter__/__next__, __bool__.
class Grid:
    def __init__(self, w, h):
        self.w = w
        self.h = h
        self.cells = {}
    def __len__(self):
        return self.w * self.h
    def __getitem__(self, pos):
        if pos not in self:
            raise IndexError('cell ' + str(pos) + ' outside grid')
        return self.cells.get(pos, '.')
    def __setitem__(self, pos, value):
        self.cells[pos] = value
    def __contains__(self, pos):
        x, y = pos
        return 0 <= x < self.w and 0 <= y < self.h

g = Grid(3, 2)
g[0, 0] = '#'
g[(2, 1)] = '@'
print(len(g), g[0, 0], g[1, 1], g[2, 1], (5, 5) in g, (1, 1) in g)
for y in range(2):
    row = ''
    for x in range(3):
        row += g[x, y]
    print(row)
try:
    g[9, 9]
except IndexError as e:
    print('IndexError:', e)

class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1

for n in Countdown(3):
    print('countdown', n)
print(list(Countdown(5)), sum(Countdown(4)), max(Countdown(3)))

class Squares:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return SquaresIter(self.n)

class SquaresIter:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * self.i

sq = Squares(4)
print(list(sq), list(sq), 9 in sq, 10 in sq)
it = iter(sq)
print(next(it), next(it), next(it), next(it), next(it, 'end'))

class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
print(list(Seq()), 20 in Seq())

class Truthy:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v > 0

class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n

for obj in [Truthy(1), Truthy(-1), Sized(0), Sized(2)]:
    if obj:
        print(type(obj).__name__, 'true')
    else:
        print(type(obj).__name__, 'false')
print(bool(Truthy(5)), not Truthy(0), len(Sized(7)))

class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i]
s = Stack()
for c in 'abc':
    s.push(c)
print(len(s), s[0], s[-1], s[1:], list(s))
