# _hashlib / hashlib / hmac on OpenSSL: digests, XOF, HMAC, PBKDF2, scrypt, compare_digest
import _hashlib

names = sorted(_hashlib.openssl_md_meth_names)
print(type(_hashlib.openssl_md_meth_names).__name__, names)
msgs = [b"", b"abc", b"The quick brown fox jumps over the lazy dog", bytes(range(256)) * 40]
for name in names:
    for m in msgs:
        h = _hashlib.new(name, m)
        if name.startswith("shake"):
            print(name, h.name, h.digest_size, h.block_size, h.hexdigest(20), h.digest(5), len(h.digest(300)))
        else:
            print(name, h.name, h.digest_size, h.block_size, h.hexdigest())
            assert h.digest().hex() == h.hexdigest()

for ctor in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_224", "sha3_256",
             "sha3_384", "sha3_512", "shake_128", "shake_256"):
    f = getattr(_hashlib, "openssl_" + ctor)
    h = f(b"hello", usedforsecurity=False)
    h2 = h.copy()
    h.update(b" world")
    h2.update(bytearray(b" world"))
    if ctor.startswith("shake"):
        print(ctor, f.__name__, h.hexdigest(16), h2.hexdigest(16) == h.hexdigest(16), type(h).__name__)
    else:
        print(ctor, f.__name__, h.hexdigest(), h2.digest() == h.digest(), type(h).__name__)
    print(_hashlib._constructors[f])

h = _hashlib.new("sha256")
for i in range(100):
    h.update(b"%d" % i)
print(h.hexdigest(), h.hexdigest(), isinstance(h, _hashlib.HASH), repr(h).startswith("<sha256 _hashlib.HASH object @ 0x"))
print(_hashlib.new("SHA256", b"x").name, _hashlib.new("sha512_256", b"x").hexdigest())
print(issubclass(_hashlib.HASHXOF, _hashlib.HASH), issubclass(_hashlib.UnsupportedDigestmodError, ValueError))
print(_hashlib.new("sha256", memoryview(b"abcdef")[2:]).hexdigest())
print(_hashlib.get_fips_mode())

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)

err(_hashlib.new, "nosuchhash")
err(_hashlib.new, "sha256", "text")
err(_hashlib.new, "sha256", 5)
err(_hashlib.new("md5").update, "text")
err(_hashlib.openssl_shake_128().digest)
err(_hashlib.HASH)

# HMAC
for d in ("md5", "sha1", "sha256", "sha512", "sha3_256"):
    print(d, _hashlib.hmac_digest(b"key", b"message", d).hex())
    hm = _hashlib.hmac_new(b"key", b"mess", digestmod=d)
    c = hm.copy()
    hm.update(b"age")
    c.update(b"age")
    print(hm.name, hm.digest_size, hm.block_size, hm.hexdigest(), c.digest() == hm.digest())
print(_hashlib.hmac_new(b"k" * 200, digestmod=_hashlib.openssl_sha256).hexdigest())
print(_hashlib.hmac_new(b"", b"", digestmod="sha1").hexdigest())
print(repr(_hashlib.hmac_new(b"k", digestmod="sha1")).startswith("<hmac-sha1 HMAC object @ 0x"))
err(_hashlib.hmac_new, b"k")
err(_hashlib.hmac_new, b"k", digestmod="nosuch")
err(_hashlib.hmac_new, b"k", digestmod=len)
err(_hashlib.hmac_digest, b"k", b"m", "nosuch")

# key derivation
print(_hashlib.pbkdf2_hmac("sha1", b"password", b"salt", 1).hex())
print(_hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 4096, 40).hex())
print(_hashlib.pbkdf2_hmac("sha512", bytearray(b"pw"), memoryview(b"NaCl"), 2, None).hex())
err(_hashlib.pbkdf2_hmac, "sha1", b"p", b"s", 0)
err(_hashlib.pbkdf2_hmac, "sha1", b"p", b"s", 1, 0)
err(_hashlib.pbkdf2_hmac, "nosuch", b"p", b"s", 1)
err(_hashlib.pbkdf2_hmac, "sha1", b"p", b"s", 2**40)
print(_hashlib.scrypt(b"password", salt=b"NaCl", n=1024, r=8, p=16).hex())
print(_hashlib.scrypt(b"", salt=b"", n=16, r=1, p=1, dklen=32).hex())
err(_hashlib.scrypt, b"p", salt=b"s", n=3, r=1, p=1)
err(_hashlib.scrypt, b"p", n=2, r=1, p=1)
err(_hashlib.scrypt, b"p", salt=b"s", n=2, r=1, p=1, dklen=0)

# compare_digest
cd = _hashlib.compare_digest
print(cd(b"abc", b"abc"), cd(b"abc", b"abd"), cd(b"ab", b"abc"), cd("abc", "abc"), cd(bytearray(b"x"), b"x"), cd("", ""))
err(cd, "abc", b"abc")
err(cd, 1, 2)
err(cd, "\xe9", "\xe9")
import _operator
print(_operator._compare_digest(b"a", b"a"), _operator._compare_digest("a", "b"))

# through hashlib and hmac (tpy has no _blake2 yet: hashlib logs that at import)
import logging
logging.disable(logging.CRITICAL)
import hashlib, hmac, secrets
print(hashlib.sha256(b"x").hexdigest(), hashlib.md5(b"x").hexdigest(), hashlib.sha3_512(b"x").hexdigest()[:32])
print(hashlib.new("sha1", b"abc").hexdigest(), hashlib.shake_256(b"x").hexdigest(8))
print(sorted(hashlib.algorithms_guaranteed))
print(hmac.new(b"key", b"msg", "sha256").hexdigest(), hmac.new(b"key", b"msg", hashlib.sha1).hexdigest())
print(hmac.digest(b"key", b"msg", "md5").hex(), hmac.compare_digest(b"a", b"a"))
m = hmac.new(b"key", digestmod="sha512")
m.update(b"abc")
print(m.name, m.digest_size, m.block_size, m.copy().hexdigest()[:20])
print(hashlib.pbkdf2_hmac("sha256", b"pw", b"salt", 10).hex())
print(len(secrets.token_bytes(16)), len(secrets.token_hex(8)))
import random
random.seed("a string seed")
print(random.random())
