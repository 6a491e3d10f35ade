# warnings.warn(stacklevel=...), logging's funcName/lineno and
# inspect.stack() / traceback.extract_stack() from code a C function runs
# inside functions the JIT inlines into a loop: they name the inlined
# frames and their lines, as without the JIT.
import inspect
import io
import logging
import sys
import traceback
import warnings

N = 3000
counts = {}


def count(key):
    counts[key] = counts.get(key, 0) + 1


def warn_key(x):
    warnings.warn("w%d" % (x % 3), UserWarning, stacklevel=2 + (x % 2))
    return x


def w_inner(i):
    return sorted([i], key=warn_key)[0]


def w_outer(i):
    return w_inner(i) + 1


def warn_loop():
    t = 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for i in range(N):
            t += w_outer(i)
    for w in caught:
        count(("warn", str(w.message), w.lineno, w.filename.endswith("fback_stdlib.py")))
    return t


print(warn_loop())

stream = io.StringIO()
log = logging.getLogger("fback")
log.propagate = False
handler = logging.StreamHandler(stream)
handler.setFormatter(logging.Formatter("%(funcName)s:%(lineno)d:%(message)s"))
log.addHandler(handler)
log.setLevel(logging.INFO)


class Logged:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        log.info("repr %d", self.v % 2)
        return "L"


def log_inner(i):
    return len(repr(Logged(i)))


def log_outer(i):
    return log_inner(i) * 2


def log_loop():
    t = 0
    for i in range(N):
        t += log_outer(i)
    return t


print(log_loop())
for line in stream.getvalue().splitlines():
    count(("log", line))


def stack_key(x):
    names = [fi.function for fi in inspect.stack()[1:4]]
    count(("inspect", tuple(names)))
    summary = traceback.extract_stack(limit=4)[:-1]
    count(("extract", tuple((fs.name, fs.lineno) for fs in summary)))
    return x


def s3(i):
    return min(map(stack_key, (i, i + 1)))


def s2(i):
    return s3(i) + 1


def s1(i):
    return s2(i) + 1


def stack_loop():
    t = 0
    for i in range(N):
        t += s1(i)
    return t


print(stack_loop())
for k in sorted(counts, key=repr):
    print(k, counts[k])
