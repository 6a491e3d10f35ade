# Zero-argument super() in a method whose self is also a cell (a lambda
# captures it): self lives in its cell, not in its argument slot, also in a
# function's entry trace (configparser's RawConfigParser.items).
class A:
    def items(self): return 'A.items ' + type(self).__name__
class B(A):
    def items(self, section=None):
        if section is None:
            return super().items()
        f = lambda: (self, section)
        return f()[1]
class C(B): pass

print(B().items())
print(C().items())
print(B().items(), B().items(5))
out = []
for i in range(3000):
    o = C() if i % 3 else B()
    out.append(o.items() if i % 5 else o.items(i))
print(out[:6], len(out))
