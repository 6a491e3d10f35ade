# events the runtime's C code raises, with their arguments (as CPython's)
import marshal, mmap, os, socket, sqlite3, sys, tempfile, time

seen = []
WATCH = set()


def hook(event, args):
    if event in WATCH:
        seen.append((event, args))


sys.addaudithook(hook)


def show(fmt=None):
    items = seen[:]
    seen.clear()
    for e, a in items:
        print(e, fmt(a) if fmt else a)


d = tempfile.mkdtemp()
p = os.path.join(d, "f")
WATCH = {"open"}
with open(p, "w") as f:
    f.write("x")
with open(p, "rb") as f:
    pass
show(lambda a: (a[0] == p, a[1], a[2] & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC)))

WATCH = {"os.listdir", "os.scandir", "os.mkdir", "os.rmdir", "os.remove", "os.rename",
         "os.chmod", "os.truncate", "os.open", "os.chdir", "os.putenv", "os.unsetenv",
         "os.system", "os.kill"}
rel = lambda a: tuple(x.replace(d, "D").replace(os.getcwd(), "CWD") if isinstance(x, str) else x for x in a)
os.listdir(d)
os.scandir(d).close()
os.mkdir(os.path.join(d, "sub"), 0o755)
os.rmdir(os.path.join(d, "sub"))
os.chmod(p, 0o644)
os.truncate(p, 0)
os.close(os.open(p, os.O_RDONLY))
os.rename(p, p + "2")
os.replace(p + "2", p)
cwd = os.getcwd()
os.chdir(d)
os.chdir(cwd)
os.putenv("TPY_AUDIT_X", "1")
os.unsetenv("TPY_AUDIT_X")
os.kill(os.getpid(), 0)
seen[-1] = ("os.kill", (seen[-1][1][0] == os.getpid(), seen[-1][1][1]))
os.system("true")
os.unlink(p)
os.rmdir(d)
show(rel)

WATCH = {"marshal.dumps", "marshal.loads", "marshal.load"}
b = marshal.dumps((1, "a"))
marshal.loads(b)
show(lambda a: a if isinstance(a[0], tuple) else (type(a[0]).__name__, len(a[0])))

WATCH = {"mmap.__new__"}
mmap.mmap(-1, 16).close()
show()

WATCH = {"socket.gethostname", "socket.__new__", "socket.bind"}
socket.gethostname()
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
s.close()
show(lambda a: tuple(type(x).__name__ if isinstance(x, socket.socket) else x for x in a))

WATCH = {"sqlite3.connect", "sqlite3.connect/handle"}
sqlite3.connect(":memory:").close()
show(lambda a: tuple(type(x).__name__ if isinstance(x, sqlite3.Connection) else x for x in a))

WATCH = {"time.sleep", "builtins.id", "sys._getframe"}
time.sleep(0)
o = object()
i = id(o)
sys._getframe()
show(lambda a: (a[0] == i) if isinstance(a[0], int) and a[0] > 1000 else a[0] if not hasattr(a[0], "f_code") else a[0].f_code.co_name)

WATCH = {"object.__setattr__"}
class A: pass
class B: pass
class C(A): pass
a = A()
C.__name__ = "X"
C.__bases__ = (B,)
C.other = 1
a.__class__ = B
show(lambda a: (type(a[0]).__name__, a[1], a[2] if isinstance(a[2], str) else type(a[2]).__name__))

# a hook that raises stops the operation
def blocker(event, args):
    if event in ("os.listdir", "open", "marshal.loads"):
        raise PermissionError("blocked " + event)
sys.addaudithook(blocker)
for f, arg in [(os.listdir, "."), (open, __file__), (marshal.loads, b)]:
    try:
        f(arg)
        print("not blocked")
    except PermissionError as e:
        print(e)
