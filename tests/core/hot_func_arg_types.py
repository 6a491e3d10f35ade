# A function called with ints, then floats, then strings, then lists.
def combine(a, b):
    return a + b

r_int = 0
r_float = 0.0
r_str = ''
r_list = []
for i in range(20000):
    phase = i // 5000
    if phase == 0:
        r_int = combine(r_int, i) % 1000003
    elif phase == 1:
        r_float = combine(r_float, i / 8)
    elif phase == 2:
        if i % 500 == 0:
            r_str = combine(r_str, str(i % 10))
    else:
        if i % 1000 == 0:
            r_list = combine(r_list, [i])
print(r_int, r_float, r_str, r_list)

def kw(a, b=1, *rest, c=0, **more):
    return a + b + c + len(rest) + len(more)
t = 0
for i in range(20000):
    if i < 5000:
        t += kw(i)
    elif i < 10000:
        t += kw(i, 2, c=3)
    elif i < 15000:
        t += kw(i, 1, 2, 3, 4)
    else:
        t += kw(i, c=1, d=2, e=3)
print(t)
