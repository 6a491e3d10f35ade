# errno: every name and errorcode, compared with CPython
import errno
names = sorted(n for n in dir(errno) if n.startswith("E"))
print(len(names))
for n in names:
    print(n, getattr(errno, n), errno.errorcode[getattr(errno, n)])
print(len(errno.errorcode), sorted(errno.errorcode) == sorted(set(getattr(errno, n) for n in names)))
print(errno.errorcode[errno.EAGAIN], errno.errorcode[errno.EDEADLK], errno.errorcode[errno.ENOTSUP])
print(errno.EWOULDBLOCK == errno.EAGAIN, errno.EOPNOTSUPP == errno.ENOTSUP)
# OSError picks its subclass from the number
for n in ("ENOENT", "EEXIST", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "EPIPE", "ECHILD", "ESRCH", "EAGAIN", "EINTR",
          "ETIMEDOUT", "ECONNREFUSED", "EINVAL"):
    e = OSError(getattr(errno, n), "msg")
    print(n, type(e).__name__, e.errno == getattr(errno, n))
e = OSError(errno.ENOENT, "No such file", "a", None, "b")
print(e, e.args, e.filename, e.filename2, e.strerror)
print(OSError(1, "x", "f").args, OSError(1, 2, 3, 4, 5, 6).args, OSError(1, 2, 3, 4, 5, 6).errno)
