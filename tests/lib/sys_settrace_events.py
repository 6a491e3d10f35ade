# sys.settrace: call/line/return/exception events with the frame objects
# and line numbers CPython gives (a function without try:/pass lines: tpy
# compiles no instruction for those, so it sends them no line event).
import sys
events = []
def tracer(frame, event, arg):
    events.append((event, frame.f_code.co_name, frame.f_lineno, arg if event == 'return' else None))
    return tracer
def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
def g():
    try: raise ValueError("x")
    except ValueError:
        x = 1
    return f(2)
def gen():
    yield 1
    yield 2
sys.settrace(tracer)
g()
list(gen())
sys.settrace(None)
for e in events: print(e)
print(sys.gettrace())
