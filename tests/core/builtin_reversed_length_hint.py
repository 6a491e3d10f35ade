# reversed().__length_hint__ asks the sequence its size each time, as CPython
import operator
l = [1, 2, 3, 4]
r = reversed(l)
print(operator.length_hint(r)); next(r); print(operator.length_hint(r))
del l[1:]
print(operator.length_hint(r), list(r))
class W:
    n = 0
    def __len__(self):
        W.n += 1
        if W.n > 1: raise ZeroDivisionError
        return 3
    def __getitem__(self, i): return i
try: operator.length_hint(reversed(W()))
except ZeroDivisionError: print('ZeroDivisionError')
