# `for` loops over instances of classes with a Python __next__: the JIT
# inlines __next__ at the FOR_ITER and records its `raise StopIteration` as
# the loop's exit (docs/jit.md, "Exceptions raised by residual calls").
# Every case runs long enough to be compiled; the values, the exceptions
# that escape (their tracebacks and contexts) and what handlers see must be
# CPython's, also when guards fail inside the inlined __next__ and when
# the class or the method changes while the loop runs.
import sys
import traceback


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


def countdowns(n):
    total = 0
    for j in range(n):
        for x in Countdown(j % 4):
            total += x
    return total


def loop_else(n):
    done = broken = 0
    for j in range(n):
        for x in Countdown(3):
            if j % 5 == 0 and x == 1:
                broken += 1
                break
        else:
            done += 1
    return done, broken


class Guarded:
    """__next__ that catches its own exception: the raise is caught there."""

    def __init__(self, n):
        self.n = n
        self.log = 0

    def __iter__(self):
        return self

    def __next__(self):
        try:
            if self.n <= 0:
                raise StopIteration
            self.n -= 1
            return self.n
        finally:
            self.log += 1


def guarded(n):
    total = logs = 0
    for j in range(n):
        it = Guarded(3)
        for x in it:
            total += x
        logs += it.log
    return total, logs


class Failing:
    """Raises ValueError after `fail_at` items: it escapes the loop."""

    def __init__(self, n, fail_at):
        self.n = n
        self.fail_at = fail_at

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == self.fail_at:
            raise ValueError("bad item %d" % self.n)
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def failing(n):
    total = errors = 0
    last = None
    for j in range(n):
        try:
            for x in Failing(4, 2 if j % 100 == 99 else -1):
                total += x
        except ValueError as e:
            errors += 1
            last = e
    frames = [(fs.name, fs.line) for fs in traceback.extract_tb(last.__traceback__)]
    return total, errors, str(last), frames, last.__context__


class Helper:
    """StopIteration raised in a function __next__ calls."""

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def step(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n

    def __next__(self):
        return self.step() * 2


def helper(n):
    total = 0
    for j in range(n):
        for x in Helper(3):
            total += x
    return total


class MyStop(StopIteration):
    pass


class Instances:
    """Ends with StopIteration instances: a subclass, and one with a value."""

    def __init__(self, n, kind):
        self.n = n
        self.kind = kind

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            if self.kind:
                raise MyStop("done")
            raise StopIteration(self.n)
        self.n -= 1
        return self.n


def instances(n):
    total = 0
    for j in range(n):
        for x in Instances(3, j & 1):
            total += x
    return total


class Mixed:
    """Items change type late: guards inside the inlined __next__ fail."""

    def __init__(self, n, step):
        self.n = n
        self.step = step

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= self.step
        return self.n


def mixed(n):
    total = 0
    for j in range(n):
        for x in Mixed(3, 1 if j < n - 50 else 0.5):
            total += x
    return total


class Swapped:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def next_twice(self):
    if self.n <= 1:
        raise StopIteration
    self.n -= 2
    return self.n * 10


def swapped(n):
    total = 0
    for j in range(n):
        if j == n // 2:
            Swapped.__next__ = next_twice   # the class changes under the loop
        for x in Swapped(5):
            total += x
    return total


class Other:
    def __init__(self, n):
        self.n = n

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return -1


class Morph:
    """An iterator whose class changes while it is iterated."""

    def __init__(self, n, when):
        self.n = n
        self.when = when

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == self.when:
            self.__class__ = Other
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def morph(n):
    total = 0
    for j in range(n):
        for x in Morph(4, 2 if j % 7 == 0 else -1):
            total += x
    return total


def in_handler(n):
    """The loop runs inside an except block: the StopIteration that ends it
    leaves the handled exception alone, and a later raise gets it as
    __context__."""
    seen = []
    total = 0
    for j in range(n):
        try:
            raise KeyError(j)
        except KeyError:
            for x in Countdown(3):
                total += x
            if j % 1000 == 0:
                seen.append(repr(sys.exc_info()[1]))
            if j == n - 1:
                try:
                    raise RuntimeError("late")
                except RuntimeError as e:
                    seen.append(repr(e.__context__))
    return total, seen


class StopInExcept:
    """StopIteration raised while __next__ handles another exception."""

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        try:
            if self.n <= 0:
                raise LookupError
        except LookupError:
            raise StopIteration
        self.n -= 1
        return self.n


def stop_in_except(n):
    total = 0
    for j in range(n):
        for x in StopInExcept(3):
            total += x
    return total, sys.exc_info()


def explicit_next(n):
    """next() and a handler of the program's own: the StopIteration is seen."""
    caught = 0
    last = None
    for j in range(n):
        it = Countdown(2)
        while True:
            try:
                next(it)
            except StopIteration as e:
                caught += 1
                last = e
                break
    return caught, repr(last), last.__traceback__ is not None, last.__context__


def consumers(n):
    """Builtins that drive the iterator from C."""
    total = 0
    for j in range(n):
        total += sum(Countdown(3)) + len(list(Countdown(2))) + max(Countdown(4))
    return total


def main():
    n = 3000
    print("countdowns", countdowns(n))
    print("loop_else", loop_else(n))
    print("guarded", guarded(n))
    print("failing", failing(n))
    print("helper", helper(n))
    print("instances", instances(n))
    print("mixed", mixed(n))
    print("swapped", swapped(n))
    print("morph", morph(n))
    print("in_handler", in_handler(n))
    print("stop_in_except", stop_in_except(n))
    print("explicit_next", explicit_next(n))
    print("consumers", consumers(n))
    # an error from __next__ that nobody catches: the traceback goes through
    # the inlined frame
    for j in range(n):
        for x in Failing(3, 1 if j == n - 1 else -1):
            pass


main()
