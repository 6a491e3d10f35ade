# os over posix: walk/fwalk, makedirs/removedirs/renames, environ, os.path,
# shutil's file-system helpers, compared with CPython
import os, shutil, stat, sys

base = "/tmp/tpy_os_basic_%d" % os.getpid()
r = lambda p: p.replace(base, "<base>")

print(os.name, os.sep, os.curdir, os.pardir, os.extsep, os.altsep, os.pathsep, os.linesep == "\n", os.devnull)
print(os.SEEK_SET, os.SEEK_CUR, os.SEEK_END, os.error is OSError, os.stat_result is os.stat_result)
for s in ("supports_dir_fd", "supports_fd", "supports_follow_symlinks", "supports_effective_ids"):
    print(s, sorted(f.__name__ for f in getattr(os, s)))

os.makedirs(base + "/a/b/c")
os.makedirs(base + "/a/d", exist_ok=True)
try:
    os.makedirs(base + "/a/d")
except FileExistsError as e:
    print("FileExistsError", r(str(e)))
for p in ("a/x.txt", "a/b/y.txt", "a/b/c/z.txt", "a/d/w.txt"):
    fd = os.open(base + "/" + p, os.O_CREAT | os.O_WRONLY)
    os.write(fd, p.encode())
    os.close(fd)
for root, dirs, files in os.walk(base):
    dirs.sort()
    print(r(root), dirs, sorted(files))
for root, dirs, files in os.walk(base, topdown=False):
    print(r(root), sorted(dirs), sorted(files))
for root, dirs, files, rootfd in os.fwalk(base):
    dirs.sort()
    print(r(root), dirs, sorted(files), type(rootfd).__name__)
for root, dirs, files in os.walk(base.encode()):
    dirs.sort()
    print(root.replace(base.encode(), b"<base>"), dirs, sorted(files))
print(list(os.walk(base + "/nope")))

# os.path
p = base + "/a/x.txt"
print(os.path.getsize(p), os.path.isfile(p), os.path.isdir(p), os.path.islink(base), os.path.exists(base + "/zz"))
print(os.path.realpath(base + "/a/b/../d") == base + "/a/d", os.path.abspath("x") == os.path.join(os.getcwd(), "x"))
print(os.path.normpath("/a//b/./c/../d"), os.path.normpath(""), os.path.normpath(b"a/../.."), os.path.split(r(p)))
print(os.path.expanduser("~") == os.environ["HOME"], os.path.expanduser("~root"), os.path.expandvars("$NOPE_X/y"))
print(os.path.getmtime(p) == os.stat(p).st_mtime, os.path.samefile(p, base + "/a/../a/x.txt"))
os.symlink(p, base + "/lnk")
os.symlink(base + "/gone", base + "/dangling")
print(os.path.islink(base + "/lnk"), os.path.exists(base + "/dangling"), os.path.lexists(base + "/dangling"))
print(os.path.ismount("/"), os.path.ismount(base), r(os.readlink(base + "/lnk")))
print(os.path.commonpath([r(p), "<base>/a/b"]), os.path.relpath(base + "/a/b/c", base + "/a/d"))

# environ
os.environ["TPY_X"] = "1"
print(os.getenv("TPY_X"), os.environb[b"TPY_X"], "TPY_X" in os.environ, os.getenvb(b"TPY_X"))
del os.environ["TPY_X"]
print(os.getenv("TPY_X"), os.getenv("TPY_X", "dflt"), b"TPY_X" in os.environb)
os.environb[b"TPY_Y"] = b"bytes"
print(os.environ["TPY_Y"], os.environ.pop("TPY_Y"), "TPY_Y" in os.environ)
print(type(os.environ).__name__, os.get_exec_path(env={"PATH": "/a:/b"}), os.fsencode("a\udcff"), ascii(os.fsdecode(b"a\xff")))
sys.stdout.flush()
pid = os.fork()
if pid == 0:
    os.environ["TPY_CHILD"] = "from os.environ"
    os.execv("/bin/sh", ["sh", "-c", "echo child sees: $TPY_CHILD"])
print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))

# renames / removedirs / shutil
os.renames(base + "/a/b/c/z.txt", base + "/n/m/z2.txt")
print(sorted(os.listdir(base)), os.listdir(base + "/n/m"), os.path.exists(base + "/a/b/c"))
os.removedirs(base + "/a/b/c") if os.path.exists(base + "/a/b/c") else None
print(os.path.exists(base + "/a/b"), os.path.exists(base + "/a"))
shutil.move(base + "/a/x.txt", base + "/moved.txt")
print(sorted(os.listdir(base)))
print(shutil.disk_usage("/").total > 0, shutil.which("sh"), shutil.which("no-such-prog-tpy"), shutil._use_fd_functions)
print(shutil.get_terminal_size((10, 20)), os.cpu_count() > 0, os.uname().sysname)
shutil.rmtree(base)
print(os.path.exists(base))
try:
    shutil.rmtree(base)
except FileNotFoundError as e:
    print("FileNotFoundError", r(str(e)))
