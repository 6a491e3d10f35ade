# exec() with namespaces that are not plain dicts: a dict subclass as
# globals is subscripted (its __getitem__/__setitem__ run), __builtins__
# may be any object (subscripted at each builtin lookup), functions defined
# there keep those namespaces
class setonlyerror(Exception):
    pass

class setonlydict(dict):
    def __getitem__(self, key):
        raise setonlyerror(key)

def attempt(label, *args):
    try:
        exec(*args)
        print(label, 'ok')
    except Exception as e:
        print(label, type(e).__name__, e)

attempt('globals getitem', compile('globalname', 'test', 'exec'), setonlydict({'globalname': 1}))
attempt('builtins getitem', compile('superglobal', 'test', 'exec'), {'__builtins__': setonlydict({'superglobal': 1})})
attempt('builtins int', "print('x')", {'__builtins__': 123})
attempt('builtins empty', "print('x')", {'__builtins__': {}})
attempt('builtins empty class', "class A: pass", {'__builtins__': {}})

class LoggingDict(dict):
    def __getitem__(self, key):
        print('  getitem', key)
        return super().__getitem__(key)
    def __setitem__(self, key, value):
        print('  setitem', key, type(value).__name__)
        super().__setitem__(key, value)

g = LoggingDict(x=1)
attempt('logging', 'y = x + 1\ndef f():\n    return y * 10\nz = f()', g)
print(sorted(k for k in g if k != '__builtins__'), g['z'])

b = LoggingDict(len=len, print=print, __build_class__=__builtins__.__build_class__)
g = {'__builtins__': b, '__name__': 'm'}
attempt('logging builtins', 'class C: pass\ndef h():\n    return len([1, 2])\nprint(h(), len("abc"))', g)

class frozendict(dict):
    def __setitem__(self, key, value):
        raise TypeError('frozendict is readonly')
attempt('frozen globals', 'x = 1', frozendict({}))
import builtins
attempt('frozen builtins', "__builtins__['superglobal'] = 2", {'__builtins__': frozendict(builtins.__dict__)})
attempt('frozen builtins class', "class A: pass", {'__builtins__': frozendict(builtins.__dict__)})

def hot():
    total = 0
    for i in range(300):
        total += len('ab')
    return total
class CountingDict(dict):
    lookups = 0
    def __getitem__(self, key):
        CountingDict.lookups += 1
        return super().__getitem__(key)
g = {'__builtins__': CountingDict(len=len, range=range)}
exec(hot.__code__, g)
print('hot', CountingDict.lookups)
f = type(hot)(hot.__code__, {'__builtins__': CountingDict(len=len, range=range)})
CountingDict.lookups = 0
print(f(), f(), CountingDict.lookups)
