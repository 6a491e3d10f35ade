class Typed:
    def __init__(self, name, kind):
        self.name = name
        self.kind = kind
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.name, 'unset')
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError('%s must be %s' % (self.name, self.kind.__name__))
        obj.__dict__[self.name] = value
    def __delete__(self, obj):
        print('delete', self.name)
        obj.__dict__.pop(self.name, None)
class Person:
    name = Typed('name', str)
    age = Typed('age', int)
p = Person()
print(p.name)
p.name = 'Ann'
p.age = 30
print(p.name, p.age)
try:
    p.age = 'old'
except TypeError as e:
    print(e)
del p.age
print(p.age, type(Person.name).__name__)
class NonData:
    def __get__(self, obj, objtype=None):
        return 'from descriptor'
class U:
    attr = NonData()
u = U()
print(u.attr)
u.__dict__['attr'] = 'from instance'
print(u.attr)
class Named:
    def __set_name__(self, owner, name):
        self.owner = owner.__name__
        self.public = name
    def __get__(self, obj, objtype=None):
        return '%s.%s' % (self.owner, self.public)
class W:
    field = Named()
    other = Named()
print(W().field, W.other)
class Lazy:
    def __init__(self, fn): self.fn = fn
    def __get__(self, obj, cls):
        v = self.fn(obj)
        setattr(obj, self.fn.__name__, v)
        return v
class Data:
    calls = 0
    @Lazy
    def heavy(self):
        Data.calls += 1
        return 'computed'
d = Data()
print(d.heavy, d.heavy, Data.calls)
