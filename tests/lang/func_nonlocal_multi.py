def f():
    a = 1
    b = 2
    def g():
        nonlocal a, b
        a, b = b, a
        a += 100
    g()
    return a, b
print(f())

def fib_gen_state():
    a, b = 0, 1
    def step():
        nonlocal a, b
        a, b = b, a + b
        return a
    return [step() for _ in range(10)]
print(fib_gen_state())

def loop_nonlocal():
    total = 0
    def add_all(xs):
        nonlocal total
        for x in xs:
            total += x
    add_all(range(10))
    add_all([100])
    return total
print(loop_nonlocal())
