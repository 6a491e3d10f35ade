# cProfile / _lsprof: call counts, recursion, callers and callees, builtins,
# the flags, clear(), custom timers (times come from a fake clock)
import _lsprof
import cProfile
import io
import pstats


def label(code):
    return code if isinstance(code, str) else '%s:%d' % (code.co_name, code.co_firstlineno)


def show(prof):
    rows = []
    for e in prof.getstats():
        subs = None
        if e.calls is not None:
            subs = sorted((label(s.code), s.callcount, s.reccallcount) for s in e.calls)
        rows.append((label(e.code), e.callcount, e.reccallcount, subs))
    for r in sorted(rows):
        print(' ', *r)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def work():
    out = []
    for i in range(6):
        out.append(fib(i))
    d = dict.fromkeys(out)
    return sorted(d, key=str), len(out)


def gen():
    yield 1
    yield 2


def with_gen():
    return list(gen()) + [x for x in gen()]


class C:
    def method(self):
        return [].copy()

    def smethod():
        return 'a'.upper()
    smethod = staticmethod(smethod)


print('defaults')
p = cProfile.Profile()
p.enable()
work()
with_gen()
C().method()
C.smethod()
p.disable()
show(p)

print('subcalls=False, builtins=False')
p = _lsprof.Profiler(subcalls=False, builtins=False)
p.enable()
work()
p.disable()
show(p)

print('enable(builtins=False) after enable()')
p = _lsprof.Profiler()
p.enable(builtins=False)
work()
p.disable()
p.enable()
fib(2)
p.disable()
show(p)

print('clear')
p.clear()
print(p.getstats())
p.enable()
fib(3)
p.clear()
fib(2)
p.disable()
show(p)

print('exceptions')
def raiser():
    raise KeyError


def catcher():
    for _ in range(3):
        try:
            raiser()
        except KeyError:
            pass
    try:
        int('x')
    except ValueError:
        pass
    try:
        {}.pop(1)
    except KeyError:
        pass


p = cProfile.Profile()
p.enable()
catcher()
p.disable()
show(p)

print('a fake clock in integer ticks (timeunit) and in seconds')
ticks = 0


def clock():
    global ticks
    ticks += 1
    return ticks


def fclock():
    return clock() * 0.5


def timed():
    return fib(3)


for timer, unit in ((clock, 0.25), (fclock, 0.0)):
    ticks = 0
    p = cProfile.Profile(timer, unit)
    p.enable()
    timed()
    p.disable()
    for e in sorted(p.getstats(), key=lambda e: label(e.code)):
        print(' ', label(e.code), e.callcount, e.reccallcount, e.totaltime, e.inlinetime)
        for s in sorted(e.calls or (), key=lambda s: label(s.code)):
            print('   ', label(s.code), s.callcount, s.reccallcount, s.totaltime, s.inlinetime)

print('pstats through cProfile.Profile')
ticks = 0
p = cProfile.Profile(clock, 0.001)
p.runcall(work)
s = io.StringIO()
st = pstats.Stats(p, stream=s).strip_dirs().sort_stats('calls', 'name')
st.print_stats()
print('\n'.join(l for l in s.getvalue().splitlines()[1:] if l.strip()))

print('context manager and getprofile')
import sys
with cProfile.Profile() as p:
    print(sys.getprofile() is p)
print(sys.getprofile())

print('types')
e = _lsprof.profiler_entry(('c', 1, 0, 0.5, 0.25, None))
print(type(e).__name__, type(e).__module__, e.code, e.callcount, e.reccallcount, e.totaltime, e.inlinetime, e.calls)
s = _lsprof.profiler_subentry(('c', 1, 0, 0.5, 0.25))
print(s, len(s), _lsprof.profiler_entry.n_fields)
print(_lsprof.Profiler.__module__, _lsprof.Profiler.__name__, issubclass(cProfile.Profile, _lsprof.Profiler))
for bad in [dict(timeunit='x'), dict(subcalls='y'), dict(nope=1), dict(subcalls=1.5)]:
    try:
        _lsprof.Profiler(**bad)
    except TypeError as e:
        print('TypeError', e)
try:
    _lsprof.Profiler().enable(1, 2, 3)
except TypeError as e:
    print('TypeError', e)
