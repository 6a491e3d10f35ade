class A:
    def f(self): return 'A.f'
class B(A):
    def f(self): return 'B.f'
try:
    super(B, 5)
except TypeError as e:
    print(e)
def outside():
    return super().f()
try:
    outside()
except RuntimeError as e:
    print(e)
class C(A):
    def g(self):
        return super().missing()
try:
    C().g()
except AttributeError as e:
    print(e)
class D(A):
    def f(self):
        def inner():
            return 'inner'
        return super().f() + inner()
print(D().f())
class E(A):
    def f(self):
        return [super().f() for _ in range(1)][0] if False else super().f() + '!'
print(E().f())
print(super(B, B()).f())
