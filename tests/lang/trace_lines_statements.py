# Line events (sys.settrace) as CPython 3.11 reports them: a bare constant
# statement has its line, `while 1:` its line at each iteration, a handler's
# cleanup none of its own.
import sys

def events(func):
    out = []
    first = func.__code__.co_firstlineno
    def trace(frame, event, arg):
        if frame.f_code is func.__code__:
            out.append((frame.f_lineno - first, event))
        return trace
    sys.settrace(trace)
    try:
        func()
    except Exception:
        pass
    finally:
        sys.settrace(None)
    return out

def try_no_exception():
    try:
        2
    except:
        4
    else:
        6
        if False:
            8
        else:
            10
        if try_no_exception.__name__ == 'Fred':
            12
    finally:
        14

def tightloop():
    items = range(0, 3)
    try:
        i = 0
        while 1:
            b = items[i]; i+=1
    except IndexError:
        pass

def exception_in_else():
    try:
        try:
            3
        except:
            5
        else:
            7
            raise Exception
        finally:
            10
    except:
        12
    finally:
        14

def consts_only():
    1
    "not a docstring"
    (3, 4)
    return 4

for f in (try_no_exception, tightloop, exception_in_else, consts_only):
    print(f.__name__, events(f))

def break_to_continue():
    TRUE = 1
    x = [1]
    while x:
        x.pop()
        while TRUE:
            break
        continue

def for_loop():
    total = 0
    for i in range(2):
        total += i
    for j in range(2):
        if j:
            continue
        total -= j
    return total

for f in (break_to_continue, for_loop):
    print(f.__name__, events(f))

def return_through_finally():
    try:
        return 2
    finally:
        4

def break_through_finally():
    a, c, d, i = 1, 1, 1, 99
    try:
        for i in range(3):
            try:
                a = 5
                if i > 0:
                    break                   # line 7
                a = 8
            finally:
                c = 10
    except:
        d = 12                              # line 12
    assert a == 5 and c == 10 and d == 1    # line 13

class NullCtx:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False

def early_exit_with():
    for i in range(2):
        with NullCtx():
            if i:
                return i
            continue

for f in (return_through_finally, break_through_finally, early_exit_with):
    print(f.__name__, events(f))
