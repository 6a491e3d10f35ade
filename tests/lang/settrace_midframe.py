# Tracing turned on in the middle of a frame (as pdb.set_trace() does: it
# sets f_trace on the frames up the stack): the rest of the current line
# gets no 'line' event, the next lines and the return do.
import sys

events = []

def tracer(frame, event, arg):
    if frame.f_code.co_name in ("f", "g"):
        events.append((frame.f_code.co_name, event, frame.f_lineno - frame.f_code.co_firstlineno))
    return tracer

def start():
    sys.settrace(tracer)
    sys._getframe(1).f_trace = tracer

def f():
    x = 1
    start(); z = 3
    y = 2
    return y + x + z

def g():
    start()

f()
sys.settrace(None)
print(events)
events.clear()
g()
sys.settrace(None)
print(events)
