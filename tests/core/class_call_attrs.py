# __call__, attribute errors, attributes added later, class-level state.
class Multiplier:
    def __init__(self, k):
        self.k = k
        self.calls = 0
    def __call__(self, x):
        self.calls += 1
        return x * self.k

double = Multiplier(2)
print(double(5), double('ab'), double([1]), double.calls, callable(double))
print(list(map(double, [1, 2, 3])), double.calls)

class Config:
    pass

cfg = Config()
for i, name in enumerate(['alpha', 'beta', 'gamma']):
    setattr(cfg, name, i)
print(cfg.alpha, cfg.beta, cfg.gamma, getattr(cfg, 'delta', 'unset'))
try:
    cfg.delta
except AttributeError as e:
    print('AttributeError:', e)
try:
    Config.missing
except AttributeError as e:
    print('AttributeError:', e)

class Foo:
    def method(self):
        return 'method'
f = Foo()
try:
    f.x
except AttributeError as e:
    print(e)
try:
    f.method2()
except AttributeError as e:
    print(e)
f.method = 'shadowed'
print(f.method, Foo().method())

class Registry:
    items = []
    def add(self, x):
        self.items.append(x)
r1 = Registry()
r2 = Registry()
r1.add(1)
r2.add(2)
print(Registry.items, r1.items is r2.items)
r1.items = ['own']
r1.add(3)
print(r1.items, r2.items, Registry.items)

def describe(self):
    return 'described ' + str(self.k)
Multiplier.describe = describe
print(double.describe(), Multiplier(7).describe())
