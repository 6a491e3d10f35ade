# property: error messages (with the name from __set_name__ and the
# owner's qualified name), doc copying in subclasses, getter/setter/deleter
# calling the subclass, __isabstractmethod__, __set_name__'s arguments.
import abc

p = property(lambda self: 1)
print(p.__get__(None, int) is p, p.__get__(5), p.fset, p.fdel, p.__doc__)


class Outer:
    class cls:
        foo = property()
        bar = property(None, None, None, 'bar doc')


Outer.cls.baz = property()
o = Outer.cls()
for name in ('foo', 'baz'):
    for action in (lambda: getattr(o, name), lambda: setattr(o, name, 1), lambda: delattr(o, name)):
        try:
            action()
        except AttributeError as e:
            print('AttributeError', e)
print(Outer.cls.bar.__doc__)
try:
    property().__set__(None, 1)
except AttributeError as e:
    print('AttributeError', e)
try:
    property().__delete__(None)
except AttributeError as e:
    print('AttributeError', e)


class Base:
    def __init__(self):
        self._spam = 5

    @property
    def spam(self):
        """Base.getter"""
        return self._spam

    @spam.setter
    def spam(self, v):
        self._spam = v


class Sub(Base):
    @Base.spam.getter
    def spam(self):
        """Sub.getter"""
        return self._spam * 2


s = Sub()
s.spam = 4
print(s.spam, Sub.spam.__doc__, Base.spam.__doc__)


class PropertySub(property):
    """This is a subclass of property"""


class Foo:
    @PropertySub
    def spam(self):
        """spam wrapped in property subclass"""
        return 1

    @spam.setter
    def spam(self, value):
        """this docstring is ignored"""


print(Foo.spam.__doc__, type(Foo.spam).__name__, Foo().spam)


class Logged(property):
    calls = 0

    def __init__(self, *args, **kw):
        Logged.calls += 1
        super().__init__(*args, **kw)


class Bar:
    @Logged
    def x(self):
        return 1

    @x.setter
    def x(self, v):
        pass

    @x.deleter
    def x(self):
        pass


print(Logged.calls, type(Bar.x).__name__)


class PropertySubSlots(property):
    __slots__ = ()


try:
    class Baz:
        @PropertySubSlots
        def spam(self):
            """docstring"""
except AttributeError as e:
    print('AttributeError', type(e).__name__)


class A(abc.ABC):
    @property
    @abc.abstractmethod
    def f(self):
        pass

    @property
    def g(self):
        pass


print(A.f.__isabstractmethod__, A.g.__isabstractmethod__, property().__isabstractmethod__)
try:
    A()
except TypeError as e:
    print('TypeError', e)

for args in ((), (1,), (1, 2, 3)):
    try:
        property().__set_name__(*args)
    except TypeError as e:
        print('TypeError', e)
pr = property()
pr.__set_name__(Outer, 'named')
print(pr.getter(len).__get__(o, None) if False else 'ok')
try:
    pr.setter(print).__get__(o)
except AttributeError as e:
    print('AttributeError', e)
