# Recursive calls made from inside a hot loop.
def depth_sum(n):
    if n <= 0:
        return 0
    return n + depth_sum(n - 1)

def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)

total = 0
for i in range(10000):
    total += depth_sum(i % 30)
    total += gcd(i, 360)
print(total)

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
s = 0
for i in range(2000):
    s += fib(i % 15)
print(s)
