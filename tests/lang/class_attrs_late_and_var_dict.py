# Dunders assigned to a class after its creation decide its slots (len(),
# iteration, calls...), and attributes of instances of str/tuple/bytes
# subclasses (kept in a dict after the items) shadow class attributes and
# methods, in the interpreter's caches and in traces.
class A: pass
A.__len__ = lambda s: 1
A.__getitem__ = lambda s, k: k * 2
A.__add__ = lambda s, o: "add"
A.__iter__ = lambda s: iter([7])
A.__call__ = lambda s: "called"
A.__hash__ = lambda s: 5
A.__eq__ = lambda s, o: True
A.__repr__ = lambda s: "A!"
a = A()
print(len(a), a[3], a + 1, list(a), a(), hash(a), a == 3, repr(a))
class B(A): pass
del A.__len__
try: len(B())
except TypeError as e: print(e)

class T(tuple):
    def m(self): return "class"
    i = 0
def get(o): return o.i
def call(o): return o.m()
t = T([1])
for k in range(3):
    print(get(t), call(t))
    t.i = k + 1
    t.m = lambda: "inst"
class S(str):
    x = "cls"
s = S("a")
def gx(o): return o.x
for k in range(2):
    print(gx(s)); s.x = "own"

class Done(Exception): pass
class AIter(tuple):
    i = 0
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.i >= len(self):
            raise StopAsyncIteration
        self.i += 1
        return self[self.i - 1]
result = []
async def foo():
    async for i in AIter([42]):
        result.append(i)
        print("got", i, len(result))
        if len(result) > 3: break
    raise Done
try:
    foo().send(None)
except Done:
    print("done", result)
