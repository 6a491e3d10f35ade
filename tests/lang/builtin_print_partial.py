# print() converts and writes its arguments one by one, as CPython does:
# what comes before a failing str() or write() is already written.
import sys


class Bad:
    def __str__(self):
        raise RuntimeError("no str")


class Named:
    def __init__(self, n):
        self.n = n

    def __str__(self):
        return "<%s>" % self.n


try:
    print("a", 10 ** 5000)
except ValueError as e:
    print("|", type(e).__name__)

try:
    print("x", "y", 10 ** 5000, "z", sep="--", end="END\n")
except ValueError as e:
    print("|", type(e).__name__)

try:
    print(1, Named(2), Bad(), 4)
except RuntimeError as e:
    print("|", e)

try:
    print(Bad())
except RuntimeError as e:
    print("|", e)


class Writer:
    """Records each write; the k-th one raises."""

    def __init__(self, fail_at=-1):
        self.parts = []
        self.fail_at = fail_at
        self.flushes = 0

    def write(self, s):
        if len(self.parts) == self.fail_at:
            raise OSError("disk full at %d" % self.fail_at)
        self.parts.append(s)
        return 12345   # ignored

    def flush(self):
        self.flushes += 1


w = Writer()
print("a", 1, Named(3), 4.5, file=w)
print(file=w)
print("p", "q", sep=None, end=None, file=w)
print("p", "q", sep="", end="", file=w)
print("only", file=w, flush=True)
print("parts", w.parts, w.flushes)

for k in range(7):
    w = Writer(k)
    try:
        print("a", "b", "c", sep=", ", file=w, flush=True)
        print("no error", k, w.parts, w.flushes)
    except OSError as e:
        print("fail", k, e, w.parts, w.flushes)

w = Writer()
try:
    print("a", Bad(), "c", file=w)
except RuntimeError as e:
    print("bad arg", e, w.parts)


class NoWrite:
    pass


for args in [(), ("a",), ("a", Bad())]:
    try:
        print(*args, file=NoWrite())
    except AttributeError as e:
        print("AttributeError", e)


class BadBool:
    def __bool__(self):
        raise ZeroDivisionError("bool")


w = Writer()
try:
    print("a", file=w, flush=BadBool())
except ZeroDivisionError as e:
    print("flush", e, w.parts)
try:
    print("a", sep=3, file=w)
except TypeError as e:
    print("sep", e, w.parts)
try:
    print("a", end=b"x", file=w)
except TypeError as e:
    print("end", e, w.parts)


class Sub(str):
    pass


w = Writer()
print(Sub("s"), "t", sep=Sub("+"), file=w)
print("sub", w.parts, [type(p).__name__ for p in w.parts])

# hot: thousands of prints into a writer, then one failing part way
w = Writer()
for i in range(3000):
    print(i, i * 2, sep=":", end=";", file=w)
print("hot", len(w.parts), w.parts[:6], w.parts[-3:])
w = Writer(9000 + 2)
try:
    for i in range(5000):
        print(i, i * 2, sep=":", end=";", file=w)
except OSError as e:
    print("hot fail", e, len(w.parts), w.parts[-4:])

print("stdout", flush=True)
sys.stdout.write("partial ")
print("end", 10 ** 5000)
