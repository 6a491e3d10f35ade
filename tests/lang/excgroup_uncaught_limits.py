# tpy-test: strict-stderr
# The printer's limits: 15 members per group ("and N more exceptions")
# and 10 levels of nesting ("... (max_group_depth is 10)"), printed
# through sys.excepthook and for the uncaught exception.
import sys

def report(exc):
    sys.excepthook(type(exc), exc, exc.__traceback__)

report(ExceptionGroup('wide', [ValueError(i) for i in range(17)]))
report(ExceptionGroup('sixteen', [ValueError(i) for i in range(16)]))
report(ExceptionGroup('fifteen', [KeyError(i) for i in range(15)]))

def deep(n):
    if n == 0:
        return ValueError('leaf')
    return ExceptionGroup('level %d' % n, [deep(n - 1), KeyError(n)])

def fail():
    raise deep(12)

report(BaseExceptionGroup('base', [KeyboardInterrupt(), SystemExit(3)]))
fail()
