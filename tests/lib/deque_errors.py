from collections import deque

d = deque([1, 2, 3])
tests = [
    lambda: deque().pop(),
    lambda: deque().popleft(),
    lambda: d[3],
    lambda: d[-4],
    lambda: d['a'],
    lambda: d[1:2],
    lambda: d.__setitem__(5, 0),
    lambda: d.__delitem__(-9),
    lambda: deque(1),
    lambda: deque([1], 2, 3),
    lambda: deque(foo=1),
    lambda: d + [1],
    lambda: [1] + d,
    lambda: d * 'a',
    lambda: d * 1.5,
    lambda: hash(d),
    lambda: d.rotate('a'),
    lambda: d.rotate(1, 2),
    lambda: d < [1],
    lambda: d.pop(1),
    lambda: d.append(),
    lambda: d.extend(5),
    lambda: d.extendleft(None),
    lambda: d.remove(7),
    lambda: d.index(7),
    lambda: d.rotate(2**70),
    lambda: len(deque(maxlen=-3)),
    lambda: d.count(),
]
for t in tests:
    try:
        print('ok', t())
    except Exception as e:
        print(type(e).__name__, e)
print(d)
