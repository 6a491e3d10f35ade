# sys.setrecursionlimit with moderate values.
import sys

def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)

sys.setrecursionlimit(3000)
print(sys.getrecursionlimit())
print(depth(2500))

sys.setrecursionlimit(200)
print(sys.getrecursionlimit())
try:
    depth(1000)
except RecursionError:
    print('RecursionError caught')
print(depth(100))
sys.setrecursionlimit(1000)
print(depth(900))
