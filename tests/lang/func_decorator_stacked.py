def tag(name):
    def deco(fn):
        def w(*a, **k):
            return '<%s>%s</%s>' % (name, fn(*a, **k), name)
        w.__name__ = fn.__name__
        return w
    return deco

order = []
def record(label):
    order.append('make ' + label)
    def deco(fn):
        order.append('apply ' + label)
        return fn
    return deco

@tag('b')
@tag('i')
def text(s):
    return s
print(text('hi'), text.__name__)

@record('outer')
@record('inner')
def f():
    pass
print(order)

def repeat(times=2):
    def deco(fn):
        def w(*a):
            return [fn(*a) for _ in range(times)]
        return w
    return deco

@repeat(times=3)
def one():
    return 1
print(one())

@repeat()
def two():
    return 2
print(two())

class Registry:
    def __init__(self):
        self.items = {}
    def register(self, key):
        def deco(fn):
            self.items[key] = fn
            return fn
        return deco
reg = Registry()
@reg.register('sq')
def square(x): return x * x
@reg.register('neg')
def neg(x): return -x
print(sorted((k, f(4)) for k, f in reg.items.items()))
