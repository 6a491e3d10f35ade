# _posixshmem: POSIX shared memory objects by name, used through plain file
# descriptor calls (ftruncate, read, write, fstat); errors carry the name
import _posixshmem
import os, stat

name = '/tpytest-shm-%d' % os.getpid()
print(sorted(n for n in dir(_posixshmem) if n != '__file__'), _posixshmem.__doc__)

fd = _posixshmem.shm_open(name, os.O_CREAT | os.O_EXCL | os.O_RDWR, mode=0o600)
print(type(fd).__name__, fd > 2, os.get_inheritable(fd))
st = os.fstat(fd)
print(stat.S_ISREG(st.st_mode), oct(st.st_mode & 0o777), st.st_size)
os.ftruncate(fd, 4096)
print(os.fstat(fd).st_size)
print(os.write(fd, b'hello shared memory'))

# opened again by name: the same object
fd2 = _posixshmem.shm_open(name, os.O_RDWR)
print(os.read(fd2, 5), os.fstat(fd2).st_size)
os.lseek(fd2, 4090, 0)
os.write(fd2, b'end!!!')
os.lseek(fd, 4090, 0)
print(os.read(fd, 10))
os.close(fd2)

# O_EXCL on a name in use
try:
    _posixshmem.shm_open(name, os.O_CREAT | os.O_EXCL | os.O_RDWR)
except FileExistsError as e:
    print('FileExistsError', e.errno, e.filename == name, str(e) == "[Errno 17] File exists: '%s'" % name)

# read-only: writing fails
fd3 = _posixshmem.shm_open(name, os.O_RDONLY)
try:
    os.write(fd3, b'x')
except OSError as e:
    print(type(e).__name__, e.errno)
os.close(fd3)

print(_posixshmem.shm_unlink(path=name))
os.lseek(fd, 0, 0)
print(os.read(fd, 5))   # still there while open
os.close(fd)
for call in (lambda: _posixshmem.shm_unlink(name), lambda: _posixshmem.shm_open(name, os.O_RDWR)):
    try:
        call()
    except FileNotFoundError as e:
        print('FileNotFoundError', e.errno, e.filename == name)

# argument errors as CPython's
for args, kw in [((3, 0), {}), ((name,), {}), ((name, 'x'), {}), ((name, 0, 1.5), {}),
                 ((name, 0), {'bad': 1}), ((name, 0, 1, 2), {}), ((name, 2 ** 40), {})]:
    try:
        _posixshmem.shm_open(*args, **kw)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    _posixshmem.shm_unlink(b'/x')
except TypeError as e:
    print(e)
