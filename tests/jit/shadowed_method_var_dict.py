# Methods shadowed by an instance's own attribute after the call site
# was compiled: on str/tuple subclass instances (whose attributes live in
# a dict after the items) and on builtin types with an instance dict.
import io
def f(x): return x.seekable()
a = io.BytesIO()
for i in range(3000): f(a)
b = io.BytesIO(); b.seekable = lambda: False
print(f(b))

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
