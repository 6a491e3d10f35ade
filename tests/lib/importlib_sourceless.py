# SourcelessFileLoader on damaged cache files: a file without the magic
# number is not ours (ImportError with name and path), one cut short after
# it is truncated (EOFError); a whole file loads. FrozenImporter's errors
# name the module.
import importlib.machinery
import importlib.util
import os
import py_compile
import sys
import tempfile

d = tempfile.mkdtemp()
src = os.path.join(d, 'sl_mod.py')
with open(src, 'w') as f:
    f.write('answer = 42\n')
good = py_compile.compile(src, cfile=os.path.join(d, 'good.bin'))
with open(good, 'rb') as f:
    data = f.read()
print(data[:4] == importlib.util.MAGIC_NUMBER)


def load(content, label):
    path = os.path.join(d, label + '.bin')
    with open(path, 'wb') as f:
        f.write(content)
    loader = importlib.machinery.SourcelessFileLoader('sl_mod', path)
    spec = importlib.util.spec_from_loader('sl_mod', loader)
    mod = importlib.util.module_from_spec(spec)
    try:
        loader.exec_module(mod)
    except ImportError as e:
        print(label, 'ImportError', e.name, e.path == path, 'bad magic' in str(e))
    except EOFError as e:
        print(label, 'EOFError')
    else:
        print(label, 'loaded', mod.answer)


load(data, 'whole')
load(b'', 'empty')
load(data[:3], 'partial_magic')
load(b'\x00\x00\x00\x00' + data[4:], 'bad_magic')
for n in (4, 7, 11, 15, 16, len(data) - 1):
    load(data[:n], 'cut')

try:
    importlib.machinery.FrozenImporter.load_module('_not_real')
except ImportError as e:
    print(type(e).__name__, e.name)
import _imp
try:
    _imp.get_frozen_object('_not_real')
except ImportError as e:
    print(e, e.name)
