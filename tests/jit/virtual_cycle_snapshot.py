# An object that is virtual in a trace (never allocated by the optimized
# code) and refers to itself must survive a guard failure: the snapshot's
# virtuals form a cycle, rebuilt as one object whose field is itself.
class RefCycle:
    def __init__(self, i):
        self.cycle = self
        self.i = i

class Other:
    pass

def check(o, i):
    return o.cycle.cycle.i == i

def run(n):
    good = 0
    for i in range(n):
        o = RefCycle(i)
        # the class of the second argument changes late: a guard fails
        # inside the inlined call while o is still virtual
        if check(o, i if i < n - 50 else float(i)):
            good += 1
    return good

print(run(3000))

class Pair:
    def __init__(self, v):
        self.other = Pair2(self)
        self.v = v

class Pair2:
    def __init__(self, back):
        self.back = back

def pair(n):
    t = 0
    for i in range(n):
        a = Pair(i)
        w = i if i < n - 20 else str(i)
        if a.other.back is a and w is not None:
            t += 1
    return t

print(pair(2000))
