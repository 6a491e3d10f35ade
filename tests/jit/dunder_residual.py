# Operators whose Python dunder a trace does not inline (here: recursion,
# the dunder applying the same operator to its parts) run it through a
# residual call of the dunder itself (jh_binop_dunder, jh_compare_dunder)
# under guards on the operands' classes; NotImplemented goes on with the
# rest of the dispatch (reflected dunders, in-place falling back to the
# plain operator, comparisons to the reflected one), exceptions propagate,
# and a dunder rebound on the class mid-loop is the one called.


class Tree:
    __slots__ = ('v', 'left', 'right')

    def __init__(self, v, left=None, right=None):
        self.v = v
        self.left = left
        self.right = right

    def __add__(self, other):
        if isinstance(other, Tree):
            left = self.left + other.left if self.left is not None else None
            right = self.right + other.right if self.right is not None else None
            return Tree(self.v + other.v, left, right)
        if isinstance(other, int):
            left = self.left + other if self.left is not None else None
            right = self.right + other if self.right is not None else None
            return Tree(self.v + other, left, right)
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, Tree):
            if (self.left is None) != (other.left is None):
                raise ValueError('shapes differ at %r' % (self.v,))
            left = self.left - other.left if self.left is not None else None
            right = self.right - other.right if self.right is not None else None
            return Tree(self.v - other.v, left, right)
        return NotImplemented

    def __lt__(self, other):
        if not isinstance(other, Tree):
            return NotImplemented
        if self.v != other.v:
            return self.v < other.v
        if self.left is None or other.left is None:
            return other.left is not None
        if self.left < other.left:
            return True
        if other.left < self.left:
            return False
        return self.right < other.right

    def total(self):
        return self.v + (self.left.total() if self.left is not None else 0) + \
            (self.right.total() if self.right is not None else 0)


class Leafish:
    # a reflected operand the recursive calls meet among the kids
    def __init__(self, v):
        self.v = v

    def __radd__(self, other):
        return Tree(other.v * 100 + self.v) if isinstance(other, Tree) else NotImplemented

    def __gt__(self, other):
        return isinstance(other, Tree) and self.v > other.v

    def total(self):
        return self.v


def tree(depth, v):
    if depth == 0:
        return Tree(v)
    return Tree(v, tree(depth - 1, v + 1), tree(depth - 1, v + 2))


def sums(n):
    acc = tree(3, 0)
    one = tree(3, 1)
    out = []
    for i in range(n):
        acc = acc + one
        acc = acc + 1
        if i % 97 == 0:
            out.append(acc.total())
    return out, acc.total()


def reflected(n):
    t = Tree(1, Tree(2), Tree(3))
    odd = Tree(5, Tree(6), Leafish(7))
    s = 0
    for i in range(n):
        r = t + (odd if i % 5 == 0 else t)
        s += r.total()
    return s


def raising(n):
    a = tree(2, 0)
    bad = Tree(0, tree(1, 0), Tree(1))
    msgs = []
    s = 0
    for i in range(n):
        try:
            s += (a - (bad if i % 50 == 49 else a)).total()
        except ValueError as e:
            msgs.append(str(e))
    return s, msgs[:2], len(msgs)


def comparisons(n):
    xs = [tree(2, i % 3) for i in range(6)]
    ys = [Tree(1, Tree(2), Leafish(i % 4)) for i in range(4)]
    c = 0
    for i in range(n):
        a, b = xs[i % 6], xs[(i * 5) % 6]
        if a < b:
            c += 1
        y, z = ys[i % 4], ys[(i + 1) % 4]
        if y < z:
            c += 10
    return c


def inplace(n):
    t = tree(2, 0)
    for i in range(n):
        t += 1
        t += tree(2, 0)
    return t.total()


def rebound(n):
    s = 0
    for i in range(n):
        if i == n // 2:
            Tree.__add__ = lambda self, other: Tree(-1) if isinstance(other, Tree) else NotImplemented
        s += (tree(1, i) + tree(1, 1)).total()
    return s


if __name__ == '__main__':
    print(sums(600))
    print(reflected(600))
    print(raising(300))
    print(comparisons(900))
    print(inplace(300))
    print(rebound(400))
