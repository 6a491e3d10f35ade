class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print('enter', self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print('exit', self.name, et.__name__ if et else None, ev, tb is not None)
        return self.suppress

with CM('a') as v:
    print('body', v)
with CM('b', suppress=True):
    raise ValueError('swallowed')
print('after b')
try:
    with CM('c'):
        raise KeyError('passes')
except KeyError as e:
    print('caught', repr(e))
with CM('x') as x, CM('y') as y:
    print('multi', x, y)
with CM('outer'):
    with CM('inner', True):
        1 / 0
    print('between')
def ret():
    with CM('r'):
        return 'returned'
print(ret())
for i in range(2):
    with CM('loop%d' % i):
        if i == 0:
            continue
        break
class NoExit:
    def __enter__(self): return self
try:
    with NoExit():
        pass
except (AttributeError, TypeError) as e:
    print(type(e).__name__, e)
with CM('t') as (tgt):
    pass
class Pair:
    def __enter__(self): return (1, 2)
    def __exit__(self, *a): pass
with Pair() as (p, q):
    print(p, q)
