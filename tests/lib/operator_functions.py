import operator as op

print(op.add(2, 3), op.sub(2, 3), op.mul('a', 3), op.truediv(7, 2), op.floordiv(7, 2), op.mod(7, 3), op.pow(2, 10))
print(op.neg(4), op.pos(-4), op.abs(-3), op.invert(5), op.inv(0), op.lshift(1, 4), op.rshift(16, 2))
print(op.and_(12, 10), op.or_(12, 10), op.xor(12, 10), op.not_([]), op.not_(1), op.truth([1]), op.truth(0))
print(op.eq(1, 1.0), op.ne(1, 2), op.lt(1, 2), op.le(2, 2), op.gt('b', 'a'), op.ge(1, 3), op.lt([1], [1, 0]))
print(op.is_(None, None), op.is_not(1, None), op.index(7), op.index(True), op.concat('ab', 'cd'), op.concat([1], [2]))
l = [1, 2, 3]
op.setitem(l, 0, 9); op.delitem(l, 1)
print(l, op.getitem(l, 1), op.getitem('abc', slice(1, None)), op.getitem({'k': 'v'}, 'k'))
print(op.contains([1, 2], 2), op.countOf([1, 2, 1], 1), op.indexOf('abc', 'c'), op.length_hint([1, 2, 3]), op.length_hint(iter([1, 2])), op.length_hint(5, 7))
x = [1]
print(op.iadd(x, [2]), x, op.iconcat(x, [3]), x, op.imul(2, 3), op.ipow(2, 3), op.isub(5, 1), op.itruediv(1, 4))
print(op.ifloordiv(9, 2), op.imod(9, 4), op.ilshift(1, 3), op.irshift(8, 1), op.iand(6, 3), op.ior(6, 3), op.ixor(6, 3))
print(op.call(max, 1, 5, 3), op.call(sorted, [3, 1], reverse=True), op.__add__ is op.add, op.__not__(0))
print(op.add.__name__, op.itemgetter.__name__, op.itemgetter, op.attrgetter, op.methodcaller)
from functools import reduce
print(reduce(op.mul, range(1, 8)), list(map(op.sub, [5, 6], [1, 2])), sorted([3, -1, 2], key=op.neg))
s = {1, 2}
print(op.ior(s, {3}), s, op.iand({1, 2}, {2}), op.matmul.__name__)
