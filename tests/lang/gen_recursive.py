def inorder(t):
    if t:
        yield from inorder(t[0])
        yield t[1]
        yield from inorder(t[2])
tree = ((None, 1, None), 2, ((None, 3, None), 4, (None, 5, None)))
print(list(inorder(tree)))
def subsets(items):
    if not items:
        yield []
        return
    for rest in subsets(items[1:]):
        yield rest
        yield [items[0]] + rest
print(sorted(subsets([1, 2, 3])))
def hanoi(n, a, b, c):
    if n:
        yield from hanoi(n - 1, a, c, b)
        yield (a, c)
        yield from hanoi(n - 1, b, a, c)
moves = list(hanoi(10, 'A', 'B', 'C'))
print(len(moves), moves[:3])
def depth(n):
    if n == 0:
        yield 'bottom'
    else:
        yield from depth(n - 1)
print(list(depth(200)))
def ret_chain(n):
    if n == 0:
        return 0
    r = yield from ret_chain(n - 1)
    yield r
    return r + 1
print(list(ret_chain(5)))
