# length_hint of an iterator broken by a size change is 0; extend() lets a
# class's __len__/__length_hint__ error through.
from operator import length_hint
from collections import deque

def check(name, container, mutate):
    it = iter(container)
    print(name, length_hint(it))
    next(it)
    print(name, length_hint(it))
    mutate()
    try:
        next(it)
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
    print(name, length_hint(it))
    try:
        next(it)
        print(name, "went on")
    except StopIteration:
        print(name, "StopIteration")
    except RuntimeError as e:
        print(name, "RuntimeError again:", e)

d = dict.fromkeys(range(5))
check("keys", d, lambda: d.update({10: 1}))
d2 = dict.fromkeys(range(5))
check("values", d2.values(), lambda: d2.pop(0))
d3 = dict.fromkeys(range(5))
check("items", d3.items(), lambda: d3.__setitem__(20, 1))
s = set(range(6))
check("set", s, lambda: s.add(99))
dq = deque(range(4))
check("deque", dq, lambda: dq.append(9))

class BadLen:
    def __iter__(self):
        return iter(range(10))
    def __len__(self):
        raise RuntimeError('hello')

class BadLengthHint:
    def __iter__(self):
        return iter(range(10))
    def __length_hint__(self):
        raise RuntimeError('hint')

class NoneHint:
    def __iter__(self):
        return iter(range(3))
    def __length_hint__(self):
        return NotImplemented

for make in (list, lambda x: [].extend(x), lambda x: bytearray(b'ab').extend(x), bytearray):
    for src in (BadLen(), BadLengthHint(), NoneHint()):
        try:
            print(make(src))
        except RuntimeError as e:
            print("RuntimeError:", e)
b = bytearray(b'x')
b.extend(NoneHint())
print(b)
