# C methods called from compiled loops (record.c, record_cmethod_call: the
# method's C function called directly, the receiver's class guarded):
# results and errors as CPython's when the receiver's type changes, is a
# subclass, the method raises, or runs Python code (__eq__, __hash__).


def mixed_receivers(items):
    # str.split, bytes.split, a str subclass's and a list's own methods
    # at the same call site: the guards send each to its own path
    out = []
    for x in items:
        try:
            out.append(x.split())
        except AttributeError as e:
            out.append(str(e))
    return out


class Words(str):
    def split(self, sep=None):
        return ['Words', str.split(self, sep)]


class Loud(str):
    pass


items = ["a b", b"c d", "e  f g", Words("h i"), Loud("j k"), 5, "", " ", "\u00e9 \u00fc"] * 300
r = mixed_receivers(items)
print(r[:9], len(r))


def raising(n):
    # dict.pop of a missing key, str.index not found, list.remove: the
    # exception comes out of the direct call
    d = {i: i for i in range(0, n, 3)}
    caught = 0
    total = 0
    for i in range(n):
        try:
            total += d.pop(i)
        except KeyError:
            caught += 1
        try:
            total += "abcdef".index("xyz"[i % 3] if i % 4 else "c")
        except ValueError:
            caught += 1
    return total, caught, len(d)


print(raising(3000))


class Key:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        Key.calls += 1
        return self.v % 4

    def __eq__(self, other):
        Key.calls += 1
        return isinstance(other, Key) and self.v == other.v


def python_inside(n):
    # dict.get and dict.setdefault running __hash__ and __eq__ of the key
    d = {Key(i): i for i in range(8)}
    t = 0
    for i in range(n):
        t += d.get(Key(i % 12), 100)
        d.setdefault(Key(i % 10), -1)
    return t, len(d), Key.calls


print(python_inside(2000))


class Mutator:
    def __init__(self, v, d):
        self.v = v
        self.d = d

    def __hash__(self):
        return 7

    def __eq__(self, other):
        # changes the dict being searched
        if isinstance(other, Mutator) and other.v == 2:
            self.d.clear()
        return False


def mutating(n):
    hits = 0
    for i in range(n):
        d = {}
        d[Mutator(1, d)] = 1
        k = Mutator(2, d)
        if d.get(k) is None:
            hits += 1
        hits += len(d)
    return hits


print(mutating(1500))


def many_args(n):
    # one to three arguments after self, defaults and None arguments
    s = "  alpha,beta,,gamma  "
    t = 0
    for i in range(n):
        t += len(s.strip().split(",", i % 3))
        t += s.count("a", 2, 10 + i % 5) + s.find("a", None, None)
        t += len(s.replace("a", "A", i % 4))
        t += "x".join(["1", "2"]).count("x")
    return t


print(many_args(3000))


def method_swap(n):
    # the same name on different receivers in turn
    objs = [[3, 1, 2], "321", (3, 2, 1), {3: 1}, {3, 4}]
    out = []
    for i in range(n):
        o = objs[i % 5]
        out.append(o.__len__())
        if hasattr(o, "count"):
            out.append(o.count(3) if not isinstance(o, str) else o.count("3"))
    return sum(out), len(out)


print(method_swap(3000))


def recursion_in_method(n):
    # a method whose Python code (via __eq__) recurses into the same loop
    class Deep:
        def __init__(self, depth):
            self.depth = depth

        def __hash__(self):
            return 1

        def __eq__(self, other):
            if self.depth > 0:
                return recursion_in_method_inner(self.depth - 1)
            return True

    def recursion_in_method_inner(depth):
        d = {Deep(depth): 1}
        return d.get(Deep(depth)) == 1

    t = 0
    for i in range(n):
        t += recursion_in_method_inner(i % 20)
    return t


print(recursion_in_method(500))


def deep_eq():
    # RecursionError out of a direct call
    class Rec:
        def __hash__(self):
            return 0

        def __eq__(self, other):
            return {Rec(): 1}.get(Rec()) is not None

    try:
        for i in range(100):
            {Rec(): 1}.get(Rec())
        return "no error"
    except RecursionError:
        return "RecursionError"


print(deep_eq())
