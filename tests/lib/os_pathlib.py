# pathlib over posix: make, list, glob, stat, rename and remove files, compared with CPython
import os, pathlib

base = pathlib.Path("/tmp") / ("tpy_os_pathlib_%d" % os.getpid())
r = lambda p: str(p).replace(str(base), "<base>")
base.mkdir()
(base / "sub").mkdir()
(base / "a.txt").write_text("hello")
(base / "sub" / "b.py").write_bytes(b"x = 1\n")
print(sorted(r(p) for p in base.iterdir()), sorted(r(p) for p in base.rglob("*.py")))
print((base / "a.txt").read_text(), (base / "a.txt").stat().st_size, (base / "sub").is_dir(), (base / "a.txt").is_file())
print((base / "nope").exists(), r((base / "sub" / ".." / "a.txt").resolve()), pathlib.Path.home() == pathlib.Path(os.environ["HOME"]))
(base / "a.txt").rename(base / "c.txt")
(base / "lnk").symlink_to(base / "c.txt")
print(sorted(p.name for p in base.glob("*")), (base / "lnk").is_symlink(), r((base / "lnk").readlink()))
print(oct((base / "c.txt").stat().st_mode & 0o777 | 0), (base / "c.txt").owner() == __import__("pwd").getpwuid(os.getuid()).pw_name)
(base / "c.txt").chmod(0o600)
print(oct((base / "c.txt").stat().st_mode & 0o777))
try:
    (base / "sub").rmdir()
except OSError as e:
    print(type(e).__name__, r(str(e)))
for p in sorted(base.rglob("*"), key=lambda p: -len(p.parts)):
    if p.is_dir() and not p.is_symlink():
        p.rmdir()
    else:
        p.unlink()
base.rmdir()
print(base.exists())
