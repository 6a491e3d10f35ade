# `from package import *` imports the submodules the package's __all__
# names (CPython's importlib._handle_fromlist), and checks __all__'s items.
import os, sys, tempfile
d = tempfile.mkdtemp()
for pkg, init in (("pkgall", "__all__ = ['sub', 'X']\nX = 1\n"), ("pkgbad", "__all__ = ['sub', 3]\n")):
    os.mkdir(os.path.join(d, pkg))
    with open(os.path.join(d, pkg, "__init__.py"), "w") as f:
        f.write(init)
    with open(os.path.join(d, pkg, "sub.py"), "w") as f:
        f.write("Y = 2\n")
sys.path.insert(0, d)
ns = {}
exec("from pkgall import *", ns)
print(sorted(k for k in ns if not k.startswith("__")), ns["sub"].Y, "pkgall.sub" in sys.modules)
try:
    exec("from pkgbad import *", {})
except TypeError as e:
    print("TypeError", e)
from email import *
print(type(generator).__name__, generator.__name__)
