class Sub:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        return self.n
    def close(self):
        print('Sub.close called')
def deleg():
    yield from Sub()
g = deleg()
print(next(g), next(g))
g.close()
print('closed')
class NoClose:
    def __iter__(self): return self
    def __next__(self): return 'nc'
def deleg2():
    try:
        yield from NoClose()
    finally:
        print('deleg2 finally')
g = deleg2()
print(next(g))
g.close()
class WithThrow:
    def __iter__(self): return self
    def __next__(self): return 'wt'
    def throw(self, *args):
        print('WithThrow.throw', args[0].__name__ if isinstance(args[0], type) else type(args[0]).__name__)
        return 'thrown-value'
    def close(self):
        print('WithThrow.close')
def deleg3():
    yield from WithThrow()
g = deleg3()
next(g)
print(g.throw(ValueError))
g.close()
