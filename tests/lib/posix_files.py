# posix: files and directories under a fresh directory, compared with CPython
import posix, stat

base = "/tmp/tpy_posix_files_%d" % posix.getpid()
def rel(p):
    if isinstance(p, bytes):
        return p.replace(base.encode(), b"<base>")
    return p.replace(base, "<base>") if isinstance(p, str) else p

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", rel(r) if isinstance(r, (str, bytes)) else r)
    except Exception as e:
        msg = str(e).replace(base, "<base>")
        print(type(e).__name__, msg, rel(getattr(e, "filename", None)), rel(getattr(e, "filename2", None)))

old = posix.umask(0o022)
posix.mkdir(base)
posix.chdir(base)
print(rel(posix.getcwd()), rel(posix.getcwdb()))
for n in ["b.txt", "a.txt", "c.bin"]:
    fd = posix.open(n, posix.O_WRONLY | posix.O_CREAT | posix.O_TRUNC, 0o644)
    posix.write(fd, n.encode() * 3)
    posix.close(fd)
posix.mkdir("sub")
posix.mkdir("sub2", 0o700)
print(sorted(posix.listdir()))
print(sorted(posix.listdir(".")))
print(sorted(posix.listdir(b".")))
print(sorted(posix.listdir(base)) == sorted(posix.listdir()))
for n in sorted(posix.listdir()):
    st = posix.stat(n)
    print(n, st.st_size if stat.S_ISREG(st.st_mode) else "-", oct(stat.S_IMODE(st.st_mode)), stat.S_ISDIR(st.st_mode), stat.S_ISREG(st.st_mode),
          stat.filemode(st.st_mode), st[0] == st.st_mode, st[6] == st.st_size)

