# `from pkg import name` where pkg is a namespace package (no __init__.py,
# __file__ None) and name is missing: CPython's ImportError, "unknown location"
import os, sys, tempfile
d = tempfile.mkdtemp()
os.mkdir(os.path.join(d, "nspkg"))
with open(os.path.join(d, "nspkg", "present.py"), "w") as f:
    f.write("X = 1\n")
sys.path.insert(0, d)
import nspkg
print(nspkg.__file__, type(nspkg.__path__).__name__)
from nspkg import present
print(present.X)
try:
    from nspkg import missing
except ImportError as e:
    print(type(e).__name__, e)
