# PEP 646: starred expressions in subscripts. The index is a tuple built at
# run time like a tuple display with unpacking, even for a lone a[*b].

class Show:
    def __getitem__(self, key):
        print('get', type(key).__name__, key)
        return 'v'

    def __setitem__(self, key, value):
        print('set', key, value)

    def __delitem__(self, key):
        print('del', key)


s = Show()
b = [1, 2]
d = (3,)
print(s[*b])
print(s[*d])
print(s[*()])
print(s[0, *b])
print(s[*b, 0])
print(s[*b, *d])
print(s[*b,])
print(s[1:2, *b])
print(s[*b, 1:2:3])
print(s[*b, ::-1])
print(s[*range(3), 'x', *'yz'])
print(s[*(x * 10 for x in b)])
print(s[*b if b else d])
print(s[*(n := [5])], n)
print(s[(*b,)] )

s[*b] = 'one'
s[0, *b, 9] = 'two'
s[:, *d] = 'three'
del s[*b]
del s[*d, 4:5]

# the whole index is evaluated (value, then the key items left to right)
# before the call
def item(x):
    print('eval', x)
    return x

def target():
    print('eval target')
    return s

target()[item(1), *[item(2)], item(3)]
target()[*[item(4)]] = item('v')

class Counter:
    def __init__(self):
        self.d = {}

    def __getitem__(self, key):
        return self.d.get(key, 0)

    def __setitem__(self, key, value):
        print('store', key, value)
        self.d[key] = value

c = Counter()
c[*b] += 5
c[*b] += 5
print(c[1, 2])

# dicts and lists take the tuple
m = {(1, 2): 'pair', (): 'empty'}
print(m[*b], m[*()])
try:
    lst = [1, 2, 3]
    lst[*b]
except TypeError as e:
    print(type(e).__name__, e)

# unpacking a non-iterable
try:
    s[*5]
except TypeError as e:
    print(type(e).__name__, e)

# in a function, a loop and a class body
def f(seq):
    total = 0
    for i in range(3000):
        total += len(m[*seq]) + len(s2[i, *seq])
    return total

class Len:
    def __getitem__(self, key):
        return key

s2 = Len()
print(f(b))

class K:
    r = s[*b]
print(K.r)
