# posix: _path_normpath, sendfile, copy_file_range, readv/writev, xattrs, eventfd,
# waitid, openpty and other less common calls, compared with CPython
import posix

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, str(e).replace(base, "<base>"))

base = "/tmp/tpy_posix_more_%d" % posix.getpid()

# _path_normpath over many shapes
parts = ["", ".", "..", "a", "bc", "/", "//", "///"]
seen = []
for x in parts:
    for y in parts:
        for z in parts:
            p = x + "/" + y + z if y else x + z
            seen.append((p, posix._path_normpath(p)))
print(len(seen), "|".join(n for p, n in seen))
for p, n in seen[::7]:
    print(repr(p), repr(n))
print(posix._path_normpath("."), repr(posix._path_normpath("./")), posix._path_normpath("/a/b/../../../c"))
err(posix._path_normpath, b"/a")
err(posix._path_normpath, 1)

posix.mkdir(base)
src = posix.open(base + "/src", posix.O_RDWR | posix.O_CREAT)
posix.write(src, b"0123456789" * 10)
dst = posix.open(base + "/dst", posix.O_RDWR | posix.O_CREAT)
print(posix.sendfile(dst, src, 0, 25), posix.sendfile(dst, src, 90, 100), posix.sendfile(dst, src, 200, 5))
posix.lseek(src, 50, 0)
print(posix.sendfile(dst, src, None, 5), posix.lseek(src, 0, 1))
print(posix.pread(dst, 100, 0))
print(posix.copy_file_range(src, dst, 10, 0, 0), posix.pread(dst, 12, 0))
err(posix.sendfile, 999, src, 0, 1)
err(posix.copy_file_range, src, dst, -1)

# readv / writev
print(posix.writev(dst, [b"ab", bytearray(b"cd"), b""]), posix.lseek(dst, 0, 1))
posix.lseek(src, 0, 0)
b1, b2 = bytearray(3), bytearray(4)
print(posix.readv(src, [b1, b2]), b1, b2)
err(posix.readv, src, [b"xx"])
err(posix.writev, dst, [1])
err(posix.writev, dst, 5)

# locks, allocation, advice
print(posix.lockf(src, posix.F_TLOCK, 0), posix.lockf(src, posix.F_ULOCK, 0))
print(posix.posix_fallocate(dst, 0, 4096), posix.fstat(dst).st_size)
print(posix.posix_fadvise(dst, 0, 0, posix.POSIX_FADV_SEQUENTIAL))
err(posix.posix_fallocate, dst, 0, -1)
posix.close(src)
posix.close(dst)

# extended attributes (user namespace on a regular file)
f = base + "/src"
try:
    posix.setxattr(f, "user.tpy", b"value")
    ok = True
except OSError as e:
    ok = False
    print("setxattr", type(e).__name__)
if ok:
    print(posix.getxattr(f, "user.tpy"), posix.getxattr(f, b"user.tpy", follow_symlinks=False))
    print("user.tpy" in posix.listxattr(f), posix.listxattr(f) == posix.listxattr(f, follow_symlinks=False))
    posix.setxattr(f, "user.tpy", b"again", posix.XATTR_REPLACE)
    print(posix.getxattr(f, "user.tpy"))
    err(posix.setxattr, f, "user.tpy", b"x", posix.XATTR_CREATE)
    posix.removexattr(f, "user.tpy")
    err(posix.getxattr, f, "user.tpy")
    err(posix.removexattr, f, "user.tpy")
err(posix.getxattr, base + "/nope", "user.x")
err(posix.listxattr, base + "/nope")
err(posix.getxattr, f, 5)

# eventfd
efd = posix.eventfd(3)
print(posix.get_inheritable(efd), posix.eventfd_read(efd))
posix.eventfd_write(efd, 5)
posix.eventfd_write(efd, 6)
print(posix.eventfd_read(efd))
posix.close(efd)
efd = posix.eventfd(0, posix.EFD_NONBLOCK | posix.EFD_SEMAPHORE)
err(posix.eventfd_read, efd)
posix.eventfd_write(efd, 2)
print(posix.eventfd_read(efd), posix.eventfd_read(efd))
posix.close(efd)
err(posix.eventfd_write, 0, -1)

