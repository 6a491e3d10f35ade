# sys.exit deep inside calls, with a status of 0 and False/True values.
import sys
def work(n):
    if n == 3:
        print('done at', n)
        sys.exit(0)
    print('working', n)
    work(n + 1)

try:
    sys.exit(False)
except SystemExit as e:
    print('False code', repr(e.code))
work(0)
