# builtins.__import__ called directly: its arguments as CPython checks them,
# fromlist of any iterable type, and which module it returns
import sys
import types


def attempt(label, *args, **kw):
    try:
        r = __import__(*args, **kw)
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, '->', r.__name__)


attempt('negative level', 'os', globals(), level=-1)
attempt('name not str', 42)
attempt('no globals, relative', 'sys', level=1)
attempt('globals not dict, relative', 'sys', 5, level=1)
attempt('globals not dict, absolute', 'os', 5)
attempt('empty name', '')
attempt('relative, no package', 'a', {'__package__': '', '__spec__': None}, level=1)

# a package's submodule named in a list (not a tuple) is imported
m = __import__('json', fromlist=['decoder', 'no_such_thing'])
print(m.__name__, m.decoder.__name__, hasattr(m, 'no_such_thing'))
m = __import__('email', fromlist=iter(['charset']))
print(m.__name__, m.charset.__name__)
print(__import__('xml.dom', fromlist=[]).__name__)
print(__import__('xml.dom', fromlist=['minidom']).minidom.__name__)

# relative without fromlist: the first component under the package
print(__import__('dom.minidom', {'__package__': 'xml', '__name__': 'xml.x'}, level=1).__name__)
print(__import__('', {'__package__': 'xml', '__name__': 'xml.x'}, level=1).__name__)

# non-str items: the package checks them (a plain module does not)
pkg = types.ModuleType('fakepkg')
pkg.__path__ = []
sys.modules['fakepkg'] = pkg
attempt('bytes in fromlist', 'fakepkg', fromlist=[b'attr'])
print(__import__('os', fromlist=[b'attr']).__name__)
pkg.__all__ = [b'attr']
attempt('bytes in __all__', 'fakepkg', fromlist=['*'])
pkg.__all__ = ['*', 'missing']
attempt('star in __all__', 'fakepkg', fromlist=['*'])

# a submodule blocked by None in sys.modules is an error, not skipped
sys.modules['fakepkg.blocked'] = None
try:
    __import__('fakepkg', fromlist=['blocked'])
except ModuleNotFoundError as e:
    print('blocked:', e.name, e)

# a submodule that is simply absent is skipped
print(__import__('fakepkg', fromlist=['absent']).__name__)
