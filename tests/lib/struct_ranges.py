# struct: pack range errors and messages of every integer code in every byte order
import struct
def show(a):
    return tuple(x if isinstance(x, (int, float, str, bytes, bytearray)) else type(x).__name__ for x in a)
def t(f, *a, **k):
    try: print(show(a), k, repr(f(*a, **k)))
    except Exception as e: print(show(a), type(e).__name__, e)
for bo in '@<>':
  for c in 'bBhHiIlLqQnNP':
    for v in [2**64, 2**63, 2**32, 2**31,2**16, -1, -2**31-1, -2**63-1, -2**64]:
      if bo != '@' and c in 'nNP': continue
      t(struct.pack, bo+c, v)
