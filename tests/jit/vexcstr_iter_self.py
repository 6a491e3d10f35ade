# `for x in obj` where obj's class has `def __iter__(self): return self`
# and a Python __next__: GET_ITER is recorded as the object itself, with no
# call (docs/jit.md, "Iterators whose __iter__ returns self"). Each case
# runs long enough to be compiled, then changes what the trace assumed:
# the class's __iter__ or __next__, a base class's, the function's code,
# the instance's class; iter() must still check and call what CPython does.
import sys


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def total_of(make, n, k=3):
    total = 0
    for j in range(n):
        for x in make(k):
            total += x
    return total


print("plain", total_of(Countdown, 3000))


class Sub(Countdown):
    pass


class SubIter(Countdown):
    def __iter__(self):
        self.n += 1   # not `return self` only: called
        return self


print("subclass", total_of(Sub, 3000), total_of(SubIter, 3000))


def mixed(n):
    # the class guard fails half the time
    total = 0
    for j in range(n):
        c = Countdown(2) if j % 2 else SubIter(2)
        for x in c:
            total += x
    return total


print("mixed", mixed(3000))


class Changing(Countdown):
    pass


def run_changing(n):
    total = 0
    for j in range(n):
        if j == n // 2:
            def other_iter(self):
                return iter([100, 200])
            Changing.__iter__ = other_iter   # the trace depends on the class
        for x in Changing(3):
            total += x
    return total


print("replaced __iter__", run_changing(3000))


class BaseIt:
    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= 2:
            raise StopIteration
        self.i += 1
        return self.i


class Derived(BaseIt):
    def __init__(self):
        self.i = 0


def run_base_change(n):
    total = 0
    for j in range(n):
        if j == n - 10:
            BaseIt.__iter__ = lambda self: iter((7,))   # a base's, seen by the subclass
        for x in Derived():
            total += x
    return total


print("base changed", run_base_change(3000))


class CodeSwap:
    def __init__(self):
        self.left = 2

    def __iter__(self):
        return self

    def __next__(self):
        if not self.left:
            raise StopIteration
        self.left -= 1
        return 1


def returns_list_iter(self):
    return iter([5, 5, 5])


class MakesCodeSwap:
    def __iter__(self):
        return CodeSwap()


def run_code_swap(n, first):
    total = 0
    for j in range(n):
        o = first if j == 0 else CodeSwap()
        for x in o:
            total += x
    return total


print("code before", run_code_swap(3000, CodeSwap()))
CodeSwap.__iter__.__code__ = returns_list_iter.__code__
# the first inner loop runs on a CodeSwap made by another __iter__: it
# enters the compiled loop, whose exit goes on to the next GET_ITER in
# compiled code, which must now call the new code
print("code replaced", run_code_swap(50, MakesCodeSwap()))


class NoNext:
    def __iter__(self):
        return self


class LaterNext:
    def __init__(self):
        self.done = False

    def __iter__(self):
        return self


def run_no_next(n):
    errors = []
    for j in range(n):
        try:
            for x in NoNext():
                pass
        except TypeError as e:
            if j >= n - 2:
                errors.append(str(e))
    return errors


print("no __next__", run_no_next(2000))


def later_next(self):
    if self.done:
        raise StopIteration
    self.done = True
    return 9


def run_later_next(n):
    total = 0
    errors = 0
    for j in range(n):
        if j == n // 2:
            LaterNext.__next__ = later_next
        try:
            for x in LaterNext():
                total += x
        except TypeError:
            errors += 1
    return total, errors


print("__next__ added", run_later_next(3000))


class A(Countdown):
    pass


class B:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(["b"] * self.n)


def run_class_assign(n):
    out = []
    for j in range(n):
        o = A(2)
        if j >= n - 3:
            o.__class__ = B if j % 2 else A
        for x in o:
            if j >= n - 3:
                out.append(x)
    return out


print("__class__ assigned", run_class_assign(3000))


class InstanceIter(Countdown):
    pass


def run_instance_attr(n):
    # an instance attribute __iter__ is not what iter() calls
    total = 0
    for j in range(n):
        o = InstanceIter(2)
        if j > n - 3:
            o.__iter__ = lambda: iter([1000])
        for x in o:
            total += x
    return total


print("instance attribute", run_instance_attr(3000))


class DefaultArg:
    def __init__(self):
        self.k = 1

    def __iter__(self, extra=None):
        return self

    def __next__(self):
        if self.k == 0:
            raise StopIteration
        self.k = 0
        return 3


print("default argument", total_of(lambda k: DefaultArg(), 3000))


class NoneIter(Countdown):
    __iter__ = None


def run_none_iter(n):
    msgs = set()
    for j in range(n):
        try:
            for x in NoneIter(2):
                pass
        except TypeError as e:
            msgs.add(str(e))
    return sorted(msgs)


print("__iter__ = None", run_none_iter(2000))


def raising_inside(n):
    # StopIteration ends the loop; another exception from __next__ escapes
    class Bad(Countdown):
        def __next__(self):
            if self.n == 1 and self.flag:
                raise ValueError("bad at %d" % self.n)
            return Countdown.__next__(self)
    total = 0
    for j in range(n):
        b = Bad(3)
        b.flag = j == n - 1
        try:
            for x in b:
                total += x
        except ValueError as e:
            print("escaped", e, total)
    return total


print("raising", raising_inside(3000))
print("same object", all(iter(c) is c for c in [Countdown(1), Sub(1)]))
