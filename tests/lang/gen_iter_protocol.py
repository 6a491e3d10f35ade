class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)))
c = Countdown(2)
print(next(c), next(c), next(c, 'end'))

class Seq:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError(i)
        return i * 10
print(list(Seq()), 20 in Seq(), 25 in Seq())
for a in Seq():
    print(a, end=' ')
print()

class Iterable:
    def __iter__(self):
        return iter([3, 1, 2])
print(sorted(Iterable()), max(Iterable()), list(enumerate(Iterable())))
a, b, c = Iterable()
print(a, b, c)

class NotIter:
    pass
try:
    iter(NotIter())
except TypeError as e:
    print(e)
class BadIter:
    def __iter__(self):
        return 5
try:
    iter(BadIter())
except TypeError as e:
    print(e)
it = iter([1, 2])
print(type(it).__name__, next(it), next(it), next(it, None))
def sentinel_src():
    vals = [1, 2, 0, 3]
    return lambda: vals.pop(0)
print(list(iter(sentinel_src(), 0)))
