# A dunder set to None blocks the fallback CPython would otherwise take.
class NoContains:
    def __iter__(self):
        return iter([1, 2, 3])
    __contains__ = None

class Sub(NoContains):
    pass

for obj in (NoContains(), Sub()):
    try:
        print(1 in obj)
    except TypeError as e:
        print("TypeError:", e)
print(list(NoContains()))

class WithGetitem:
    def __getitem__(self, i):
        if i > 3: raise IndexError
        return i
    __contains__ = None
try:
    print(2 in WithGetitem())
except TypeError as e:
    print("TypeError:", e)

class SupEq:
    def __eq__(self, other):
        return True

class X:
    __eq__ = None

class S(SupEq):
    __eq__ = None

class SN(SupEq):
    __ne__ = None

class XN:
    def __eq__(self, other):
        return True
    __ne__ = None

e, x, s, sn, xn = SupEq(), X(), S(), SN(), XN()
def attempt(label, f):
    try:
        print(label, f())
    except TypeError as err:
        print(label, "TypeError:", err)
attempt("e == x", lambda: e == x)
attempt("x == e", lambda: x == e)
attempt("x == x", lambda: x == x)
attempt("e == s", lambda: e == s)
attempt("s == e", lambda: s == e)
attempt("e != e", lambda: e != e)
attempt("e != sn", lambda: e != sn)
attempt("sn != e", lambda: sn != e)
attempt("e != xn", lambda: e != xn)
attempt("xn != e", lambda: xn != e)
attempt("xn == e", lambda: xn == e)
attempt("x != e", lambda: x != e)
