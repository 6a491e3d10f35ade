# list/tuple: keyword arguments reach a subclass's own __init__/__new__,
# and list's no-argument methods check their arguments.
class L(list):
    pass


class LInit(list):
    def __init__(self, seq, newarg=None):
        super().__init__(seq)
        self.newarg = newarg


class LNew(list):
    def __new__(cls, seq, newarg=None):
        self = super().__new__(cls, seq)
        self.newarg = newarg
        return self


class T(tuple):
    pass


class TInit(tuple):
    def __init__(self, arg, newarg=None):
        self.newarg = newarg


class TNew(tuple):
    def __new__(cls, arg, newarg=None):
        self = super().__new__(cls, arg)
        self.newarg = newarg
        return self


for cls in (L, T, list, tuple):
    try:
        cls(sequence=())
    except TypeError as e:
        print('TypeError', e)
for cls in (LInit, LNew, TInit, TNew):
    u = cls([1, 2], newarg=3)
    print(type(u).__name__, list(u), u.newarg)

for name, args in (('clear', (None,)), ('copy', (None,)), ('reverse', (42,))):
    try:
        getattr([1], name)(*args)
    except TypeError as e:
        print('TypeError', e)
u = [3, 1, 2]
print(u.copy(), u.reverse(), u, u.clear(), u)
