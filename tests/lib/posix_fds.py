# posix: file descriptors (open/read/write/lseek, pipes, dup, flags), compared with CPython
import posix

base = "/tmp/tpy_posix_fds_%d" % posix.getpid()

def err(f, *a, **k):
    try:
        print("ok", f(*a, **k))
    except Exception as e:
        print(type(e).__name__, str(e).replace(base, "<base>"))

fd = posix.open(base, posix.O_RDWR | posix.O_CREAT | posix.O_TRUNC, 0o600)
print(posix.get_inheritable(fd), posix.get_blocking(fd), posix.isatty(fd))
print(posix.write(fd, b"hello world\n"), posix.write(fd, bytearray(b"second line\n")))
print(posix.lseek(fd, 0, posix.SEEK_SET if hasattr(posix, "SEEK_SET") else 0))
print(posix.read(fd, 5), posix.read(fd, 100), posix.read(fd, 10))
print(posix.lseek(fd, -5, 2), posix.read(fd, 100))
print(posix.lseek(fd, 0, 1))
print(posix.fstat(fd).st_size, posix.fstat(fd=fd).st_size)
posix.ftruncate(fd, 5)
print(posix.fstat(fd).st_size, posix.pread(fd, 3, 1), posix.pwrite(fd, b"HE", 0), posix.pread(fd, 10, 0))
posix.truncate(fd, 2)
print(posix.pread(fd, 10, 0), posix.stat(fd).st_size)
posix.fsync(fd)
posix.fdatasync(fd)
class F:
    def fileno(self): return fd
posix.fsync(F())
err(posix.fsync, "x")
err(posix.fsync, -1)

# dup, dup2, inheritable
d = posix.dup(fd)
print(d != fd, posix.get_inheritable(d), posix.read(d, 0))
posix.set_inheritable(d, True)
print(posix.get_inheritable(d))
posix.set_inheritable(d, False)
print(posix.get_inheritable(d))
d2 = posix.dup2(fd, d + 5)
print(d2 == d + 5, posix.get_inheritable(d2))
d3 = posix.dup2(fd, d + 6, inheritable=False)
print(d3 == d + 6, posix.get_inheritable(d3))
posix.set_blocking(d, False)
print(posix.get_blocking(d), posix.get_blocking(fd))
posix.set_blocking(d, True)
print(posix.get_blocking(fd))
posix.closerange(d, d + 7)
err(posix.fstat, d)
err(posix.close, d)
posix.close(fd)
err(posix.read, fd, 1)
err(posix.write, fd, b"x")
err(posix.lseek, fd, 0, 0)
err(posix.read, 0, -1)
err(posix.write, 1, "str")
err(posix.lseek, 1)
err(posix.read, 1.5, 1)
err(posix.dup, -1)
err(posix.get_inheritable, 999)
err(posix.isatty, 999)
print(posix.isatty(-1))

# pipes
r, w = posix.pipe()
print(posix.get_inheritable(r), posix.get_inheritable(w), posix.get_blocking(r))
print(posix.write(w, b"through the pipe"), posix.read(r, 7), posix.read(r, 100))
print(posix.device_encoding(r))
posix.set_blocking(r, False)
err(posix.read, r, 10)
posix.close(w)
print(posix.read(r, 10))
posix.close(r)
r, w = posix.pipe2(posix.O_NONBLOCK)
print(posix.get_blocking(r), posix.get_inheritable(r))
r2, w2 = posix.pipe2(0)
print(posix.get_blocking(r2), posix.get_inheritable(r2))
for x in (r, w, r2, w2):
    posix.close(x)
err(posix.lseek, r, 0, 0)

# urandom, getrandom
print(len(posix.urandom(0)), len(posix.urandom(16)), type(posix.urandom(3)).__name__)
err(posix.urandom, -1)
print(len(posix.getrandom(8)), len(posix.getrandom(8, posix.GRND_NONBLOCK)))

# terminal size (not a terminal here)
err(posix.get_terminal_size, 999)
print(posix.terminal_size((80, 24)), posix.terminal_size((80, 24)).lines)
posix.unlink(base)
err(posix.open, base, posix.O_RDONLY)

# memoryviews are bytes-like for write/writev and writable for readv
r, w = posix.pipe()
print(posix.write(w, memoryview(b"hello")), posix.writev(w, [memoryview(b"ab"), b"c"]))
b, m = bytearray(4), memoryview(bytearray(4))
print(posix.readv(r, [b, m]), b, bytes(m))
posix.close(r)
posix.close(w)
