# Reading a property through LOAD_ATTR's cache (the getter called without
# the class lookup): getters that return, raise AttributeError or another
# error, read a missing attribute; a subclass with __getattr__ (which gets
# the getter's AttributeError); a property replaced in the class, shadowed
# by nothing (an instance dict entry of the same name does not win), then
# replaced by a plain class attribute; an object whose __class__ changes;
# a property without a getter; a builtin as the getter.
class P:
    def __init__(self):
        self._x = 1

    @property
    def x(self):
        return self._x

    @property
    def bad(self):
        raise AttributeError("inner")

    @property
    def boom(self):
        return 1 // 0

    @property
    def missing(self):
        return self.nothere

    setonly = property(None, lambda self, v: None)
    size = property(len)


class G(P):
    def __getattr__(self, n):
        return ('ga', n)


class Q(P):
    @property
    def x(self):
        return 'q'


class L(P, list):
    def __init__(self, items):
        list.__init__(self, items)
        self._x = 'l'


def reads(o):
    out = [o.x]
    for name in ('bad', 'boom', 'missing', 'setonly'):
        try:
            out.append(getattr(o, name) if name == 'setonly' else
                       (o.bad if name == 'bad' else o.boom if name == 'boom' else o.missing))
        except (AttributeError, ZeroDivisionError) as e:
            out.append((type(e).__name__, str(e), getattr(e, 'name', None)))
    return out


p, g = P(), G()
for i in range(8):
    print(i, reads(p))
    print(i, g.x, g.bad, g.missing)
    if i == 2:
        P.x = property(lambda self: 'replaced')
    if i == 3:
        p.__dict__['x'] = 'instance'
    if i == 4:
        p.__class__ = Q
    if i == 5:
        p.__class__ = P
    if i == 6:
        P.x = 5
l = L([1, 2, 3])
for i in range(3):
    print(l.size, l.x)
try:
    p.setonly
except AttributeError as e:
    print(e)
