# Nested function definitions that do not capture outer variables,
# functions as values, and function attributes.
def outer(x):
    def helper(y):
        return y * 2
    return helper(x) + 1

print(outer(5))

def apply(f, values):
    out = []
    for v in values:
        out.append(f(v))
    return out

def square(n):
    return n * n

print(apply(square, [1, 2, 3]))
print(apply(str, [1, 2, 3]))
print(apply(abs, [-1, 2, -3]))

ops = {'sq': square, 'neg': outer}
print(ops['sq'](7), ops['neg'](1))

def make_adder_table():
    def add1(v):
        return v + 1
    def add2(v):
        return v + 2
    return [add1, add2]

for fn in make_adder_table():
    print(fn.__name__, fn(10))

f = square
print(f is square, f(9), callable(f))

def doc():
    "A docstring."
    return 1

print(doc.__doc__, doc())
