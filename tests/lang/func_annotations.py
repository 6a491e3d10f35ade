def f(a: int, b: 'str' = 'x', *args: float, c: list = None, **kw: dict) -> bool:
    return True
print(f.__annotations__)
def g(x, y): pass
print(g.__annotations__)
class C:
    def m(self) -> None: pass
print(C.m.__annotations__)
def local():
    z: int = 3
    w: float
    return z
print(local())
lam = lambda q: q
print(lam.__annotations__)
