# _stat and stat.py: mode tests, filemode, constants, compared with CPython
import _stat, stat
print(sorted(k for k in dir(_stat) if not k.startswith("_")))
for k in sorted(dir(_stat)):
    v = getattr(_stat, k)
    if isinstance(v, int):
        print(k, oct(v))
modes = [0, 0o644, 0o755, 0o100644, 0o040755, 0o120777, 0o020620, 0o060660, 0o010600, 0o140755,
         0o104755, 0o102755, 0o041777, 0o040000 | 0o1000, 0o100000 | 0o4000 | 0o2000, 0o170777, 0o7777, 0xffffffff]
for m in modes:
    print(oct(m), _stat.filemode(m), stat.filemode(m), _stat.S_IMODE(m), _stat.S_IFMT(m),
          [f.__name__ for f in (_stat.S_ISDIR, _stat.S_ISREG, _stat.S_ISLNK, _stat.S_ISCHR, _stat.S_ISBLK,
                                _stat.S_ISFIFO, _stat.S_ISSOCK, _stat.S_ISDOOR, _stat.S_ISPORT, _stat.S_ISWHT) if f(m)])
for bad in ("x", 1.5, -1, 2**40, 2**70, None):
    for f in (_stat.S_ISDIR, _stat.filemode, _stat.S_IMODE):
        try:
            f(bad)
        except Exception as e:
            print(f.__name__, type(e).__name__, e)
print(_stat.S_ISDIR(True), _stat.filemode(False))
try:
    _stat.S_ISDIR()
except TypeError as e:
    print(e)
try:
    _stat.S_ISDIR(1, 2)
except TypeError as e:
    print(e)
print(stat.S_ISDIR(0o040000), stat.ST_MTIME, stat.UF_HIDDEN, stat.SF_SNAPSHOT)
