# frame.f_lineno = N from a trace function's 'line' event (a debugger's
# jump), its checks and messages; 'pass' and 'try:' lines are traced.
import sys

def run(func, jump_from, jump_to, event='line'):
    first = func.__code__.co_firstlineno
    out = []
    def tracer(frame, ev, arg):
        if frame.f_code is not func.__code__:
            return None
        if ev == event and frame.f_lineno == first + jump_from:
            try:
                frame.f_lineno = first + jump_to
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
    print(func.__name__, jump_from, jump_to, out)

def forward(out):
    out.append(1)
    out.append(2)
    out.append(3)

def backward(out):
    out.append(1)
    out.append(2)
    if len(out) < 4:
        pass

def out_of_loop(out):
    for i in range(3):
        out.append(i)
    out.append('end')

def into_loop(out):
    out.append(1)
    for i in range(2):
        out.append(i)

def out_of_try(out):
    try:
        out.append(1)
        out.append(2)
    except ValueError:
        out.append(3)
    out.append(4)

def into_except(out):
    try:
        out.append(1)
    except ValueError:
        out.append(2)
    out.append(3)

def out_of_except(out):
    try:
        1/0
    except ZeroDivisionError:
        out.append(1)
        out.append(2)
    out.append(3)

def before_block(out):
    out.append(1)

def after_block(out):
    out.append(1)

run(forward, 1, 3)
run(backward, 4, 2)
run(out_of_loop, 2, 3)
run(into_loop, 1, 3)
run(out_of_try, 2, 6)
run(into_except, 2, 4)
run(out_of_except, 4, 6)
run(before_block, 1, -5)
run(after_block, 1, 50)
run(forward, 0, 2, event='call')

def trace_lines(func):
    first = func.__code__.co_firstlineno
    lines = []
    def tracer(frame, ev, arg):
        if frame.f_code is func.__code__ and ev == 'line':
            lines.append(frame.f_lineno - first)
        return tracer
    sys.settrace(tracer)
    func([])
    sys.settrace(None)
    print(func.__name__, lines)

def with_pass(out):
    try:
        pass
    except ValueError:
        pass
    for i in range(2):
        pass

trace_lines(with_pass)
trace_lines(out_of_try)

