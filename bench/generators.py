# generators: generator-heavy code - pipelines of generator functions,
# `yield from` delegation over a recursive tree walk, generator
# expressions consumed by sum/max/any, send() into a coroutine-style
# accumulator, and closures over loop state.  Prints checksums.
import sys

N = 200000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scaled(source, factor):
    for x in source:
        yield x * factor


def evens(source):
    for x in source:
        if x % 2 == 0:
            yield x


def windows(source, size):
    window = []
    for x in source:
        window.append(x)
        if len(window) == size:
            yield tuple(window)
            window.pop(0)


def pipeline(n):
    total = 0
    count = 0
    for w in windows(evens(scaled(numbers(n), 3)), 4):
        total += w[0] - w[3] + w[1] * 2
        count += 1
    return total, count


class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def build(lo, hi):
    if lo > hi:
        return None
    mid = (lo + hi) // 2
    return Node(mid, build(lo, mid - 1), build(mid + 1, hi))


def inorder(node):
    if node is not None:
        yield from inorder(node.left)
        yield node.value
        yield from inorder(node.right)


def tree_walks(n, reps):
    root = build(0, n - 1)
    acc = 0
    for r in range(reps):
        for v in inorder(root):
            acc = (acc * 31 + v + r) & 0xFFFFFFF
    return acc


def expressions(n):
    data = [(i * 7919) % 1000 for i in range(n)]
    s = sum(x * x for x in data if x % 3)
    m = max(x - (i % 17) for i, x in enumerate(data))
    a = any(x > 998 for x in data)
    c = sum(1 for x in data if x < 100)
    return s, m, a, c


def averager():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            return count
        total += value
        count += 1
        average = total / count


def sends(n):
    g = averager()
    next(g)
    last = 0.0
    for i in range(n):
        last = g.send(float(i % 101))
    try:
        g.send(None)
    except StopIteration as e:
        return round(last, 6), e.value


def make_counters(k):
    counters = []
    for i in range(k):
        def counter(step, base=i):
            state = [base]

            def bump():
                state[0] += step
                return state[0]
            return bump
        counters.append(counter(i + 1))
    return counters


def closures(n):
    counters = make_counters(8)
    total = 0
    for i in range(n):
        total += counters[i % 8]()
    return total


def bench():
    report = []
    report.append("pipeline %s" % (pipeline(N * 8),))
    report.append("tree %s" % (tree_walks(2047, N // 400),))
    report.append("genexp %s" % (expressions(N * 4),))
    report.append("send %s" % (sends(N * 5),))
    report.append("closures %s" % (closures(N * 5),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
