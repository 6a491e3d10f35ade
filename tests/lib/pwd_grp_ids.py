# pwd, grp, posix.chown: uid/gid conversion as CPython's (quirks included)
import grp, pwd, posix
for v in [2**128, -2**128, 2**40, 2**32-1, 2**32-2, -2, -1, "x", 1.5, 2**63, 2**64-1]:
    for f in (grp.getgrgid, pwd.getpwuid, lambda v: posix.chown("/nonexistent-tpy", v, -1)):
        try:
            f(v)
            print("ok")
        except Exception as e:
            print(type(e).__name__, e)
