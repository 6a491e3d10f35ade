# Line events of a match statement: `case _:` has its own line, as CPython's
import sys

def trace_lines(func, *args):
    lines = []
    def trace(frame, event, arg):
        if event == "line" and frame.f_code is func.__code__:
            lines.append(frame.f_lineno - func.__code__.co_firstlineno)
        return trace
    sys.settrace(trace)
    try:
        func(*args)
    finally:
        sys.settrace(None)
    return lines

def f(command):
    match command.split():
        case ["go", direction] if direction in "nesw":
            return f"go {direction}"
        case ["go", _]:
            return "no go"
        case _:
            return "default"

def g(x):
    match x:
        case 1:
            y = "one"
        case _ if x > 5:
            y = "big"
    return y if x == 1 or x > 5 else None

for arg in ("go n", "go x", "spam"):
    print(f(arg), trace_lines(f, arg))
for arg in (1, 7, 3):
    print(g(arg), trace_lines(g, arg))
