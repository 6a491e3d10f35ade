# ctypes from_buffer over an array: the array cannot resize while the
# ctypes object's view lives; a strided writable view is refused
import array, gc
from ctypes import c_int, c_char

a = array.array('i', range(4))
x = (c_int * 4).from_buffer(a)
a[0] = 9
print(x[:])
for f, args in [(a.append, (1,)), (a.pop, ())]:
    try:
        f(*args)
        print('resized')
    except BufferError as e:
        print('BufferError', e)
del x
gc.collect()
a.append(5)
print(a)
for obj in [memoryview(bytearray(b'a' * 16))[::-1], memoryview(b'a' * 16), b'a' * 16, 'a' * 16]:
    try:
        (c_char * 4).from_buffer(obj)
        print('ok')
    except TypeError as e:
        print('TypeError', e)
