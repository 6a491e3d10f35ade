log = []
class R:
    def __init__(self, n, fail_enter=False):
        self.n = n; self.fail_enter = fail_enter
    def __enter__(self):
        log.append('enter ' + self.n)
        if self.fail_enter:
            raise OSError('enter failed ' + self.n)
        return self.n
    def __exit__(self, et, ev, tb):
        log.append('exit %s %s' % (self.n, et.__name__ if et else '-'))
with R('a') as a, R('b') as b, R('c') as c:
    log.append('body ' + a + b + c)
print(log); log.clear()
try:
    with R('a'), R('b', fail_enter=True), R('c'):
        log.append('never')
except OSError as e:
    log.append('caught ' + str(e))
print(log); log.clear()
try:
    with R('x'):
        with R('y'):
            raise KeyError
except KeyError:
    log.append('outer caught')
print(log); log.clear()
def gen():
    with R('g'):
        yield 1
        yield 2
for v in gen():
    log.append(v)
print(log); log.clear()
g = gen(); next(g); g.close()
print(log); log.clear()
with (R('p1') as p, R('p2')):
    pass
print(log)
