# from-imports through a finder of the program's own in sys.meta_path:
# submodules in a list fromlist, __all__ with '*', and errors that must
# propagate (a loader failing, a module the submodule imports missing)
import importlib.machinery
import sys
import types


class Finder:
    sources = {
        'vpkg': 'x = 1',
        'vpkg.one': 'value = "one"',
        'vpkg.two': 'value = "two"',
        'vpkg.broken': 'import no_such_module_anywhere',
    }

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name in cls.sources or name == 'vpkg.failing':
            spec = importlib.machinery.ModuleSpec(name, cls, is_package=(name == 'vpkg'))
            if name == 'vpkg':
                spec.submodule_search_locations = []
            return spec
        return None

    @staticmethod
    def create_module(spec):
        return None

    @classmethod
    def exec_module(cls, module):
        if module.__name__ == 'vpkg.failing':
            raise ImportError('I cannot be loaded!')
        exec(cls.sources[module.__name__], module.__dict__)


sys.meta_path.insert(0, Finder)
m = __import__('vpkg', fromlist=['one'])
print(m.__name__, m.one.value)
m.__all__ = ['two']
m = __import__('vpkg', fromlist=['*'])
print(sorted(k for k in vars(m) if not k.startswith('_')))
try:
    __import__('vpkg', fromlist=['failing'])
except ImportError as e:
    print(type(e).__name__, e)
try:
    __import__('vpkg', fromlist=['broken'])
except ModuleNotFoundError as e:
    print(type(e).__name__, e.name)
exec('from vpkg import one as o; print(o.value)')
sys.meta_path.remove(Finder)
