# sys.tracebacklimit: the default excepthook prints only the last entries
import subprocess, sys

code = """if 1:
    import sys
    def f1():
        1 / 0
    def f2():
        f1()
    def f3():
        f2()
    sys.tracebacklimit = %s
    f3()
"""
for limit in ['10', '4', '3', '2', '1', '0', '-1', '10**30', '-10**30', 'True', 'False', '"2"', '2.5', 'None']:
    p = subprocess.run([sys.executable, '-c', code % limit], stderr=subprocess.PIPE)
    print(limit, p.returncode)
    print(p.stderr.decode().replace(sys.executable, 'PY'))

# the handled path: sys.excepthook called directly, and del
sys.tracebacklimit = 1
def g():
    raise KeyError('k')
try:
    g()
except KeyError:
    sys.stdout.flush()
    sys.excepthook(*sys.exc_info())
del sys.tracebacklimit
try:
    g()
except KeyError:
    sys.excepthook(*sys.exc_info())
