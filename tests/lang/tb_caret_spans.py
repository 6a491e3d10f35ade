# tpy-test: strict-stderr
# Which source spans CPython 3.11 marks under a traceback's source line:
# nothing when the failing instruction covers the whole stripped line
# (trailing blanks count: the line is printed with them), '^' under a
# statement's span for imports, for and with headers, assert (at the last
# comparison of its test), '~~^~~' for binary operations, where 3.11.2
# takes the first character after the left operand as the operator, even
# a closing parenthesis.
import sys

def report():
    sys.excepthook(*sys.exc_info())

try:
    import nosuchmod_a
except ImportError:
    report()
try:
    import sys, nosuchmod_b as m
except ImportError:
    report()
try:
    import nosuchmod_c  # a comment: the line is longer than the statement
except ImportError:
    report()
try:
    import nosuchmod_d   
except ImportError:
    report()
try:
    from nosuchmod_e import (a,
                             b)
except ImportError:
    report()
try:
    for i in 5: pass
except TypeError:
    report()
try:
    for i in 5:
        pass
except TypeError:
    report()
try:
    with 5: pass
except TypeError:
    report()
try:
    with open(__file__) as f, 5:
        pass
except TypeError:
    report()
x, y, z = 3, 1, 0
for test in range(7):
    try:
        if test == 0: assert x < y, "msg"
        if test == 1: assert not (y < x)
        if test == 2: assert z and y < x
        if test == 3: assert (z if y < x else z)
        if test == 4: assert y < x < z
        if test == 5: assert z
        if test == 6: assert (x <
                              y)
    except AssertionError:
        report()
for expr in range(4):
    try:
        if expr == 0: q = (1) / 0
        if expr == 1: q = (x)//z
        if expr == 2: q = ((x) % z)
        if expr == 3: q = [x][z + 1]
    except (ZeroDivisionError, IndexError):
        report()
try:
    q = 1 / z   
except ZeroDivisionError:
    report()
