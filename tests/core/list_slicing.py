# Slicing, slice assignment and deletion (with steps).
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[::3], a[::-1], a[8:2:-2], a[-3:], a[:-7])
b = a[:]
b[2:5] = ['x', 'y']
print(b)
b = a[:]
b[2:5] = []
print(b)
b = a[:]
b[1:1] = ['inserted', 'two']
print(b)
b = a[:]
b[::2] = ['e'] * 5
print(b)
b = a[:]
b[::-3] = 'WXYZ'
print(b)
b = a[:]
b[:] = [0]
print(b)
b = a[:]
b[5:] = range(3)
print(b)
b = a[:]
del b[3]
print(b)
del b[-1]
print(b)
del b[2:4]
print(b)
del b[::2]
print(b)
b = a[:]
del b[::-3]
print(b)
del b[:]
print(b)
try:
    c = a[:]
    c[::2] = [1, 2]
except ValueError as e:
    print('ValueError:', e)
try:
    c = a[:]
    c[1:3] = 5
except TypeError as e:
    print('TypeError:', e)
s = slice(1, 8, 2)
print(a[s], s.start, s.stop, s.step, repr(s))
print(slice(3), slice(1, 2), slice(None, None, -1).indices(5), slice(2, 100).indices(10))
n = [[1, 2], [3, 4]]
cp = n[:]
cp[0].append(99)
cp[1] = 'new'
print(n, cp)