# stat_result fields
st = posix.stat("a.txt")
print(len(st), type(st).__name__, type(st).__module__)
print(type(st.st_atime).__name__, type(st.st_mtime_ns).__name__, st.st_mtime_ns // 10**9 == st[8] == int(st.st_mtime))
print(st.st_nlink, st.st_uid == posix.getuid(), st.st_blocks >= 0, st.st_blksize > 0, type(st.st_rdev).__name__)
print(st.st_ino == posix.lstat("a.txt").st_ino, posix.fstat(0).st_mode > 0)

# chmod, access
posix.chmod("a.txt", 0o600)
print(oct(stat.S_IMODE(posix.stat("a.txt").st_mode)))
print(posix.access("a.txt", posix.R_OK), posix.access("nope", posix.F_OK), posix.access("a.txt", posix.X_OK))
print(posix.access(b"a.txt", posix.W_OK | posix.R_OK, effective_ids=False))

# utime
posix.utime("a.txt", (1000000000, 1200000000))
st = posix.stat("a.txt")
print(st.st_atime, st.st_mtime, st.st_mtime_ns, st[8])
posix.utime("a.txt", ns=(1500000000123456789, 1600000000987654321))
st = posix.stat("a.txt")
print(st.st_atime_ns, st.st_mtime_ns, st[7], st[8])
posix.utime("a.txt", (1.5, 2.25))
print(posix.stat("a.txt").st_mtime, posix.stat("a.txt").st_atime_ns)
err(posix.utime, "a.txt", (1, 2), ns=(1, 2))
err(posix.utime, "a.txt", [1, 2])
err(posix.utime, "a.txt", ns=5)
err(posix.utime, "nope", None)

# rename, replace, link, symlink, readlink
posix.rename("b.txt", "b2.txt")
posix.replace("c.bin", "a.txt")
print(sorted(posix.listdir()))
posix.link("a.txt", "hard")
print(posix.stat("hard").st_nlink, posix.stat("a.txt").st_ino == posix.stat("hard").st_ino)
posix.symlink("a.txt", "soft")
posix.symlink("missing", "dangling")
print(posix.readlink("soft"), posix.readlink(b"soft"), posix.readlink("dangling"))
print(stat.S_ISLNK(posix.lstat("soft").st_mode), stat.S_ISREG(posix.stat("soft").st_mode))
print(stat.S_ISLNK(posix.stat("soft", follow_symlinks=False).st_mode))
err(posix.stat, "dangling")
err(posix.rename, "nope", "other")
err(posix.link, "nope", "other")
err(posix.symlink, "x", "a.txt")
err(posix.replace, "a.txt", "sub")
err(posix.readlink, "a.txt")

# truncate
posix.truncate("a.txt", 4)
print(posix.stat("a.txt").st_size)

# errors
err(posix.mkdir, "sub")
err(posix.rmdir, "a.txt")
err(posix.rmdir, "nope")
err(posix.unlink, "sub")
err(posix.remove, "nope")
err(posix.stat, "nope")
err(posix.lstat, b"nope")
err(posix.listdir, "nope")
err(posix.listdir, "a.txt")
err(posix.chdir, "nope")
err(posix.open, "nope", posix.O_RDONLY)
err(posix.open, "sub", posix.O_WRONLY)
err(posix.open, "a.txt", posix.O_CREAT | posix.O_EXCL | posix.O_WRONLY)
err(posix.stat, 3.5)
err(posix.stat, None)
err(posix.listdir, 2.5)
err(posix.stat, "a\0b")
err(posix.mkdir)
err(posix.stat, "a.txt", 1, 2)
err(posix.stat, "a.txt", bogus=1)
err(posix.chmod, "a.txt")
err(lambda: type(posix.stat(0, follow_symlinks=False)).__name__)
err(posix.stat, 0, dir_fd=1)

# os.PathLike
class P:
    def __init__(self, p): self.p = p
    def __fspath__(self): return self.p
print(posix.stat(P("a.txt")).st_size, sorted(posix.listdir(P(b"."))))
print(posix.fspath(P("x")), posix.fspath(b"y"), posix.fspath("z"))
err(posix.fspath, 1)
err(posix.fspath, P(1))
err(posix.stat, P(1))
err(posix.stat, P("nope"))

# dir_fd
dfd = posix.open("sub", posix.O_RDONLY | posix.O_DIRECTORY)
fd = posix.open("in_sub", posix.O_WRONLY | posix.O_CREAT, 0o640, dir_fd=dfd)
posix.write(fd, b"hello")
posix.close(fd)
print(posix.stat("in_sub", dir_fd=dfd).st_size, oct(stat.S_IMODE(posix.stat("sub/in_sub").st_mode)))
posix.mkdir("d", dir_fd=dfd)
posix.symlink("in_sub", "ln", dir_fd=dfd)
print(posix.readlink("ln", dir_fd=dfd), sorted(posix.listdir(dfd)), sorted(posix.listdir("sub")))
posix.rename("in_sub", "moved", src_dir_fd=dfd, dst_dir_fd=dfd)
print(posix.access("moved", posix.R_OK, dir_fd=dfd), posix.access("in_sub", posix.R_OK, dir_fd=dfd))
posix.unlink("ln", dir_fd=dfd)
posix.rmdir("d", dir_fd=dfd)
print(sorted(posix.listdir(dfd)))
print(stat.S_ISDIR(posix.stat(dfd).st_mode))
posix.unlink("moved", dir_fd=dfd)
posix.close(dfd)

# bytes and non-ASCII names
fd = posix.open("h\u00e9.txt", posix.O_WRONLY | posix.O_CREAT)
posix.close(fd)
fd = posix.open(b"raw\xff", posix.O_WRONLY | posix.O_CREAT)
posix.close(fd)
names = sorted(posix.listdir())
print(ascii(names))
print(sorted(posix.listdir(b".")))
print(posix.stat("raw\udcff").st_size)

# cleanup
for n in posix.listdir():
    p = n
    if stat.S_ISDIR(posix.lstat(p).st_mode):
        posix.rmdir(p)
    else:
        posix.unlink(p)
posix.chdir("/")
posix.rmdir(base)
print(posix.access(base, posix.F_OK))
posix.umask(old)
