# tpy-test: strict-stderr
# atexit: _run_exitfuncs, unregister (equality, holes), _clear, _ncallbacks
import atexit
atexit._clear()
def f(*a): print('f', a)
def g(): print('g')
atexit.register(f, 1); atexit.register(g); atexit.register(f, 2)
print(atexit._ncallbacks())
atexit.unregister(f)
print(atexit._ncallbacks())
atexit._run_exitfuncs()
print(atexit._ncallbacks())
class Eq:
    def __init__(self, n): self.n = n
    def __call__(self): print('Eq', self.n)
    def __eq__(self, other): return isinstance(other, Eq) and other.n % 2 == self.n % 2
    def __hash__(self): return 0
for i in range(5):
    atexit.register(Eq(i))
atexit.unregister(Eq(10))
atexit._run_exitfuncs()
class Bad:
    def __call__(self): print('Bad called')
    def __eq__(self, other): raise RuntimeError('no eq')
    __hash__ = object.__hash__
atexit.register(Bad())
try:
    atexit.unregister(g)
except RuntimeError as e:
    print('RuntimeError', e)
atexit._clear()
print(atexit._ncallbacks())
def clearer():
    print('clearer clears the rest')
    atexit._clear()
atexit.register(g); atexit.register(clearer); atexit.register(f, 'before clearer')
atexit._run_exitfuncs()
def unreg():
    print('unregistering g')
    atexit.unregister(g)
atexit.register(g); atexit.register(unreg)
atexit._run_exitfuncs()
class R:
    def __repr__(self): return '<R>'
    def __call__(self): raise TypeError('in callback')
atexit.register(R())
atexit._run_exitfuncs()
print('after run')
atexit.register(print, 'at exit', 42)
