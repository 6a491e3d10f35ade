def f():
    exec('y = 5')
    try:
        return y
    except NameError:
        return 'NameError'
print(f())
print('y' in globals())
def g():
    ns = {}
    exec('a = 1\nb = a + 1', ns)
    return ns['b']
print(g())
def h():
    local_v = 10
    return eval('local_v * 2')
print(h())
def k():
    d = {}
    exec('z = 7', globals(), d)
    return d, 'z' in globals()
print(k())
exec('top = 3')
print(top)
def m():
    v = 10
    return eval('v', None, {'v': 3}), eval('w + 1', {'w': 1}, {'w': 100})
print(m())
