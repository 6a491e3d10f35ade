# open() of a str path with surrogate-escaped bytes; an OSError names the
# bytes-like path object given; posix_spawn's resetids/setsid take ints;
# an unclosed scandir iterator warns when collected
import gc, os, shutil, sys, tempfile, warnings

d = tempfile.mkdtemp()
try:
    bd = os.fsencode(d)
    for raw in (b"undecodable-\xff", "caf\xe9".encode(), b"plain"):
        with open(os.path.join(bd, raw), "wb") as f:
            f.write(raw)
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            print(ascii(name), f.read())
    with open(os.path.join(d, "new-\udcfe"), "w") as f:
        f.write("x")
    print(sorted(os.listdir(bd)))
    try:
        open(os.path.join(d, "\ud800"), "rb")
    except UnicodeEncodeError as e:
        print("UnicodeEncodeError", e.reason)
finally:
    shutil.rmtree(d)

missing = os.path.join(d, "missing")
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for name in (missing, os.fsencode(missing), bytearray(os.fsencode(missing)), memoryview(os.fsencode(missing))):
        for func in (os.stat, os.lstat, os.chdir, os.listdir, os.rmdir, os.unlink):
            try:
                func(name)
            except OSError as e:
                if e.filename is not name:
                    print("wrong filename", func.__name__, type(name).__name__, type(e.filename).__name__)
        print(type(name).__name__, "ok")
    print(len(w), sorted({str(x.message).split(":")[0] for x in w}))

for kw in ("resetids", "setsid"):
    for v in (None, 1.5, "1", False, 0):
        try:
            pid = os.posix_spawn(sys.executable, [sys.executable, "-c", "pass"], os.environ, **{kw: v})
            print(kw, repr(v), os.waitpid(pid, 0)[1])
        except TypeError as e:
            print(kw, repr(v), "TypeError", e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    it = os.scandir(".")
    it.close()
    with os.scandir(".") as it2:
        pass
    it3 = os.scandir(".")
    list(it3)
    del it, it2, it3
    gc.collect()
    print([str(x.message) for x in w])

import subprocess
r = subprocess.run([sys.executable, "-W", "always", "-c",
                    "import os, gc\nit = os.scandir('.')\nnext(it)\ndel it\ngc.collect()\nprint('done')"],
                   capture_output=True, text=True)
# (the line differs: CPython's warning comes at `del it`, tpy's at the collection)
print(r.stdout.strip(), [l.split("ResourceWarning")[1].split(" object at ")[0] for l in r.stderr.splitlines()
                         if "ResourceWarning" in l])
