# Hash-based bytecode files (PEP 552): py_compile's CHECKED_HASH and
# UNCHECKED_HASH (its default under SOURCE_DATE_EPOCH). A checked file
# follows its source's content whatever its mtime; an unchecked one is used
# without looking at the source; _imp.check_hash_based_pycs overrides both.
# Loaded by the import statement and by importlib's loaders, one of the
# program's own included.
import _imp
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import py_compile
import sys
import tempfile
import types
from unittest import mock

sys.dont_write_bytecode = False
root = tempfile.mkdtemp()
sys.path.insert(0, root)
Mode = py_compile.PycInvalidationMode


def write(name, text):
    path = os.path.join(root, name + '.py')
    with open(path, 'w') as f:
        f.write(text)
    os.utime(path, (50, 50))   # the same mtime and size for every version
    return path


def by_statement(name):
    sys.modules.pop(name, None)
    importlib.invalidate_caches()
    return __import__(name).state


def by_loader(name, path):
    loader = importlib.machinery.SourceFileLoader(name, path)
    mod = types.ModuleType(name)
    mod.__spec__ = importlib.util.spec_from_loader(name, loader)
    loader.exec_module(mod)
    return mod.state


class MyLoader(importlib.abc.SourceLoader):
    # another get_data: importlib's own algorithm, in Python
    def __init__(self, path):
        self.path = path

    def get_filename(self, fullname):
        return self.path

    def get_data(self, path):
        with open(path, 'rb') as f:
            return f.read()

    def path_stats(self, path):
        st = os.stat(path)
        return {'mtime': st.st_mtime, 'size': st.st_size}

    def set_data(self, path, data):
        with open(path, 'wb') as f:
            f.write(data)


def by_own_loader(name, path):
    loader = MyLoader(path)
    mod = types.ModuleType(name)
    loader.exec_module(mod)
    return mod.state


for how, load in (('statement', None), ('loader', by_loader), ('own loader', by_own_loader)):
    for mode in (Mode.CHECKED_HASH, Mode.UNCHECKED_HASH):
        name = f'hp_{mode.name.lower()}_{how.replace(" ", "_")}'
        path = write(name, 'state = "old"')
        pyc = py_compile.compile(path, invalidation_mode=mode)
        with open(pyc, 'rb') as f:
            data = f.read()
        get = (lambda: by_statement(name)) if load is None else (lambda: load(name, path))
        first = get()
        write(name, 'state = "new"')
        second = get()
        with mock.patch('_imp.check_hash_based_pycs', 'never'):
            write(name, 'state = "old"')
            never = get()
        with mock.patch('_imp.check_hash_based_pycs', 'always'):
            write(name, 'state = "new"')
            always = get()
        print(how, mode.name, first, second, never, always)

# the hash importlib.util gives is the one py_compile writes
path = write('hp_hash', 'x = 1')
with open(path, 'rb') as f:
    h = importlib.util.source_hash(f.read())
print(len(h), h == _imp.source_hash(importlib.util._RAW_MAGIC_NUMBER if hasattr(importlib.util, '_RAW_MAGIC_NUMBER') else int.from_bytes(importlib.util.MAGIC_NUMBER, 'little'), b'x = 1'))

# SOURCE_DATE_EPOCH makes CHECKED_HASH py_compile's default
os.environ['SOURCE_DATE_EPOCH'] = '1'
path = write('hp_epoch', 'state = "epoch"')
py_compile.compile(path)
print(by_statement('hp_epoch'))
