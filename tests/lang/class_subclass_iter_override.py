class Rev(list):
    def __iter__(self):
        return reversed(list(super().__iter__()))
r = Rev([1, 2, 3])
print(list(r), tuple(r), sorted(r, reverse=False), [x for x in r], ','.join(Rev(['a', 'b'])))
l = [0]; l.extend(r); print(l)
l[0:1] = r; print(l)
print(set(r), dict.fromkeys(r), sum(r), min(r), max(r), list(enumerate(r)), list(zip(r, r)))
class RT(tuple):
    def __iter__(self):
        return iter([9, 9])
t = RT((1, 2))
print(list(t), tuple(t), ''.join(map(str, t)), list(map(str, t)))
a, b = RT((1, 2)); print(a, b)
print(*r)
def f(*a): return a
print(f(*r), f(*t))
