# binary_trees: allocation of many short-lived binary trees plus one
# long-lived tree, in the style of the classic benchmark (own code). Trees
# are built recursively from Node objects, checked by a recursive walk that
# counts nodes, and summed by an iterative walk with an explicit stack; the
# long-lived tree stays alive across all the short-lived ones.
import sys

N = 13                     # maximum depth
if len(sys.argv) > 1:
    N = int(sys.argv[1])

MIN_DEPTH = 4


class Node:
    def __init__(self, left, right, value):
        self.left = left
        self.right = right
        self.value = value


def build(depth, value):
    if depth == 0:
        return Node(None, None, value)
    return Node(build(depth - 1, 2 * value), build(depth - 1, 2 * value + 1), value)


def count(node):
    if node.left is None:
        return 1
    return 1 + count(node.left) + count(node.right)


def value_sum(root):
    total = 0
    stack = [root]
    while stack:
        node = stack.pop()
        total += node.value & 0xFF
        if node.left is not None:
            stack.append(node.left)
            stack.append(node.right)
    return total


def bench():
    lines = []
    max_depth = max(MIN_DEPTH + 2, N)
    stretch = build(max_depth + 1, 1)
    lines.append("stretch tree of depth %d\t check: %d" % (max_depth + 1, count(stretch)))
    stretch = None
    long_lived = build(max_depth, 1)
    for depth in range(MIN_DEPTH, max_depth + 1, 2):
        iterations = 2 ** (max_depth - depth + MIN_DEPTH)
        checked = 0
        summed = 0
        for i in range(iterations):
            tree = build(depth, i)
            checked += count(tree)
            if i % 8 == 0:
                summed += value_sum(tree)
        lines.append("%d\t trees of depth %d\t check: %d sum: %d"
                     % (iterations, depth, checked, summed))
    lines.append("long lived tree of depth %d\t check: %d sum: %d"
                 % (max_depth, count(long_lived), value_sum(long_lived)))
    return "\n".join(lines)


if __name__ == "__main__":
    print(bench())
