# __repr__ and __str__; instances without them print only their type name.
class Both:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return 'Both(' + repr(self.v) + ')'
    def __str__(self):
        return 'both with ' + str(self.v)

class OnlyRepr:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return 'OnlyRepr(%r)' % (self.v,)

class OnlyStr:
    def __str__(self):
        return 'only str'

class Neither:
    pass

b = Both('x')
print(b)
print(str(b), repr(b), [b], (b,), {'k': b})
print('%s %r' % (b, b), f'{b} {b!r}', '{} {!r}'.format(b, b))
o = OnlyRepr(3)
print(o, str(o), [o, o])
s = OnlyStr()
print(s, str(s))
n = Neither()
print(type(n).__name__, type(s).__name__)
print(repr(n).startswith('<__main__.Neither object at 0x'))
print(str(n) == repr(n))

class Node:
    def __init__(self, val, children):
        self.val = val
        self.children = children
    def __repr__(self):
        return 'Node(' + str(self.val) + ', ' + repr(self.children) + ')'

tree = Node(1, [Node(2, []), Node(3, [Node(4, [])])])
print(tree)

class Sub(Both):
    pass
print(Sub(5), repr(Sub(5)))
