class Name(str):
    def shout(self):
        return self.upper() + '!'
n = Name('bob')
print(n, n.shout(), len(n), n + 'x', type(n + 'x').__name__, isinstance(n, str))
print(repr(n), n == 'bob', {n: 1}['bob'])
class Up(str):
    def __new__(cls, v):
        return super().__new__(cls, v.upper())
print(Up('hello'), type(Up('a')).__name__)
class Money(int):
    def __repr__(self):
        return '$%d' % int(self)
    def __add__(self, o):
        return Money(int(self) + int(o))
m = Money(5)
print(m, repr(m), m + 3, repr(m + 3), m * 2, type(m * 2).__name__)
print(isinstance(m, int), m == 5, m < 10, hex(m))
class Flag(int):
    pass
f = Flag(3)
print(f + 1, type(f + 1).__name__, str(f), f.bit_length())
class Half(float):
    def half(self): return self / 2
print(Half(3.0).half(), Half('2.5'))
class T(tuple):
    def first(self): return self[0]
t = T([9, 8])
print(t, t.first(), len(t), type(t).__name__)
