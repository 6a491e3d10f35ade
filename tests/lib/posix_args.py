# posix, pwd, grp, _stat: argument errors as Argument Clinic words them, compared with CPython
import posix, pwd, grp, _stat

def err(f, *a, **k):
    try:
        f(*a, **k)
        print("ok")
    except TypeError as e:
        print(e)
    except (ValueError, OverflowError, OSError) as e:
        print(type(e).__name__, e)

for n in ["getpid", "getcwd", "fork", "pipe", "wait", "uname", "times", "cpu_count", "getuid", "getgroups",
          "getresuid", "getcwdb", "getpgrp", "getppid", "geteuid", "getgid", "getegid"]:
    err(getattr(posix, n), 1)
for n in ["umask", "dup", "isatty", "strerror", "urandom", "close", "fsync", "get_inheritable", "pipe2",
          "unsetenv", "major", "getsid", "sched_getaffinity", "device_encoding", "fspath", "WIFEXITED",
          "sysconf", "confstr", "_exit", "fstatvfs", "fchdir", "fstat", "get_blocking", "waitstatus_to_exitcode",
          "getpgid", "setuid", "stat", "lstat", "listdir" if False else "rmdir", "unlink", "remove", "readlink",
          "chdir", "statvfs"]:
    err(getattr(posix, n))
for n in ["lseek", "read", "write", "waitpid", "kill", "ftruncate", "set_inheritable", "set_blocking", "pread",
          "execv", "putenv", "closerange", "dup2", "rename", "replace", "link", "symlink", "chmod", "chown",
          "access", "truncate", "pathconf", "fpathconf", "getpriority", "makedev", "open", "mkdir"]:
    err(getattr(posix, n), 1)
err(posix.stat, "x", 1, 2, 3)
err(posix.stat, path="/", dir_fd=None, follow_symlinks=True, bogus=1)
err(posix.stat, "/", path="/")
err(posix.open, "/", flags=0, mode=1, dir_fd=None, x=1)
err(posix.listdir, "/", "/")
err(posix.scandir, "/", "/")
err(posix.umask, mask=0)
err(posix.dup2, 1, 2, 3, 4)
err(posix.utime, "/x", (1, 2), None, None)
err(posix.mkdir, "/x", 0o777, 3)
err(posix.register_at_fork, before=print, after=print)
err(posix.getgroups, x=1)
err(posix.read, 1, 2**70)
err(posix.close, 2**40)
err(posix.close, "x")
err(posix.strerror, 2**40)
err(pwd.getpwuid)
err(pwd.getpwuid, 1, 2)
err(pwd.getpwnam)
err(pwd.getpwall, 1)
err(grp.getgrgid)
err(grp.getgrgid, 1, 2)
err(grp.getgrgid, 0, id=0)
err(grp.getgrnam, x="root")
err(grp.getgrall, 1)
err(_stat.filemode)
err(_stat.S_IFMT, 1, 2)
err(_stat.S_ISREG, mode=1)
