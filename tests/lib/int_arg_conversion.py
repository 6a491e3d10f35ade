# C functions that take a C integer convert their argument as CPython's
# "l" converter does: through __index__, a TypeError for anything else
# (these crashed tpy when given a str).
import _imp, _thread, _warnings, warnings


class Two:
    def __index__(self):
        return 2


def attempt(label, f, *args):
    try:
        r = f(*args)
        print(label, "->", r if not isinstance(r, tuple) else r[:2])
    except Exception as e:
        print(label, type(e).__name__, e)


for arg in ("x", 1.5, None, Two(), 2**70, b"1"):
    name = type(arg).__name__
    attempt("stack_size(%s)" % name, _thread.stack_size, arg)
    attempt("bytearray.__reduce_ex__(%s)" % name, bytearray(b"ab").__reduce_ex__, arg)
    attempt("source_hash(%s)" % name, _imp.source_hash, arg, b"data")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        attempt("warn(stacklevel=%s)" % name, _warnings.warn, "m", UserWarning, arg)
        attempt("warn_explicit(lineno=%s)" % name, _warnings.warn_explicit, "m", UserWarning, "f.py", arg)
    print("  warnings:", [(str(x.message), x.lineno) for x in w])
attempt("interrupt_main('x')", _thread.interrupt_main, "x")
print(_thread.stack_size(0))
