fs = [lambda x, n=n: x ** n for n in range(4)]
print([f(2) for f in fs])
base = 10
g = lambda x, b=base: x + b
base = 20
print(g(1), g(1, 100))
print(g.__defaults__)
h = lambda *a, sep='-': sep.join(map(str, a))
print(h(1, 2, 3), h(1, 2, sep='+'))
print(h.__kwdefaults__)
print((lambda: None).__name__, (lambda: None).__qualname__)
def outer():
    return lambda: 0
print(outer().__qualname__)
