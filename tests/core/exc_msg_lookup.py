# KeyError and IndexError messages.
def check(label, f, *args):
    try:
        result = f(*args)
    except (KeyError, IndexError) as e:
        print(label + ':', type(e).__name__, e, repr(e))
    else:
        print(label + ': no error', repr(result))

def get(c, k):
    return c[k]

def setitem(c, k, v):
    c[k] = v

def delitem(c, k):
    del c[k]

d = {'a': 1, 2: 'two', (1, 2): 'tuple'}
check('dict str key', get, d, 'b')
check('dict int key', get, d, 3)
check('dict tuple key', get, d, (3, 4))
check('dict float key', get, d, 1.5)
check('dict None key', get, d, None)
check('dict quote key', get, d, "it's")
check('dict empty-str key', get, d, '')
check('dict del missing', delitem, d, 'zz')
check('dict pop missing', d.pop, 'zz')
check('dict pop default', d.pop, 'zz', 0)
check('popitem empty', {}.popitem)
check('set remove', {1, 2}.remove, 5)
check('set pop empty', set().pop)
check('list index', get, [1, 2, 3], 3)
check('list negative index', get, [1, 2, 3], -4)
check('empty list', get, [], 0)
check('str index', get, 'abc', 10)
check('tuple index', get, (1,), 1)
check('range index', get, range(3), 5)
check('bytes index', get, b'ab', 5)
check('list assign', setitem, [1], 5, 0)
check('list del', delitem, [1, 2], 7)
check('pop empty list', [].pop)
check('pop bad index', [1, 2].pop, 5)
check('insert ok far', [1].insert, 100, 2)
check('slice ok', get, [1, 2], slice(5, 10))
check('format index', '{} {}'.format, 1)
check('format key', '{name}'.format)
