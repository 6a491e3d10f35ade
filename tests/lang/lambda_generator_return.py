# A lambda that is a generator returns its body's value (StopIteration.value),
# like the equivalent function.
f = lambda: (yield 1)
def g(): return (yield 1)
f2 = lambda: (yield from g())
def g2(): return (yield from g())
f3 = lambda: (yield from f())
for gen_fun in (f, g, f2, g2, f3):
    gen = gen_fun()
    first = next(gen)
    try:
        gen.send(2)
    except StopIteration as e:
        print(first, e.value)
print(list((lambda: (yield from range(3)))()))
