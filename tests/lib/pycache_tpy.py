# tpy-test: no-regen
# tpy's own bytecode cache (src/vm/codecache.c), where it differs from
# CPython's .pyc files: the file format (CPython's header with tpy's magic
# number, then marshal's tpy code object with its checksum), damage
# anywhere (every truncation, every byte flipped, payloads with a right
# checksum) never trusted and never a crash, the user's cache directory when
# __pycache__ cannot be written, concurrent writers, a program's own
# SourceLoader, a .pyc without its source. Expected output written by hand.
import _imp
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = False   # whatever the environment says
tmp = tempfile.mkdtemp()
EXE = os.path.abspath(sys.executable)
ENV = {k: v for k, v in os.environ.items() if not k.startswith('PYTHON')}
T0 = 1_600_000_000

SOURCE = '''\
"""doc"""
import sys
BIG = 2 ** 100 - 7
NEG = -(3 ** 50)
F = (0.5, -0.0, float('inf') if False else 1e300, 2j)
S = frozenset({'a', 'b'})
B = b'\\x00\\xff'
U = 'h\\u00e9llo \\U0001f600'
def outer(x, *args, y=2, **kw):
    def inner():
        nonlocal x
        x += 1
        return x
    return inner() + y + len(args) + len(kw)
class K:
    def __init__(self):
        self.a = 1
        self.b = 2
    def m(self):
        try:
            return [i * i for i in range(3) if i] + [self.a]
        except Exception as e:
            raise
        finally:
            pass
async def co():
    return 1
def gen():
    yield from range(2)
VALUE = (BIG % 1000, NEG % 1000, F, sorted(S), B, U, outer(1, 9, z=3), K().m(), list(gen()), co.__name__)
'''


def write(path, text, mtime):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)
    os.utime(path, (mtime, mtime))


def run(code, env=None):
    e = dict(ENV)
    e.update(env or {})
    r = subprocess.run([EXE, '-c', code], cwd=tmp, env=e, capture_output=True, text=True)
    return (r.stdout + r.stderr).strip()


src = os.path.join(tmp, 'fz.py')
write(src, SOURCE, T0)
expected = run('import fz; print(fz.VALUE)')
cache = importlib.util.cache_from_source(src)
with open(cache, 'rb') as f:
    good = f.read()
st = os.stat(src)
size = st.st_size

print('magic:', good[:4] == importlib.util.MAGIC_NUMBER == _imp.tpy_magic_number, good[4:8])
print('suffixes:', importlib.machinery.BYTECODE_SUFFIXES)
print('same value from the cache:', run('import fz; print(fz.VALUE)') == expected)


def load(data):
    return _imp.tpy_code_from_cache(data, src, T0, size)


code = load(good)
print('loads:', type(code).__name__, code.co_filename == src)
ns = {'__name__': 'fz2'}
exec(code, ns)
print('runs:', repr(ns['VALUE']) == expected)
print('stale mtime:', load(good) is not None, _imp.tpy_code_from_cache(good, src, T0 + 1, size))
print('stale size:', _imp.tpy_code_from_cache(good, src, T0, size + 1))

# every truncation, every byte changed: rejected (the header or the CRC)
print('truncations rejected:', all(load(good[:n]) is None for n in range(len(good))))
print('extended rejected:', load(good + b'\0') is None)
# (but marshal's flag on the code's type code, byte 16, and the nanoseconds
# of the mtime, bytes 43-46: a caller of tpy_code_from_cache knows the mtime
# as path_stats gives it, in seconds)
print('flips accepted at:', sorted({i for i in range(len(good)) for m in (1, 0x80)
                                    if load(good[:i] + bytes([good[i] ^ m]) + good[i + 1:]) is not None}))


# payloads damaged with a right CRC: parsed without a crash, rejected or a
# code object that passed the checks
HEADER = 59   # CPython's 16 bytes, b'C', the blob's length, the blob's header


def crc32c_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


CRC32C = crc32c_table()


