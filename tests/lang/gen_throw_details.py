# generator.throw(): argument normalization, the traceback of a throw into a
# generator that never started, and the frames a delegated throw runs under.
import sys

def catcher():
    while True:
        try:
            yield
        except Exception as e:
            print("caught", type(e).__name__, e.args)

g = catcher(); next(g)
g.throw(ValueError, ValueError(1))
g.throw(ValueError, TypeError(1))       # not an instance of the type: rewrapped
g.throw(ValueError, (1, 2))
g.throw(ValueError, None)
g.throw(ValueError, ValueError(3), None)
class MyErr(ValueError): pass
g.throw(ValueError, MyErr(4))           # a subclass instance is thrown as is
for bad in [(ValueError(1), "foo"), (ValueError, "foo", 23), ("abc",), (0,), (list,)]:
    try:
        g.throw(*bad)
    except TypeError as e:
        print("TypeError:", e)

def f():
    try:
        yield
    except:
        raise
g = f()
try:
    1/0
except ZeroDivisionError as v:
    try:
        g.throw(v)
    except Exception as w:
        tb = w.__traceback__
levels = []
while tb:
    levels.append((tb.tb_frame.f_code.co_name, tb.tb_lineno - f.__code__.co_firstlineno))
    tb = tb.tb_next
print(len(levels), [name for name, _ in levels], levels[1][1])

def names(frame):
    out = []
    while frame and frame.f_code.co_name in ("inner", "outer"):
        out.append(frame.f_code.co_name)
        frame = frame.f_back
    return out

def inner():
    print("inner start", names(sys._getframe()))
    try:
        yield
    except RuntimeError:
        print("inner caught", names(sys._getframe()))
    yield

def outer():
    print("outer", names(sys._getframe()))
    yield from inner()

o = outer()
next(o)
o.throw(RuntimeError)
print("running after throw:", o.gi_running)
