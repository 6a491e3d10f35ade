# -X tracemalloc[=N] and PYTHONTRACEMALLOC start tracing at start-up, as
# CPython; -E ignores the variable; bad values stop the interpreter.
import os
import subprocess
import sys

CODE = 'import tracemalloc; print(tracemalloc.is_tracing(), tracemalloc.get_traceback_limit())'


def run(args, env_value=None):
    env = dict(os.environ)
    env.pop('PYTHONTRACEMALLOC', None)
    if env_value is not None:
        env['PYTHONTRACEMALLOC'] = env_value
    p = subprocess.run([sys.executable] + args, env=env, capture_output=True, text=True)
    err = [l for l in p.stderr.splitlines() if 'tracemalloc' in l or 'Error' in l]
    return p.returncode, p.stdout.strip(), err


print(run(['-c', CODE]))
print(run(['-X', 'tracemalloc', '-c', CODE]))
print(run(['-X', 'tracemalloc=1', '-c', CODE]))
print(run(['-X', 'tracemalloc=15', '-c', CODE]))
print(run(['-X', 'tracemalloc=0', '-c', CODE]))
print(run(['-c', CODE], '0'))
print(run(['-c', CODE], '1'))
print(run(['-c', CODE], '10'))
print(run(['-X', 'tracemalloc=3', '-c', CODE], '10'))
print(run(['-E', '-c', CODE], '1'))
for bad in ('-1', 'x', '1.5'):
    print(bad, run(['-c', 'pass'], bad))
    print(bad, run(['-X', 'tracemalloc=' + bad, '-c', 'pass']))
for big in ('65536', str(2**30)):
    print(big, run(['-c', 'pass'], big))
    print(big, run(['-X', 'tracemalloc=' + big, '-c', 'pass']))
# tracing from start-up: the script's own allocations are traced
script = ('import tracemalloc\n'
          'data = b"y" * 100000\n'
          'tb = tracemalloc.get_object_traceback(data)\n'
          'print(tb[0].lineno, tracemalloc.get_traced_memory()[0] >= 100000)\n')
print(run(['-X', 'tracemalloc', '-c', script]))
