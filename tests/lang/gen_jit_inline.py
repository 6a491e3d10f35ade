# Generators resumed from hot loops: the JIT runs their bodies inline (from
# the resume point to the next yield). Everything a generator can do there
# must behave as in the interpreter: state kept across yields, values whose
# type changes midway, exceptions raised inside (caught inside, or leaving
# the generator with the right traceback), finishing, several generators
# sharing one loop, next() and send() on the same generator in between,
# try/finally and close(), closures, nested loops around the yield.
import sys

def count(n):
    i = 0
    while i < n:
        yield i
        i += 1

def mixed(n):
    for i in range(n):
        if i < n // 2:
            yield i
        elif i < 3 * n // 4:
            yield i * 0.5
        else:
            yield str(i)

def total(it):
    t = 0
    s = ''
    for x in it:
        if type(x) is str:
            s = x
        else:
            t += x
    return t, s

print(total(count(5000)))
print(total(mixed(4000)))

def risky(n):
    for i in range(n):
        try:
            v = 100 // (i % 1000 - 500)
        except ZeroDivisionError:
            v = -1
        yield v

print(sum(risky(3000)))

def boom(n):
    for i in range(n):
        if i == n - 10:
            {}['missing' + str(i)]
        yield i

def consume_boom():
    t = 0
    try:
        for x in boom(3000):
            t += x
    except KeyError as e:
        tb = e.__traceback__
        where = []
        while tb is not None:
            where.append(tb.tb_lineno)
            tb = tb.tb_next
        print('KeyError', e, where)
    return t
print(consume_boom())

def alternating(n):
    gens = [count(n), (i * 2 for i in range(n)), mixed(n)]
    out = []
    for k in range(n):
        g = gens[k % 3]
        out.append(next(g, None))
    return len(out), out[-6:]
print(alternating(3000))

def by_hand(n):
    g = count(n * 3)
    t = 0
    for x in g:
        t += x
        if x % 100 == 0:
            t += next(g) * 1000
    return t
print(by_hand(2000))

def echo():
    got = None
    k = 0
    while True:
        got = yield (k, got)
        k += 1

def talk(n):
    e = echo()
    next(e)
    t = 0
    for i, item in enumerate(e):
        t += item[0]
        if i % 50 == 0:
            t += e.send(i)[0]
        if i >= n:
            break
    return t
print(talk(3000))

log = []
def guarded(n):
    try:
        for i in range(n):
            yield i
    finally:
        log.append('finally')

def partial(n):
    g = guarded(n * 2)
    t = 0
    for x in g:
        t += x
        if x == n:
            break
    g.close()
    return t, log
print(partial(3000))

def make_counter(step):
    state = [0]
    def gen(n):
        for i in range(n):
            state[0] += step
            yield state[0]
    return gen, state

gen, state = make_counter(3)
print(sum(gen(4000)), state)

def nested(n):
    for i in range(n):
        for j in range(3):
            if (i + j) % 2:
                yield i * j

print(sum(nested(3000)))

def finishes(k):
    t = 0
    for r in range(k):
        for x in count(r % 7):
            t += x
    return t
print(finishes(3000))

def deleted(n):
    for i in range(n):
        tmp = i * 2
        yield tmp
        del tmp

print(sum(deleted(3000)))

# the generator running inline is marked running: resuming it from inside
# its own body raises, as in the interpreter
def selfish(n):
    holder = []
    def gen():
        for i in range(n):
            if i == n - 5:
                try:
                    next(holder[0])
                except ValueError as e:
                    yield str(e)
                    continue
            yield i
    g = gen()
    holder.append(g)
    out = []
    for x in g:
        if isinstance(x, str):
            out.append(x)
    return out, g.gi_running
print(selfish(3000))

def watching(n):
    holder = []
    def gen():
        for i in range(n):
            yield holder[0].gi_running
    g = gen()
    holder.append(g)
    return sum(1 for _ in range(1)) + sum([x for x in g]), g.gi_running

def watching_loop(n):
    holder = []
    def gen():
        for i in range(n):
            yield holder[0].gi_running
    g = gen()
    holder.append(g)
    seen = 0
    for x in g:
        seen += x
    return seen, g.gi_running
print(watching(2000), watching_loop(3000))
