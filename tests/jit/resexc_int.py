# int(s) of a str in a try whose handler catches ValueError: the JIT
# records a conversion that answers "rejected" without raising, and raises
# a virtual ValueError to the handler (docs/jit.md, "Exceptions raised by
# residual calls"). Every case runs long enough to be compiled; what the
# handler reads (the message, args, __context__, the traceback), the
# exceptions that escape, and the strings int() accepts in odd forms must
# be CPython's.
import sys
import traceback


def parse(n):
    words = ["12", "x", "7", "abc", "100", " 5 ", "1_000", "-3", "+4", "", "  ", "1__0", "_1", "\t9\n", "٣"]
    total = bad = 0
    for i in range(n):
        try:
            total += int(words[i % len(words)])
        except ValueError:
            bad += 1
    return total, bad


def messages(n):
    words = ["1", "x" * 300, "abc", "12a", "", "1_", "' \"", "\x1c5"]
    seen = {}
    for i in range(n):
        w = words[i % len(words)]
        try:
            int(w)
        except ValueError as e:
            seen[w[:5]] = (str(e), len(e.args), e.__context__, e.__cause__)
    return sorted(seen.items())


def kept(n):
    """Exceptions kept after the handler: built where they escape."""
    out = []
    for i in range(n):
        try:
            int("zz" if i % 1000 == 999 else "3")
        except ValueError as e:
            out.append(e)
    return [(str(e), e.__traceback__ is not None) for e in out]


def tb(n):
    last = None
    for i in range(n):
        try:
            conv("q")
        except ValueError as e:
            last = e
    return [(fs.name, fs.line) for fs in traceback.extract_tb(last.__traceback__)]


def conv(s):
    return int(s) * 2


def in_except(n):
    ctx = []
    for i in range(n):
        try:
            raise KeyError(i)
        except KeyError:
            try:
                int("no")
            except ValueError as e:
                if i % 1000 == 0:
                    ctx.append(repr(e.__context__))
    return ctx


def not_caught_here(n):
    """TypeError is not ValueError: a handler for ValueError only."""
    got = []
    items = ["1", "y", None, "4"]
    for i in range(n):
        try:
            try:
                int(items[i % 4])
            except ValueError:
                got.append("v")
        except TypeError:
            got.append("t")
    return got.count("v"), got.count("t")


def big_digits(n):
    """A digit limit error is a ValueError with its own message."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    msgs = set()
    try:
        for i in range(n):
            try:
                int("7" * (700 if i % 3 == 0 else 5))
            except ValueError as e:
                msgs.add(str(e)[:40])
    finally:
        sys.set_int_max_str_digits(old)
    return sorted(msgs)


def str_subclass(n):
    class S(str):
        pass

    total = bad = 0
    for i in range(n):
        try:
            total += int(S("5") if i & 1 else S("b"))
        except ValueError:
            bad += 1
    return total, bad


def main():
    n = 3000
    print("parse", parse(n))
    print("messages", messages(n))
    print("kept", kept(n))
    print("tb", tb(n))
    print("in_except", in_except(n))
    print("not_caught_here", not_caught_here(n))
    print("big_digits", big_digits(n))
    print("str_subclass", str_subclass(n))
    for i in range(n):
        try:
            int("8" if i < n - 1 else "eight")
        except TypeError:
            pass


main()
