# frame.f_lineno = N from a trace function: CPython 3.11's checks. A line
# after an endless loop or a return has no code (CPython drops unreachable
# code); an except block cannot be entered without an exception.
import sys

def jump(func, from_rel, to_rel):
    out = []
    first = func.__code__.co_firstlineno
    def tracer(frame, event, arg):
        if frame.f_code is func.__code__ and event == "line" and frame.f_lineno == first + from_rel:
            try:
                frame.f_lineno = first + to_rel
            except ValueError as e:
                out.append("ValueError: " + str(e))
        return tracer
    sys.settrace(tracer)
    try:
        func(out)
    except Exception as e:
        out.append(type(e).__name__)
    finally:
        sys.settrace(None)
    return out

def infinite(output):
    output.append(1)
    while True:
        output.append(3)
        if len(output) > 3: raise RuntimeError
    output.append(5)

def into_except(output):
    output.append(1)
    try:
        output.append(3)
    except:
        output.append(5)

def into_except_named(output):
    output.append(1)
    try:
        output.append(3)
    except Exception:
        output.append(5)

def over_return(output):
    try:
        output.append(2)
    finally:
        output.append(4)
        output.append(5)
        return
    output.append(7)

def forwards(output):
    output.append(1)
    output.append(2)
    output.append(3)

print(jump(infinite, 3, 5))
print(jump(into_except, 1, 5))
print(jump(into_except_named, 1, 5))
print(jump(over_return, 5, 7))
print(jump(forwards, 1, 3))
print(jump(forwards, 1, 9))
