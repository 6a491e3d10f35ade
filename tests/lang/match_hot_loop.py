# match statements in hot loops whose subjects change type and shape after
# the loop has been compiled (default and eager JIT modes): literal and
# value patterns (compares and guards the JIT records), sequence, mapping
# and class patterns (whose tests run interpreted), and names bound by a
# case then read after the loop.

class Pt:
    __match_args__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x
        self.y = y

class Mode:
    FAST = 2
    SLOW = 3

def literals(n):
    counts = {}
    total = 0
    for i in range(n):
        v = i % 7 if i < 2000 else (i % 5) * 1.0 if i < 3000 else 'x' if i % 2 else None
        match v:
            case 0 | 1:
                k = 'low'
            case Mode.FAST:
                k = 'fast'
            case Mode.SLOW if i > 1500:
                k = 'slow late'
            case 'x':
                k = 'str'
            case None:
                k = 'none'
            case other:
                k = 'other'
                total += other
        counts[k] = counts.get(k, 0) + 1
    return sorted(counts.items()), total

def shapes(n):
    acc = 0
    tags = []
    last = None
    for i in range(n):
        if i < 1200:
            s = [i, i + 1]
        elif i < 2400:
            s = (i, i + 1, i + 2)
        elif i < 3000:
            s = {'k': i, 'extra': 1}
        elif i < 3600:
            s = Pt(i, -i)
        else:
            s = str(i)
        match s:
            case [a, b]:
                acc += a - b
                tag = 'pair'
            case (a, *rest):
                acc += len(rest)
                tag = 'tuple'
            case {'k': kv, **others}:
                acc += kv % 3 + len(others)
                tag = 'map'
            case Pt(x, y) if x + y == 0:
                acc += 1
                tag = 'point'
            case str() as text:
                acc += len(text)
                tag = 'str'
                last = text
        if not tags or tags[-1] != tag:
            tags.append(tag)
    return acc, tags, last

def bound_after(n):
    found = []
    for i in range(n):
        match (i % 4, i):
            case (0, j) if j % 1000 == 0:
                found.append(j)
            case (3, j):
                pass
            case _:
                pass
    return found, j

print(literals(4000))
print(shapes(4000))
print(bound_after(4000))
