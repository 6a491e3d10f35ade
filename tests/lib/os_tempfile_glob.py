# tempfile, glob, shutil's copies and os.fdopen over posix (with _io and _sre), compared with CPython
import os, tempfile, glob, shutil, fnmatch
d = tempfile.mkdtemp(prefix="tpy_t5_")
r = lambda p: p.replace(d, "<d>")
fd, path = tempfile.mkstemp(dir=d, suffix=".txt")
os.write(fd, b"data")
os.close(fd)
print(os.path.getsize(path), r(os.path.dirname(path)), path.endswith(".txt"))
for n in ("a.py", "b.py", "c.txt", "sub/d.py"):
    os.makedirs(os.path.dirname(os.path.join(d, n)), exist_ok=True)
    with open(os.path.join(d, n), "w") as f:
        f.write(n)
print(sorted(r(p) for p in glob.glob(d + "/*.py")), sorted(r(p) for p in glob.glob(d + "/**/*.py", recursive=True)))
print(sorted(glob.glob("*.py", root_dir=d)), fnmatch.filter(["x.py", "y.c"], "*.py"))
shutil.copy(os.path.join(d, "a.py"), os.path.join(d, "copy.py"))
shutil.copytree(os.path.join(d, "sub"), os.path.join(d, "sub2"))
print(sorted(os.listdir(d + "/sub2")), open(os.path.join(d, "copy.py")).read())
with os.fdopen(os.open(os.path.join(d, "fd.txt"), os.O_CREAT | os.O_WRONLY), "w") as f:
    f.write("via fdopen")
print(open(os.path.join(d, "fd.txt")).read())
with tempfile.TemporaryDirectory() as td:
    print(os.path.isdir(td))
print(os.path.exists(td))
with tempfile.NamedTemporaryFile() as nf:
    nf.write(b"x"); nf.flush()
    print(os.path.getsize(nf.name))
with tempfile.TemporaryFile() as tf:
    tf.write(b"abc"); tf.seek(0); print(tf.read())
shutil.rmtree(d)
print(os.path.exists(d))
