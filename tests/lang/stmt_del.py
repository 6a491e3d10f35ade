a = 1
del a
try:
    a
except NameError as e:
    print(e)
lst = list(range(10))
del lst[0]
del lst[-1]
del lst[2:4]
del lst[::2]
print(lst)
d = {'a': 1, 'b': 2, 'c': 3}
del d['b']
print(d)
try:
    del d['zz']
except KeyError as e:
    print('KeyError', e)
class O: pass
o = O()
o.x = 1; o.y = 2
del o.x
print(vars(o))
try:
    del o.x
except AttributeError as e:
    print(e)
x, y, z = 1, 2, 3
del x, y
print(z, 'x' in dir(), 'y' in globals())
m = [[1, 2], [3, 4]]
del m[0][1], m[1]
print(m)
def f():
    v = 1
    del v
    try:
        return v
    except UnboundLocalError as e:
        return str(e)
print(f())
try:
    del undefined_name
except NameError as e:
    print(e)
t = (1, 2)
try:
    del t[0]
except TypeError as e:
    print(e)
s = 'abc'
try:
    del s[0]
except TypeError as e:
    print(e)
lst = [1, 2, 3]
try:
    del lst[5]
except IndexError as e:
    print(e)
(p, q) = (1, 2)
del (p, q)
print('p' in globals())
for i in range(3): pass
del i
