# Generators consumed from C (sum, max, list, set, join, sorted, dict, ...)
# and by next()/send() outside any trace: hot enough that their bodies run
# as generator resume traces (trace.c jit_gen_resume). The values change
# type mid-way (int -> float -> big int -> str), so guards inside the
# compiled bodies fail and bridges take over; results as CPython's.
import itertools

N = 3000


def mixed(n):
    out = []
    for i in range(n):
        if i < n // 4:
            out.append(i)
        elif i < n // 2:
            out.append(i + 0.5)
        elif i < 3 * n // 4:
            out.append(i * 10 ** 20)
        else:
            out.append(i)
    return out


numbers = mixed(N)


def filtered(data):
    for x in data:
        if x % 3:
            yield x * x


def words(n):
    for i in range(n):
        if i % 500 < 250:
            yield str(i)
        else:
            yield 'w%d' % (i % 7)


for rnd in range(3):
    print('round', rnd)
    print('sum genexp', sum(x * x for x in numbers if x % 3))
    print('sum gen', sum(filtered(numbers)))
    print('max', max(x - (i % 17) for i, x in enumerate(numbers)))
    print('min', min(x + 1 for x in numbers))
    print('any', any(x > N * 10 ** 20 for x in numbers), any(x == 2999 for x in numbers))
    print('all', all(x >= 0 for x in numbers), all(x < 10 for x in numbers))
    lst = list(x // 2 for x in numbers)
    print('list', len(lst), lst[:3], lst[-3:], sum(lst[::97]))
    st = set(x % 101 for x in numbers)
    print('set', len(st), sorted(st)[:5])
    tp = tuple(filtered(numbers[:1000]))
    print('tuple', len(tp), tp[:4], tp[-2:])
    print('join', len(''.join(w for w in words(N))), ','.join(words(10)))
    srt = sorted(x % 1000 for x in numbers if x % 2)
    print('sorted', len(srt), srt[:5], srt[-5:])
    d = dict((i, x) for i, x in enumerate(numbers) if i % 5 == 0)
    print('dict', len(d), d[5], d[N - 5])
    print('listcomp over gen', sum([y + 1 for y in filtered(numbers)]))
    print('setcomp over gen', len({y % 977 for y in filtered(numbers)}))
    print('permutations', sum(1 for p in itertools.permutations(range(6)) if p[0] < p[5]))
    print('product', sum(a * b for a, b in itertools.product(filtered(range(40)), repeat=2)))
    print('str mix', sorted(str(x)[:3] for x in numbers)[-3:])
