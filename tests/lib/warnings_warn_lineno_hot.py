# warnings.warn() reads the calling frames (stacklevel) for the file and
# line it reports: also when the function that calls it is compiled (a hot
# loop, or the eager mode from the first call), where the frame's line
# must be the call's, not the function's first.
import warnings

def warn_here():
    warnings.warn("foo", RuntimeWarning)

def warn_caller():
    warnings.warn("bar", UserWarning, stacklevel=2)

def calls_it(i):
    x = i * 2
    warn_caller()
    return x

lines = set()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    for i in range(2000):
        warn_here()
        calls_it(i)
for x in w:
    lines.add((x.category.__name__, str(x.message), x.lineno))
print(sorted(lines), len(w))
