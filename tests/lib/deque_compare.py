from collections import deque

a, b, c = deque([1, 2, 3]), deque([1, 2, 3]), deque([1, 2, 4])
print(a == b, a != b, a == c, a < c, a <= b, c > a, c >= a, a > c)
print(deque([1, 2]) < deque([1, 2, 0]), deque() < deque([0]), deque([2]) > deque([1, 9]))
print(a == [1, 2, 3], a == (1, 2, 3), deque([1], maxlen=2) == deque([1]))
print(deque(['a', 'b']) < deque(['a', 'c']), deque([1.0]) == deque([1]))
try:
    deque([1]) < deque(['a'])
except TypeError as e:
    print('TypeError', e)
print(sorted([deque([3]), deque([1, 5]), deque([1, 2])]))

class MyDeque(deque):
    def peek(self):
        return self[-1]
m = MyDeque([1, 2, 3])
m.append(4)
print(m, m.peek(), len(m), isinstance(m, deque), type(m).__name__)
m2 = m.copy()
print(type(m2).__name__, m2, m2 == m)
print(MyDeque('ab', maxlen=5), MyDeque(), m + MyDeque([9]), type(m + MyDeque([9])).__name__)

class Stack(deque):
    def __init__(self, items=()):
        super().__init__(items)
        self.pushes = 0
    def push(self, x):
        self.pushes += 1
        self.append(x)
s = Stack([1])
s.push(2); s.push(3)
print(s, s.pushes, s.pop(), s)

class Bounded(deque):
    def __repr__(self):
        return 'Bounded<%s>' % ','.join(map(str, self))
print(Bounded(range(4), maxlen=2), [Bounded([1])])
