class Validated:
    def __setattr__(self, name, value):
        if name == 'age' and value < 0:
            raise ValueError('age must be >= 0')
        print('set', name, value)
        object.__setattr__(self, name, value)
    def __delattr__(self, name):
        print('del', name)
        if name == 'locked':
            raise AttributeError('cannot delete locked')
        object.__delattr__(self, name)
v = Validated()
v.age = 5
v.name = 'x'
try:
    v.age = -1
except ValueError as e:
    print(e)
print(v.age, sorted(v.__dict__))
del v.name
try:
    del v.locked
except AttributeError as e:
    print(e)
try:
    del v.missing
except AttributeError as e:
    print(e)
setattr(v, 'age', 7)
print(v.age)
delattr(v, 'age')
print(v.__dict__)

class Frozen:
    def __init__(self, x):
        super().__setattr__('x', x)
    def __setattr__(self, k, v):
        raise AttributeError(f'{type(self).__name__} is frozen')
f = Frozen(3)
print(f.x)
try:
    f.x = 4
except AttributeError as e:
    print(e)
class Rec:
    def __init__(self):
        self.__dict__['data'] = {}
    def __setattr__(self, k, v):
        self.data[k] = v
    def __getattr__(self, k):
        try:
            return self.data[k]
        except KeyError:
            raise AttributeError(k) from None
r = Rec()
r.q = 1
print(r.q, r.data)
try:
    r.w
except AttributeError as e:
    print(repr(e))
