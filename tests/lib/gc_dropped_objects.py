# Objects the program dropped are collected by gc.collect(): their weak
# references die and their callbacks run, wherever the last use was (a
# stale interpreter slot or a finished generator's frame kept them alive).
import array, gc, weakref


def collect():
    gc.collect()
    gc.collect()


class Box:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v


def method_then_drop(typecode):
    # a builtin method loaded through the slow path of LOAD_METHOD
    s = array.array(typecode, [1, 2, 3])
    p = weakref.proxy(s)
    assert p.tobytes() == s.tobytes()
    s = None
    collect()
    try:
        len(p)
        return "alive"
    except ReferenceError:
        return "collected"


def attribute_then_drop():
    b = Box(41)
    r = weakref.ref(b)
    x = b.v + 1
    b = None
    collect()
    return x, r() is None


def generator_local_then_drop():
    from contextlib import contextmanager

    @contextmanager
    def holding(obj):
        yield obj

    b = Box(1)
    r = weakref.ref(b)
    with holding(b) as same:
        assert same is b
    same = b = None
    collect()
    return r() is None


def callback_runs():
    seen = []
    b = Box(2)
    r = weakref.ref(b, lambda ref: seen.append("callback"))
    b.get()
    b = None
    collect()
    return seen


for tc in "bBhHiIlLqQfd":
    print(tc, method_then_drop(tc))
print(attribute_then_drop())
print(generator_local_then_drop())
print(callback_runs())
