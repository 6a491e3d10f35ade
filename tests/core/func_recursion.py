# Recursive functions.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))

def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    result = []
    for r in rest:
        result.append(r)
        result.append([items[0]] + r)
    return result

def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)

def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)

def flatten(x):
    if not isinstance(x, list):
        return [x]
    out = []
    for item in x:
        out.extend(flatten(item))
    return out

for i in range(15):
    print(fib(i), end=' ')
print()
print(ack(2, 3), ack(3, 3), ack(1, 5))
print(fact(20), fact(30))
print(sorted(power_set([1, 2, 3])))
print(is_even(10), is_odd(7), is_even(7))
print(flatten([1, [2, [3, [4, [5]]]], 6, [[7]]]))
