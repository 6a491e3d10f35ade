# A generator keeps the exception it handles across a yield, even when the
# caller handled the same exception object when it resumed the generator.
import sys

def store_raise_exc_generator():
    try:
        print("start:", sys.exc_info()[0])
        yield
    except Exception as exc:
        print("handling:", sys.exc_info()[0].__name__, exc.__context__)
        yield
        print("after yield:", sys.exc_info()[0].__name__)
        yield
        raise

make = store_raise_exc_generator()
next(make)
try:
    raise ValueError("v")
except Exception as exc:
    try:
        make.throw(exc)
    except Exception:
        pass
next(make)
try:
    next(make)
except ValueError as e:
    print("re-raised:", repr(e), e.__context__)
print("outside:", sys.exc_info())

# the caller's exception shows through while the generator handles none
def show():
    while True:
        yield sys.exc_info()[0]

g = show()
print(next(g))
try:
    raise KeyError(1)
except KeyError:
    print(next(g))
print(next(g))

# an exception handled inside the generator and finished there is gone
def inner_done():
    try:
        raise TypeError("t")
    except TypeError:
        pass
    yield sys.exc_info()[0]
    try:
        raise OSError
    except OSError:
        yield sys.exc_info()[0]
    yield sys.exc_info()[0]

try:
    raise IndexError
except IndexError:
    print(list(inner_done()))

# nested generators: each level sees the nearest handled exception
def outer():
    try:
        raise LookupError("outer")
    except LookupError:
        yield from show_two()

def show_two():
    yield sys.exc_info()[1]
    try:
        raise ZeroDivisionError("inner")
    except ZeroDivisionError:
        yield sys.exc_info()[1]
    yield sys.exc_info()[1]

print([repr(x) for x in outer()])

# context chaining inside a generator uses the caller's exception
def raiser():
    yield
    raise RuntimeError("from gen")

r = raiser(); next(r)
try:
    try:
        raise AttributeError("caller")
    except AttributeError:
        next(r)
except RuntimeError as e:
    print("context:", repr(e.__context__))

# hot loop: the same in every JIT mode
def pinger():
    try:
        yield 0
    except ValueError as e:
        for i in range(300):
            yield sys.exc_info()[1] is e

total = 0
err = ValueError("hot")
p = pinger(); next(p)
try:
    raise err
except ValueError:
    p.throw(err)
for ok in p:
    total += ok
print("hot:", total)
