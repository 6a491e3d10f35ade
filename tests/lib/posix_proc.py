# posix: processes (fork, exec, waitpid, register_at_fork), the environment
# and system information, compared with CPython
import posix, sys

def err(f, *a, **k):
    try:
        print("ok", f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)

def flush():
    sys.stdout.flush()
    sys.stderr.flush()

# fork + _exit + waitpid
for code in (0, 3, 255):
    flush()
    pid = posix.fork()
    if pid == 0:
        posix._exit(code)
    p, status = posix.waitpid(pid, 0)
    print(p == pid, posix.WIFEXITED(status), posix.WEXITSTATUS(status), posix.WIFSIGNALED(status),
          posix.waitstatus_to_exitcode(status))

# the child's own view: pid, ppid; its output through a pipe
r, w = posix.pipe()
flush()
pid = posix.fork()
if pid == 0:
    posix.close(r)
    posix.write(w, b"%d %d" % (posix.getpid(), posix.getppid()))
    posix._exit(0)
posix.close(w)
data = posix.read(r, 100).split()
posix.close(r)
print(int(data[0]) == pid, int(data[1]) == posix.getpid())
posix.waitpid(pid, 0)

# a child killed by a signal
flush()
pid = posix.fork()
if pid == 0:
    import time
    time.sleep(10)
    posix._exit(0)
posix.kill(pid, 15)
p, status = posix.wait()
print(p == pid, posix.WIFSIGNALED(status), posix.WTERMSIG(status), posix.WIFEXITED(status),
      posix.waitstatus_to_exitcode(status), posix.WCOREDUMP(status), posix.WIFSTOPPED(status))
err(posix.waitpid, pid, 0)
print(posix.waitpid(-1, posix.WNOHANG) if False else "-")
err(posix.waitstatus_to_exitcode, 0x7f)
err(posix.WIFEXITED, status="x")
print(posix.WEXITSTATUS(status=0x300), posix.WIFEXITED(0), posix.WIFCONTINUED(0xffff))

# exec: /bin/true, /bin/false, execve with an environment
for prog in ("/bin/true", "/bin/false"):
    flush()
    pid = posix.fork()
    if pid == 0:
        posix.execv(prog, [prog])
    print(prog, posix.waitstatus_to_exitcode(posix.waitpid(pid, 0)[1]))
flush()
r, w = posix.pipe()
pid = posix.fork()
if pid == 0:
    posix.dup2(w, 1)
    posix.execve("/bin/sh", ["sh", "-c", "echo $GREETING-$OTHER"], {"GREETING": "hi there", b"OTHER": b"bytes"})
posix.close(w)
print(posix.read(r, 100))
posix.close(r)
posix.waitpid(pid, 0)
err(posix.execv, "/nonexistent/prog", ["x"])
err(posix.execv, "/bin/true", [])
err(posix.execv, "/bin/true", ("",))
err(posix.execv, "/bin/true", "abc")
err(posix.execve, "/bin/true", [], {})
err(posix.execve, "/bin/true", ["a"], None)
err(posix.execve, "/bin/true", ["a"], {"A=B": "c"})

# environ: bytes to bytes as the process started; putenv reaches children
env = posix.environ
print(type(env).__name__, all(type(k) is bytes and type(v) is bytes for k, v in env.items()))
print(env.get(b"PATH") is not None)
posix.putenv("TPY_TEST_VAR", "value 1")
posix.putenv(b"TPY_TEST_B", b"value 2")
print(b"TPY_TEST_VAR" in posix.environ)
flush()
r, w = posix.pipe()
pid = posix.fork()
if pid == 0:
    posix.dup2(w, 1)
    posix.execv("/bin/sh", ["sh", "-c", "echo \"$TPY_TEST_VAR/$TPY_TEST_B/${TPY_GONE-unset}\""])
posix.close(w)
print(posix.read(r, 100))
posix.close(r)
posix.waitpid(pid, 0)
posix.unsetenv("TPY_TEST_VAR")
err(posix.putenv, "A=B", "c")
err(posix.putenv, "", "c")
err(posix.putenv, "A", "c\0d")
err(posix.unsetenv, "A=B")
err(posix.putenv, 1, "x")

# ids and system information
print(posix.getuid() == posix.geteuid(), posix.getgid() == posix.getegid(), type(posix.getgroups()).__name__)
print(posix.getresuid() == (posix.getuid(),) * 3, posix.getpgrp() == posix.getpgid(0), posix.getsid(0) > 0)
u = posix.uname()
print(type(u).__name__, u.sysname, u[0] == u.sysname, len(u), repr(u).startswith("posix.uname_result(sysname='Linux', nodename="))
t = posix.times()
print(len(t), all(type(x) is float for x in t), t.elapsed == t[4], repr(t)[:24])
print(type(posix.cpu_count()).__name__, posix.cpu_count() >= 1, len(posix.sched_getaffinity(0)) >= 1)
print(posix.sysconf("SC_PAGE_SIZE") == posix.sysconf(posix.sysconf_names["SC_PAGESIZE"]), posix.sysconf("SC_CLK_TCK"))
print(posix.pathconf("/", "PC_NAME_MAX"), posix.fpathconf(0, "PC_PIPE_BUF") > 0, posix.confstr("CS_PATH"))
err(posix.sysconf, "SC_NOPE")
err(posix.sysconf, 1.5)
err(posix.pathconf, "/nonexistent", "PC_NAME_MAX")
print(posix.strerror(2), posix.strerror(13), posix.strerror(0))
print(posix.error is OSError, posix.getpriority(posix.PRIO_PROCESS, 0) == posix.nice(0))
print(posix.major(posix.makedev(8, 1)), posix.minor(posix.makedev(8, 1)))
print(posix.system("exit 3") >> 8)
err(posix.kill, 2**22 + 12345, 0)

# register_at_fork: before in reverse order, the others in order
def hook(name):
    def f():
        posix.write(1, (name + "\n").encode())
    return f
posix.register_at_fork(before=hook("before1"), after_in_parent=hook("parent1"))
posix.register_at_fork(before=hook("before2"), after_in_parent=hook("parent2"))
flush()
r, w = posix.pipe()
posix.register_at_fork(after_in_child=lambda w=w: posix.write(w, b"child hook ran"))
pid = posix.fork()
if pid == 0:
    posix._exit(0)
posix.waitpid(pid, 0)
print(posix.read(r, 100))
err(posix.register_at_fork)
err(posix.register_at_fork, before=1)
err(posix.register_at_fork, lambda: 0)

