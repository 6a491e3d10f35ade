def sub():
    received = []
    try:
        while True:
            try:
                x = yield len(received)
            except ValueError as e:
                print('sub caught', e)
                x = 'err'
            if x == 'stop':
                return received
            received.append(x)
    finally:
        print('sub finally')

def deleg():
    r = yield from sub()
    print('deleg got', r)
    yield 'after'

d = deleg()
print(next(d))
print(d.send('a'))
print(d.send('b'))
print(d.throw(ValueError('v')))
print(d.send('stop'))

d2 = deleg()
next(d2)
d2.send(1)
d2.close()
print('closed d2')

d3 = deleg()
next(d3)
try:
    d3.throw(KeyError('nope'))
except KeyError as e:
    print('propagated', e)

class It:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n
def over_iter():
    r = yield from It()
    print('ret', r)
print(list(over_iter()))
