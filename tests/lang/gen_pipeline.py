lines = ['alpha 1', 'beta 22', '# comment', '', 'gamma 333', 'delta x']

def nonblank(ls):
    for l in ls:
        if l.strip():
            yield l

def nocomment(ls):
    for l in ls:
        if not l.startswith('#'):
            yield l

def parse(ls):
    for l in ls:
        name, val = l.split()
        try:
            yield name, int(val)
        except ValueError:
            yield name, None

def only_valid(pairs):
    return ((n, v) for n, v in pairs if v is not None)

pipeline = only_valid(parse(nocomment(nonblank(lines))))
print(list(pipeline))

def running_avg(xs):
    total = 0
    for i, x in enumerate(xs, 1):
        total += x
        yield total / i
print([round(v, 3) for v in running_avg([3, 1, 4, 1, 5, 9, 2, 6])])

def windows(xs, n):
    buf = []
    for x in xs:
        buf.append(x)
        if len(buf) > n:
            buf.pop(0)
        if len(buf) == n:
            yield tuple(buf)
print(list(windows(range(6), 3)))
def pairwise_zip(it):
    it = iter(it)
    return zip(it, it)
print(list(pairwise_zip(range(7))))
