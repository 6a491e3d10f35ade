log = []
def res(name):
    try:
        log.append('open ' + name)
        for i in range(100):
            yield i
    finally:
        log.append('close ' + name)
for v in res('a'):
    if v == 2:
        break
print(log)
g = res('b')
next(g)
del g
print(log)
def consume():
    r = res('c')
    for v in r:
        return v
print(consume(), log[-1])
total = 0
for k in range(2000):
    g = res('x')
    total += next(g) + next(g)
    g.close()
print(total, len(log))
