# Instances created in hot loops: the JIT allocates them lazily and inlines
# __init__. Whatever __init__ does must stay as in the interpreter:
# defaults and keywords, super().__init__, arguments whose types change
# midway, exceptions raised inside, __init__ returning a value, __init__
# replaced on the class while a loop runs, instances that escape or are
# only used locally, classes with __new__, __slots__ or __del__.
class Point:
    def __init__(self, x, y=0, *, scale=1):
        self.x = x * scale
        self.y = y * scale

class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

def local_only(n):
    t = 0
    for i in range(n):
        p = Point(i, y=2)
        q = Point3(i, 1, 2)
        t += p.x + p.y + q.x + q.y + q.z
    return t
print(local_only(5000))

def escaping(n):
    keep = []
    for i in range(n):
        p = Point(i, scale=2)
        if i % 1000 == 0:
            keep.append(p)
    return [(p.x, p.y, type(p).__name__) for p in keep]
print(escaping(5000))

def changing(n):
    t = 0.0
    for i in range(n):
        v = i if i < n // 2 else i + 0.5
        p = Point(v, v)
        t += p.x - p.y + p.x
    return t
print(changing(6000))

class Picky:
    def __init__(self, v):
        if v == 4321:
            raise ValueError('bad value %d' % v)
        self.v = v

def raising(n):
    t = 0
    for i in range(n):
        try:
            t += Picky(i).v
        except ValueError as e:
            print('caught', e)
    return t
print(raising(6000))

class Weird:
    def __init__(self, v):
        self.v = v
        if v == 2999:
            return v

def bad_return(n):
    t = 0
    for i in range(n):
        try:
            t += Weird(i).v
        except TypeError as e:
            print('TypeError', e)
    return t
print(bad_return(4000))

class Swap:
    def __init__(self, v):
        self.v = v

def other_init(self, v):
    self.v = -v

def rebinding(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            Swap.__init__ = other_init
        t += Swap(i).v
    return t
print(rebinding(4000))

class WithNew:
    def __new__(cls, v):
        o = super().__new__(cls)
        o.tag = 'new'
        return o
    def __init__(self, v):
        self.v = v

class Slotted:
    __slots__ = ('a', 'b')
    def __init__(self, a, b):
        self.a = a
        self.b = b

dels = []
class Finalized:
    def __init__(self, v):
        self.v = v
    def __del__(self):
        dels.append(1)

def others(n):
    t = 0
    keep = []
    for i in range(n):
        w = WithNew(i)
        s = Slotted(i, 1)
        f = Finalized(i)
        t += w.v + s.a + s.b + f.v + len(w.tag)
        if i < 3:
            keep.append(f)
    return t, len(keep)
print(others(3000))

class Node:
    def __init__(self, val, nxt):
        self.val = val
        self.next = nxt

def chain(n):
    head = None
    for i in range(n):
        head = Node(i, head)
    t = 0
    while head is not None:
        t += head.val
        head = head.next
    return t
print(chain(5000))

def identity(n):
    seen = set()
    for i in range(n):
        p = Point(i)
        seen.add(isinstance(p, Point) and type(p) is Point and p is not None)
    return seen
print(identity(3000))
