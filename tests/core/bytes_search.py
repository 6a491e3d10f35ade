# find/rfind/index/rindex/count/startswith/endswith and `in`
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v

b = b'abcabcab'
for name in ['find', 'rfind', 'index', 'rindex', 'count']:
    m = getattr(b, name)
    show(name + ' bytes', m, b'ab')
    show(name + ' int', m, 99)
    show(name + ' bytearray', m, bytearray(b'ca'))
    show(name + ' start', m, b'ab', 1)
    show(name + ' start end', m, b'ab', 1, 6)
    show(name + ' neg', m, b'b', -4, -1)
    show(name + ' None', m, b'c', None, None)
    show(name + ' empty', m, b'')
    show(name + ' empty start', m, b'', 3)
    show(name + ' empty past', m, b'', 20)
    show(name + ' empty range', m, b'', 2, 5)
    show(name + ' missing', m, b'z')
    show(name + ' missing int', m, 0)
    show(name + ' huge start', m, b'a', 2 ** 70)
    show(name + ' huge neg', m, b'a', -2 ** 70)
    show(name + ' index obj', m, b'a', Idx(2))
    show(name + ' sub index obj', m, Idx(98))
    show(name + ' bool', m, True)
    show(name + ' str', m, 'a')
    show(name + ' float', m, 1.5)
    show(name + ' range', m, 256)
    show(name + ' negative', m, -1)
    show(name + ' bad start', m, b'a', 'x')
    show(name + ' float start', m, b'a', 1.0)
    show(name + ' no args', m)
    show(name + ' too many', m, b'a', 1, 2, 3)
print(b'aaaa'.count(b'aa'), b'aaaa'.count(b'a', 1), b''.count(b''), b''.find(b''), b''.rfind(b''))

for name in ['startswith', 'endswith']:
    m = getattr(b'hello world', name)
    show(name, m, b'hello')
    show(name + '2', m, b'world')
    show(name + ' tuple', m, (b'x', b'hello', b'world'))
    show(name + ' empty tuple', m, ())
    show(name + ' bytearray', m, bytearray(b'd'))
    show(name + ' start', m, b'world', 6)
    show(name + ' start end', m, b'lo', 3, 5)
    show(name + ' neg', m, b'wor', -5, -2)
    show(name + ' empty', m, b'')
    show(name + ' empty at end', m, b'', 11)
    show(name + ' empty past', m, b'', 12)
    show(name + ' start past', m, (b'h',), 50)
    show(name + ' str', m, 'hello')
    show(name + ' int', m, 104)
    show(name + ' tuple str', m, (b'x', 'y'))
    show(name + ' bad start', m, b'h', 'a')
    show(name + ' no args', m)
    show(name + ' too many', m, b'a', 1, 2, 3)

def contains(x, y):
    return x in y

for x in [b'bc', b'', b'cb', 98, 0, True, bytearray(b'ab')]:
    show('in ' + repr(x), contains, x, b'abc')
for x in [256, -1, 'a', 1.5, None, [98]]:
    show('in ' + repr(x), contains, x, b'abc')
show('in Idx', contains, Idx(99), b'abc')
print(b'' in b'', b'a' not in b'b', 97 not in b'a')
