# the pure-Python profile module (on sys.setprofile) beside cProfile, with
# a fake clock: the same program, the same statistics
import cProfile
import io
import profile
import pstats
import re

ticks = 0


def clock():
    global ticks
    ticks += 1
    return ticks


def leaf(i):
    return [i].copy()


def middle(n):
    return [leaf(i) for i in range(n)]


def top():
    out = []
    for n in range(4):
        out.extend(middle(n))
    try:
        int('bad')
    except ValueError:
        pass
    return len(out)


def report(prof):
    s = io.StringIO()
    st = pstats.Stats(prof, stream=s).strip_dirs().sort_stats('calls', 'name')
    st.print_stats()
    st.print_callers()
    for line in s.getvalue().splitlines():
        if line.strip() and 'function calls' not in line:
            print(re.sub(r' at 0x[0-9a-f]+', ' at 0x...', line.rstrip()))


for cls, unit in ((profile.Profile, None), (cProfile.Profile, 0.001)):
    ticks = 0
    print(cls.__module__)
    prof = cls(clock) if unit is None else cls(clock, unit)
    if cls is profile.Profile:
        prof.bias = 0
    print(prof.runcall(top))
    report(prof)
