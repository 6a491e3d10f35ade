# str comparisons in hot loops (traced through pure helpers): every operator,
# non-ASCII and astral characters, empty strings.
words = ['b', 'a', 'é', 'ab', '', 'b\u4e2d', 'B', 'a' * 3, 'zz', '\U0001f600']
t = []
for i in range(3000):
    a = words[i % 10]; b = words[(i * 7) % 10]
    t.append((a < b, a <= b, a == b, a != b, a > b, a >= b))
print(sum(sum(x) for x in t), t[-10:])
