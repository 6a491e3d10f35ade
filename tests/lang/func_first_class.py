def apply(fn, *a):
    return fn(*a)
print(apply(max, 3, 9, 2), apply(len, 'abc'), apply(str.upper, 'x'))
ops = {'+': lambda a, b: a + b, '-': lambda a, b: a - b, '*': lambda a, b: a * b}
print([ops[o](6, 3) for o in '+-*'])
print(callable(apply), callable(3), callable(ops['+']), callable(str))
def returns_fn():
    return returns_fn
print(returns_fn()()() is returns_fn)
print(type(apply).__name__, type(len).__name__, type(lambda: 0).__name__)
m = [].append
print(type(m).__name__)
class A:
    def meth(self): return self
a = A()
bm = a.meth
print(type(bm).__name__, bm.__self__ is a, bm.__func__ is A.meth, bm() is a)
print(A.meth(a) is a)
print(a.meth == a.meth, a.meth is a.meth)
