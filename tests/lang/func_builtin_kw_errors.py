calls = [
    lambda: int(x=1),
    lambda: len(obj=[1]),
    lambda: abs(x=-1),
    lambda: sorted([1], foo=1),
    lambda: print('a', foo=1),
    lambda: [].append(item=1),
    lambda: 'a'.split(sepx=','),
    lambda: max([1], keyx=None),
    lambda: float(x='1.5'),
    lambda: str(obj=1),
    lambda: range(stop=3),
    lambda: dict.fromkeys(iterable=[1]),
]
for c in calls:
    try:
        r = c()
        print('no error:', r)
    except TypeError as e:
        print(e)
print(str(object='kw ok'), int('11', base=2), sorted([3, 1], key=None, reverse=True))
