# gc.get_objects, gc.get_referrers, gc.get_referents, gc.is_tracked: only
# what holds under CPython and tpy alike (which objects are found, not how
# many there are).
import gc
import sys


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class Slotted:
    __slots__ = ("a", "b")


def contains(objs, obj):
    return any(o is obj for o in objs)


p = Point([1], "s")
objs = gc.get_objects()
print("instance listed", contains(objs, p))
print("class listed", contains(objs, Point))
print("list attribute listed", contains(objs, p.x))
print("module listed", contains(objs, sys.modules[__name__]))
print("function listed", contains(objs, contains))
print("result not in itself", not contains(objs, objs))
del objs

# objects the program dropped are gone after the collection get_objects makes
class Dropped:
    pass


def make_and_drop():
    for _ in range(100):
        Dropped()


make_and_drop()
print("dropped instances", sum(1 for o in gc.get_objects() if type(o) is Dropped))

# many objects, allocated by compiled code too
keep = [Point(i, i) for i in range(20000)]
found = sum(1 for o in gc.get_objects() if type(o) is Point)
print("points found", found)
del keep

print("referents of a list", gc.get_referents([1, "a", (2,)]))
print("referents of a tuple", gc.get_referents((1, "a", [2])))
print("referents of a dict with str keys", gc.get_referents({"a": [1], "b": 2}))
print("referents of a dict", gc.get_referents({1: "one"}))
print("referents of a set", sorted(gc.get_referents({3, 1, 2})))
print("referents of an instance", gc.get_referents(p))
s = Slotted()
s.a = [5]
print("referents of a slotted instance", gc.get_referents(s))
print("referents of an int and a str", gc.get_referents(1, "abc"))
print("referents of several", gc.get_referents([1], (2,)))


def outer():
    v = [7]

    def inner():
        return v

    return inner


inner = outer()
cell = inner.__closure__[0]
print("referents of a cell", gc.get_referents(cell))
refs = gc.get_referents(inner)
print("function refers to its code", contains(refs, inner.__code__))
print("function refers to its globals", contains(refs, globals()))
print("function refers to its closure", contains(refs, inner.__closure__))
print("method refers to", [type(r).__name__ for r in gc.get_referents(p.__init__)])
print("class refers to its dict and mro", contains(gc.get_referents(Point), Point.__mro__))

fresh = object()
holder = [fresh]
referrers = gc.get_referrers(fresh)
print("referrers of a fresh object include the holder", contains(referrers, holder))
print("and the module's namespace", contains(referrers, globals()))
print("nothing else", len(referrers))
print("referrers of an unreferenced object", gc.get_referrers(object()))
funcs = [f for f in gc.get_referrers(outer.__code__) if type(f) is type(outer)]
print("functions of a code object", [f.__name__ for f in funcs])
print("no arguments", gc.get_referrers(), gc.get_referents())

print("is_tracked", gc.is_tracked(1), gc.is_tracked("s"), gc.is_tracked(None), gc.is_tracked(1.5),
      gc.is_tracked([]), gc.is_tracked(p), gc.is_tracked(Point))
print("is_finalized", gc.is_finalized(p))
print("get_objects(generation=2) has the instance", contains(gc.get_objects(generation=2), p))
print("get_objects(None) has it", contains(gc.get_objects(None), p))

for bad in ("x", 1.5, -2, 3, 2 ** 70):
    try:
        gc.get_objects(bad)
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
for call in (lambda: gc.get_referents(x=1), lambda: gc.get_referrers(x=1), lambda: gc.is_tracked(),
             lambda: gc.is_tracked(1, 2), lambda: gc.is_finalized()):
    try:
        call()
    except TypeError as e:
        print("TypeError", e)

events = []


def hook(event, args):
    if event.startswith("gc."):
        events.append((event, len(args)))


sys.addaudithook(hook)
gc.get_objects(generation=1)
gc.get_referrers(fresh)
gc.get_referents(holder)
print("audit events", events)

# CPython leaves out only its argument tuple and the result: an object that
# refers to itself is its own referrer
loop = []
loop.append(loop)
print("a self-referencing list refers to itself", contains(gc.get_referrers(loop), loop))
inner_list = [1]
outer_list = [inner_list]
print("referrers of two objects", contains(gc.get_referrers(inner_list, outer_list), outer_list))
