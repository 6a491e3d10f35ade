# Attribute reads that fail with AttributeError caught in the same loop:
# the JIT records the miss as a raise of a virtual AttributeError to the
# handler (docs/jit.md, "Exceptions raised by residual calls"). Every case
# runs long enough to be compiled; what the handler reads (message, name,
# obj, __context__, the traceback), an AttributeError that escapes, and
# the classes or instances gaining the attribute later must be CPython's.
import sys
import traceback


class WithX:
    def __init__(self):
        self.x = 1


class WithoutX:
    pass


class Other:
    def __init__(self):
        self.y = 2


def get_x(o):
    try:
        return o.x
    except AttributeError:
        return 0


def fallback(n):
    objs = [WithX(), WithoutX(), Other()]
    total = 0
    for i in range(n):
        total += get_x(objs[i % 3])
    return total


def handler_reads(n):
    objs = [WithX(), Other()]
    seen = []
    for i in range(n):
        o = objs[i & 1]
        try:
            o.x
        except AttributeError as e:
            if i % 500 == 1:
                seen.append((str(e), e.args, e.name, e.obj is o, e.__context__, e.__cause__))
    return seen


def handler_traceback(n):
    last = None
    for i in range(n):
        try:
            get_missing(WithoutX())
        except AttributeError as e:
            last = e
    frames = [(fs.name, fs.line) for fs in traceback.extract_tb(last.__traceback__)]
    return str(last), frames


def get_missing(o):
    return o.missing


def in_except(n):
    """The miss happens while another exception is handled: __context__."""
    ctx = []
    for i in range(n):
        try:
            raise KeyError(i)
        except KeyError:
            try:
                WithoutX().x
            except AttributeError as e:
                if i % 1000 == 0:
                    ctx.append(repr(e.__context__))
    return ctx


def wrong_handler(n):
    """A handler for another class: the AttributeError goes on to the outer one."""
    caught = 0
    for i in range(n):
        try:
            try:
                WithoutX().x
            except KeyError:
                caught -= 1000
        except AttributeError:
            caught += 1
    return caught


def finally_runs(n):
    log = 0
    for i in range(n):
        try:
            try:
                WithoutX().x
            finally:
                log += 1
        except AttributeError:
            log += 10
    return log


def reraise(n):
    count = 0
    for i in range(n):
        try:
            try:
                WithoutX().x
            except AttributeError:
                count += 1
                raise
        except AttributeError as e:
            count += e.name == 'x'
    return count


def instance_gains(n):
    objs = [WithoutX() for _ in range(10)]
    total = 0
    for i in range(n):
        o = objs[i % 10]
        if i == n // 2:
            o.x = 100   # this one has it now (its map changes)
        total += get_x(o)
    return total


def class_gains(n):
    class Late:
        pass

    objs = [Late(), Late()]
    total = 0
    for i in range(n):
        if i == n // 2:
            Late.x = 7   # the class has it now
        total += get_x(objs[i & 1])
    return total


def getattr_added(n):
    class Dyn:
        pass

    o = Dyn()
    total = 0
    for i in range(n):
        if i == n // 2:
            Dyn.__getattr__ = lambda self, name: 5
        total += get_x(o)
    return total


def escapes(n):
    """Kept after the loop: the exception object is built where it escapes."""
    kept = []
    for i in range(n):
        try:
            WithoutX().x
        except AttributeError as e:
            if i % 1000 == 999:
                kept.append(e)
    return [(str(e), e.name, type(e.obj).__name__, e.__traceback__ is not None) for e in kept]


def exc_info_in_handler(n):
    got = []
    for i in range(n):
        try:
            WithoutX().x
        except AttributeError:
            if i % 1000 == 0:
                t, v, tb = sys.exc_info()
                got.append((t.__name__, str(v)))
    return got


def main():
    n = 3000
    print("fallback", fallback(n))
    print("handler_reads", handler_reads(n)[:3])
    print("handler_traceback", handler_traceback(n))
    print("in_except", in_except(n))
    print("wrong_handler", wrong_handler(n))
    print("finally_runs", finally_runs(n))
    print("reraise", reraise(n))
    print("instance_gains", instance_gains(n))
    print("class_gains", class_gains(n))
    print("getattr_added", getattr_added(n))
    print("escapes", escapes(n))
    print("exc_info_in_handler", exc_info_in_handler(n))
    # a miss nobody catches, after the loop was compiled
    for i in range(n):
        o = WithX() if i < n - 1 else WithoutX()
        try:
            o.x
        except KeyError:
            pass


main()
