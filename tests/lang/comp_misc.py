print([i if i % 2 else -i for i in range(6)])
print([f(3) for f in (abs, str, lambda v: v + 1)])
print([(lambda j: j * 2)(i) for i in range(3)])
funcs = [lambda: i for i in range(3)]
print([g() for g in funcs])
print([[i] * i for i in range(4)])
print(list(map(lambda p: p[0] + p[1], [(1, 2), (3, 4)])))
def gen():
    return [x for x in (yield_val for yield_val in range(3))]
print(gen())
print([c for c in 'hello' if c not in 'aeiou'])
print([s.strip() for s in ' a , b ,c '.split(',')])
print([(i, c) for i, c in enumerate('xyz')])
print([a * b for a, b in zip([1, 2, 3], [4, 5, 6])])
x = [1, 2, 3]
x = [v for v in x for _ in range(v)]
print(x)
print([k for k in {'b': 1, 'a': 2}])
try:
    [1 / v for v in [1, 0]]
except ZeroDivisionError as e:
    print('caught', e)
print([i for i in range(3)] == list(range(3)))
