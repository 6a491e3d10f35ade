# int(s) rejected inside a try whose handler catches ValueError: the trace
# raises a virtual ValueError whose message is a deferred call (docs/jit.md,
# "Deferred messages"): nothing formats it unless a guard fails while the
# exception is live, or the handler reads it. Each case runs long enough to
# be compiled, then takes a path the trace did not record while the
# exception is live, so the interpreter reads an exception rebuilt from a
# snapshot: its message, args, type and traceback must be CPython's.
import sys
import traceback

WORDS = ["12", "x", "7", "abc", "100", " 42 ", "-5", "1_000", "ünï", "", "9" * 30, "1__0", "0x10", "\ud800"]


def rare_read(n, when):
    # the handler reads the exception only at i == when (a guard fails
    # inside the handler, with the virtual ValueError live)
    total = bad = 0
    seen = []
    for i in range(n):
        try:
            total += int(WORDS[i % len(WORDS)])
        except ValueError as e:
            bad += 1
            if i >= when:
                seen.append((type(e).__name__, e.args, str(e), repr(e)))
    return total, bad, seen


print(rare_read(3000, 2990))
print(rare_read(3000, 2996))


def rare_read_plain(n, when):
    # no `as`: the exception is read back through sys.exc_info()
    bad = 0
    seen = []
    for i in range(n):
        try:
            int(WORDS[i % 5])
        except ValueError:
            bad += 1
            if i >= when:
                e = sys.exc_info()[1]
                seen.append((e.args, e.__context__, e.__cause__, e.__traceback__.tb_lineno - rare_read_plain.__code__.co_firstlineno))
    return bad, seen


print(rare_read_plain(4000, 3990))


def type_changes(n):
    # the guard on the argument's class fails: an int among the strings
    items = ["1", "q"] * (n // 2) + [3, "zz", "8"]
    out = bad = 0
    last = None
    for s in items:
        try:
            out += int(s)
        except ValueError as e:
            bad += 1
            last = e
    return out, bad, last.args


print(type_changes(3000))


def reraised(n):
    # the handler re-raises on the last round: the exception escapes with
    # the message and the traceback the interpreter would give
    for i in range(n):
        try:
            int("bad%d" % (i % 3) if i % 2 else "4")
        except ValueError:
            if i == n - 1:
                raise


try:
    reraised(3000)
except ValueError as e:
    print("escaped:", e.args)
    print("".join(traceback.format_exception_only(type(e), e)).strip())
    tb = traceback.extract_tb(e.__traceback__)
    print([(f.name, f.line) for f in tb])


def chained(n):
    # an exception raised in the handler takes the rejected one as context
    caught = []
    for i in range(n):
        try:
            try:
                int("no" if i % 4 == 0 else "5")
            except ValueError:
                if i >= n - 8:
                    raise KeyError(i)
        except KeyError as k:
            caught.append((k.args, type(k.__context__).__name__, k.__context__.args))
    return caught


print(chained(3000))


def long_digits(n):
    # past the digit limit the message is int()'s own, not a literal's
    sys.set_int_max_str_digits(640)
    s = "7" * 700
    msgs = []
    bad = 0
    for i in range(n):
        try:
            int(s if i % 3 == 0 else "11")
        except ValueError as e:
            bad += 1
            if i >= n - 6:
                msgs.append(str(e))
    sys.set_int_max_str_digits(4300)
    return bad, msgs


print(long_digits(3000))
