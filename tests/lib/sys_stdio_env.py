# the standard streams under PYTHONIOENCODING and the locale (-E ignores the
# variable), sys.is_finalizing() in __del__ at exit, sys.executable when
# argv[0] names no program
import os, subprocess, sys

code = ('import sys\n'
        'for s in (sys.stdin, sys.stdout, sys.stderr): print(s.encoding, s.errors)\n'
        'print(chr(0xa2))\n')
for enc in [None, '', ':', 'cp424', 'cp424:ignore', 'ascii:replace', 'latin-1', 'iso8859-1:',
            ':ignore', 'utf-8:surrogateescape', 'bogus']:
    for lc in ['C', 'POSIX', 'C.UTF-8']:
        env = dict(os.environ, LC_ALL=lc)
        env.pop('PYTHONIOENCODING', None)
        if enc is not None:
            env['PYTHONIOENCODING'] = enc
        for opts in ([], ['-E']):
            p = subprocess.run([sys.executable] + opts + ['-c', code], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            err = p.stderr.decode().splitlines()
            print(repr(enc), lc, opts, p.returncode, p.stdout, [l for l in err if 'Error' in l or 'error' in l])

code = """if 1:
    import sys
    class AtExit:
        is_finalizing = sys.is_finalizing
        print = print
        def __del__(self):
            self.print('del', self.is_finalizing(), flush=True)
    ref = AtExit()
    print('main', sys.is_finalizing())
"""
print(subprocess.run([sys.executable, '-c', code], stdout=subprocess.PIPE).stdout)

p = subprocess.run(['nonexistent', '-c', 'import sys, os; print(sys.executable in ("", os.path.abspath(os.environ["EXE"])))'],
                   executable=sys.executable, stdout=subprocess.PIPE, env=dict(os.environ, EXE=sys.executable))
print(p.stdout)

# -u: the unbuffered sys.stdout is still open when __del__ runs at exit
code = """if 1:
    class C:
        def __del__(self):
            print('before')
            len(())
            print('after')
    c = C()
"""
for opts in ([], ['-u']):
    print(subprocess.run([sys.executable] + opts + ['-c', code], stdout=subprocess.PIPE).stdout)
