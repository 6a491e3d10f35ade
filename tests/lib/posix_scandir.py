# posix.scandir and DirEntry: names, paths, types, stat caching, fd mode, compared with CPython
import posix, stat

base = "/tmp/tpy_posix_scandir_%d" % posix.getpid()
def rel(x):
    if isinstance(x, bytes):
        return x.replace(base.encode(), b"<base>")
    return x.replace(base, "<base>")

posix.mkdir(base)
posix.chdir(base)
for n in ("f1", "f2"):
    posix.close(posix.open(n, posix.O_CREAT | posix.O_WRONLY))
posix.write(posix.open("big", posix.O_CREAT | posix.O_WRONLY), b"x" * 1000)
posix.mkdir("dir")
posix.symlink("f1", "link_f")
posix.symlink("dir", "link_d")
posix.symlink("nowhere", "link_x")

def show(entries):
    for e in sorted(entries, key=lambda e: e.name):
        print(repr(e), rel(e.path), e.is_dir(), e.is_file(), e.is_symlink(),
              e.is_dir(follow_symlinks=False), e.is_file(follow_symlinks=False),
              e.inode() == posix.lstat(e.path).st_ino, rel(posix.fspath(e)))

with posix.scandir() as it:
    print(type(it).__name__, iter(it) is it)
    show(it)
show(posix.scandir("."))
show(posix.scandir(base))
show(posix.scandir(base + "/"))
show(posix.scandir(b"."))
for e in posix.scandir():
    if e.name == "big":
        s = e.stat()
        print(s.st_size, s is e.stat(), stat.S_ISREG(s.st_mode))
    if e.name == "link_f":
        print(stat.S_ISLNK(e.stat(follow_symlinks=False).st_mode), stat.S_ISREG(e.stat().st_mode))
    if e.name == "link_x":
        try:
            e.stat()
        except FileNotFoundError as ex:
            print("FileNotFoundError", rel(str(ex)))
        print(stat.S_ISLNK(e.stat(follow_symlinks=False).st_mode))

# fd mode: names only, paths are the names, stat relative to the fd
fd = posix.open(".", posix.O_RDONLY)
show(posix.scandir(fd))
show(posix.scandir(fd))   # rewound each time
print(sorted(e.stat().st_size for e in posix.scandir(fd) if e.is_file(follow_symlinks=False)))
posix.close(fd)

# closing, exhaustion
it = posix.scandir()
first = next(it)
it.close()
it.close()
print(list(it))
it = posix.scandir()
print(len(list(it)), list(it))
with posix.scandir() as it:
    pass
print(list(it))

# errors
for bad in ("nope", "f1", 1.5):
    try:
        posix.scandir(bad)
    except Exception as ex:
        print(type(ex).__name__, rel(str(ex)))
try:
    posix.DirEntry()
except TypeError as ex:
    print("TypeError")
print(posix.DirEntry.__name__, posix.DirEntry[int] is not None)

for n in posix.listdir():
    if n == "dir":
        posix.rmdir(n)
    else:
        posix.unlink(n)
posix.chdir("/")
posix.rmdir(base)

# method argument errors
posix.mkdir(base)
posix.close(posix.open(base + "/f", posix.O_CREAT | posix.O_WRONLY))
with posix.scandir(base) as it:
    e = next(it)
    for call in (lambda: e.is_symlink(1), lambda: e.inode(1), lambda: e.__fspath__(1), lambda: e.is_dir(1),
                 lambda: e.stat(True), lambda: e.is_file(follow=1), lambda: it.close(1), lambda: it.__enter__(1)):
        try:
            call()
        except TypeError as ex:
            print(ex)
    print(it.__exit__(None, None, None), it.__exit__())
posix.unlink(base + "/f")
posix.rmdir(base)
