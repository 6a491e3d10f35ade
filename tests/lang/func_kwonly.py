def f(a, *, b, c=3):
    return a, b, c
print(f(1, b=2), f(1, c=4, b=5))
for call in [lambda: f(1, 2), lambda: f(1), lambda: f(1, b=2, d=4)]:
    try:
        call()
    except TypeError as e:
        print(e)

def g(*args, key=None, **rest):
    return args, key, sorted(rest)
print(g(1, 2, key='k', z=1, a=2))

def h(a, b, /, c, *, d):
    return a + b + c + d
print(h(1, 2, 3, d=4), h(1, 2, c=3, d=4))
try:
    h(1, b=2, c=3, d=4)
except TypeError as e:
    print(e)
print(f.__kwdefaults__, h.__kwdefaults__)
print(f.__code__.co_kwonlyargcount, h.__code__.co_posonlyargcount, h.__code__.co_argcount)
