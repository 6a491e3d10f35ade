registry = []
class Plugin:
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
        registry.append(cls.__name__)
class A(Plugin, tag='a'):
    pass
class B(Plugin):
    pass
class C(A, tag='c'):
    pass
print(registry, A.tag, B.tag, C.tag)
try:
    class Bad(Plugin, unknown=1):
        pass
except TypeError as e:
    print(type(e).__name__, e)
class Base:
    subclasses = []
    def __init_subclass__(cls):
        Base.subclasses.append(cls.__name__)
class X(Base): pass
class Y(X): pass
print(Base.subclasses)
print(sorted(c.__name__ for c in Base.__subclasses__()))
