# A function's locals(), and frame.f_locals, are one dict per frame (as
# CPython's): updated at each call, so that keys a debugger adds stay.
import sys

def f():
    d = locals()
    x = 1
    locals()
    print('x' in d, d is locals())
    del x
    print('x' in locals(), 'd' in d)
    d['extra'] = 5
    print(sorted(locals()))
f()

def g():
    a = 1
    b = 2
    c = a
    return c
def tracer(frame, event, arg):
    if frame.f_code is g.__code__:
        rel = frame.f_lineno - g.__code__.co_firstlineno
        if event == 'line' and rel == 2:
            frame.f_locals['a'] = 40
        if event == 'return':
            frame.f_locals['__return__'] = arg
        print(event, rel, dict(frame.f_locals))
    return tracer
sys.settrace(tracer)
print(g())
sys.settrace(None)

def h():
    x = 1
    return sys._getframe()
fr = h()
print(fr.f_locals, fr.f_locals is fr.f_locals)
