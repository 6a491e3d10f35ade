objs = [[1], (1,), 'a', 'é', b'a', {1: 2}, {1: 2}.values(), {1: 2}.items(), {1}, range(1), reversed([1]), iter(range(10 ** 20)), enumerate([]), zip(), map(str, []), filter(None, [])]
for o in objs:
    print(type(iter(o)).__name__)
def gen(): yield
print(type(gen()).__name__, type(x for x in ()).__name__)
