# sys.settrace() called from code the JIT is recording or running: every
# call made after it returns must send its trace events.  tpy lost them in
# two ways: the interpreter loop that was recording when settrace() aborted
# the recording went back to the plain dispatch (not the tracing one), so
# the function called next ran with no 'call' or 'line' event (found by
# CPython's test_sys_settrace, JumpTestCase, in the eager mode); and
# compiled code still running after settrace() went on into inlined callees.
import sys

events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name == "work":
        events.append((event, frame.f_lineno - work.__code__.co_firstlineno))
    return tracer


def work(x):
    y = x + 1
    return y * 2


def traced_call(x):
    sys.settrace(tracer)
    r = work(x)
    sys.settrace(None)
    return r


# a function called often enough to be recorded (and compiled) while it
# turns tracing on and off around its call of work()
counts = set()
for i in range(3000):
    del events[:]
    traced_call(i)
    counts.add(tuple(events))
print(sorted(counts))


# the same from a loop body: the loop is recorded in the iteration that
# turns tracing on
def loop(n):
    seen = set()
    total = 0
    for i in range(n):
        del events[:]
        sys.settrace(tracer)
        total += work(i)
        sys.settrace(None)
        seen.add(len(events))
    return total, sorted(seen)


print(loop(3000))


# compiled code running when tracing starts, then calling an inlined function
def hot(n, start_at):
    total = 0
    for i in range(n):
        if i == start_at:
            sys.settrace(tracer)
        total += work(i)
    sys.settrace(None)
    return total


del events[:]
print(hot(3000, 2500), len(events), events[:4])


# the case CPython's test_sys_settrace found: JumpTestCase's helper that
# calls sys.settrace() was being recorded (eager mode) when it did so, and
# the test function it called next ran with no events (so no jump)
import io
import unittest
from test import test_sys_settrace

suite = unittest.TestSuite(
    [test_sys_settrace.JumpTestCase(name) for name in ("test_jump_across_with", "test_jump_simple_forwards")])
result = unittest.TextTestRunner(stream=io.StringIO()).run(suite)
print(result.testsRun, len(result.failures), len(result.errors))
