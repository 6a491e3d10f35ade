# pwd and grp: the root user and group, errors, compared with CPython
import pwd, grp
r = pwd.getpwuid(0)
print(r)
print(r.pw_name, r[0], r.pw_uid, r.pw_dir, len(r), type(r).__name__, type(r).__module__)
print(pwd.getpwnam("root") == r, r in pwd.getpwall(), all(type(p) is pwd.struct_passwd for p in pwd.getpwall()))
print(pwd.struct_passwd.n_fields, pwd.struct_passwd.__match_args__)
g = grp.getgrgid(0)
print(g, g.gr_name, g.gr_gid, type(g.gr_mem).__name__, len(g))
print(grp.getgrnam("root") == g, g in grp.getgrall(), grp.getgrgid(id=0) == grp.getgrnam(name="root"))
print(grp.struct_group.n_fields, grp.struct_group.__match_args__)
def err(f, *a, **k):
    try:
        print("ok", f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)
err(pwd.getpwnam, "no such user tpy")
err(pwd.getpwuid, 987654)
err(pwd.getpwuid, -5)
err(pwd.getpwuid, "0")
err(pwd.getpwnam, 0)
err(pwd.getpwnam, "a\0b")
err(pwd.getpwuid)
err(grp.getgrnam, "no such group tpy")
err(grp.getgrgid, 987654)
err(grp.getgrgid, "0")
err(grp.getgrnam, 0)
err(pwd.struct_passwd, (1, 2))
