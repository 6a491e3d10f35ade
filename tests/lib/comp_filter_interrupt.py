# A comprehension whose `if` rejects every item loops through its
# conditional backward jump only: that jump must be a safe point, where
# signal handlers run (Ctrl-C), as CPython's POP_JUMP_BACKWARD_IF_FALSE is.
# It used to run forever here. Also while-loops and generator expressions
# of the same shape, and the values when some items pass.
import itertools
import signal


class Stop(Exception):
    pass


def handler(signum, frame):
    raise Stop


signal.signal(signal.SIGALRM, handler)


def interrupted(label, fn):
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    try:
        fn()
        print(label, 'finished')
    except Stop:
        print(label, 'interrupted')
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


interrupted('listcomp', lambda: [x for x in itertools.count() if x < 0])
interrupted('setcomp', lambda: {x for x in itertools.count() if not x >= 0})
interrupted('dictcomp', lambda: {x: x for x in itertools.count() if x < 0 if x})
interrupted('genexp', lambda: sum(x for x in itertools.count() if x < 0))
interrupted('nested', lambda: [x for y in itertools.count() for x in (y, -y) if x < 0 and x > 0])

# the values through the same jumps, with items kept now and then
print([x for x in range(50) if x % 7 == 3])
print(sorted({x % 11 for x in range(300) if x % 13 == 1 if x % 2}))
print({x: x * x for x in range(40) if x % 9 == 0})
print(sum(x for x in range(3000) if not x % 17))
print([(a, b) for a in range(6) if a % 2 for b in range(a) if (a + b) % 3 == 0])
