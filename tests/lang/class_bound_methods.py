class Greeter:
    def __init__(self, name):
        self.name = name
    def greet(self, other):
        return '%s greets %s' % (self.name, other)
g = Greeter('A')
m = g.greet
print(m('B'), Greeter.greet(g, 'C'))
fns = [Greeter(n).greet for n in 'XYZ']
print([f('you') for f in fns])
g.greet = lambda other: 'instance override ' + other
print(g.greet('D'), Greeter('E').greet('F'))
del g.greet
print(g.greet('G'))
def extra(self):
    return 'extra for ' + self.name
Greeter.extra = extra
print(g.extra())
print(m.__name__, m.__qualname__)
class Counter:
    def __init__(self):
        self.n = 0
    def inc(self):
        self.n += 1
c = Counter()
inc = c.inc
for _ in range(10000):
    inc()
print(c.n)
print(list(map(str.upper, ['a', 'b'])), list(map(Greeter('M').greet, ['n'])))
