# object.__new__(cls) and super().__new__(cls) in Python __new__ methods,
# which the JIT allocates in the trace for plain classes
# (type_object_new_is_plain): slots and dict instances, escaping and not,
# and the cases it must leave to object.__new__ (abstract classes, a base
# with a builtin layout, a __new__ replaced on a base mid-loop, classes
# made abstract mid-loop, a non-type argument).
import abc


class Slotted:
    __slots__ = ('a', 'b')

    def __new__(cls, a, b):
        self = object.__new__(cls)
        self.a = a
        self.b = b
        return self


class WithDict:
    def __new__(cls, x):
        self = super().__new__(cls)
        self.x = x
        return self


class Child(WithDict):
    pass


def plain(n):
    total = 0
    keep = []
    for i in range(n):
        s = Slotted(i, 3)
        d = WithDict(i)
        c = Child(-i)
        total += s.a * s.b + d.x + c.x
        if i % 100 == 0:
            keep.append((s, d, c))
    print(total, len(keep), type(keep[-1][2]).__name__, keep[-1][0].a, vars(keep[-1][1]))
    try:
        keep[0][0].c = 1
    except AttributeError as e:
        print('AttributeError', e)
    try:
        print(Slotted.__new__(Slotted, 1, 2).c)
    except AttributeError as e:
        print('AttributeError', e)


class Base:
    def __new__(cls, v):
        self = object.__new__(cls)
        self.v = v
        return self


class Derived(Base):
    pass


def base_new_replaced(n):
    total = 0
    for i in range(n):
        if i == n // 2:
            # from now on object.__new__(Derived) is not reached plainly:
            # Base's own __new__ is a new function
            def other_new(cls, v):
                self = object.__new__(cls)
                self.v = v * 1000
                return self
            Base.__new__ = other_new
        total += Derived(i).v
    print('replaced', total)


class Later:
    def __new__(cls):
        return object.__new__(cls)

    def f(self):
        return 1


def made_abstract(n):
    made = 0
    for i in range(n):
        if i == n - 10:
            Later.__abstractmethods__ = frozenset({'f'})
        try:
            Later()
            made += 1
        except TypeError as e:
            if i == n - 1:
                print('TypeError', e)
    print('made', made)


class Shape(abc.ABC):
    def __new__(cls):
        return object.__new__(cls)

    @abc.abstractmethod
    def area(self):
        pass


class Square(Shape):
    def area(self):
        return 4


class IntLike(int):
    def __new__(cls, v):
        return object.__new__(cls)


def refused(n):
    areas = 0
    for i in range(n):
        areas += Square().area()
    print('areas', areas)
    for i in range(3):
        for make in (Shape, lambda: IntLike(3), lambda: object.__new__(5), lambda: object.__new__(Slotted, 1)):
            try:
                make()
                print('made')
            except TypeError as e:
                print('TypeError', e)


plain(3000)
base_new_replaced(2000)
made_abstract(2000)
refused(1500)
