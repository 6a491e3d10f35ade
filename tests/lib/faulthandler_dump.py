# faulthandler.dump_traceback and the module's functions and errors, in
# this process: the traceback is written to a file and read back (thread
# identifiers masked)
import faulthandler
import os
import re
import signal
import sys
import tempfile
import threading


def masked(text):
    text = re.sub(r'File ".*/', 'File "', text)
    return re.sub(r"0x[0-9a-f]{16}", "0xTHREAD", text)


def dump_to_file(**kw):
    with tempfile.TemporaryFile("w+b") as f:
        faulthandler.dump_traceback(f, **kw)
        f.seek(0)
        return masked(f.read().decode("ascii"))


def inner():
    return dump_to_file(all_threads=False)


def outer():
    return inner()


print(outer(), end="")
print(dump_to_file(), end="")

# an int file descriptor
r, w = os.pipe()
def by_fd():
    faulthandler.dump_traceback(w, all_threads=False)
by_fd()
os.close(w)
print(masked(os.read(r, 10000).decode()), end="")
os.close(r)

# names: truncated after 500 characters, non-ASCII escaped
ns = {"faulthandler": faulthandler, "dump_to_file": dump_to_file}
exec("def " + "g" * 510 + "():\n    return dump_to_file(all_threads=False)\n", ns)
out = ns["g" * 510]()
print(len(out.splitlines()[2]), out.splitlines()[2][-20:])
exec("def caf\u00e9_\u03a3\u540d_\U00020000():\n    return dump_to_file(all_threads=False)\n", ns)
print(ns["caf\u00e9_\u03a3\u540d_\U00020000"]().splitlines()[2])

# a generator's frame and a frame of a class body
def gen():
    yield dump_to_file(all_threads=False)
print(next(gen()), end="")
class K:
    text = dump_to_file(all_threads=False)
print(K.text, end="")

# another thread, waiting: listed first, the current thread last
ready = threading.Event()
stop = threading.Event()
def waiter():
    ready.set()
    stop.wait()
t = threading.Thread(target=waiter)
t.start()
ready.wait()
text = dump_to_file(all_threads=True)
stop.set()
t.join()
blocks = text.split("\n\n")
print(len(blocks))
print(blocks[0].splitlines()[0])
print([l.split(" in ")[-1] for l in blocks[0].splitlines()[1:]][-3:])
print(blocks[1], end="")

# enable / disable / is_enabled
print(faulthandler.is_enabled())
print(faulthandler.enable(), faulthandler.is_enabled())
print(faulthandler.enable(all_threads=False), faulthandler.is_enabled())
print(faulthandler.disable(), faulthandler.disable(), faulthandler.is_enabled())
print(faulthandler.cancel_dump_traceback_later())
print(faulthandler.register(signal.SIGUSR2), faulthandler.unregister(signal.SIGUSR2),
      faulthandler.unregister(signal.SIGUSR2))


def err(f, *args, **kw):
    try:
        f(*args, **kw)
    except Exception as e:
        print(type(e).__name__, e)
    else:
        print("no error")


class NoFileno:
    pass


class BadFileno:
    def fileno(self):
        return "x"


err(faulthandler.enable, -1)
err(faulthandler.enable, NoFileno())
err(faulthandler.enable, BadFileno())
err(faulthandler.dump_traceback, -5)
err(faulthandler.dump_traceback_later, 0)
err(faulthandler.dump_traceback_later, -1.5)
err(faulthandler.dump_traceback_later, float("nan"))
err(faulthandler.dump_traceback_later, "1")
err(faulthandler.register, signal.SIGSEGV)
err(faulthandler.register, signal.SIGABRT)
err(faulthandler.register, 0)
err(faulthandler.register, 100000)
err(faulthandler.unregister, signal.SIGFPE)
err(faulthandler.unregister, -3)
saved = sys.stderr
sys.stderr = None
err(faulthandler.enable)
err(faulthandler.dump_traceback)
err(faulthandler.dump_traceback_later, 1e-3)
err(faulthandler.register, signal.SIGUSR1)
sys.stderr = saved
print(faulthandler.is_enabled())
