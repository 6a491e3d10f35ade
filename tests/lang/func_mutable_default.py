def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
print(append_to.__defaults__)

def safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(safe(1), safe(2))

evals = []
def noisy(v):
    evals.append(v)
    return v
def d(a=noisy('a'), b=noisy('b')):
    return a + b
print(evals)
print(d(), d(), evals)

def counter(_state={'n': 0}):
    _state['n'] += 1
    return _state['n']
print(counter(), counter(), counter())
d.__defaults__ = ('X', 'Y')
print(d())
