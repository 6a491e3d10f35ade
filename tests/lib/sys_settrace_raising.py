# A trace function that raises is removed (as CPython); a hot loop that
# installs one again each time is never compiled (settrace reads the frames).
import sys
def trace(frame, event, arg):
    if event == 'exception':
        raise ValueError
    return trace
def f():
    x = 0
    return 1/x
n = 0
for i in range(1200):
    sys.settrace(trace)
    try:
        f()
    except ValueError:
        n += 1
    except ZeroDivisionError:
        print("zde at", i); break
print(n, sys.gettrace())
