def accumulator():
    total = 0
    while True:
        v = yield total
        if v is None:
            break
        total += v
    return total

g = accumulator()
print(next(g))
print(g.send(5), g.send(10), g.send(-3))
try:
    g.send(None)
except StopIteration as e:
    print('final', e.value)

def echo():
    received = []
    try:
        while True:
            x = yield len(received)
            received.append(x)
    finally:
        print('echo closing with', received)

e = echo()
try:
    e.send(1)
except TypeError as ex:
    print(ex)
print(e.send(None), e.send('a'), e.send('b'))
e.close()
print('after close')
try:
    next(e)
except StopIteration:
    print('exhausted')
