# code.replace() and assigning __code__
def f(a, b):
    "doc of f"
    return a + b

co = f.__code__
c2 = co.replace(co_name="g", co_qualname="G.g", co_filename="other.py")
print(c2 is co, type(c2).__name__, c2.co_name, c2.co_qualname, c2.co_filename)
print(co.co_name, co.co_qualname, co.co_filename == __file__)
print(c2.co_varnames == co.co_varnames, c2.co_argcount, c2.co_consts == co.co_consts)

# co_firstlineno moves the lines with it
c3 = co.replace(co_firstlineno=co.co_firstlineno + 100)
print(c3.co_firstlineno - co.co_firstlineno)
old = [l for s, e, l in co.co_lines() if l is not None]
new = [l for s, e, l in c3.co_lines() if l is not None]
print([n - o for n, o in zip(new, old)] == [100] * len(old))

# constants: same number (a docstring trick)
consts = list(co.co_consts)
consts[0] = "new doc"
c4 = co.replace(co_consts=tuple(consts))
print(c4.co_consts[0], co.co_consts[0])

# every field given its current value: an equal code object
fields = ["co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals", "co_stacksize",
          "co_flags", "co_firstlineno", "co_code", "co_consts", "co_names", "co_varnames",
          "co_freevars", "co_cellvars", "co_filename", "co_name", "co_qualname",
          "co_linetable", "co_exceptiontable"]
c5 = co.replace(**{k: getattr(co, k) for k in fields})
print(c5.co_name, c5.co_code == co.co_code)

# running replaced code
f.__code__ = c2
print(f(1, 2), f.__code__.co_name, f.__name__)
def h(a, b):
    return a * b
f.__code__ = h.__code__
print(f(3, 4))
fv = (lambda a, b: a - b).__code__.replace(co_varnames=("x", "y"))
f.__code__ = fv
print(f(10, 3), f(x=10, y=4), fv.co_varnames)

# co_names (same number): the global looked up changes
A = "global A"
B = "global B"
def reads():
    return A
print(reads.__code__.co_names)
r2 = reads.__code__.replace(co_names=tuple("B" if n == "A" else n for n in reads.__code__.co_names))
reads.__code__ = r2
print(reads())

# the CO_ITERABLE_COROUTINE flag (what types.coroutine sets)
def gen():
    yield 1
gc = gen.__code__.replace(co_flags=gen.__code__.co_flags | 0x100)
print(gc.co_flags & 0x100, gen.__code__.co_flags & 0x100)
gen.__code__ = gc
async def main():
    return await gen()
c = main()
print(c.send(None))
try:
    c.send(None)
except StopIteration as e:
    print("stop", e.value)

# free variables must match
def mk():
    x = 1
    def inner():
        return x
    return inner
inner = mk()
try:
    inner.__code__ = h.__code__
except ValueError as e:
    print("ValueError", e)
try:
    f.__code__ = inner.__code__
except ValueError as e:
    print("ValueError", e)
try:
    f.__code__ = 1
except TypeError as e:
    print("TypeError")

# errors
for kw in [dict(co_name=1), dict(co_consts=[1]), dict(co_firstlineno="x")]:
    try:
        co.replace(**kw)
        print("no error", kw)
    except TypeError:
        print("TypeError", list(kw))
try:
    co.replace(co_bogus=1)
except TypeError:
    print("TypeError bogus")
try:
    co.replace("x")
except TypeError:
    print("TypeError positional")

# hot loop through a function whose code is swapped mid-way
def add(a, b):
    return a + b
def sub(a, b):
    return a - b
def run():
    t = 0
    for i in range(20000):
        if i == 10000:
            add.__code__ = sub.__code__
        t += add(i, 1)
    return t
print(run())
class P:
    def __init__(self, v):
        self.v = v
def init2(self, v):
    self.v = -v
def make():
    t = 0
    for i in range(6000):
        if i == 3000:
            P.__init__.__code__ = init2.__code__
        t += P(i).v
    return t
print(make())
