# Generator cleanup that is deterministic on every Python: explicit
# close(), exhausting, and close() in a hot loop. Closing an abandoned
# generator when its last reference goes is CPython's reference counting;
# tpy (like PyPy) closes it when the collector finds it unreachable
# (docs/ARCHITECTURE.md, "Finalization").
log = []
def res(name):
    try:
        log.append('open ' + name)
        for i in range(100):
            yield i
    finally:
        log.append('close ' + name)

g = res('a')
for v in g:
    if v == 2:
        break
print(log)
g.close()
print(log)
g.close()                       # closing twice is harmless
print(log, next(g, 'done'))

g = res('b')
g.close()                       # never started: finally does not run
print(log)

def consume():
    r = res('c')
    try:
        for v in r:
            return v
    finally:
        r.close()
print(consume(), log[-1])

def catcher():
    try:
        yield 1
    except GeneratorExit:
        yield 2
g = catcher()
next(g)
try:
    g.close()
except RuntimeError as e:
    print('RuntimeError:', e)

total = 0
for k in range(2000):
    g = res('x')
    total += next(g) + next(g)
    g.close()
print(total, len(log), log.count('close x'))

whole = sum(res('all'))
print(whole, log[-2:])
