x = 'global'
def outer():
    x = 'outer'
    def g():
        global x
        x = 'set by g'
    def n():
        nonlocal x
        x = 'set by n'
    g()
    r1 = x
    n()
    return r1, x
print(outer(), x)

def read_global():
    return x
print(read_global())

def unbound():
    try:
        print(y)
    except NameError as e:
        print(type(e).__name__, e)
    y = 1
unbound()

def unbound_local():
    try:
        print(x)
    except UnboundLocalError as e:
        print(type(e).__name__, e)
    x = 1
unbound_local()

def free_unbound():
    def inner():
        return z
    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    z = 3
    return inner()
print(free_unbound())
