# str and bytes seeds: version 2 hashes them with SHA-512; version 1 is
# the old string hash. Long strings exercise multi-block SHA-512.
import random

for s in ['', 'a', 'hello', 'hello world', 'x' * 111, 'y' * 112, 'z' * 127, 'w' * 128,
          'v' * 1000, 'héllo wörld ✓', 'The quick brown fox jumps over the lazy dog']:
    random.seed(s)
    print(len(s), random.random(), random.randint(1, 10**6))

for b in [b'', b'\x00', b'spam', bytes(range(256)), b'\xff' * 300]:
    random.seed(b)
    print(len(b), random.random(), random.getrandbits(40))

random.seed('hello')
x = random.random()
random.seed(b'hello')
print(x == random.random())

for s in ['', 'a', 'abc', 'hello', b'abc', b'\xe9t\xe9']:
    random.seed(s, version=1)
    print(repr(s), random.random())

r = random.Random('seed-in-constructor')
print(r.random(), r.choice('abcdefgh'))
