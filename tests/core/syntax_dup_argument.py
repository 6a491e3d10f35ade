def f(a, b, a):
    return a
print(f(1, 2, 3))
