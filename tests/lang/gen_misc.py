def gen_in_class():
    class Tree:
        def __init__(self, v, kids=()):
            self.v = v
            self.kids = kids
        def __iter__(self):
            yield self.v
            for k in self.kids:
                yield from k
    t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
    return list(t)
print(gen_in_class())

def yield_expr_values():
    a = yield
    b = yield a
    c = yield a, b
    yield [a, b, c]
g = yield_expr_values()
print(next(g), g.send(1), g.send(2), g.send(3))

def yield_in_try_finally():
    for i in range(3):
        try:
            yield i
        finally:
            print('f', i)
g = yield_in_try_finally()
for v in g:
    print('v', v)
    if v == 1:
        break
g.close()
print('loop done')

def lambda_yield():
    f = lambda: (yield 5)
    return list(f())
print(lambda_yield())

def gen_args(*a, **k):
    yield a
    yield sorted(k.items())
print(list(gen_args(1, 2, x=3)))

def gen_with_closure():
    n = 0
    def bump():
        nonlocal n
        n += 1
    for _ in range(3):
        bump()
        yield n
print(list(gen_with_closure()))
def enum_gen():
    for i, c in enumerate((ch for ch in 'abc'), start=10):
        yield f'{i}{c}'
print(list(enum_gen()))
print(list(zip((i for i in range(3)), (j for j in 'xyzw'))))
