# Exceptions propagating through several calls, with finally on the way.
def a(n):
    try:
        return b(n) + 1
    finally:
        print('a cleanup')

def b(n):
    print('b start')
    r = c(n)
    print('b end')
    return r

def c(n):
    if n < 0:
        raise ValueError('negative: ' + str(n))
    return n * 2

print(a(5))
try:
    print(a(-1))
except ValueError as e:
    print('top level caught:', e)

def recurse(n):
    if n == 0:
        raise LookupError('bottom reached')
    try:
        recurse(n - 1)
    finally:
        print('unwinding', n)

try:
    recurse(4)
except LookupError as e:
    print(e)

class Resource:
    def __init__(self, name):
        self.name = name
        print('open', name)
    def close(self):
        print('close', self.name)

def use():
    r1 = Resource('r1')
    try:
        r2 = Resource('r2')
        try:
            raise RuntimeError('failed while using')
        finally:
            r2.close()
    finally:
        r1.close()

try:
    use()
except RuntimeError as e:
    print('caught', e)
