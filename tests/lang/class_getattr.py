class Fallback:
    real = 'real attr'
    def __init__(self):
        self.inst = 'instance'
    def __getattr__(self, name):
        if name.startswith('dyn_'):
            return name[4:].upper()
        raise AttributeError(f'{type(self).__name__!r} has no {name!r}')
f = Fallback()
print(f.real, f.inst, f.dyn_hello)
try:
    f.other
except AttributeError as e:
    print(e)
print(getattr(f, 'dyn_x'), getattr(f, 'nope', 'default'), hasattr(f, 'nope'), hasattr(f, 'dyn_y'))

class Proxy:
    def __init__(self, target):
        self._target = target
        self.log = []
    def __getattr__(self, name):
        self.log.append(name)
        return getattr(self._target, name)
p = Proxy([3, 1, 2])
p.append(0)
p.sort()
print(p._target, p.log)
try:
    p.nonexistent
except AttributeError as e:
    print(e)
class Raises:
    @property
    def prop(self):
        raise AttributeError('inner')
    def __getattr__(self, name):
        return 'fallback for ' + name
print(Raises().prop)
