from itertools import groupby

print([(k, list(g)) for k, g in groupby('AAAABBBCCDAABBB')])
print([k for k, g in groupby('AAAABBBCCD')], [len(list(g)) for k, g in groupby('aabccc')])
print([(k, list(g)) for k, g in groupby([1, 3, 2, 4, 6, 5, 7], key=lambda x: x % 2)])
print([(k, list(g)) for k, g in groupby([])], [(k, list(g)) for k, g in groupby('a')])
words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry', 'apricot']
print([(k, list(g)) for k, g in groupby(sorted(words), key=lambda w: w[0])])
print([(k, list(g)) for k, g in groupby(sorted(words, key=len), len)])
# advancing the groupby invalidates the previous group
g = groupby('aabbcc')
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, list(g1), k2, list(g2), [(k, ''.join(x)) for k, x in g])
g = groupby('xxyyy')
k, grp = next(g)
print(k, next(grp), next(g)[0], list(grp))
data = [('a', 1), ('a', 2), ('b', 3), ('a', 4)]
print({k: [v for _, v in g] for k, g in groupby(data, key=lambda p: p[0])})
print([(k, sum(1 for _ in g)) for k, g in groupby([1, 1, 1.0, 2, 2.0, True])])
# run-length encoding
def rle(s):
    return ''.join('%d%s' % (len(list(g)), k) for k, g in groupby(s))
print(rle('WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW'))
for bad in [lambda: groupby(), lambda: groupby(1), lambda: groupby([1], 2, 3), lambda: list(groupby([1, 2], key=5)),
            lambda: groupby([1], x=1)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
