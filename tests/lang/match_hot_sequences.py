# Sequence and mapping patterns in hot loops, where the JIT records the
# type tests (MATCH_SEQUENCE, MATCH_MAPPING as guards on the subject's type)
# and len() of exact lists, tuples and dicts; the subjects change after the
# loops are compiled: lists to tuples, to a list subclass whose __len__
# counts its calls, to strings (never sequences for patterns), to dicts and ranges.

len_calls = [0]

class Liar(list):
    def __len__(self):
        len_calls[0] += 1
        return list.__len__(self)

def classify(n):
    out = {}
    total = 0
    for i in range(n):
        if i < 1000:
            s = [i, i % 3]
        elif i < 1800:
            s = (i % 4, i, i)
        elif i < 2400:
            s = Liar([i, 1, 2, 3])
        elif i < 2800:
            s = 'ab' if i % 2 else b'cd'
        elif i < 3200:
            s = {'v': i} if i % 3 else {'w': i, 'v': 0}
        elif i < 3600:
            s = range(i % 3)
        else:
            s = i if i % 2 else float(i)
        match s:
            case [a, 0]:
                k = 'pair ending 0'
                total += a
            case [a, b]:
                k = 'pair'
                total += b
            case [0, _, c]:
                k = 'triple from 0'
                total += c % 7
            case [x, *_]:
                k = 'longer'
                total += len(s)
            case []:
                k = 'empty'
            case {'v': v}:
                k = 'mapping v'
                total += v % 5
            case int() | float():
                k = 'number'
            case _:
                k = 'other ' + type(s).__name__
        out[k] = out.get(k, 0) + 1
    return total, sorted(out.items())

print(classify(4000), 'len calls', len_calls[0])

def lengths(n):
    acc = 0
    for i in range(n):
        s = [0] * (i % 5) if i < 2500 else tuple(range(i % 6))
        match s:
            case [_, _, _, *_]:
                acc += 3
            case [_, _]:
                acc += 2
            case [_]:
                acc += 1
            case []:
                acc -= 1
    return acc

print(lengths(4000))
