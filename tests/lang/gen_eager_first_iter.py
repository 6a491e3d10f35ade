def source():
    print('source called')
    return [1, 2, 3]
g = (x * 2 for x in source())
print('genexp created')
print(list(g))
try:
    g2 = (x for x in 42)
except TypeError as e:
    print('eager error:', e)
def inner_src():
    print('inner called')
    return 'ab'
g3 = ((x, y) for x in source() for y in inner_src())
print('before iteration')
print(list(g3))
lst = [1, 2, 3]
g4 = (v for v in lst)
lst = [9]
print(list(g4))
lst = [1, 2, 3]
g5 = (v for v in lst)
lst.append(4)
print(list(g5))
class K:
    data = [1, 2]
    gen = list(x for x in data)
print(K.gen)
