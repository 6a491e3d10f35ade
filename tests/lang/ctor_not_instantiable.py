# C types that give no constructor cannot be instantiated (they used to
# get object.__new__'s bare instance, with fields never set).
d = {1: 2}
for v in (d.keys(), d.values(), d.items(), iter(d), iter(d.values()), iter(d.items()),
          iter([]), iter(()), iter(range(3)), iter(set()), reversed([]), map(int, []).__iter__()):
    t = type(v)
    for args in ((), ({},)):
        try:
            r = t(*args)
            print(t.__name__, "made", type(r).__name__)
        except TypeError as e:
            print(t.__name__, "TypeError:", e)
print(type(d.keys())) 
print(list(d.keys()), list(d.values()), list(d.items()))
class Plain:
    pass
print(type(Plain()).__name__, type(object()).__name__)
