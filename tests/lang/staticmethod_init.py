# staticmethod/classmethod: __init__ takes the callable (subclasses pass it
# on with super().__init__), __isabstractmethod__ follows the callable, an
# object made by __new__ alone reports itself uninitialized.
import abc


class A(abc.ABC):
    @classmethod
    @abc.abstractmethod
    def c(cls):
        pass

    @staticmethod
    @abc.abstractmethod
    def s():
        pass


print(A.__dict__['c'].__isabstractmethod__, A.__dict__['s'].__isabstractmethod__,
      staticmethod(len).__isabstractmethod__, sorted(A.__abstractmethods__))
try:
    A()
except TypeError as e:
    print('TypeError', e)


class AbstractClassMethod(classmethod):
    __isabstractmethod__ = True

    def __init__(self, f):
        f.__isabstractmethod__ = True
        super().__init__(f)


class B:
    @AbstractClassMethod
    def m(cls):
        return cls.__name__


print(B.m(), B.__dict__['m'].__isabstractmethod__, B.m.__func__.__isabstractmethod__)
for t in (staticmethod, classmethod):
    try:
        t()
    except TypeError as e:
        print('TypeError', e)
    try:
        t(len, x=1)
    except TypeError as e:
        print('TypeError', e)
    x = t.__new__(t)
    print(repr(x.__func__), repr(x))
    try:
        x.__get__(1)
    except RuntimeError as e:
        print('RuntimeError', e)
    x.__init__(len)
    print(repr(x.__func__))
print(staticmethod(len)([1]), classmethod(len).__func__)
