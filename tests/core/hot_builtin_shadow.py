# A builtin shadowed by a global mid-loop, then the global removed again.
def my_len(x):
    return 42

total = 0
for i in range(30000):
    if i == 10000:
        len = my_len
    if i == 20000:
        del len
    total += len('abc')
print(total)

def abs_user(v):
    return abs(v)

s = 0
for i in range(20000):
    if i == 5000:
        abs = str
    if i == 6000:
        del abs
    r = abs_user(-i)
    if isinstance(r, str):
        s += len(r)
    else:
        s += r
print(s)
