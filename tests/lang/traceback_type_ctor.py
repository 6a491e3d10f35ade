# types.TracebackType(tb_next, tb_frame, tb_lasti, tb_lineno): argument
# checks, the values given back, tb_next's cycle check, and tb_frame being
# the running frame's own object.
import sys
import types


def raiser():
    raise ValueError


def get_tb():
    try:
        raiser()
    except ValueError as e:
        return e.__traceback__


def show(f, *a, **k):
    try:
        r = f(*a, **k)
    except Exception as e:
        print(type(e).__name__, e)
    else:
        print("ok", type(r).__name__)
        return r


f = sys._getframe()
other = get_tb()
show(types.TracebackType, "no", f, 1, 2)
show(types.TracebackType, None, "no", 1, 2)
show(types.TracebackType, None, f, "no", 2)
show(types.TracebackType, None, f, 1, "x")
show(types.TracebackType, None, f, 2**40, 1)
show(types.TracebackType, None, f, True, 1.5)
show(types.TracebackType, None, f, 1)
tb = show(types.TracebackType, tb_next=other, tb_frame=f, tb_lasti=7, tb_lineno=-3)
print(tb.tb_next is other, tb.tb_frame is f, tb.tb_lasti, tb.tb_lineno)
tb = types.TracebackType(None, f, 1, 2)
print(tb.tb_next, tb.tb_lasti, tb.tb_lineno)


def attrs():
    try:
        raiser()
    except Exception as exc:
        tb = exc.__traceback__
    print(type(tb.tb_next).__name__, tb.tb_frame is sys._getframe())
    print(type(tb.tb_lasti).__name__, tb.tb_lineno - attrs.__code__.co_firstlineno)
    print(tb.tb_next.tb_next)
    show(delattr, tb, "tb_next")
    show(setattr, tb, "tb_next", "asdf")
    show(setattr, tb, "tb_next", tb)
    show(setattr, tb.tb_next, "tb_next", tb)
    tb.tb_next = None
    print(tb.tb_next)
    new = get_tb()
    tb.tb_next = new
    print(tb.tb_next is new)


attrs()
# a frame that has returned: tb_frame still gives its code
tb = get_tb()
print(tb.tb_frame.f_code.co_name, tb.tb_next.tb_frame.f_code.co_name)
# tb_frame, tb_lasti and tb_lineno are read-only members; tb_next a getset
for name in ("tb_frame", "tb_lasti", "tb_lineno", "tb_next"):
    print(name, type(types.TracebackType.__dict__[name]).__name__)
    show(setattr, tb, name, 3) if name != "tb_next" else None
