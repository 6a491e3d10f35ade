# Indices that do not fit a small int (63 bits) or a machine word: list and
# tuple indexing converted them to a small int that wrapped, so
# [1, 2][2**63 - 1] was 2 and l[2**63 - 1] = x stored into l[-1]; IndexError
# "cannot fit 'int' into an index-sized integer" comes before the TypeError
# of a type without item assignment, as CPython's sequence protocol does;
# list.insert/pop take a C ssize_t (OverflowError). Found by tools/fuzz.py.
import sys
big = [2**62, -2**62 - 1, 2**63 - 1, -2**63, 2**63, -2**63 - 1, 2**70, sys.maxsize, -sys.maxsize - 1]

class Idx:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v

for name, obj in [('list', [1, 2]), ('tuple', (1, 2)), ('str', 'ab'), ('bytes', b'ab'),
                  ('bytearray', bytearray(b'ab')), ('range', range(3))]:
    for k in big + [Idx(2**63 - 1), Idx(2**64)]:
        for what in ('get', 'set', 'del'):
            try:
                if what == 'get': r = obj[k]
                elif what == 'set': obj[k] = 1
                else: del obj[k]
                print(name, what, 'ok', obj)
            except Exception as e:
                print(name, what, type(e).__name__, e)
for k in big:
    for f in (lambda l: l.pop(k), lambda l: l.insert(k, 0)):
        l = [1, 2]
        try:
            f(l)
            print('ok', l)
        except Exception as e:
            print(type(e).__name__, e)

# hot: the index turns huge after the loop is compiled
l = list(range(10))
t = tuple(l)
caught = 0
for i in range(3000):
    k = i % 10 if i < 2500 else 2**63 - 1 - (i % 3)
    try:
        l[k] = l[k] + t[k]
    except IndexError as e:
        caught += 1
print(l, caught)
