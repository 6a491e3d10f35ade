# An instance whose attributes went into a dict (its __dict__ was asked
# for) shares one "dict mode" map with every such instance: a trace that
# called the class's method must still see an instance attribute of the
# same name on another such instance (configparser's optionxform).
class Parser:
    def __init__(self):
        self.__dict__['data'] = {}
    def xform(self, s):
        return s.lower()
    def set(self, key, value):
        self.data[self.xform(key)] = value

class Sub(Parser):
    def set(self, key, value):
        super().set(key, value)

for k in range(4):
    p = Sub()
    for i in range(1000):
        p.set('Key%d' % (i % 10), i)
print(sorted(p.data.items())[:3])

p = Parser()
p.set('A', 1)
p.xform = lambda x: x
p.set(1, 2)
p.set('B', 3)
print(p.data)

# the same in a hot loop over instances, half of them shadowing
ps = [Parser() for i in range(10)]
for i, q in enumerate(ps):
    if i % 2: q.xform = lambda x: 'own'
for n in range(300):
    for q in ps:
        q.set('K', n)
print([sorted(q.data) for q in ps])
