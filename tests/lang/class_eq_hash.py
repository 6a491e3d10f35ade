class P:
    def __init__(self, x): self.x = x
    def __eq__(self, o):
        return isinstance(o, P) and self.x == o.x
print(P(1) == P(1), P(1) != P(2), P(1) == 1)
print(P.__hash__)
try:
    hash(P(1))
except TypeError as e:
    print(e)
try:
    {P(1)}
except TypeError as e:
    print(e)
try:
    d = {P(1): 1}
except TypeError as e:
    print(e)
class H:
    def __init__(self, x): self.x = x
    def __eq__(self, o): return self.x == o.x
    def __hash__(self): return hash(self.x)
print(len({H(1), H(1), H(2)}), {H(3): 'v'}[H(3)])
class Plain: pass
a = Plain()
print(a == a, a == Plain(), a != Plain(), hash(a) == hash(a))
class NeOnly:
    def __ne__(self, o): return 'custom ne'
print(NeOnly() != 1, NeOnly() == NeOnly())
class EqRet:
    def __eq__(self, o): return 'truthy'
print(EqRet() == 1, EqRet() != 1)
class NI:
    def __eq__(self, o): return NotImplemented
print(NI() == NI(), NI() != 5)
class Sub(H):
    pass
print(hash(Sub(5)) == hash(5))
class Sub2(H):
    def __eq__(self, o): return True
try:
    hash(Sub2(1))
except TypeError as e:
    print(e)
