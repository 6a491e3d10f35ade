# A released memoryview refuses every attribute but 'released' (gh-92888: also
# when __index__/__float__/__bool__ releases it in the middle of an access).
m = memoryview(b'abc')
m.release()
for name in ['format','itemsize','ndim','readonly','shape','strides','obj','nbytes','contiguous','c_contiguous','f_contiguous','suboffsets']:
    try: print(name, getattr(m, name))
    except ValueError as e: print(name, 'VE', e)
try:
    with m: pass
except ValueError as e: print('with', e)
print('released memory' in repr(m), m == m)
size = 128
ba = None
def release():
    m.release()
    global ba
    ba = bytearray(size)
class MyIndex:
    def __index__(self):
        release()
        return 4
class MyFloat:
    def __float__(self):
        release()
        return 4.25
class MyBool:
    def __bool__(self):
        release()
        return True
def t(label, f):
    global m
    try: print(label, f())
    except Exception as e: print(label, type(e).__name__, e)
    print('  ba', ba[:8] if ba is not None else None)
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('get', lambda: m[MyIndex()])
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('slice1', lambda: list(m[:MyIndex()]))
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('slice2', lambda: list(m[MyIndex():8]))
ba = None; m = memoryview(bytearray(b'\xff'*size)).cast('B', (64, 2)); t('get2a', lambda: m[MyIndex(), 0])
ba = None; m = memoryview(bytearray(b'\xff'*size)).cast('B', (2, 64)); t('get2b', lambda: m[0, MyIndex()])
def s(k, v):
    m[k] = v
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('set', lambda: s(MyIndex(), 42))
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('setsl1', lambda: s(slice(None, MyIndex()), b'spam'))
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('setsl2', lambda: s(slice(MyIndex(), 8), b'spam'))
ba = None; m = memoryview(bytearray(b'\xff'*size)).cast('B', (64, 2)); t('set2a', lambda: s((MyIndex(), 0), 42))
ba = None; m = memoryview(bytearray(b'\xff'*size)).cast('B', (2, 64)); t('set2b', lambda: s((0, MyIndex()), 42))
ba = None; m = memoryview(bytearray(b'\xff'*size)); t('setv', lambda: s(0, MyIndex()))
for fmt in 'bhilqnBHILQN':
    ba = None; m = memoryview(bytearray(b'\xff'*size)).cast(fmt); t('setv'+fmt, lambda: s(0, MyIndex()))
for fmt in 'fd':
    ba = None; m = memoryview(bytearray(b'\xff'*size)).cast(fmt); t('setf'+fmt, lambda: s(0, MyFloat()))
ba = None; m = memoryview(bytearray(b'\xff'*size)).cast('?'); t('setb', lambda: s(0, MyBool()))
# multi-dimensional indexes and item values take __index__
class I:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
m = memoryview(bytearray(range(12))).cast('B', (3, 4))
print(m[I(1), I(2)], m[-1, I(-1)])
m[I(2), 0] = I(99)
print(m.tolist())
try: m[I(3), 0]
except IndexError as e: print('IndexError', e)
try: m['a', 0]
except TypeError as e: print('TypeError', e)
m1 = memoryview(bytearray(4)).cast('H')
m1[0] = I(65535)
try: m1[1] = I(65536)
except ValueError as e: print('ValueError', e)
try: m1[1] = 'x'
except TypeError as e: print('TypeError', e)
print(m1.tolist())
