# yield from a class iterator: its StopIteration's value is the result;
# close() reports a failing lookup of the delegate's close and goes on.
import sys

class MyIter:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n:
            self.n -= 1
            return self.n
        raise StopIteration(42)

def gen(n):
    ret = yield from MyIter(n)
    print("ret", ret)
    return ret * 2

print(list(gen(0)), list(gen(3)))
g = gen(1)
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", e.value)

class NotIter:
    def __iter__(self):
        return self
def bad():
    yield from NotIter()
try:
    list(bad())
except TypeError as e:
    print("TypeError:", e)

class Broken:
    def __iter__(self):
        return self
    def __next__(self):
        return 1
    def __getattr__(self, attr):
        1/0

def g2():
    try:
        yield from Broken()
    finally:
        print("finally runs")

gi = g2()
print(next(gi))
try:
    gi.send(1)
except ZeroDivisionError as e:
    print("send ZeroDivisionError")
gt = g2()
next(gt)
try:
    gt.throw(AttributeError)
except ZeroDivisionError:
    print("throw ZeroDivisionError", gt.gi_suspended)
seen = []
sys.unraisablehook = lambda u: seen.append((u.exc_type.__name__, type(u.object).__name__))
gi = g2()
next(gi)
print(gi.close(), gi.gi_suspended)
print(seen)
print(gt.close(), gt.gi_suspended)
print(seen)

class CloseFails(MyIter):
    def close(self):
        raise ValueError("close failed")
def g3():
    try:
        yield from CloseFails(5)
    except ValueError as e:
        print("caught in generator:", e)
        raise
gi = g3()
next(gi)
try:
    gi.close()
except ValueError as e:
    print("close raised", e)
