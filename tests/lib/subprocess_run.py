# subprocess through _posixsubprocess.fork_exec: run, pipes, errors
import os
import subprocess
import sys

print(subprocess.run(['echo', 'hi'], capture_output=True))
print(subprocess.check_output(['echo', 'a b']))
print(subprocess.check_output(['sh', '-c', 'echo $0 "$@"', 'x', 'y z']))

# pipes both ways, more than a pipe's buffer
p = subprocess.Popen(['cat'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out, err = p.communicate(b'0123456789' * 20000, timeout=30)
print(len(out), out[:12], err, p.returncode)

p = subprocess.Popen(['cat'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write('line 1\nline 2\n')
p.stdin.close()
print(repr(p.stdout.read()), p.wait())
p.stdout.close()

# communicate with a timeout that expires, then kill
p = subprocess.Popen(['sleep', '10'], stdout=subprocess.PIPE)
try:
    p.communicate(timeout=0.1)
except subprocess.TimeoutExpired as e:
    print('TimeoutExpired', e.cmd)
p.kill()
p.communicate()
print(p.returncode)

# exit status, stderr, env, cwd
r = subprocess.run(['sh', '-c', 'echo out; echo err >&2; exit 3'], capture_output=True)
print(r.returncode, r.stdout, r.stderr)
print(subprocess.run(['sh', '-c', 'echo $FOO'], env={'FOO': 'bar'}, capture_output=True, text=True).stdout)
print(subprocess.run(['pwd'], cwd='/', capture_output=True).stdout)
print(subprocess.run('echo to-stderr >&2', shell=True, stderr=subprocess.STDOUT, stdout=subprocess.PIPE).stdout)
print(subprocess.run(['cat'], input=b'fed', capture_output=True).stdout)
print(subprocess.run(['cat'], stdin=subprocess.DEVNULL, capture_output=True).stdout)

try:
    subprocess.check_call(['false'])
except subprocess.CalledProcessError as e:
    print('CalledProcessError', e.returncode, e.cmd)

# errors from the child before exec come back as exceptions
try:
    subprocess.run(['/nonexistent/program'])
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename)
try:
    subprocess.run(['ls'], cwd='/nonexistent/dir')
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename)
try:
    subprocess.run(['/etc/passwd'])
except PermissionError as e:
    print(type(e).__name__, e.errno, e.filename)
try:
    subprocess.run(['true'], preexec_fn=lambda: 1 / 0)
except subprocess.SubprocessError as e:
    print(type(e).__name__, e)

# preexec_fn runs in the child
print(subprocess.run(['sh', '-c', 'echo $PREEXEC'], preexec_fn=lambda: os.environ.__setitem__('PREEXEC', 'set'),
                     capture_output=True).stdout)

# fds: pass_fds keeps one open, close_fds closes the others
r, w = os.pipe()
print(subprocess.run(['sh', '-c', 'echo kept >&%d' % w], pass_fds=[w]).returncode, os.read(r, 100))
print(subprocess.run(['sh', '-c', 'echo x >&%d' % w], stderr=subprocess.DEVNULL).returncode)
os.close(r)
os.close(w)

# new session, umask, signals restored
print(subprocess.run(['sh', '-c', 'umask'], umask=0o027, capture_output=True).stdout)
p = subprocess.run([sys.executable, '-c', 'import os; print(os.getsid(0) == os.getpid())'],
                   start_new_session=True, capture_output=True)
print(p.stdout)
p = subprocess.run([sys.executable, '-c', 'import os; print(os.getpgid(0) == os.getpid())'],
                   process_group=0, capture_output=True)
print(p.stdout)

# the interpreter itself as the child
p = subprocess.run([sys.executable, '-c', 'import sys; print(sys.argv[1:]); sys.exit(5)', 'a', 'b'],
                   capture_output=True, text=True)
print(p.returncode, p.stdout)
from test.support import script_helper
rc, out, err = script_helper.assert_python_ok('-c', 'print(6 * 7)')
print(rc, out, err)
rc, out, err = script_helper.assert_python_failure('-c', 'raise SystemExit(4)')
print(rc, out, err)

# fork_exec's own argument checks
import _posixsubprocess
try:
    _posixsubprocess.fork_exec()
except TypeError as e:
    print(e)
args = [[b'true'], [b'/bin/true'], True, (), None, None, -1, -1, -1, -1, -1, -1, 3, 4, True, False, -1,
        None, None, None, -1, None, True]
a = list(args); a[3] = (5, 4)
try:
    _posixsubprocess.fork_exec(*a)
except ValueError as e:
    print(e)
a = list(args); a[3] = (-1,)
try:
    _posixsubprocess.fork_exec(*a)
except ValueError as e:
    print(e)
a = list(args); a[13] = 1
try:
    _posixsubprocess.fork_exec(*a)
except ValueError as e:
    print(e)
