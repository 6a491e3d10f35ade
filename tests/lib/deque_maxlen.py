from collections import deque

d = deque(maxlen=3)
for i in range(6):
    d.append(i)
    print(d)
d.appendleft(-1); print(d)
d.extend([10, 11]); print(d)
d.extendleft([20]); print(d)
print(d.maxlen, deque([1]).maxlen)
print(deque(range(10), 4), deque('abc', maxlen=0), deque([], maxlen=2))
d = deque(range(3), maxlen=3)
try:
    d.insert(1, 'x')
except IndexError as e:
    print('IndexError', e)
d.pop(); d.insert(1, 'x'); print(d)
print(deque(range(5), maxlen=3) * 2, deque([1, 2], maxlen=3) + deque([3, 4]))
d = deque([1, 2], maxlen=5); d *= 4; print(d)
z = deque(maxlen=0); z.append(1); z.appendleft(2); z.extend(range(5)); print(z, len(z))
# a moving window average
window = deque(maxlen=4)
avgs = []
for x in [10, 20, 30, 40, 50, 60, 70]:
    window.append(x)
    avgs.append(sum(window) / len(window))
print(avgs)
# tail of a file-like sequence
lines = ['line %d' % i for i in range(100)]
print(list(deque(lines, maxlen=3)))
print(deque([1, 2], maxlen=True))
for bad in [-1, 'x', 1.5]:
    try:
        deque(maxlen=bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    d.maxlen = 5
except AttributeError as e:
    print('AttributeError')
