# PYTHONHASHSEED: an integer keys str and bytes hashes as CPython keys
# them; "random" gives a different key each run; a bad value is fatal.
import os
import subprocess
import sys

code = "import sys; print(hash('abc'), hash(b'abcdefghijk'), hash('\\xe4\\xfa\\u2211\\u2107'), " \
       "hash(memoryview(b'abc')), hash(''), sys.flags.hash_randomization)"


def run(seed):
    env = dict(os.environ)
    env['PYTHONHASHSEED'] = seed
    return subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True)


for seed in ('0', '42', '4294967295'):
    print(seed, run(seed).stdout.strip())
a, b = run('random').stdout.split(), run('random').stdout.split()
print(a[0] != b[0], a[1] != b[1], a[4:], b[4:])
for bad in ('x', '-1', '4294967296'):
    r = run(bad)
    print(bad, r.returncode, r.stderr.splitlines()[0])
