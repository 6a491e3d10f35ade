from functools import reduce, partial
import functools
import operator

print(reduce(operator.add, [1, 2, 3, 4]), reduce(operator.mul, range(1, 6), 10), reduce(max, [3, 9, 2]))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2, 3], []), reduce(operator.add, ['a', 'b', 'c']), reduce(operator.add, [], 0))
print(reduce(lambda a, b: a * 10 + b, (1, 2, 3)), reduce(operator.or_, [{1}, {2}, {3}]), reduce(operator.add, iter([5])))
for bad in [lambda: reduce(operator.add, []), lambda: reduce(1, [1, 2]), lambda: reduce(operator.add, 5),
            lambda: reduce(), lambda: reduce(max, [1], 2, 3), lambda: reduce(operator.add, [1, 'a'])]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
basetwo = partial(int, base=2)
print(basetwo('10010'), basetwo.func, basetwo.args, basetwo.keywords, basetwo)
p = partial(max, 1, 2)
print(p(), p(5), p(0, key=lambda x: -x), p.args, p.keywords, p)
add3 = partial(operator.add, 3)
print(list(map(add3, [1, 2, 3])), partial(print, 'x', sep='-').keywords)
nested = partial(partial(int, base=2), '111')
print(nested(), nested.func, nested.args, nested.keywords, nested)
override = partial(int, base=2)
print(override('ff', base=16), partial(sorted, reverse=True)([3, 1, 2]))
def f(a, b, c=0, *, d=1):
    return (a, b, c, d)
print(partial(f, 1)(2), partial(f, 1, d=5)(2, 3), partial(f, c=9)(1, 2), partial(f)(1, 2, 3, d=4))
class Sub(partial):
    pass
print(Sub(int, '5')(), repr(Sub(int, base=8)))
for bad in [lambda: partial(), lambda: partial(1), lambda: partial(f)(), lambda: partial(f, 1, 2, 3, 4)()]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
sq = partial(pow, exp=2)
print([sq(i) for i in range(5)], callable(sq), type(sq).__name__, functools.partial.__module__)
