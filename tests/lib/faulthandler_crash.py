# faulthandler's fatal-signal handler, register() and the watchdog of
# dump_traceback_later(), in child processes that crash or are killed on
# purpose: what each wrote to stderr (thread identifiers masked) and how it
# ended
import os
import re
import signal
import subprocess
import sys
import tempfile


def run(code, *args, env=None, show_stdout=False):
    full_env = dict(os.environ)
    full_env.pop("PYTHONFAULTHANDLER", None)
    full_env.pop("PYTHONDEVMODE", None)
    # under the sanitizer build, the signals' previous handlers are the
    # default actions, as in an ordinary process (ignored elsewhere)
    full_env["ASAN_OPTIONS"] = (os.environ.get("ASAN_OPTIONS", "") + ":handle_segv=0:handle_abort=0"
                                ":handle_sigfpe=0:handle_sigill=0:handle_sigbus=0").lstrip(":")
    if env:
        full_env.update(env)
    p = subprocess.run([sys.executable, *args, "-c", code], capture_output=True, env=full_env)
    err = p.stderr.decode("ascii", "backslashreplace")
    err = re.sub(r"0x[0-9a-f]{16}", "0xTHREAD", err)
    print("--- exit", p.returncode)
    if show_stdout:
        print(p.stdout.decode(), end="")
    print(err, end="")


CRASH = """
import faulthandler
faulthandler.enable(%s)
def f():
    faulthandler.%s()
f()
"""
run(CRASH % ("", "_sigsegv"))
run(CRASH % ("", "_read_null"))
run(CRASH % ("", "_sigabrt"))
run(CRASH % ("", "_sigfpe"))
run(CRASH % ("all_threads=False", "_sigsegv"))
run(CRASH % ("", "_stack_overflow"))
run("""
import faulthandler
faulthandler._sigsegv(True)
""")
# enabled then disabled: the default action alone
run("""
import faulthandler, sys
faulthandler.enable()
print(faulthandler.disable(), file=sys.stderr)
faulthandler._sigsegv()
""", show_stdout=True)
# from the command line and the environment
run("import faulthandler; print(faulthandler.is_enabled())", show_stdout=True)
run("import faulthandler, sys; print(faulthandler.is_enabled(), file=sys.stderr); faulthandler._sigabrt()",
    "-X", "faulthandler",
    show_stdout=True)
run("import faulthandler; print(faulthandler.is_enabled())", env={"PYTHONFAULTHANDLER": "1"}, show_stdout=True)
run("import faulthandler; print(faulthandler.is_enabled())", env={"PYTHONFAULTHANDLER": ""}, show_stdout=True)
run("import faulthandler; print(faulthandler.is_enabled())", "-E", env={"PYTHONFAULTHANDLER": "1"},
    show_stdout=True)
run("import faulthandler; print(faulthandler.is_enabled())", "-X", "dev", show_stdout=True)

# a crash in a thread: the crashing thread is the current one, the main
# thread waits in join()
run("""
import faulthandler, threading
faulthandler.enable()
def crash():
    faulthandler._sigsegv()
t = threading.Thread(target=crash)
t.start()
t.join()
""")

# the crash in a __del__ that gc.collect() runs
run("""
import faulthandler, gc
faulthandler.enable()
class C:
    def __del__(self):
        faulthandler._sigsegv()
c = C()
c.c = c
del c
gc.collect()
""")

# to a file
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "log")
    run("""
import faulthandler
f = open(%r, "wb")
faulthandler.enable(f)
faulthandler._sigsegv()
""" % path)
    with open(path, "rb") as f:
        print(re.sub(r"0x[0-9a-f]{16}", "0xTHREAD", f.read().decode()), end="")

# register: a user signal dumps the traceback; chained to the previous
# handler; unregistered, the signal's default action
REGISTER = """
import faulthandler, os, signal, sys
def handler(signum, frame):
    print("handler called", signum == signal.SIGUSR1)
if %r:
    signal.signal(signal.SIGUSR1, handler)
faulthandler.register(signal.SIGUSR1, all_threads=%r, chain=%r)
if %r:
    print(faulthandler.unregister(signal.SIGUSR1), file=sys.stderr)
def func():
    os.kill(os.getpid(), signal.SIGUSR1)
func()
func()
print("done")
"""
run(REGISTER % (False, False, False, False), show_stdout=True)
run(REGISTER % (False, True, False, False), show_stdout=True)
run(REGISTER % (True, False, True, False), show_stdout=True)
run(REGISTER % (False, False, False, True), show_stdout=True)

# dump_traceback_later: exit=True ends the process after the dump
run("""
import faulthandler, time
faulthandler.dump_traceback_later(1.0, exit=True)
def sleeper():
    time.sleep(30)
sleeper()
""")
# repeat, then cancel: the dumps go to a file the main thread watches, so
# that a slow machine changes only how long this takes, not what it prints
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "log")
    run("""
import faulthandler, time
HEADER = b"Timeout (0:00:00.300000)!"
f = open(%r, "wb")
def count():
    with open(%r, "rb") as r:
        return r.read().count(HEADER)
faulthandler.dump_traceback_later(0.3, repeat=True, file=f)
def sleeper():
    deadline = time.monotonic() + 60
    while count() < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
sleeper()
faulthandler.cancel_dump_traceback_later()
seen = count()
print("two dumps or more:", seen >= 2)
time.sleep(1.0)
print("none after cancel:", count() == seen)
""" % (path, path), show_stdout=True)
    with open(path, "rb") as f:
        # where the main thread is at a dump (sleeping or reading) varies
        first = f.read().decode().split("Timeout")[1]
        print("Timeout" + first.splitlines()[0], "in sleeper:", 'line 13 in <module>' in first)
# cancelled before the time, and re-armed (only the last counts)
run("""
import faulthandler, time
faulthandler.dump_traceback_later(0.2)
faulthandler.cancel_dump_traceback_later()
faulthandler.dump_traceback_later(30)
faulthandler.dump_traceback_later(1.0, exit=True)
time.sleep(30)
""")
