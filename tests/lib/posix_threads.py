# posix with threads: blocking calls let other threads run; fork from the
# main thread and from another thread leaves a child whose only thread is
# the main one (it can set signal handlers and start threads)
import posix, sys, _thread, signal

def start(fn):
    done = _thread.allocate_lock()
    done.acquire()
    def run():
        try:
            fn()
        finally:
            done.release()
    _thread.start_new_thread(run, ())
    return done

# a thread blocked in read() while this one writes: the read lets the lock go
r, w = posix.pipe()
got = []
done = start(lambda: got.append(posix.read(r, 100)))
posix.write(w, b"to the reader")
done.acquire()
print(got)

# a thread blocked in waitpid() while this one works
sys.stdout.flush()
pid = posix.fork()
if pid == 0:
    posix.read(r, 1)       # waits for the parent's byte
    posix._exit(5)
res = []
done = start(lambda: res.append(posix.waitpid(pid, 0)))
total = sum(range(100000))
posix.write(w, b"x")
done.acquire()
print(total, res[0][0] == pid, posix.WEXITSTATUS(res[0][1]))

def child_report():
    out = []
    seen = []
    signal.signal(signal.SIGUSR1, lambda s, f: seen.append(s))
    posix.kill(posix.getpid(), signal.SIGUSR1)
    out.append(seen == [signal.SIGUSR1])
    d = start(lambda: out.append("child thread ran"))
    d.acquire()
    posix.write(w, repr(out).encode())
    posix._exit(0)

# fork while another thread is alive (blocked on a lock)
hold = _thread.allocate_lock()
hold.acquire()
bg = start(lambda: hold.acquire())
sys.stdout.flush()
pid = posix.fork()
if pid == 0:
    child_report()
posix.waitpid(pid, 0)
print(posix.read(r, 200))

# fork from a thread that is not the main one
def fork_here():
    sys.stdout.flush()
    p = posix.fork()
    if p == 0:
        child_report()
    posix.waitpid(p, 0)
done = start(fork_here)
done.acquire()
print(posix.read(r, 200))
hold.release()
bg.acquire()
posix.close(r)
posix.close(w)
