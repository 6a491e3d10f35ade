# Wrong arguments found by calling C functions and methods with values of
# every type (they crashed tpy): each now raises CPython's exception.
import _imp, datetime


def attempt(label, f, *args):
    try:
        print(label, "->", f(*args))
    except Exception as e:
        print(label, type(e).__name__, e)


for arg in (1.5, 0, -1, 2**70, None, "ab", [1, 1], frozenset({2})):
    attempt("frozenset(%r)" % (arg,), frozenset, arg)
    attempt("set(%r)" % (arg,), set, arg)
for arg in (0, 1.5, (), print, b"os"):
    attempt("init_frozen(%r)" % (arg,), _imp.init_frozen, arg)
attempt("init_frozen('no_such_module')", _imp.init_frozen, "no_such_module")
d = datetime.timedelta(days=1, seconds=5)
for name in ("__divmod__", "__rdivmod__"):
    attempt(name + "()", getattr(d, name))
    attempt(name + "(delta)", getattr(d, name), datetime.timedelta(hours=5))
    attempt(name + "(3)", getattr(d, name), 3)
