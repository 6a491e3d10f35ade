# frame attributes: f_lasti, f_trace, f_trace_lines, f_trace_opcodes, clear()
import sys

def offsets_ok(frame):
    co = frame.f_code
    lasti = frame.f_lasti
    inside = 0 <= lasti < len(co.co_code) and lasti % 2 == 0
    # the line of the range holding f_lasti is f_lineno
    line = None
    for s, e, l in co.co_lines():
        if s <= lasti < e:
            line = l
    return inside, line == frame.f_lineno

def f(x):
    fr = sys._getframe()
    return fr, offsets_ok(fr), offsets_ok(fr.f_back)

fr, a, b = f(1)
print(a, b, type(fr.f_lasti).__name__)
print(fr.f_trace, fr.f_trace_lines, fr.f_trace_opcodes)
fr.f_trace = print
print(fr.f_trace is print)
fr.f_trace_lines = False
fr.f_trace_opcodes = True
print(fr.f_trace_lines, fr.f_trace_opcodes)
fr.f_trace = None
print(fr.f_trace)

# clear(): a running frame cannot be cleared
me = sys._getframe()
try:
    me.clear()
except RuntimeError as e:
    print("RuntimeError", e)
def caller():
    inner = sys._getframe()
    try:
        inner.f_back.clear()
    except RuntimeError as e:
        print("RuntimeError", e)
caller()

# a finished frame: its locals go
def finished(n):
    secret = [n]
    return sys._getframe()
frame = finished(5)
print(frame.f_code.co_name, sorted(frame.f_locals))
print(offsets_ok(frame))
print(frame.clear())
print(frame.f_locals)
frame.clear()

# in a hot loop
def probe(i):
    fr = sys._getframe(1)
    return offsets_ok(fr) == (True, True) and fr.f_lasti >= 0

def hot():
    good = 0
    for i in range(5000):
        if probe(i):
            good += 1
        fr = sys._getframe()
        if fr.f_trace is None and fr.f_trace_lines and not fr.f_trace_opcodes:
            good += 1
    return good
print(hot())
