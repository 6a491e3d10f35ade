counter = 0
def bump():
    global counter
    counter += 1
for _ in range(5):
    bump()
print(counter)
def define():
    global newvar
    newvar = 'created'
define()
print(newvar)
def multi():
    global a, b
    a, b = 1, 2
multi()
print(a, b)
def read_only():
    return counter * 2
print(read_only())
g = globals()
g['injected'] = 'via globals()'
print(injected)
def loc():
    x = 1; y = 2
    return sorted(locals().items())
print(loc())
print(__name__)
def shadow_builtin():
    len = lambda x: 'shadowed'
    return len([1, 2])
print(shadow_builtin(), len([1, 2]))
