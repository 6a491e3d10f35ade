a = b = c = []
a.append(1)
print(a, b, c)
x, y = y, x = 1, 2
print(x, y)
i = 0
lst = [0, 0, 0]
i, lst[i] = 2, 'v'
print(i, lst)
d = {}
d['a'] = d['b'] = 5
print(d)
class O: pass
o = O()
o.x = o.y = 'same'
print(o.x is o.y)
p, (q, r) = 'ab', 'cd'
print(p, q, r)
[s, t] = (u, v) = 3, 4
print(s, t, u, v)
m = [1, 2, 3]
m[0], m[2] = m[2], m[0]
print(m)
(n) = 5
print(n)
for k, (v1, v2) in {'a': (1, 2)}.items():
    print(k, v1, v2)
