sq = lambda x: x * x
print(sq(7), sq.__name__)
print((lambda a, b=10, *args, **kw: (a, b, args, sorted(kw.items())))(1))
print((lambda a, b=10, *args, **kw: (a, b, args, sorted(kw.items())))(1, 2, 3, 4, z=5, y=6))
print((lambda: 'immediate')())
print((lambda *, k: k * 2)(k=21))
print(list(map(lambda x: x + 1, [1, 2, 3])))
print(list(filter(lambda s: len(s) > 2, ['a', 'abc', 'de', 'fghi'])))
words = ['banana', 'Apple', 'cherry', 'apple', 'Banana']
print(sorted(words, key=lambda w: (w.lower(), w)))
print(sorted(range(-5, 6), key=lambda v: (abs(v), v)))
print(max(['aa', 'b', 'cccc', 'dd'], key=lambda s: len(s)))
f = lambda n: 1 if n <= 1 else n * f(n - 1)
print(f(10))
nested = lambda x: lambda y: lambda z: x + y + z
print(nested(1)(2)(3))
print((lambda x=[]: x)() == [])
cond = lambda x: 'neg' if x < 0 else ('zero' if x == 0 else 'pos')
print([cond(v) for v in (-1, 0, 1)])
