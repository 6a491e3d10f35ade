# The line a frame shows (tb_frame.f_lineno) when an exception leaves it
# through a handler that re-raises: the line that raised or the last line
# the handler ran, never the cleanup code's (PEP 626); and other details of
# raising and catching.
def lines_after_raise(f):
    try:
        f()
    except Exception as ex:
        t = ex.__traceback__.tb_next
    out = []
    while t:
        fr = t.tb_frame
        out.append(None if fr.f_lineno is None else fr.f_lineno - fr.f_code.co_firstlineno)
        t = t.tb_next
    return tuple(out)

def simple():
    1/0
    pass

def in_except():
    try:
        1/0
    except:
        1/0
        pass

def other_except():
    try:
        1/0
    except TypeError as ex:
        pass

def two_others():
    try:
        1/0
    except TypeError:
        pass
    except (KeyError,
            IndexError):
        pass

def in_named_except():
    try:
        1/0
    except Exception as ex:
        1/0
        pass

def in_try():
    try:
        1/0
    finally:
        pass

def in_finally_nested():
    try:
        1/0
    finally:
        if True:
            x = 1
        y = 2

def in_finally_except():
    try:
        1/0
    finally:
        1/0
        pass

def in_with():
    class CM:
        def __enter__(self): return self
        def __exit__(self, *a): return False
    with CM():
        1/0
        pass

def deep():
    other_except()

for f in (simple, in_except, other_except, two_others, in_named_except, in_try, in_finally_nested,
          in_finally_except, in_with, deep):
    print(f.__name__, lines_after_raise(f))

# a tuple of exception types is checked whole before anything matches
for clause in ((ValueError, 42), (42, ValueError), 42):
    try:
        try:
            raise ValueError
        except clause:
            print("matched", clause)
    except TypeError as e:
        print("TypeError:", e)

# SyntaxError(msg, details): details is a sequence of 4 or 6 items
for details in [("f", 1, 2), ("f", 1, 2, 4, 5, 6, 7), ("f", 1, 2, "t", 1), 5, ["f", 1, 2, "t"],
                ("f", 1, 2, "t", 3, 4)]:
    try:
        e = SyntaxError("m", details)
        print(e.filename, e.lineno, e.offset, e.text, e.end_lineno, e.end_offset, e.args)
    except TypeError as x:
        print("TypeError:", x)
