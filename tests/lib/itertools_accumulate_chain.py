from itertools import accumulate, chain
import operator

print(list(accumulate([1, 2, 3, 4, 5])), list(accumulate([1, 2, 3, 4], operator.mul)))
print(list(accumulate([3, 1, 4, 1, 5, 9, 2, 6], max)), list(accumulate('abc')), list(accumulate([])))
print(list(accumulate([1, 2], initial=100)), list(accumulate([], initial=0)), list(accumulate([5], func=operator.sub, initial=1)))
print(list(accumulate([1.5, 2.5, 3])), list(accumulate([[1], [2], [3]])), list(accumulate(range(6), lambda a, b: a * 10 + b)))
cashflows = [1000, -90, -90, -90, -90]
print([round(x, 2) for x in accumulate(cashflows, lambda bal, pmt: bal * 1.05 + pmt)])
print(list(chain('ab', [1, 2], (), range(2))), list(chain()), list(chain([])), list(chain('x')))
print(list(chain.from_iterable(['ab', 'cd'])), list(chain.from_iterable([[1], [], [2, 3]])))
print(list(chain.from_iterable(map(range, range(4)))))
def gen():
    yield 'g1'
    yield 'g2'
c = chain(gen(), iter([3]))
print(next(c), list(c), list(c))
print(sum(chain(range(10), range(5))), sorted(chain({3, 1}, [2])), set(chain('aa', 'b')) == {'a', 'b'})
nested = [[1, [2]], [3]]
print(list(chain(*nested)))
for bad in [lambda: accumulate(), lambda: accumulate(1), lambda: accumulate([1], 2, 3), lambda: accumulate([1], x=1),
            lambda: list(accumulate([1, 'a'])), lambda: list(chain(1)), lambda: chain(x=1),
            lambda: chain.from_iterable(), lambda: list(chain.from_iterable([1]))]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
