# posix.posix_spawn / posix_spawnp: file actions, attributes, errors, compared with CPython
import posix, signal

base = "/tmp/tpy_posix_spawn_%d" % posix.getpid()

def err(*a, **k):
    try:
        pid = posix.posix_spawn(*a, **k)
        print("ok", posix.waitstatus_to_exitcode(posix.waitpid(pid, 0)[1]))
    except Exception as e:
        print(type(e).__name__, e)

err("/bin/true", ["true"], {})
err("/bin/false", ["false"], {})
err("/bin/true", ["x"], None)
err("/bin/true", "x", {})
err("/bin/true", [], {})
err("/bin/true", ["x"], 5)
err("/nonexist", ["x"], {})
err("/bin/true", ["x"], {}, file_actions=[5])
err("/bin/true", ["x"], {}, file_actions=[()])
err("/bin/true", ["x"], {}, file_actions=[(9,)])
err("/bin/true", ["x"], {}, file_actions=[(posix.POSIX_SPAWN_CLOSE,)])
err("/bin/true", ["x"], {}, file_actions=[(posix.POSIX_SPAWN_DUP2, 1)])
err("/bin/true", ["x"], {}, file_actions=[(posix.POSIX_SPAWN_OPEN, 1, "/x")])
err("/bin/true", ["x"], {}, file_actions=5)
err("/bin/true", ["x"], {}, setpgroup="x")
err("/bin/true", ["x"], {}, setsigmask=[99999])
err("/bin/true", ["x"], {}, setsigmask=5)
err("/bin/true", ["x"], {}, scheduler=5)
err("/bin/true", ["x"], {}, scheduler=(None, 5))
err("/bin/true", ["x"], {}, scheduler=(None, posix.sched_param(0)))
err("/bin/true", ["x"], {}, bogus=1)
err("/bin/true", ["x"], {"A=B": "c"})
err("true", ["x"], {})
err("/bin/sh", ["sh", "-c", "exit 9"], {}, setpgroup=0, resetids=True,
    setsigmask=[signal.SIGUSR1], setsigdef=[signal.SIGUSR2], file_actions=None)
err("/bin/sh", ["sh", "-c", "exit 8"], {}, setsid=True)

# output through file actions: stdout to a file, an environment, posix_spawnp's PATH search
pid = posix.posix_spawnp("sh", ["sh", "-c", "echo $MSG; echo err >&2"], {"MSG": "spawned", "PATH": "/bin:/usr/bin"},
                         file_actions=[(posix.POSIX_SPAWN_OPEN, 1, base, posix.O_WRONLY | posix.O_CREAT, 0o600),
                                       (posix.POSIX_SPAWN_DUP2, 1, 2),
                                       (posix.POSIX_SPAWN_CLOSE, 0)])
print(posix.waitpid(pid, 0)[1])
fd = posix.open(base, posix.O_RDONLY)
print(posix.read(fd, 100))
posix.close(fd)
posix.unlink(base)
print(posix.POSIX_SPAWN_OPEN, posix.POSIX_SPAWN_CLOSE, posix.POSIX_SPAWN_DUP2)
try:
    posix.posix_spawnp("no-such-program-tpy", ["x"], {"PATH": "/bin"})
except OSError as e:
    print(type(e).__name__, e)
