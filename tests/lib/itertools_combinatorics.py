from itertools import product, permutations, combinations, combinations_with_replacement as cwr
from math import comb, factorial, perm

print(list(product('ab', range(2))), list(product([1, 2], repeat=2)), list(product()), list(product('ab', [])))
print(list(product('ab', repeat=0)), list(product(repeat=3)), len(list(product(range(3), repeat=4))))
print(list(product('xy', 'z', 'uv')))
print(list(permutations('abc')), list(permutations(range(3), 2)), list(permutations('ab', 3)), list(permutations([], 0)))
print(list(permutations('abcd', 0)), list(permutations([])), list(permutations('ab', r=None)), list(permutations('aab', 2)))
print(list(combinations('abcd', 2)), list(combinations(range(4), 3)), list(combinations('ab', 3)), list(combinations('ab', 0)))
print(list(combinations([], 0)), list(combinations('aab', 2)))
print(list(cwr('abc', 2)), list(cwr('', 2)), list(cwr('', 0)), list(cwr('ab', 3)))
for n in range(6):
    for r in range(7):
        assert len(list(permutations(range(n), r))) == (perm(n, r) if r <= n else 0)
        assert len(list(combinations(range(n), r))) == comb(n, r)
        assert len(list(cwr(range(n), r))) == (comb(n + r - 1, r) if n else (1 if r == 0 else 0))
    assert len(list(product(range(n), repeat=2))) == n * n
print('counts ok', len(list(permutations(range(7)))) == factorial(7))
print(sorted(permutations('cba')) == list(permutations('abc')), list(combinations(range(5), 2))[-1])
print(sum(1 for p in permutations(range(6)) if all(p[i] != i for i in range(6))))
print([''.join(p) for p in product('01', repeat=3)])
for bad in [lambda: product(1), lambda: product([1], repeat=-1), lambda: product([1], x=1), lambda: product([1], repeat='a'),
            lambda: permutations(), lambda: permutations(1), lambda: permutations([1], -1), lambda: permutations([1], 'a'),
            lambda: combinations([1]), lambda: combinations([1], -1), lambda: combinations(1, 1),
            lambda: cwr([1], -1), lambda: cwr([1]), lambda: combinations([1], None)]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
