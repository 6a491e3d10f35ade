# weakref.ref.__init__ checks its argument count as CPython's (one or two,
# no keywords); a subclass with its own __init__/__new__ takes more.
import weakref
class C: pass
c = C()
r = weakref.ref(c)
for a in [(0,0,0,0,0), (c,), (c, None), (1,), ()]:
    try: print(r.__init__(*a))
    except TypeError as e: print(e)
try: r.__init__(c, callback=None)
except TypeError as e: print(e)
class R(weakref.ref):
    def __init__(self, ob, cb=None, extra=0):
        super().__init__(ob, cb)
        self.extra = extra
    def __new__(cls, ob, cb=None, extra=0):
        return super().__new__(cls, ob, cb)
print(R(c, None, 5).extra)
