# the builtin hash modules hashlib falls back on: _md5, _sha1, _sha256, _sha512, _sha3
import _md5, _sha1, _sha256, _sha512, _sha3, hashlib, array

msgs = [b"", b"abc", b"The quick brown fox jumps over the lazy dog", bytes(range(256)) * 33]
ctors = [_md5.md5, _sha1.sha1, _sha256.sha224, _sha256.sha256, _sha512.sha384, _sha512.sha512,
         _sha3.sha3_224, _sha3.sha3_256, _sha3.sha3_384, _sha3.sha3_512]
for f in ctors:
    for m in msgs:
        h = f(m)
        print(h.name, h.digest_size, h.block_size, h.hexdigest())
        assert h.digest().hex() == h.hexdigest()
    t = type(f())
    print(t.__name__, t.__module__, t.__qualname__, repr(f()).startswith("<%s.%s object at 0x" % (t.__module__, t.__name__)))
for f in (_sha3.shake_128, _sha3.shake_256):
    for m in msgs:
        h = f(m)
        print(h.name, h.digest_size, h.block_size, h.hexdigest(1), h.hexdigest(40), len(h.digest(1000)), h.digest(0))
for f in (_sha3.sha3_224, _sha3.sha3_512, _sha3.shake_128, _sha3.shake_256):
    h = f()
    print(h.name, h._rate_bits, h._capacity_bits, h._suffix)

# incremental, copy, buffer types, keywords
for f in ctors:
    h = f(b"hello", usedforsecurity=False)
    c = h.copy()
    h.update(b" world")
    c.update(memoryview(b" world"))
    print(h.hexdigest() == c.hexdigest() == f(b"hello world").hexdigest(), type(c) is type(h))
print(_md5.md5(string=b"abc").hexdigest(), _sha256.sha256(string=bytearray(b"abc")).hexdigest())
print(_sha1.sha1(array.array("I", [1, 2, 3])).hexdigest())
print(_md5.MD5Type, _sha1.SHA1Type, _sha256.SHA224Type, _sha256.SHA256Type, _sha512.SHA384Type, hasattr(_sha512, "SHA512Type"))
print(type(_sha512.sha384()), hashlib.md5.__name__, hashlib.sha3_256)
class B(bytes):
    pass
print(_md5.md5(B(b"abc")).hexdigest(), _sha3.sha3_256(B(b"x")).hexdigest())

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)

err(_md5.md5, "text")
err(_md5.md5, 5)
err(_md5.md5().update, "text")
err(_md5.md5().update)
err(_sha3.sha3_224, "text")
err(_sha3.sha3_224, data=b"x")
err(_sha3.sha3_224, string=b"x")
err(_sha3.sha3_224, b"", b"")
err(_md5.MD5Type)
err(_sha3.shake_128().digest)
err(_sha3.shake_128().digest, -1)
err(_sha3.shake_128().digest, 2 ** 29)
err(_sha3.shake_128().hexdigest, 2 ** 64)
err(_sha3.shake_128().digest, 1.0)
err(_sha3.shake_128().digest, length=3)
err(_sha3.sha3_256().digest, 3)
err(lambda: _md5.md5().nosuch)

# a hot loop of updates (the JIT traces the method calls)
h = _sha256.sha256()
h3 = _sha3.sha3_256()
for i in range(20000):
    b = b"%d," % i
    h.update(b)
    h3.update(b)
print(h.hexdigest(), h3.hexdigest())
