# Bridges start knowing what the parent trace knew of the values its
# guard's snapshot holds (classes, non-null, small int, float: opt.c
# guard_facts / bridge_input_facts). These loops take bridges whose
# inputs' types differ from one bridge run to the next or change inside
# the bridge: each fact a bridge starts with must be about the value the
# failing guard saw, never about another input (wrong order) or an older
# value. Output compared with CPython's.


class A:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v + 1


class B:
    def __init__(self, v):
        self.v = v
        self.w = v * 2

    def get(self):
        return self.v + self.w


def poly(items, n):
    # the loop is recorded on A; B (every 7th) fails its class guard
    total = 0
    for i in range(n):
        o = items[i % len(items)]
        total += o.get()
        if i % 3 == 0:
            total += o.v          # a bridge reads o again
    return total


def mixed(n):
    # one slot holds an int, a float, a str and an object in turn; the
    # branch taken 1/4 of the time is a bridge whose input is that slot
    vals = [1, 2.5, 'ab', A(3)]
    out = []
    acc = 0
    for i in range(n):
        x = vals[(i // 50) % 4]
        if i % 4 == 1:
            if isinstance(x, int):
                acc += x
            elif isinstance(x, float):
                acc += int(x * 2)
            elif isinstance(x, str):
                acc += len(x)
            else:
                acc += x.v
        acc += 1
    out.append(acc)
    return out


def switch_class(o):
    o.__class__ = B if o.__class__ is A else A
    if not hasattr(o, 'w'):
        o.w = 0


def reclass(n):
    # the object's class changes in a call the trace does not inline
    # (a loop in it), and the bridge reads it afterwards
    o = A(5)
    total = 0
    for i in range(n):
        total += o.get()
        if i % 11 == 0:
            for _ in range(2):
                switch_class(o)
            if i % 22 == 0:
                switch_class(o)
            total += o.get() * 3
    return total, type(o).__name__


def alias(n):
    # two names for one object and one for another; the bridge writes
    # through one name and reads through the other
    p = A(1.0)
    q = p
    r = A(2.0)
    for i in range(n):
        p.v += 0.5
        if i % 5 == 0:
            q.v = q.v * 0.5 + r.v
            r = q if i % 10 == 0 else A(float(i))
    return p.v, q.v, r.v, p is q


def list_types(n):
    # list items change type inside the bridge: int -> float -> object
    data = [1, 2, 3, 4]
    s = 0.0
    for i in range(n):
        k = i % 4
        v = data[k]
        if i % 6 == 0:
            if isinstance(v, int):
                data[k] = v + 0.5
            elif isinstance(v, float):
                data[k] = A(int(v))
            else:
                data[k] = v.v + 1
            v = data[k]
        s += v.v if isinstance(v, A) else v
    return s, [type(x).__name__ for x in data]


def none_then_obj(n):
    # a value that is None in the loop's recording and an object in the bridge
    cur = None
    count = 0
    for i in range(n):
        if cur is None:
            count += 1
        else:
            count += cur.v
        if i % 9 == 8:
            cur = A(i) if cur is None else None
    return count


items = [A(i) for i in range(6)] + [B(7)]
print(poly(items, 3000))
print(mixed(4000))
print(reclass(3000))
print(alias(3000))
print(list_types(3000))
print(none_then_obj(3000))
