# _blake2 on libb2: blake2b / blake2s with every parameter, copy, constants
import _blake2, hashlib

print(sorted(n for n in dir(_blake2) if n.isupper()), [getattr(_blake2, n) for n in sorted(dir(_blake2)) if n.isupper()])
for cls in (_blake2.blake2b, _blake2.blake2s):
    print(cls.__name__, cls.__module__, cls.SALT_SIZE, cls.PERSON_SIZE, cls.MAX_KEY_SIZE, cls.MAX_DIGEST_SIZE)
    for m in (b"", b"abc", bytes(range(256)) * 9):
        h = cls(m)
        print(h.name, h.digest_size, h.block_size, h.hexdigest())
    for ds in (1, 16, cls.MAX_DIGEST_SIZE):
        print(ds, cls(b"x", digest_size=ds).hexdigest())
    print(cls(key=b"secret").hexdigest(), cls(b"data", key=b"k" * cls.MAX_KEY_SIZE).hexdigest())
    print(cls(salt=b"salty").hexdigest(), cls(person=b"me").hexdigest())
    print(cls(b"x", salt=b"s" * cls.SALT_SIZE, person=b"p" * cls.PERSON_SIZE).hexdigest())
    # tree hashing parameters
    print(cls(b"leaf", fanout=2, depth=2, leaf_size=4096, node_offset=1, node_depth=0,
              inner_size=cls.MAX_DIGEST_SIZE, last_node=True).hexdigest())
    print(cls(b"root", fanout=0, depth=255, leaf_size=2 ** 32 - 1, node_depth=255, inner_size=1).hexdigest())
    print(cls(node_offset=2 ** 48 - 1).hexdigest(), cls(last_node=False).hexdigest() == cls().hexdigest())
    h = cls(b"hello ", key=b"k")
    c = h.copy()
    h.update(b"world")
    c.update(bytearray(b"world"))
    print(h.digest() == c.digest(), h.hexdigest() == cls(b"hello world", key=b"k").hexdigest(), type(c).__name__)
    print(hashlib.new(cls.__name__, b"abc").hexdigest() == cls(b"abc").hexdigest())
print(_blake2.blake2b(node_offset=2 ** 64 - 1).hexdigest())
print(hashlib.blake2b is _blake2.blake2b, hashlib.blake2s(b"q", digest_size=8).hexdigest())

def err(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)

for cls in (_blake2.blake2b, _blake2.blake2s):
    for kw in (dict(digest_size=0), dict(digest_size=65), dict(digest_size=33), dict(digest_size=1.0),
               dict(digest_size=2 ** 40), dict(key=b"k" * 65), dict(key=b"k" * 33), dict(key="str"),
               dict(salt=b"s" * 17), dict(salt=b"s" * 9), dict(person=b"p" * 17), dict(person=b"p" * 9),
               dict(fanout=-1), dict(fanout=256), dict(depth=0), dict(depth=256), dict(leaf_size=-1),
               dict(leaf_size=2 ** 32), dict(leaf_size=2 ** 64), dict(leaf_size=1.5), dict(node_offset=-1),
               dict(node_offset=2 ** 48), dict(node_offset=2 ** 64), dict(node_depth=-1), dict(node_depth=256),
               dict(inner_size=-1), dict(inner_size=65), dict(inner_size=33), dict(data=b"x"), dict(nosuch=1)):
        err(cls, **kw)
    err(cls, "text")
    err(cls, 1)
    err(cls, b"", b"")
    err(cls().update, "text")
    err(cls().digest, 1)
err(type, "X", (_blake2.blake2b,), {})

# a hot loop (the JIT traces the calls)
h = _blake2.blake2s()
for i in range(20000):
    h.update(b"%d" % i)
print(h.hexdigest())
