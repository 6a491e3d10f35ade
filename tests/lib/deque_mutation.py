# Iterating over a deque while it changes raises RuntimeError.
from collections import deque

d = deque([1, 2, 3])
try:
    for x in d:
        d.append(x)
except RuntimeError as e:
    print('RuntimeError', e)
d = deque([1, 2, 3])
try:
    for x in d:
        d.popleft()
except RuntimeError as e:
    print('RuntimeError', e)
# item assignment is not a structural change
d = deque([1, 2, 3])
for i, x in enumerate(d):
    d[i] = x * 10
print(d)
it = iter(d)
next(it)
d.pop()
try:
    next(it)
except RuntimeError as e:
    print('RuntimeError', e)
try:
    next(it)
except RuntimeError as e:
    print('RuntimeError again', e)
d.append(1)
try:
    next(iter(d))
    print('a new iterator is fine')
except RuntimeError as e:
    print('RuntimeError', e)

class Clearer:
    def __init__(self, dq):
        self.dq = dq
    def __eq__(self, other):
        self.dq.clear()
        return False
d = deque([1, 2, 3])
d.appendleft(Clearer(d))
try:
    d.count(3)
except RuntimeError as e:
    print('RuntimeError', e)
d = deque([5, 6])
d.appendleft(Clearer(d))
try:
    d.remove(6)
except IndexError as e:
    print('IndexError', e)
d = deque([5, 6])
d.appendleft(Clearer(d))
try:
    print(6 in d)
except RuntimeError as e:
    print('RuntimeError', e)
print(d)
