from collections import deque

d = deque(range(10))
d.rotate(); print(d)
d.rotate(3); print(d)
d.rotate(-5); print(d)
d.rotate(0); print(d)
d.rotate(23); print(d)
d.rotate(-101); print(d)
d.rotate(2**40 + 1); print(d)
e = deque(); e.rotate(5); print(e)
one = deque([1]); one.rotate(-3); print(one)
# rotation as a queue of players
players = deque(['ann', 'bob', 'cid', 'dee'])
order = []
for turn in range(9):
    order.append(players[0])
    players.rotate(-1)
print(order)
d = deque('abcabcab')
print(d.index('c'), d.index('c', 3), d.index('a', -3), d.index('b', 2, 5), d.index('a', -100, 100))
for args in [('z',), ('a', 1, 3), ('c', 6)]:
    try:
        print(d.index(*args))
    except ValueError as e:
        print('ValueError', e)
print(d.count('a'), d.count('z'), d.count('b'))
d.remove('b'); print(d)
try:
    d.remove('q')
except ValueError as e:
    print('ValueError', e)
d = deque(range(20))
for i in range(0, 20, 3):
    del d[i % len(d)]
print(d, d[3], d[-3])
d[-1] = 'last'; print(d)
# many append/popleft through a growing and shrinking buffer
q = deque()
s = 0
for i in range(5000):
    q.append(i)
    if i % 3 == 0:
        s += q.popleft()
print(len(q), s, q[0], q[-1], q[len(q) // 2])
while len(q) > 3:
    q.pop()
    q.popleft()
print(q)
