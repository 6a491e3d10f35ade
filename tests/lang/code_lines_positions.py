# Line numbers and positions the compiler records, as CPython 3.11's: an
# attribute spanning lines is located at its name, a discarded call's result
# has no line of its own, the implicit return takes the last instruction's
# position, a finished frame reports the line it returned from; code
# objects compare equal when they do the same thing.
import sys

class Box:
    pass
box = Box()

def load():
    return (
        box.
        missing
    )
def store():
    (
        None.
        attr
    ) = 1
def call():
    (
        print()
    )
for f in (load, store):
    try:
        f()
    except AttributeError as e:
        tb = e.__traceback__.tb_next
        print(f.__name__, type(e).__name__, tb.tb_lineno - f.__code__.co_firstlineno)
first = call.__code__.co_firstlineno
print("line 1 in call:", first + 1 in [line for (_, _, line) in call.__code__.co_lines()])

def weird():
    files().setdefault(
        0
    ).setdefault(
        0
    )
print("positions without columns:", [p for p in weird.__code__.co_positions() if None in p])

TRUE = True
def if1(x):
    x()
    if TRUE:
        pass
def if2(x):
    x()
    if TRUE:
        pass
    else:
        return None
def if4(x):
    x()
    if not TRUE:
        pass
frame = None
def save_caller_frame():
    global frame
    frame = sys._getframe(1)
for func in (if1, if2, if4):
    func(save_caller_frame)
    print(func.__name__, frame.f_lineno - frame.f_code.co_firstlineno)

a = compile("x = 1", "one.py", "exec")
b = compile("x = 1", "two.py", "exec")
c = compile("x = 2", "one.py", "exec")
d = compile("x = 1\n", "one.py", "exec", dont_inherit=True)
print(a == b, hash(a) == hash(b), a == c, a != c, a == d, {a: "first"}[b], a == 1)
g1, g2 = (lambda: 1), (lambda: 1)
print(g1.__code__ == g2.__code__, (lambda: 1.0).__code__ == g1.__code__, (lambda: True).__code__ == g1.__code__)

import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for name in (bytearray(b"file.py"), memoryview(b"file.py")):
        print(compile("pass", name, "exec").co_filename, w[-1].category.__name__, w[-1].message)
print(compile("pass", b"file.py", "exec").co_filename)
try:
    compile("pass", list(b"file.py"), "exec")
except TypeError as e:
    print("TypeError", e)
