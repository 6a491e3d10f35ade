# A second importlib with its own _bootstrap (what test.support's
# import_fresh_module builds with _frozen_importlib blocked) must not take
# over the import system: namespace packages still get the first
# importlib's NamespaceLoader, and invalidate_caches still reaches the
# finders the import statement uses.
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import tempfile
from test.support import import_helper

fresh = import_helper.import_fresh_module('importlib', blocked=('_frozen_importlib', '_frozen_importlib_external'))
fresh_abc = import_helper.import_fresh_module('importlib.abc', fresh=('importlib',),
                                              blocked=('_frozen_importlib', '_frozen_importlib_external'))
print(fresh_abc is importlib.abc)
print(fresh is importlib, fresh._bootstrap is importlib._bootstrap)
print(sys.modules['_frozen_importlib'] is importlib._bootstrap)

root = tempfile.mkdtemp()
os.mkdir(os.path.join(root, 'nsfresh'))
with open(os.path.join(root, 'nsfresh', 'a.py'), 'w') as f:
    f.write('v = "a"\n')
sys.path.insert(0, root)
import nsfresh.a
print(nsfresh.a.v, nsfresh.__file__)
print(isinstance(nsfresh.__loader__, importlib.abc.Loader))
print(isinstance(nsfresh.__loader__, importlib.machinery.NamespaceLoader))

# a module created after the directory was listed: found once caches are invalidated
with open(os.path.join(root, 'nsfresh', 'b.py'), 'w') as f:
    f.write('v = "b"\n')
importlib.invalidate_caches()
import nsfresh.b
print(nsfresh.b.v)
