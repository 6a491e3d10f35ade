# Unbounded recursion raises RecursionError, which can be caught.
def forever(n):
    return forever(n + 1)

try:
    forever(0)
except RecursionError:
    print('RecursionError caught')

def forever_method_like(x):
    return 1 + forever_method_like(x)

try:
    forever_method_like(0)
except RuntimeError as e:
    print('caught as RuntimeError:', type(e).__name__)

def ping(n):
    return pong(n + 1)

def pong(n):
    return ping(n + 1)

try:
    ping(0)
except RecursionError as e:
    print('mutual recursion:', type(e).__name__)
    msg = str(e)
    print(msg.startswith('maximum recursion depth exceeded'))

# The interpreter still works after recovering.
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)

print(depth(500))
