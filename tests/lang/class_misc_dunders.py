class Num:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
    def __int__(self): return self.v + 1000
    def __float__(self): return 0.5
print([10, 20, 30][Num(1)], hex(Num(255)), bin(Num(5)), 'ab' * Num(2))
print(int(Num(1)), float(Num(1)), list(range(Num(3))))
class Rev:
    def __reversed__(self): return iter('cba')
print(list(reversed(Rev())))
class RL:
    def __len__(self): return 3
    def __getitem__(self, i): return i * 11
print(list(reversed(RL())))
class Round:
    def __round__(self, n=None): return 'rounded %s' % n
print(round(Round()), round(Round(), 2))
class Hashy:
    def __hash__(self): return 42
print(hash(Hashy()))
class Neg:
    def __neg__(self): return 'neg'
    def __pos__(self): return 'pos'
    def __invert__(self): return 'inv'
print(-Neg(), +Neg(), ~Neg())
class Div:
    def __truediv__(self, o): return 'truediv'
    def __floordiv__(self, o): return 'floordiv'
    def __mod__(self, o): return 'mod'
    def __divmod__(self, o): return ('dm', o)
    def __pow__(self, o, m=None): return 'pow %s %s' % (o, m)
    def __rpow__(self, o): return 'rpow'
print(Div() / 1, Div() // 1, Div() % 1, divmod(Div(), 3), Div() ** 2, pow(Div(), 2, 5), 2 ** Div())
class Bits:
    def __and__(self, o): return 'and'
    def __or__(self, o): return 'or'
    def __xor__(self, o): return 'xor'
    def __lshift__(self, o): return 'lshift'
    def __rshift__(self, o): return 'rshift'
    def __ror__(self, o): return 'ror'
print(Bits() & 1, Bits() | 1, Bits() ^ 1, Bits() << 1, Bits() >> 1, 1 | Bits())
