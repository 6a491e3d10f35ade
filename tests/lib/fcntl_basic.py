# fcntl: fcntl, ioctl, flock, lockf, constants; termios basics
import fcntl
import os
import struct
import tempfile
import termios

for name in ['F_GETFD', 'F_SETFD', 'F_GETFL', 'F_SETFL', 'FD_CLOEXEC', 'LOCK_SH', 'LOCK_EX', 'LOCK_NB',
             'LOCK_UN', 'F_DUPFD', 'F_DUPFD_CLOEXEC', 'F_GETLK', 'F_SETLK', 'F_SETLKW', 'F_RDLCK', 'F_WRLCK',
             'F_UNLCK', 'F_GETPIPE_SZ', 'F_OFD_GETLK', 'F_SEAL_WRITE']:
    print(name, getattr(fcntl, name))

r, w = os.pipe()
fl = fcntl.fcntl(r, fcntl.F_GETFL)
print(fl & os.O_NONBLOCK)
print(fcntl.fcntl(r, fcntl.F_SETFL, fl | os.O_NONBLOCK))
print(fcntl.fcntl(r, fcntl.F_GETFL) & os.O_NONBLOCK == os.O_NONBLOCK)
print(fcntl.fcntl(r, fcntl.F_GETFD) & fcntl.FD_CLOEXEC)


class F:
    def fileno(self):
        return w


print(fcntl.fcntl(F(), fcntl.F_GETFD))
d = fcntl.fcntl(r, fcntl.F_DUPFD, 50)
print(d >= 50)
os.close(d)
print(fcntl.fcntl(r, fcntl.F_GETPIPE_SZ) > 0)
print(fcntl.fcntl(r, fcntl.F_GETFD, 1 << 31), fcntl.fcntl(r, fcntl.F_GETFD, -1))

for args in [(r, fcntl.F_GETFL, 'x' * 2000), (r, 'x'), (r, fcntl.F_GETFL, 1.5), (-1, 1), ('x', 1), (99999, fcntl.F_GETFD)]:
    try:
        fcntl.fcntl(*args)
    except (TypeError, ValueError, OSError) as e:
        print(type(e).__name__, e)

with tempfile.TemporaryFile() as f:
    fcntl.flock(f, fcntl.LOCK_EX)
    fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    fcntl.lockf(f, fcntl.LOCK_UN)
    fcntl.lockf(f, fcntl.LOCK_SH, 10, 0, os.SEEK_SET)
    # F_GETLK through a struct flock in bytes
    lk = struct.pack('hhqqi', fcntl.F_WRLCK, 0, 0, 0, 0)
    res = fcntl.fcntl(f, fcntl.F_GETLK, lk)
    print(len(res) == len(lk), struct.unpack('hhqqi', res)[0] == fcntl.F_UNLCK)
    try:
        fcntl.lockf(f, 12345)
    except ValueError as e:
        print(e)
    try:
        fcntl.flock(f, 12345)
    except OSError as e:
        print(type(e).__name__, e.errno)

# ioctl: FIONREAD with an int, a bytes and a bytearray argument
os.write(w, b'abcde')
buf = bytearray(4)
print(fcntl.ioctl(r, termios.FIONREAD, buf), struct.unpack('i', buf)[0])
print(struct.unpack('i', fcntl.ioctl(r, termios.FIONREAD, b'\0' * 4))[0])
buf = bytearray(4)
res = fcntl.ioctl(r, termios.FIONREAD, buf, False)
print(struct.unpack('i', res)[0], buf)
try:
    fcntl.ioctl(r, termios.FIONREAD, b'x' * 2000)
except ValueError as e:
    print(e)
try:
    fcntl.ioctl(r, termios.TIOCGWINSZ, struct.pack('HHHH', 0, 0, 0, 0))
except OSError as e:
    print(type(e).__name__, e.errno)

# termios on a pipe: not a tty
print(issubclass(termios.error, Exception), issubclass(termios.error, OSError), termios.error.__module__)
for f, a in [(termios.tcgetattr, (r,)), (termios.tcgetwinsize, (r,)), (termios.tcdrain, (r,)),
             (termios.tcflush, (r, termios.TCIFLUSH)), (termios.tcsetwinsize, (r, (24, 80)))]:
    try:
        f(*a)
    except termios.error as e:
        print(f.__name__, e.args)
for a in [(r, termios.TCSANOW, []), (r, termios.TCSANOW, 7)]:
    try:
        termios.tcsetattr(*a)
    except TypeError as e:
        print(e)
try:
    termios.tcsetwinsize(r, 5)
except TypeError as e:
    print(e)
print(termios.TCSANOW, termios.TCSADRAIN, termios.TCSAFLUSH, termios.NCCS, termios.VMIN, termios.ECHO, termios.B38400)

# a pseudo-terminal is a tty: attributes round-trip
import pty
m, s = pty.openpty()
attrs = termios.tcgetattr(s)
print(len(attrs), len(attrs[6]), type(attrs[6][0]))
attrs[3] &= ~termios.ECHO
termios.tcsetattr(s, termios.TCSANOW, attrs)
print(termios.tcgetattr(s)[3] & termios.ECHO)
termios.tcsetwinsize(s, (30, 100))
print(termios.tcgetwinsize(s))
import tty
tty.setraw(s)
a = termios.tcgetattr(s)
print(a[3] & termios.ICANON, a[6][termios.VMIN], a[6][termios.VTIME])
os.close(m)
os.close(s)
