# from-imports' errors as CPython reports them: ImportError's name and path,
# objects in sys.modules that are not modules, non-str names in __all__ or
# __dict__; and __cached__ on imported modules
import os
import sys
import tempfile
import types

try:
    from os import no_such_name
except ImportError as e:
    print(e.name, e.path == os.__file__, str(e).replace(os.__file__, 'FILE'))
try:
    from os.path import no_such_name
except ImportError as e:
    print(e.name, str(e).split(' (')[0])


class NoName:
    pass


sys.modules['not_a_module'] = NoName()
try:
    from not_a_module import does_not_exist
except ImportError as e:
    print(e.name, e.path, e)
ns = types.ModuleType('ns_like')
ns.__file__ = None
sys.modules['ns_like'] = ns
try:
    from ns_like import x
except ImportError as e:
    print(e.name, e.path, e)

m = types.ModuleType('star_bad')
m.__all__ = [b'x']
sys.modules['star_bad'] = m
for code in ('from star_bad import *',):
    try:
        exec(code, {})
    except TypeError as e:
        print(e)
m2 = types.ModuleType('star_dict')
m2.__dict__[b'raw'] = 1
sys.modules['star_dict'] = m2
try:
    exec('from star_dict import *', {})
except TypeError as e:
    print(e)


class Obj:
    __all__ = ['a']
    a = 5


sys.modules['star_obj'] = Obj()
g = {}
exec('from star_obj import *', g)
print(g['a'])


class Bare:
    __slots__ = ()


sys.modules['star_bare'] = Bare()
try:
    exec('from star_bare import *', {})
except ImportError as e:
    print(e)

m3 = types.ModuleType('star_plain')
m3.pub, m3._priv = 1, 2
sys.modules['star_plain'] = m3
g = {}
exec('from star_plain import *', g)
print(sorted(k for k in g if k != '__builtins__'))

d = tempfile.mkdtemp()
os.mkdir(os.path.join(d, 'cpkg'))
open(os.path.join(d, 'cpkg', '__init__.py'), 'w').close()
with open(os.path.join(d, 'cmod.py'), 'w') as f:
    f.write('x = 1\n')
sys.path.insert(0, d)
import cmod
import cpkg
import importlib.util
for mod in (cmod, cpkg):
    # the file's name is the implementation's (cache tag and suffix)
    rel = os.path.relpath(mod.__cached__, d)
    print(os.path.dirname(rel), os.path.basename(rel).split('.')[0],
          mod.__cached__ == importlib.util.cache_from_source(mod.__file__))
print(hasattr(sys, '__cached__'))

# '' and relative entries of sys.path: __file__, __path__ and __cached__
# are absolute, as importlib's FileFinder makes them
os.chdir(d)
sys.path[:0] = ['', 'cpkg/..']
for name in ('cmod', 'cpkg'):
    del sys.modules[name]
import cmod
import cpkg
print(cmod.__file__ == os.path.join(os.getcwd(), 'cmod.py'))
print(cpkg.__path__ == [os.path.join(os.getcwd(), 'cpkg')], os.path.isabs(cpkg.__cached__))
sys.path.remove('')
del sys.modules['cmod']
import cmod
print(cmod.__file__ == os.path.join(os.getcwd(), 'cpkg/../cmod.py'))
