# OSError takes its arguments in __new__, or in __init__ when a subclass
# overrides __init__ only; the other ignores them.
import errno

class SubOSError(OSError):
    pass

class WithInit(OSError):
    def __init__(self, message, bar):
        self.bar = bar
        super().__init__(message)

class WithNew(OSError):
    def __new__(cls, message, baz):
        self = super().__new__(cls, message)
        self.baz = baz
        return self

class InitFirst(WithInit, WithNew):
    pass

class NewFirst(WithNew, WithInit):
    pass

class StandaloneInit(OSError):
    def __init__(self):
        pass

def show(label, f):
    try:
        e = f()
    except TypeError as err:
        print(label, "TypeError:", err)
        return
    print(label, type(e).__name__, e.args, getattr(e, "bar", "-"), getattr(e, "baz", "-"), e.errno, e.strerror, e.filename)

show("sub", lambda: SubOSError(errno.EEXIST, "Bad file descriptor"))
show("sub kw", lambda: SubOSError("x", foo=1))
show("init", lambda: WithInit("some message", "baz"))
show("init kw", lambda: WithInit("some message", bar="baz"))
show("new", lambda: WithNew("some message", "baz"))
show("new kw", lambda: WithNew("some message", baz="baz"))
show("initfirst", lambda: InitFirst("some message", "baz"))
show("newfirst", lambda: NewFirst("some message", "baz"))
show("standalone", lambda: StandaloneInit())
show("oserror", lambda: OSError(errno.ENOENT, "No such file", "f.txt"))
show("oserror kw", lambda: OSError(1, foo=2))
show("fnf", lambda: FileNotFoundError(2, "missing", "a", None, "b"))
show("blocking", lambda: BlockingIOError(11, "again", 5))
e = OSError(1, "x")
e.__init__(2, "y", "z")
print(e.args, e.errno, e.filename)
w = WithInit("m", "b")
w.__init__("n", "c")
print(w.args, w.bar)
try:
    open("/nonexistent/file")
except OSError as err:
    print(type(err).__name__, err.errno, err.filename, err)
