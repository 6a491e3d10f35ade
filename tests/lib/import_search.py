# The import search: namespace packages, a package's own __path__, zip
# archives on sys.path, module reprs, relative-import package errors
import os
import sys
import tempfile
import types
import zipfile

root = tempfile.mkdtemp()


def write(rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


write("ns_top/leaf.py", "X = 'leaf of a namespace package'\n")
write("other/ns_top/second.py", "Y = 'second portion'\n")
write("regular/__init__.py", "")
write("regular/ns_inner/mod.py", "Z = 'namespace inside a regular package'\n")
write("extended/__init__.py", "import os\n__path__.append(os.path.join(os.path.dirname(__file__), 'more'))\n")
write("extended/more/extra.py", "W = 'found through the extended __path__'\n")
write("plain.py", "V = 1\n")
sys.path[:0] = [root, os.path.join(root, "other")]

import ns_top.leaf
import ns_top.second
print(ns_top.leaf.X, '|', ns_top.second.Y)
print(type(ns_top.__path__).__name__, sorted(os.path.relpath(p, root) for p in ns_top.__path__))
print(ns_top.__spec__.origin, ns_top.__file__ if hasattr(ns_top, '__file__') else 'no __file__')
print(repr(ns_top).startswith("<module 'ns_top' (<"), 'NamespaceLoader' in repr(ns_top))
import regular.ns_inner.mod
print(regular.ns_inner.mod.Z)
import extended.extra
print(extended.extra.W)
for name in ["plain.sub", "regular.nothing", "no_such_module_here"]:
    try:
        __import__(name)
    except ModuleNotFoundError as e:
        print(type(e).__name__, e, e.name)

zpath = os.path.join(root, "archive.zip")
with zipfile.ZipFile(zpath, "w") as z:
    z.writestr("zpkg/__init__.py", "A = 'package in a zip'\n")
    z.writestr("zpkg/sub.py", "from . import A\nB = A + ', and its submodule'\n")
    z.writestr("zmod.py", "C = 'module in a zip'\n")
sys.path.insert(0, zpath)
import zmod
import zpkg.sub
print(zmod.C, '|', zpkg.sub.B)
print(type(zmod.__loader__).__name__, os.path.relpath(zmod.__file__, root))
print(sys.path_hooks[0].__name__)

print(types.ModuleType('bare'), sorted(types.ModuleType('bare').__dict__))
m = types.ModuleType('withfile')
m.__file__ = 'somewhere.py'
print(m)
print(sys)

for g in [{'__package__': 42, '__name__': 'x'}, {'__package__': '', '__name__': 'x'},
          {'__package__': 'no_such_parent_pkg', '__name__': 'no_such_parent_pkg.m'}]:
    try:
        __import__('', g, {}, ['thing'], 1)
    except (TypeError, ImportError) as e:
        print(type(e).__name__, e)
