class R:
    def __repr__(self): return 'R()'
class S:
    def __str__(self): return 'S-str'
class Both:
    def __repr__(self): return 'Both-repr'
    def __str__(self): return 'Both-str'
print(R(), str(R()), repr(R()), [R()])
print(S(), str(S()))
print(Both(), repr(Both()), [Both()], (Both(),), {'k': Both()})
print(f'{Both()} {Both()!r} {Both()!s}')
print('%s %r' % (Both(), Both()))
print('{} {!r}'.format(Both(), Both()))
class BadRepr:
    def __repr__(self): return 5
try:
    repr(BadRepr())
except TypeError as e:
    print(e)
class BadStr:
    def __str__(self): return None
try:
    str(BadStr())
except TypeError as e:
    print(e)
class Fmt:
    def __format__(self, spec): return 'fmt[' + spec + ']'
print(format(Fmt(), 'abc'), f'{Fmt():>10}', '{:x}'.format(Fmt()))
class Rec:
    def __init__(self): self.items = [self]
    def __repr__(self): return 'Rec(%d)' % len(self.items)
print(Rec())
l = [1]
l.append(l)
print(l)
d = {}
d['self'] = d
print(d)
