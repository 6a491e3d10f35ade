class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split('.'))
    def __eq__(self, o):
        return self.parts == o.parts
    def __lt__(self, o):
        return self.parts < o.parts
    def __le__(self, o):
        return self == o or self < o
    def __gt__(self, o):
        return not self <= o
    def __ge__(self, o):
        return not self < o
    def __hash__(self):
        return hash(self.parts)
    def __repr__(self):
        return 'V' + '.'.join(map(str, self.parts))
vs = [Version(s) for s in ['1.10', '1.2', '1.2.1', '0.9', '1.2']]
print(sorted(vs), max(vs), min(vs))
print(Version('1.2') == Version('1.2'), Version('2.0') > Version('1.99'), Version('1.0') >= Version('1.0'))
print(len(set(vs)))
class OnlyLt:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return 'L%d' % self.v
print(sorted([OnlyLt(3), OnlyLt(1), OnlyLt(2)]), OnlyLt(2) > OnlyLt(1))
try:
    OnlyLt(1) <= OnlyLt(2)
except TypeError as e:
    print(e)
