class A:
    def who(self): return 'A'
class B(A):
    def who(self): return 'B>' + super().who()
class C(A):
    def who(self): return 'C>' + super().who()
class D(B, C):
    def who(self): return 'D>' + super().who()
print([k.__name__ for k in D.__mro__])
print(D().who())
print([k.__name__ for k in D.mro()])
print(D.__bases__ == (B, C), [b.__name__ for b in D.__bases__], A.__bases__[0].__name__)
class E: pass
class F(E): pass
class G(D, F): pass
print([k.__name__ for k in G.__mro__])
class X: pass
class Y: pass
class Z: pass
class K1(X, Y): pass
class K2(Y, Z): pass
class K3(X, Z): pass
class M(K1, K2, K3): pass
print([k.__name__ for k in M.__mro__])
print(issubclass(M, Z), isinstance(M(), Y), issubclass(D, (E, A)))
