# repr of nested and recursive lists.
a = [1, [2, [3, [4, []]]], 'x']
print(a, repr(a), str(a))
r = [1, 2]
r.append(r)
print(r)
print(len(r), r[2] is r, r[2][2][0])
m = []
m.append(m)
print(m, repr(m))
p = [1]
q = [p, 2]
p.append(q)
print(p, q)
d = {'list': []}
d['list'].append(d)
print(d)
t = ([],)
t[0].append(t)
print(t)
print([[]] * 3, [[1, 2], [3, 4]][1][0])
print(['a', "b'c", 'd"e', 1.0, None, True, (1,), {}])
