# tpy-test: strict-stderr
# atexit: callbacks at exit, newest first, with arguments; exceptions (SystemExit
# too) reported as "Exception ignored in atexit callback" and the rest still run
import atexit, sys
atexit._clear()   # CPython's site may have registered one of its own
class Named:
    def __init__(self, name, fn):
        self.name, self.fn = name, fn
    def __call__(self, *a, **k):
        return self.fn(*a, **k)
    def __repr__(self):
        return '<callback ' + self.name + '>'
def boom():
    raise ValueError("boom")
def late():
    print("late runs; registering another")
    atexit.register(print, "never printed")
g = Named('g', lambda *a, **k: print("g", a, sorted(k.items())))
print(atexit.register(g, 1, x=2) is g)
atexit.register(Named('boom', boom))
atexit.register(Named('exit', lambda: sys.exit(3)))
atexit.register(late)
atexit.register(print, "first to run", sep='|')
def kbd():
    raise KeyboardInterrupt
atexit.register(Named('kbd', kbd))
print("main end", atexit._ncallbacks())
for call in [lambda: atexit._ncallbacks(1), lambda: atexit.register(5), lambda: atexit.register(),
             lambda: atexit.unregister(), lambda: atexit._clear(1), lambda: atexit._run_exitfuncs(x=1)]:
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
# the report shows the last exception only: no context, notes or hints
def chained():
    try:
        1/0
    except ZeroDivisionError:
        e = KeyError('k')
        e.add_note('a note')
        raise e
atexit.register(Named('chained', chained))
def syntax():
    raise SyntaxError('bad', ('f.py', 1, 2, 'abc'))
atexit.register(Named('syntax', syntax))
class MyErr(Exception):
    pass
def mine():
    raise MyErr('m')
atexit.register(Named('mine', mine))
