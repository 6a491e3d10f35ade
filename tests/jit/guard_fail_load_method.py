# A guard that fails at LOAD_METHOD must resume with the object on the
# stack. Here the method is an instance attribute (a bound method stored
# in __init__), the function has locals not yet assigned at the call, and a
# second class makes the class guard fail after the trace is compiled.
class A:
    def __init__(self):
        self.read = self.r
    def r(self):
        return 1

class B(A):
    def r(self):
        return 2

def use(self):
    v = self.read()
    w = v + 1
    return w

t = 0
for i in range(3000):
    t += use(A())
for i in range(10):
    t += use(B())
print(t)

# the same inside a loop body that the trace inlines
def run(objs):
    s = 0
    for o in objs:
        s += use(o)
    return s

print(run([A()] * 2000 + [B()] * 5))