# waitid
import sys
sys.stdout.flush()
pid = posix.fork()
if pid == 0:
    posix._exit(7)
r = posix.waitid(posix.P_PID, pid, posix.WEXITED)
print(type(r).__name__, r.si_pid == pid, r.si_status, r.si_code == posix.CLD_EXITED, r.si_signo)
err(posix.waitid, posix.P_ALL, 0, posix.WEXITED | posix.WNOHANG)
print(posix.P_ALL, posix.P_PID, posix.P_PGID, posix.P_PIDFD, posix.waitid_result.__match_args__)

# pidfd
sys.stdout.flush()
pid = posix.fork()
if pid == 0:
    posix._exit(0)
pfd = posix.pidfd_open(pid)
print(type(pfd).__name__, posix.get_inheritable(pfd))
posix.close(pfd)
posix.waitpid(pid, 0)

# openpty
m, s = posix.openpty()
print(posix.isatty(m), posix.isatty(s), posix.get_inheritable(m), posix.get_inheritable(s),
      posix.ttyname(s).startswith("/dev/pts/"), posix.get_terminal_size(s) == posix.terminal_size((0, 0)))
posix.close(m)
posix.close(s)

# scheduling, groups, misc
print(posix.sched_get_priority_max(posix.SCHED_FIFO), posix.sched_get_priority_min(policy=posix.SCHED_FIFO))
print(posix.sched_getscheduler(0) == posix.SCHED_OTHER)
cpus = posix.sched_getaffinity(0)
posix.sched_setaffinity(0, cpus)
print(posix.sched_getaffinity(0) == cpus)
err(posix.sched_setaffinity, 0, [-1])
err(posix.sched_setaffinity, 0, ["x"])
print(posix.getgrouplist("root", 0)[:1])
err(posix.getgrouplist, 1, 0)
print(type(posix.ctermid()).__name__)
err(posix.chroot, base + "/nope")
err(posix.tcgetpgrp, 999)
for n in ("src", "dst"):
    posix.unlink(base + "/" + n)
posix.rmdir(base)

# sched_param and friends, preadv/pwritev, splice
os = posix
p=os.sched_param(5); print(p, p.sched_priority, type(p).__mro__, os.sched_param.n_fields, p.__reduce__())
for a,k in [((),{}),((1,2),{}),((),{'x':1}),(('x',),{})]:
  try: print(os.sched_param(*a,**k))
  except Exception as e: print(type(e).__name__, e)
print(os.sched_param(sched_priority=3))
print(os.sched_getparam(0), type(os.sched_rr_get_interval(0)).__name__)
try: os.sched_setscheduler(0, os.SCHED_OTHER, 5)
except Exception as e: print(type(e).__name__, e)
os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
os.sched_setparam(0, os.sched_param(0))
try: os.sched_setparam(0, os.sched_param('x'))
except Exception as e: print(type(e).__name__, e)
try: os.sched_setparam(0, os.sched_param(2**40))
except Exception as e: print(type(e).__name__, e)
try: os.sched_setparam(0)
except Exception as e: print(type(e).__name__, e)
print(os.RWF_NOWAIT, os.SPLICE_F_MOVE)
base = "/tmp/tpy_posix_more2_%d" % os.getpid()
fd = os.open(base, os.O_RDWR | os.O_CREAT)
print(os.pwritev(fd, [b"hello ", memoryview(b"world")], 0), os.pwritev(fd, [b"X"], 3))
b1, b2 = bytearray(4), bytearray(10)
print(os.preadv(fd, [b1, b2], 1), b1, b2, os.preadv(fd, [bytearray(2)], 100))
r, w = os.pipe()
print(os.splice(fd, w, 5, offset_src=2), os.read(r, 10))
try: os.splice(fd, w, -1)
except Exception as e: print(type(e).__name__, e)
try: os.preadv(fd, [b"x"], 0)
except Exception as e: print(type(e).__name__, e)
os.close(fd); os.unlink(base)