def crc32c(data):
    """CRC-32C (Castagnoli), the blob's checksum"""
    crc = 0xFFFFFFFF
    for b in data:
        crc = CRC32C[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


print('crc32c check value:', hex(crc32c(b'123456789')), crc32c(good[HEADER:]) == int.from_bytes(good[HEADER - 4:HEADER], 'little'))


def with_crc(data):
    payload = data[HEADER:]
    return (data[:17] + (len(payload) + HEADER - 21).to_bytes(4, 'little') + data[21:HEADER - 4] +
            crc32c(payload).to_bytes(4, 'little') + payload)


outcomes = set()
for i in range(HEADER, len(good)):
    for m in (1, 0x40, 0xff):
        r = load(with_crc(good[:i] + bytes([good[i] ^ m]) + good[i + 1:]))
        outcomes.add(r is None or type(r).__name__ == 'code')
for n in range(HEADER, len(good)):
    r = load(with_crc(good[:n]))
    outcomes.add(r is None)
print('right CRC, damaged payload, no crash:', outcomes == {True})
print('garbage:', [load(b) for b in (b'', b'\0' * 100, good[:HEADER] + b'\xff' * 50)])

# a damaged file on disk: ignored by both importers and rewritten
for how in ('import fz as m', 'import importlib; m = importlib.import_module("fz")'):
    for i in (5, 25, 30, 60, len(good) // 2, len(good) - 1):
        with open(cache, 'wb') as f:
            f.write(good[:i] + bytes([good[i] ^ 0x55]) + good[i + 1:])
        out = run(how + '; print(m.VALUE)')
        with open(cache, 'rb') as f:
            print('damaged at', i if i < HEADER else 'payload', '->', out == expected,
                  'rewritten:', load(f.read()) is not None)

# __pycache__ cannot be written (here: a file of that name): the user's cache
d = os.path.join(tmp, 'ro')
write(os.path.join(d, 'rom.py'), 'VALUE = 1\n', T0)
with open(os.path.join(d, '__pycache__'), 'w') as f:
    f.write('not a directory')
xdg = os.path.join(tmp, 'xdg')
env = {'XDG_CACHE_HOME': xdg}
print('fallback import:', run('import sys; sys.path.insert(0, "ro"); import rom; print(rom.VALUE)', env))
user_file = os.path.join(xdg, 'tpy' + os.path.realpath(d), 'rom.' + sys.implementation.cache_tag + '.pyc')
print('in the user cache:', os.path.exists(user_file))
write(os.path.join(d, 'rom.py'), 'VALUE = 2\n', T0)   # same mtime and size: the cache is used
print('read from the user cache:', run('import sys; sys.path.insert(0, "ro"); import rom; print(rom.VALUE)', env))
print('and by importlib:', run('import sys, importlib; sys.path.insert(0, "ro"); '
                               'print(importlib.import_module("rom").VALUE)', env))
shutil.rmtree(xdg)
print('HOME when XDG_CACHE_HOME is unset:', run('import sys; sys.path.insert(0, "ro"); import rom; print(rom.VALUE)',
                                                {'HOME': os.path.join(tmp, 'home')}),
      os.path.exists(os.path.join(tmp, 'home', '.cache', 'tpy' + os.path.realpath(d), os.path.basename(user_file))))

# concurrent writers: whole files only, no temporary left behind
write(os.path.join(tmp, 'conc.py'), SOURCE, T0)
conc_cache = importlib.util.cache_from_source(os.path.join(tmp, 'conc.py'))
ok = True
for rnd in range(3):
    if os.path.exists(conc_cache):
        os.unlink(conc_cache)
    procs = [subprocess.Popen([EXE, '-c', 'import conc; print(conc.VALUE)'], cwd=tmp, env=ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(6)]
    outs = [p.communicate()[0].strip() for p in procs]
    ok = ok and all(o == expected for o in outs)
with open(conc_cache, 'rb') as f:
    conc_data = f.read()
print('concurrent imports:', ok, 'cache valid:', _imp.tpy_code_from_cache(
    conc_data, os.path.join(tmp, 'conc.py'), T0, size) is not None,
    'temporaries left:', [n for n in os.listdir(os.path.dirname(conc_cache)) if 'tmp' in n])


# a loader of the program's own: CPython's algorithm through its get_data/set_data
class Loader(importlib.machinery.SourceFileLoader):
    log = []

    def get_data(self, path):
        self.log.append(('get', os.path.basename(path)))
        return super().get_data(path)

    def set_data(self, path, data, *, _mode=0o666):
        self.log.append(('set', os.path.basename(path), data[:4] == _imp.tpy_magic_number))
        return super().set_data(path, data, _mode=_mode)


write(os.path.join(tmp, 'own.py'), 'VALUE = "own"\n', T0)
for attempt in range(2):
    Loader.log = []
    spec = importlib.util.spec_from_file_location('own', os.path.join(tmp, 'own.py'),
                                                  loader=Loader('own', os.path.join(tmp, 'own.py')))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    print('own loader:', m.VALUE, Loader.log)

# a .pyc without its source: importlib's SourcelessFileLoader reads it
sl = os.path.join(tmp, 'sl')
write(os.path.join(sl, 'nosrc.py'), 'VALUE = "sourceless"\n', T0)
print('with its source:', run('import sys; sys.path.insert(0, "sl"); import nosrc; print(nosrc.VALUE)'))
shutil.move(importlib.util.cache_from_source(os.path.join(sl, 'nosrc.py')), os.path.join(sl, 'nosrc.pyc'))
os.unlink(os.path.join(sl, 'nosrc.py'))
print('sourceless:', run('import sys, importlib; sys.path.insert(0, "sl"); '
                         'print(importlib.import_module("nosrc").VALUE)'))
with open(os.path.join(sl, 'nosrc.pyc'), 'r+b') as f:
    f.seek(70)
    f.write(b'\x99')
print('damaged sourceless:', run('import sys, importlib; sys.path.insert(0, "sl"); '
                                 'importlib.import_module("nosrc")').splitlines()[-1].replace(tmp, 'TMP'))

# py_compile and compileall write tpy's files (mtime in seconds), which the
# import statement reads: a source changed keeping its mtime and size
# still imports the compiled value
write(os.path.join(tmp, 'pc', 'pcm.py'), 'VALUE = "compiled"\n', T0)
write(os.path.join(tmp, 'ca', 'cam.py'), 'VALUE = "compiled"\n', T0)
print('py_compile:', run('import py_compile; print(py_compile.compile("pc/pcm.py") == "pc/__pycache__/pcm.tpy-311.pyc")'))
print('compileall:', run('import compileall; print(compileall.compile_dir("ca", quiet=1))'))
for d, m in (('pc', 'pcm'), ('ca', 'cam')):
    write(os.path.join(tmp, d, m + '.py'), 'VALUE = "modified"\n', T0)
    print(m, run('import sys; sys.path.insert(0, %r); import %s; print(%s.VALUE)' % (d, m, m)))

# CPython's readers of the format: pkgutil.read_code (the 16-byte header,
# then marshal), a .pyc run as a script, a zip archive run as a script
import pkgutil
with open(cache, 'rb') as f:
    rc = pkgutil.read_code(f)
ns = {'__name__': 'fz3'}
exec(rc, ns)
print('pkgutil.read_code:', type(rc).__name__, repr(ns['VALUE']) == expected)
write(os.path.join(tmp, 'sc', 'script.py'), 'import sys\nprint("script", __name__, sys.argv[1:], __file__.endswith(".pyc"))\n', T0)
print('compiled:', run('import py_compile; print(py_compile.compile("sc/script.py", cfile="sc/script.pyc"))'))


def run_file(*args):
    r = subprocess.run([EXE] + list(args), cwd=tmp, env=ENV, capture_output=True, text=True)
    return (r.stdout + r.stderr).strip(), r.returncode


print('run a .pyc:', run_file('sc/script.pyc', 'a', 'b'))
with open(os.path.join(tmp, 'sc', 'bad.pyc'), 'wb') as f:
    f.write(b'not a pyc file at all')
print('run a bad .pyc:', run_file('sc/bad.pyc'))
with open(os.path.join(tmp, 'sc', 'trunc.pyc'), 'wb') as f:
    with open(os.path.join(tmp, 'sc', 'script.pyc'), 'rb') as g:
        f.write(g.read()[:40])
print('run a truncated .pyc:', run_file('sc/trunc.pyc'))
import zipfile
with zipfile.ZipFile(os.path.join(tmp, 'app.zip'), 'w') as z:
    z.writestr('__main__.py', 'import sys, helper\nprint("zip", __name__, sys.argv, helper.X, sys.path[0].endswith("app.zip"))\n')
    z.writestr('helper.py', 'X = 42\n')
print('run a zip archive:', run_file('app.zip', 'x'))

shutil.rmtree(tmp)
