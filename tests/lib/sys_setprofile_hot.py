# profiling hot code: the JIT stops while a profile function is set (every
# call is seen, even of functions compiled before) and resumes afterwards
import sys

counts = {}


def prof(frame, event, arg):
    key = (event, arg.__name__ if event.startswith('c_') else frame.f_code.co_name)
    counts[key] = counts.get(key, 0) + 1


def step(i):
    return (i * 7) % 13


def loop(n):
    t = 0
    for i in range(n):
        t += step(i) + abs(-i)
    return t


print(loop(20000))          # hot: compiled
sys.setprofile(prof)
print(loop(3000))
sys.setprofile(None)
print(sorted(counts.items()))
counts.clear()
print(loop(20000))          # compiled again

# a loop already hot sets the profile function halfway through
def switching(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            sys.setprofile(prof)
        t += step(i)
    sys.setprofile(None)
    return t


print(switching(10000))
print(sorted(counts.items()))
counts.clear()

# cProfile on code that was hot before
import cProfile
pr = cProfile.Profile()
pr.enable()
loop(5000)
pr.disable()
for e in sorted(pr.getstats(), key=lambda e: str(getattr(e.code, 'co_name', e.code))):
    print(getattr(e.code, 'co_name', e.code), e.callcount, e.reccallcount)
print(loop(20000))
