class Spy:
    def __init__(self):
        self.a = 1
    def __getattribute__(self, name):
        if name == 'secret':
            return 'intercepted'
        v = object.__getattribute__(self, name)
        if isinstance(v, int):
            return v * 100
        return v
    def method(self):
        return 'method'
s = Spy()
print(s.a, s.secret, s.method())
try:
    s.zzz
except AttributeError as e:
    print(e)

class Both:
    def __getattribute__(self, name):
        if name == 'boom':
            raise AttributeError(name)
        return object.__getattribute__(self, name)
    def __getattr__(self, name):
        return 'getattr:' + name
b = Both()
print(b.boom, b.anything)
count = []
class Counting:
    x = 5
    def __getattribute__(self, name):
        count.append(name)
        return super().__getattribute__(name)
c = Counting()
c.x; c.x; getattr(c, 'x')
print(count)
