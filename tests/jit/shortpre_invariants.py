# A bridge that re-enters a loop's peeled body through the loop's short
# preamble must re-check everything the peeled body assumes of its
# invariants: here they change between entries of the inner loop (another
# object, another type, an attribute rebound, a float that becomes an int,
# a list that becomes shorter, a global rebound), so the short preamble's
# guards fail and the loop is entered the long way; bridges grow from
# those guards and from other bridges.

class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

class Q(P):
    def norm(self):
        return self.x + self.y

def other_objects(rounds):
    objs = [P(1, 2), P(3.5, 1), Q(2, 2), P(1, 2), Q(0.5, 0.25)]
    t = 0.0
    for r in range(rounds):
        o = objs[r % len(objs)]
        for k in range(r % 3 + 1):
            t += o.x * k + o.y
    return t

def rebound_attr(rounds):
    p = P(1, 1)
    t = 0
    for r in range(rounds):
        if r % 7 == 3:
            p.x = p.x + 1
        if r % 11 == 5:
            p.y = 2.5
        if r % 13 == 0:
            p.y = 1
        for k in range(r % 4):
            t += p.x * p.y + k
    return t

def float_becomes_int(rounds):
    out = []
    scale = 1.5
    for r in range(rounds):
        if r == rounds // 2:
            scale = 2
        if r == rounds * 3 // 4:
            scale = True
        acc = 0
        for k in range(r % 3 + 1):
            acc = acc + k * scale
        out.append(acc)
    return sum(out), out[-5:], type(out[-1]).__name__

def shrinking(rounds):
    data = list(range(12))
    t = 0
    for r in range(rounds):
        if r % 50 == 49 and len(data) > 2:
            data.pop()
        if r % 90 == 89:
            data = [d * 2 for d in data]
        for k in range(len(data) % 5):
            t += data[k] + data[-1 - k]
    return t, len(data)

def types_change(rounds):
    vals = [3, 4.5, 'ab', (1, 2), 10 ** 20, -7]
    out = []
    for r in range(rounds):
        v = vals[(r // 20) % len(vals)]
        s = v
        for k in range(r % 3):
            s = s + v
        out.append(s)
    return out[::37]

G = 3
def global_rebound(rounds):
    global G
    t = 0
    for r in range(rounds):
        if r == 250:
            G = 4
        if r == 400:
            G = 0.5
        for k in range(r % 3 + 1):
            t += G * k
    return t

def nested_bridges(rounds):
    # bridges from bridges: several exits of the inner loop, each followed
    # by different outer-loop code before the inner loop is entered again
    t = 0
    for r in range(rounds):
        m = r % 6
        if m == 0:
            t -= 1
        elif m == 1:
            t += 2
        elif m == 2:
            t ^= 5
        for k in range(m):
            if k == 3:
                t += 100
                break
            t += k
        else:
            t += 1000
    return t

def iter_changes(rounds):
    seqs = [[1, 2, 3], (4, 5), [], [6], range(3), 'xy']
    out = []
    for r in range(rounds):
        acc = []
        for v in seqs[r % len(seqs)]:
            acc.append(v)
        out.append(len(acc))
    return sum(out), out[:12]

print(other_objects(600))
print(rebound_attr(700))
print(float_becomes_int(800))
print(shrinking(900))
print(types_change(600))
print(global_rebound(600))
print(nested_bridges(900))
print(iter_changes(600))
