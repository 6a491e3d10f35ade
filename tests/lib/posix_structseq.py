# posix: the struct sequences (stat_result, uname_result, times_result, terminal_size, statvfs_result)
import posix

def err(f, *a, **k):
    try:
        print("ok", f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)

SR = posix.stat_result
print(SR, SR.__name__, SR.__module__, SR.__mro__)
print(SR.n_fields, SR.n_sequence_fields, SR.n_unnamed_fields, SR.__match_args__)
s = SR(range(10))
print(s)
print(len(s), s[0], s[-1], s[7:], s.st_mode, s.st_size, s.st_atime, s.st_mtime, s.st_ctime)
print(s.st_atime_ns, s.st_blksize, s.st_blocks, s.st_rdev)
print(s == tuple(range(10)), tuple(s), list(s)[:3], hash(s) == hash(tuple(range(10))))
s2 = SR(tuple(range(10)) + (1.5, 2.5, 3.5, 11, 12, 13, 14, 15, 16))
print(s2, s2.st_atime, s2.st_mtime_ns, s2.st_rdev, len(s2))
s3 = SR(range(10), {"st_blocks": 99, "st_atime": 7.5, "bogus": 1})
print(s3.st_blocks, s3.st_atime, s3.st_mtime, s3.st_rdev)
err(SR, range(9))
err(SR, range(20))
err(SR, 5)
err(SR, range(10), 5)
err(SR)
a, b, *rest = s
print(a, b, rest)
match s:
    case SR(st_mode=m, st_ino=i):
        print("matched", m, i)
try:
    s.st_mode = 5
except AttributeError as e:
    print("AttributeError")
print(isinstance(s, tuple), type(s) is SR)

st = posix.stat("/")
print(type(st) is SR, len(st), st.st_mode == st[0], type(st.st_mtime) is float, st.st_mtime_ns // 10**9 == st[8])
print(repr(st).startswith("os.stat_result(st_mode="), repr(st).count("="))

U = posix.uname_result
u = U(("a", "b", "c", "d", "e"))
print(u, u.machine, U.n_fields, U.__module__)
err(U, ("a",))
T = posix.times_result
print(T((1.0, 2.0, 3.0, 4.0, 5.0)), T.__match_args__)
TS = posix.terminal_size
print(TS((1, 2)), TS((1, 2)).columns, TS.n_fields)
err(TS, (1, 2, 3))
V = posix.statvfs_result
print(V.n_fields, V.n_sequence_fields, V.__match_args__)
v = posix.statvfs("/")
print(len(v), v.f_bsize == v[0], v.f_namemax > 0, type(v.f_fsid).__name__, posix.fstatvfs(0).f_bsize > 0)
err(posix.statvfs, "/nonexistent")
# __reduce__ (copy, pickle): the visible items and the hidden named fields
r = st.__reduce__()
print(r[0] is SR, len(r[1][0]), sorted(r[1][1]))
c = r[0](*r[1])
print(c == st, c.st_mtime_ns == st.st_mtime_ns, c.st_atime == st.st_atime, c.st_blocks == st.st_blocks)
print(u.__reduce__(), TS((3, 4)).__reduce__())
