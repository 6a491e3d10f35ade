# Positional-only parameters passed by keyword: the error names them all,
# in parameter order; with **kwargs they are ordinary keywords.
def f(a, b, /, c=0, **kw):
    return (a, b, c, kw)


def g(a, b, /, c=0):
    return (a, b, c)


def show(fn, *a, **k):
    try:
        print(fn(*a, **k))
    except TypeError as e:
        print(e)


show(f, 1, 2, a=3, b=4)
show(g, a=1, b=2)
show(g, 1, c=2, b=3, x=4, a=5)
show(g, 1, 2, x=4, a=5)
show(g, 1, 2, c=3, c2=4)
show(g, 1, 2, **{"b": 1, "a": 2})


class K:
    def m(self, x, /):
        return x


show(K().m, x=1)
