class T(tuple): pass
print(hash(T((11, 22))) == hash((11, 22)), {(11, 22): 'v'}[T((11, 22))], T((11, 22)) in {(11, 22)})
class S(str): pass
print(hash(S('abc')) == hash('abc'), {'abc': 1}[S('abc')])
class F(float): pass
print(hash(F(1.5)) == hash(1.5))
class H:
    def __init__(self, v): self.v = v
    def __hash__(self): return self.v
for v in [2**62, 2**62 + 5, 2**63 - 1, -2**63, 2**63, 2**64 + 3, -1, -2, 10**30]:
    print(v, hash(H(v)))
class B(bytes): pass
print(hash(B(b'xy')) == hash(b'xy'))
class FZ(frozenset): pass
print(hash(FZ({1, 2})) == hash(frozenset({1, 2})))
class I(int): pass
print(hash(I(2**62 + 7)) == hash(2**62 + 7), hash(I(-1)))
