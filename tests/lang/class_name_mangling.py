class A:
    def __init__(self):
        self.__secret = 'A secret'
        self._prot = 'protected'
    def get(self):
        return self.__secret
    def __private_method(self):
        return 'private'
    def call_private(self):
        return self.__private_method()
class B(A):
    def __init__(self):
        super().__init__()
        self.__secret = 'B secret'
    def get_b(self):
        return self.__secret
b = B()
print(b.get(), b.get_b(), b.call_private())
print(sorted(b.__dict__))
print(b._A__secret, b._B__secret)
try:
    b.__secret
except AttributeError as e:
    print(e)
print(hasattr(A, '_A__private_method'), hasattr(A, '__private_method'))
class C:
    __cls = 'mangled class attr'
    def show(self):
        return C.__cls, self.__cls
    def dunder__(self):
        return 'not mangled'
    __keep__ = 'dunder kept'
print(C().show(), C._C__cls, C.__keep__)
class _Under:
    def __m(self): return 'under'
    def run(self): return self.__m()
print(_Under().run(), hasattr(_Under, '_Under__m'))
class D:
    def f(self):
        __local = 5
        return __local
    def g(self):
        return getattr(self, '__x', 'getattr not mangled')
print(D().f(), D().g())
