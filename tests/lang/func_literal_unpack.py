a = [1, 2, 3]
b = (4, 5)
print([*a, *b])
print((*a,))
print((*a, *b, 6))
print([*a, 0, *b, *'xy'])
print(sorted({*a, *b, 3, 4}))
d1 = {'x': 1, 'y': 2}
d2 = {'y': 20, 'z': 30}
print({**d1, **d2})
print({**d1, 'k': 1})
print({'y': 0, **d1, 'z': None})
print({**d2, **d1})
print([*range(3), *{1: 'a', 2: 'b'}])
print([*()] , (*[],), {**{}})
s = {*()}
print(type(s).__name__, len(s))
print([*(x * 2 for x in range(4))])
try:
    [*5]
except TypeError as e:
    print(e)
try:
    {**[1]}
except TypeError as e:
    print(e)
