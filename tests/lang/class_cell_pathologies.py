# __class__ in odd places (CPython issue 12370): a class body reading the
# enclosing method's __class__ while its own methods use the class's cell,
# a class attribute named __class__, global and nonlocal __class__.
class A:
    def f(self): return 'A'
class T:
    def test(self):
        class X(A):
            def f(self):
                return super().f()
            __class__ = 413
        x = X()
        print(x.f(), x.__class__)
        class X:
            x = __class__
            def f():
                __class__
        print(X.x is type(self))
        try:
            exec("""class X:
                __class__
                def f():
                    __class__""", globals(), {})
        except NameError as e:
            print(type(e).__name__, e)
        class X:
            global __class__
            __class__ = 42
            def f():
                __class__
        print(globals()["__class__"])
        del globals()["__class__"]
        print("__class__" in X.__dict__)
        class X:
            nonlocal __class__
            __class__ = 42
            def f():
                __class__
        print(__class__)
T().test()
class T2:
    def m(self):
        class X:
            x = __class__
            def f(self):
                return __class__
        return X
X = T2().m()
print(X.x is T2, X().f() is X, X.f.__code__.co_freevars, X.f.__closure__[0].cell_contents is X)
