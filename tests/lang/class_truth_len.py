class Empty: pass
class B:
    def __init__(self, v): self.v = v
    def __bool__(self): return self.v
class L:
    def __init__(self, n): self.n = n
    def __len__(self): return self.n
class Both:
    def __bool__(self): return True
    def __len__(self): return 0
print(bool(Empty()), bool(B(True)), bool(B(False)), bool(L(0)), bool(L(3)), bool(Both()))
print('yes' if L(2) else 'no', not L(0), L(0) or 'alt', L(5) and 'and')
class BadBool:
    def __bool__(self): return 1
try:
    bool(BadBool())
except TypeError as e:
    print(e)
class BadLen:
    def __len__(self): return -1
try:
    bool(BadLen())
except ValueError as e:
    print(e)
try:
    len(BadLen())
except ValueError as e:
    print(e)
class StrLen:
    def __len__(self): return 'x'
try:
    len(StrLen())
except TypeError as e:
    print(e)
try:
    len(Empty())
except TypeError as e:
    print(e)
n = 0
while L(3 - n):
    n += 1
print(n)
print(list(filter(None, [L(0), L(1), B(False), B(True)]))[0].n)
