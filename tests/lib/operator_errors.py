import operator as op

tests = [
    lambda: op.neg(),
    lambda: op.add(1),
    lambda: op.not_(),
    lambda: op.index(1.5),
    lambda: op.index('3'),
    lambda: op.getitem(1),
    lambda: op.getitem([1], 5),
    lambda: op.length_hint([], 'x'),
    lambda: op.call(),
    lambda: op.add(1, 'a'),
    lambda: op.concat(1, 2),
    lambda: op.truediv(1, 0),
    lambda: op.lt(1, 'a'),
    lambda: op.indexOf([1], 5),
    lambda: op.neg('x'),
    lambda: op.invert(1.5),
    lambda: op.setitem((1,), 0, 2),
    lambda: op.delitem({}, 'k'),
    lambda: op.mod('%d', 'x'),
    lambda: op.countOf(5, 1),
    lambda: op.contains(5, 1),
    lambda: op.indexOf(None, 1),
]
for t in tests:
    try:
        print('ok', t())
    except Exception as e:
        print(type(e).__name__, e)
