# RecursionError caught repeatedly inside a loop; the interpreter keeps working.
import sys
sys.setrecursionlimit(500)

def infinite(n):
    return infinite(n + 1) + 1

def finite(n):
    if n == 0:
        return 0
    return finite(n - 1) + 1

caught = 0
total = 0
for i in range(20):
    try:
        infinite(0)
    except RecursionError:
        caught += 1
    total += finite(400)
print(caught, total)
for i in range(5000):
    total += finite(i % 50)
print(total)
