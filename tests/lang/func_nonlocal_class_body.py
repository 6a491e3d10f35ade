def f():
    x = 'f'
    class A:
        nonlocal x
        x = 'from class body'
        seen = x
    return x, A.seen, hasattr(A, 'x')
print(f())
def g():
    n = 0
    class B:
        nonlocal n
        for _ in range(3):
            n += 1
    return n
print(g())
x = 'global'
class C:
    global x
    x = 'from class C'
print(x, hasattr(C, 'x'))
