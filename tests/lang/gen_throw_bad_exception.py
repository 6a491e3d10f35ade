# throw() with a class whose __new__ returns something that is not an
# exception: the TypeError goes into the generator (a crash before)
class E(Exception):
    def __new__(cls, *args, **kwargs):
        return cls
def boring():
    yield
g = boring()
try:
    g.throw(E)
except TypeError as e:
    print("TypeError", e)
try:
    next(g)
except StopIteration:
    print("StopIteration")
def catching():
    try:
        yield
    except TypeError as e:
        print("caught inside:", e)
g = catching()
next(g)
try:
    g.throw(E)
except StopIteration:
    print("StopIteration")
for bad in [(1,), (ValueError(), 2), (ValueError, None, 5)]:
    g = boring()
    try:
        g.throw(*bad)
    except TypeError as e:
        print("TypeError", e)
