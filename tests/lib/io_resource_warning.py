# Files finalized while open warn (ResourceWarning "unclosed file <repr>"),
# naming the outermost object of the stack; closed ones, and files that do
# not own their descriptor, do not.
import gc, io, os, sys, tempfile, warnings

d = tempfile.mkdtemp()
path = os.path.join(d, "f")
with open(path, "wb") as f:
    f.write(b"hello\n")


FD = [-1]   # the descriptor of the closefd case, masked in messages


def opened(*args, **kw):
    f = open(*args, **kw)
    return repr(f).replace(path, "PATH")


def check(label, make):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = make()
        gc.collect()
        gc.collect()
    msgs = [(x.category.__name__, str(x.message).replace(path, "PATH").replace("name=%d " % FD[0], "name=FD "))
            for x in w]
    print(label, msgs, [r in m for _, m in msgs], all(x.source is not None for x in w))


check("raw", lambda: opened(path, "rb", buffering=0))
check("reader", lambda: opened(path, "rb"))
check("writer", lambda: opened(path, "ab"))
check("random", lambda: opened(path, "r+b"))
check("text", lambda: opened(path, "r", encoding="utf-8"))
check("text-w", lambda: opened(path, "a", encoding="latin-1"))


def closed_file():
    f = open(path, "rb")
    f.close()
    return repr(f)


check("closed", closed_file)


def not_owner():
    fd = FD[0] = os.open(path, os.O_RDONLY)
    f = open(fd, "rb", closefd=False)
    f2 = io.FileIO(fd, closefd=True)
    r = repr(f)
    del f
    return r


check("closefd", not_owner)


# a subclass finalized through _IOBase.__del__
class MyFileIO(io.FileIO):
    def close(self):
        print("close", self._finalizing)
        super().close()


def subclass():
    f = MyFileIO(path, "rb")
    return repr(f).replace(path, "PATH")


check("subclass", subclass)

# the members and the method CPython's finalizer uses
f = io.FileIO(path, "rb")
print(f._finalizing, type(f._finalizing).__name__)
for v in (1, None):
    try:
        f._finalizing = v
    except TypeError as e:
        print("TypeError", e)
f._finalizing = True
print(f._finalizing)
f._finalizing = False
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    f._dealloc_warn("source object")
    print([str(x.message) for x in w], [x.source for x in w])
    f.close()
    f._dealloc_warn("source object")
    print(len(w))
b = io.BufferedReader(io.FileIO(path, "rb"))
print(b._finalizing)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    b._dealloc_warn(b)
    print([str(x.message).replace(path, "PATH") for x in w])
b.close()
t = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
print(t._finalizing)
t._finalizing = True
print(t._finalizing)
# a BytesIO under a text wrapper has no _dealloc_warn: no warning, no error
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    t.close()
    print(len(w))


# the warning made an error goes to sys.unraisablehook
def hook(u):
    print("unraisable", type(u.exc_value).__name__, str(u.exc_value).replace(path, "PATH"),
          repr(u.object).replace(path, "PATH"))


sys.unraisablehook = hook
with warnings.catch_warnings():
    warnings.simplefilter("error")
    opened(path, "rb", buffering=0)
    gc.collect()
    gc.collect()
    opened(path, "r", encoding="utf-8")
    gc.collect()
    gc.collect()
sys.unraisablehook = sys.__unraisablehook__

os.unlink(path)
os.rmdir(d)
