# Evaluation order of arguments, operands, subscripts and assignments.
log = []
def v(x):
    log.append(x)
    return x

def f(a, b, c=None, d=None):
    return (a, b, c, d)

print(f(v(1), v(2), d=v(3), c=v(4)), log)
log = []
r = v(1) + v(2) * v(3)
print(r, log)
log = []
d = {}
d[v('key')] = v('value')
print(d, log)
log = []
lst = [v(1), v(2), v(3)]
print(lst[v(0)], log)
log = []
a = {v('k1'): v('v1'), v('k2'): v('v2')}
print(log)
log = []
x, y = v(10), v(20)
print(x, y, log)
log = []
def g(*args, **kwargs):
    return len(args) + len(kwargs)
print(g(*[v(1), v(2)], **{'z': v(3)}), log)
log = []
print(v('cond') if v('test') else v('other'), log)
log = []
print(v(1) < v(2) == v(2), log)
