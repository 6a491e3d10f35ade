# pass, empty bodies, del, augmented assignment forms, chained assignment.
def nothing():
    pass
class Nothing:
    pass
for i in range(3):
    pass
while False:
    pass
if True:
    pass
else:
    pass
try:
    pass
except Exception:
    pass
print(nothing(), type(Nothing()).__name__, i)
a = b = c = 10
b += 1
print(a, b, c)
lst1 = lst2 = []
lst1.append(1)
print(lst1, lst2, lst1 is lst2)
x = 7
x //= 2
x **= 3
x %= 10
x <<= 2
x |= 1
x ^= 3
x &= 0b11110
x >>= 1
print(x)
s = 'ab'
s *= 3
s += '!'
print(s)
t = (1,)
t += (2,)
t *= 2
print(t)
items = [1, 2, 3, 4]
del items[0]
del items[-1]
print(items)
d = {'a': 1, 'b': 2}
del d['a']
print(d)
g = 5
del g
try:
    print(g)
except NameError as e:
    print('deleted:', e)
n1, n2 = 1, 2
del n1, n2
q = [1, 2]
q[0] += 10
q[1] *= 5
print(q)
dd = {'k': 1}
dd['k'] += 1
dd['k'] **= 3
print(dd)
