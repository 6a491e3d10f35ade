# memoryview casts to other shapes (zero or more dimensions, C order): shape,
# strides, tolist, indexing by tuples, comparisons, and their errors.
m = memoryview(bytearray(range(12))).cast('B', (3, 4))
print(len(m), m.shape, m.strides, m.ndim, m.tolist(), m.tobytes(), m.nbytes, m[1, 2], m.hex(), m.contiguous, m.c_contiguous, m.f_contiguous)
for f in (lambda: m[1], lambda: list(m), lambda: m.cast('B', (4, 3)), lambda: hash(m.toreadonly()), lambda: m == memoryview(bytes(range(12))).cast('B',(3,4)), lambda: m.cast('B').tolist(), lambda: m.cast('c').shape, lambda: m[3, 0], lambda: m[0, -5], lambda: m[1,2,3], lambda: m[(1,)], lambda: m == memoryview(bytes(range(12))), lambda: m.cast('B', [0]), lambda: memoryview(b'ab').cast('B', [3]), lambda: m[...].shape):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
m[1,2] = 99; print(m.tolist())
z = memoryview(b'abcd').cast('i', ())
print(z.ndim, z.shape, z.tolist(), z[()], z.strides, z.f_contiguous)
for f in (lambda: len(z), lambda: z[0], lambda: list(z)):
    try: f()
    except Exception as e: print(type(e).__name__, e)
m2 = memoryview(b'abcdefgh').cast('B', [2, 2, 2])
print(m2.tolist(), m2.strides, m2.shape)
import binascii, base64; print(binascii.b2a_base64(m), base64.b64encode(m), base64.b32encode(m2))
