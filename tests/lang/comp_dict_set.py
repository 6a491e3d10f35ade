words = ['apple', 'bob', 'cat', 'anna', 'civic']
print({w: len(w) for w in words})
print({w[0]: w for w in words})
print({v: k for k, v in {'a': 1, 'b': 2}.items()})
print(sorted({len(w) for w in words}))
print({i % 3 for i in range(10)})
print({x: [y for y in range(x)] for x in range(4)})
print({k: v for k, v in zip('abc', range(3)) if v})
print(type({x for x in ()}).__name__, type({x: x for x in ()}).__name__)
print({n: n ** 2 for n in range(5)}[4])
sq = {i: i * i for i in range(5)}
print(sum(sq.values()), list(sq))
print(sorted({c for c in 'mississippi'}))
