def adder(n):
    def add(x):
        return x + n
    return add

add3 = adder(3)
add10 = adder(10)
print(add3(1), add10(1), add3(add10(0)))

def multiplier_table(k):
    fs = []
    for i in range(k):
        def m(x, i=i):
            return x * i
        fs.append(m)
    return fs
print([f(10) for f in multiplier_table(4)])

def compose(*fs):
    def run(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return run
print(compose(add3, add10, lambda v: v * 2)(5))
