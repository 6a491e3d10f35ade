# Exceptions raised and caught inside one loop: the JIT records the raise
# as a jump to the handler with a virtual exception object (docs/jit.md,
# "Exceptions raised and caught in a trace"). Every case runs long enough
# to be compiled, and the values seen in the handler, on the rare paths
# that leave the trace (guards failing inside the handler) and by code
# that keeps the exception must be CPython's.
import sys
import traceback


class Odd(Exception):
    pass


class Odder(Odd):
    pass


class Other(Exception):
    pass


def check(i):
    if i % 3 == 0:
        raise Odd(i)
    return i


def check_from(i):
    try:
        check(i)
    except Odd as e:
        raise Other(i) from e


def helper_raises(n):
    total = caught = 0
    for i in range(n):
        try:
            total += check(i)
        except Odd:
            caught += 1
    return total, caught


def nested_helpers(n):
    def inner(i):
        if i % 5 == 0:
            raise Odder("inner", i)
        return 1

    def middle(i):
        return inner(i) + 1

    got = []
    for i in range(n):
        try:
            middle(i)
        except (KeyError, Odd) as e:
            got.append((type(e).__name__, e.args))
    return len(got), got[:3], got[-1]


def eafp_counter(n):
    d = {}
    for i in range(n):
        k = i % 37 + i // 50
        try:
            d[k] += 1
        except KeyError:
            d[k] = 1
    return len(d), sum(d.values()), d[0], d[max(d)]


def eafp_str_keys(n):
    d = {}
    words = ["a", "b", "c", "d", "e", "f", "g"]
    for i in range(n):
        w = words[i % 7] + str(i // 100)
        try:
            d[w] += 1
        except KeyError:
            d[w] = 1
    return len(d), sorted(d.items())[:3]


def exc_info_inside(n):
    seen = 0
    last = None
    for i in range(n):
        try:
            if i % 4 == 0:
                raise Other(i)
        except Other:
            t, v, tb = sys.exc_info()
            seen += t is Other
            last = v.args
    return seen, last, sys.exc_info()


def context_chain(n):
    chains = []
    for i in range(n):
        try:
            try:
                raise Odd(i)
            except Odd:
                raise Other("second")
        except Other as e:
            if i % 100 == 0:
                chains.append((repr(e.__context__), e.__cause__, e.__suppress_context__))
    return chains[:2], len(chains)


def raise_from(n):
    out = []
    for i in range(n):
        try:
            check_from(i)
        except Other as e:
            if i % 99 == 0:
                out.append((e.args, repr(e.__cause__), e.__suppress_context__))
    return out[:2]


def finally_blocks(n):
    log = 0
    fin = 0
    for i in range(n):
        try:
            try:
                if i % 2:
                    raise Odd(i)
            finally:
                fin += 1
        except Odd:
            log += 1
    return log, fin


def subclass_and_tuple(n):
    counts = [0, 0, 0]
    for i in range(n):
        try:
            if i % 3 == 0:
                raise Odder(i)
            elif i % 3 == 1:
                raise Other(i)
        except (Other, KeyError):
            counts[0] += 1
        except Odd:
            counts[1] += 1
        else:
            counts[2] += 1
    return counts


def reraise(n):
    outer = 0
    for i in range(n):
        try:
            try:
                if i % 2 == 0:
                    raise Odd(i)
            except Odd:
                if i % 10 == 0:
                    raise
        except Odd:
            outer += 1
    return outer


def relay(i):
    try:
        check(i)
    except Odd:
        if i < 0:
            return -1
        raise


def reraise_across_frames(n):
    # a bare raise leaves the helper for the caller's handler: the
    # traceback gains the caller's entry (seen on the rare branch)
    c = 0
    shown = []
    for i in range(n):
        try:
            relay(i)
        except Odd as e:
            c += 1
            if i % 999 == 0:
                shown.append([l.replace(__file__, "FILE") for l in traceback.format_tb(e.__traceback__)])
    return c, shown


def made_not_raised(n):
    # an exception made and kept without being raised is an ordinary
    # object (no traceback, no context)
    errs = []
    for i in range(n):
        errs.append(Odd(i, "x"))
    return len(errs), errs[-1].args, errs[-1].__traceback__, errs[-1].__context__


def variable_cleared(n):
    cleared = 0
    for i in range(n):
        try:
            raise Odd(i)
        except Odd as e:
            pass
        try:
            e
        except NameError:
            cleared += 1
    return cleared


def escaping_traceback(n):
    kept = []
    for i in range(n):
        try:
            check(i)
        except Odd as e:
            if i % 150 == 0:
                kept.append(e)
    return [traceback.format_exception(type(e), e, e.__traceback__)[-2:] for e in kept[:2]]


def guard_fails_in_handler(n):
    # a guard failing inside the handler (the rare branch) rebuilds the
    # state with the exception handled: sys.exc_info() and the traceback
    # there are the interpreter's
    c = 0
    infos = []
    for i in range(n):
        try:
            check(i)
        except Odd:
            c += 1
            if i == n - 3:
                t, v, tb = sys.exc_info()
                infos.append((t.__name__, v.args, len(traceback.format_tb(tb))))
                infos.append(traceback.format_tb(tb)[-1].replace(__file__, "FILE"))
    return c, infos


def raise_class(n):
    c = 0
    seen = []
    for i in range(n):
        try:
            if i & 1:
                raise Other
        except Other as e:
            c += 1
            if i % 1001 == 0:
                seen.append((e.args, e.__context__, e.__traceback__.tb_lineno))
    return c, seen


def handler_raises_again(n):
    # an exception raised inside a handler gets the handled one as
    # __context__; both virtual until the rare branch looks at them
    c = 0
    seen = []
    for i in range(n):
        try:
            try:
                check(i)
            except Odd:
                raise KeyError(i)
        except KeyError as e:
            c += 1
            if i % 999 == 0:
                seen.append((repr(e), repr(e.__context__), e.__suppress_context__))
    return c, seen


def escapes_the_loop(n):
    for i in range(n):
        try:
            check(i + 1)
        except Odd:
            pass
        if i == n - 1:
            check(3)


print(helper_raises(3000))
print(nested_helpers(2000))
print(eafp_counter(5000))
print(eafp_str_keys(3000))
print(exc_info_inside(2000))
print(context_chain(2000))
print(raise_from(2000))
print(finally_blocks(3000))
print(subclass_and_tuple(3000))
print(reraise(3000))
print(reraise_across_frames(3000))
print(made_not_raised(2000))
print(variable_cleared(2000))
for lines in escaping_traceback(1000):
    print([l.replace(__file__, "FILE") for l in lines])
print(guard_fails_in_handler(3000))
print(handler_raises_again(3000))
print(raise_class(3000))
try:
    escapes_the_loop(2000)
except Odd as e:
    tb = traceback.format_exception(type(e), e, e.__traceback__)
    print([l.replace(__file__, "FILE") for l in tb[1:]])
print(sys.exc_info())
