# The bytecode cache, as CPython and tpy both behave: a module's cache file is
# written on import (where importlib.util.cache_from_source says), used while
# the source's mtime and size match, ignored and rewritten when stale or
# damaged in its header; -B, PYTHONDONTWRITEBYTECODE and
# sys.dont_write_bytecode stop the writing but not the reading; -O and
# -X pycache_prefix change the place. Each case runs in a fresh interpreter
# (sys.executable), through the import statement and through importlib.
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

tmp = tempfile.mkdtemp()
EXE = os.path.abspath(sys.executable)
ENV = {k: v for k, v in os.environ.items() if not k.startswith('PYTHON')}
T0 = 1_600_000_000


def write(name, text, mtime):
    path = os.path.join(tmp, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)
    os.utime(path, (mtime, mtime))
    return path


IMPORTERS = {
    'stmt': 'import {m} as mod',
    'importlib': 'import importlib; mod = importlib.import_module({m!r})',
}


def run(how, module, *flags, env=None, pre=''):
    code = pre + IMPORTERS[how].format(m=module) + '; print(mod.VALUE)'
    e = dict(ENV)
    e.update(env or {})
    r = subprocess.run([EXE, *flags, '-c', code], cwd=tmp, env=e,
                       capture_output=True, text=True)
    return (r.stdout + r.stderr).strip()


def cached(path, **kw):
    return os.path.exists(importlib.util.cache_from_source(path, **kw))


def clear():
    for d, subdirs, files in os.walk(tmp):
        if os.path.basename(d) == '__pycache__':
            shutil.rmtree(d)


tag = sys.implementation.cache_tag
print('cache_tag set:', isinstance(tag, str) and len(tag) > 0)
p = os.path.join(tmp, 'x.py')
print('beside the source:', importlib.util.cache_from_source(p) ==
      os.path.join(tmp, '__pycache__', 'x.' + tag + importlib.machinery.BYTECODE_SUFFIXES[0]))
print('source_from_cache:', importlib.util.source_from_cache(importlib.util.cache_from_source(p)) == p)

for how in IMPORTERS:
    print('--', how)
    clear()
    src = write('m_%s.py' % how, 'VALUE = 1\n', T0)
    mod = 'm_' + how
    print('first import:', run(how, mod), 'cached:', cached(src))
    # the cache is used: a change that keeps mtime and size is not seen
    write('m_%s.py' % how, 'VALUE = 2\n', T0)
    print('same mtime and size:', run(how, mod))
    # same size, another mtime: compiled again, and the cache rewritten
    write('m_%s.py' % how, 'VALUE = 3\n', T0 + 10)
    print('new mtime:', run(how, mod), run(how, mod))
    # another size, same mtime
    write('m_%s.py' % how, 'VALUE = 444\n', T0 + 10)
    print('new size:', run(how, mod), run(how, mod))

    # -B, PYTHONDONTWRITEBYTECODE, sys.dont_write_bytecode: nothing written
    clear()
    print('-B:', run(how, mod, '-B'), 'cached:', cached(src))
    print('PYTHONDONTWRITEBYTECODE:', run(how, mod, env={'PYTHONDONTWRITEBYTECODE': '1'}),
          'cached:', cached(src))
    print('sys.dont_write_bytecode:', run(how, mod, pre='import sys; sys.dont_write_bytecode = True; '),
          'cached:', cached(src))
    # ... but a valid cache is still read
    run(how, mod)
    write('m_%s.py' % how, 'VALUE = 555\n', T0 + 10)
    print('-B reads:', run(how, mod, '-B'), 'cached:', cached(src))

    # a damaged header: ignored, compiled, rewritten
    for label, damage in [('empty', lambda b: b''), ('truncated', lambda b: b[:10]),
                          ('bad magic', lambda b: b'\0\0\0\0' + b[4:])]:
        run(how, mod)
        cache = importlib.util.cache_from_source(src)
        with open(cache, 'rb') as f:
            good = f.read()
        with open(cache, 'wb') as f:
            f.write(damage(good))
        print(label + ':', run(how, mod), end=' ')
        with open(cache, 'rb') as f:
            again = f.read()
        # (CPython's marshal output may differ from run to run)
        print('rewritten:', again[:4] == good[:4] == importlib.util.MAGIC_NUMBER and len(again) > 16)

    # a package's __init__
    pkg = write('pkg_%s/__init__.py' % how, 'VALUE = "pkg"\n', T0)
    print('package:', run(how, 'pkg_' + how), 'cached:', cached(pkg))

    # -O: its own file
    clear()
    print('-O:', run(how, mod, '-O'), 'opt-1 cached:', cached(src, optimization=1),
          'plain cached:', cached(src))

    # -X pycache_prefix: a tree under the prefix, nothing beside the source
    clear()
    prefix = os.path.join(tmp, 'prefix')
    out = run(how, mod, '-X', 'pycache_prefix=' + prefix)
    where = prefix + os.path.join(tmp, os.path.basename(importlib.util.cache_from_source(src)))
    print('pycache_prefix:', out, 'under the prefix:', os.path.exists(where), 'beside:', cached(src))
    shutil.rmtree(prefix)

shutil.rmtree(tmp)
