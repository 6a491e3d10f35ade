# Checks of the buffered and text layers: a raw readinto() returning a
# non-integer, close() racing a write from another thread, how text writes
# are grouped into chunks, UTF-8 mode and development mode's early check of
# errors=.
import io, os, subprocess, sys, threading, time

# readinto() returning bytes: OSError caused by the TypeError
# (each outer reader is kept: dropping it would close the raw one when it
# is collected, at once under CPython)
keep = []
for bad in (b"", -1, 3.0, None):
    raw = io.BufferedReader(io.BytesIO(b"12"))
    raw.readinto = lambda buf: bad
    keep.append(io.BufferedReader(raw))
    try:
        print(keep[-1].readline())
    except OSError as e:
        print(type(e).__name__, e, type(e.__cause__).__name__, e.__suppress_context__)


# close() from another thread while the raw flush is slow: a write waits
# for the close and then finds the file closed
class SlowFlushRaw(io.RawIOBase):
    def __init__(self):
        self.in_flush = threading.Event()

    def writable(self):
        return True

    def write(self, b):
        return len(b)

    def flush(self):
        self.in_flush.set()
        time.sleep(0.2)


for tp in (io.BufferedWriter, io.BufferedRandom):
    if tp is io.BufferedRandom:
        SlowFlushRaw.readable = lambda self: True
        SlowFlushRaw.seekable = lambda self: True
        SlowFlushRaw.seek = lambda self, pos, whence=0: 0
        SlowFlushRaw.tell = lambda self: 0
    rawio = SlowFlushRaw()
    b = tp(rawio, 8)
    t = threading.Thread(target=b.close)
    t.start()
    rawio.in_flush.wait()
    try:
        b.write(b"spam")
    except ValueError as e:
        print(tp.__name__, "ValueError", e)
    print(b.closed)
    t.join()


# text writes: pending data never grows past a chunk
class Recorder(io.RawIOBase):
    def __init__(self, limit):
        self.stack = []
        self.limit = limit

    def writable(self):
        return True

    def write(self, b):
        if len(b) > self.limit:
            raise RuntimeError("too big: %d" % len(b))
        self.stack.append(bytes(b))
        return len(b)


buf = Recorder(8192)
t = io.TextIOWrapper(buf, encoding="ascii")
size = t._CHUNK_SIZE
t.write("abc")
t.write("def")
print(buf.stack)
try:
    t.write("x" * (size + 1))
except RuntimeError as e:
    print("RuntimeError", e)
print(buf.stack)
t.write("ghi")
t.write("y" * size)
print([s[:5] + b"..." + str(len(s)).encode() for s in buf.stack])
t._CHUNK_SIZE = 4
t.write("ab")
t.write("cd")
t.write("e")
print(buf.stack[-1:])
t.write("fghij")
print(buf.stack[-2:])

# UTF-8 mode: -X utf8 and PYTHONUTF8, the first winning
# (the environment kept but for the locale and Python's own variables)
base_env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHON")) and k != "LANG"}
code = "import io, sys; print(sys.flags.utf8_mode, io.text_encoding(None))"
for opts, env in ((["-X", "utf8=0"], {}), (["-X", "utf8=1"], {}), (["-X", "utf8"], {"PYTHONUTF8": "0"}),
                  (["-X", "utf8=0"], {"PYTHONUTF8": "1"}), ([], {"PYTHONUTF8": "1"}),
                  ([], {"LC_ALL": "C"}), (["-X", "utf8=0"], {"LC_ALL": "C"})):
    out = subprocess.run([sys.executable] + opts + ["-c", code], capture_output=True, text=True,
                         env={**base_env, "LANG": "C.UTF-8", **env})
    print(opts, env, out.stdout.strip(), out.returncode)

# development mode looks errors= up when the wrapper is made
code = """
import io
for kw in ({"errors": "no such handler"}, {"encoding": "no such codec"}):
    try:
        io.TextIOWrapper(io.BytesIO(), **kw)
        print("made", kw)
    except LookupError as e:
        print("LookupError", e)
"""
for opts in ([], ["-X", "dev"]):
    out = subprocess.run([sys.executable] + opts + ["-c", code], capture_output=True, text=True)
    print(opts, out.stdout.split("\n"), out.returncode)
