class Even:
    def __contains__(self, x):
        print('checking', x)
        return x % 2 == 0
e = Even()
print(4 in e, 3 in e, 5 not in e)
class Truthy:
    def __contains__(self, x):
        return 'yes'
print(1 in Truthy())
class ViaIter:
    def __iter__(self):
        print('iter')
        return iter([1, 2, 3])
print(2 in ViaIter(), 9 in ViaIter())
class ViaGetitem:
    def __getitem__(self, i):
        if i > 5: raise IndexError
        return i
print(3 in ViaGetitem(), 10 in ViaGetitem())
try:
    1 in 5
except TypeError as e:
    print(e)
class N: pass
try:
    1 in N()
except TypeError as e:
    print(e)
