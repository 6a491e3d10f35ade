# String indexing, negative indices, slicing with steps.
s = 'Hello, World'
print(s[0], s[4], s[-1], s[-5], s[len(s) - 1])
print(s[0:5], s[7:], s[:5], s[:], s[-5:], s[:-7])
print(s[::2], s[1::2], s[::-1], s[::-2], s[10:2:-2])
print(s[2:100], repr(s[100:]), repr(s[5:2]), s[-100:3])
print(s[-3:-1], s[-1:-4:-1], repr(s[3:3]))
print(s[slice(1, 4)], s[slice(None, None, 3)])
t = 'abcdefghij'
for start in [None, 0, 3, -3]:
    for stop in [None, 5, -2]:
        for step in [None, 1, 2, -1, -3]:
            print(repr(t[start:stop:step]), end=' ')
    print()
print(t[1:9][::2][1:], len(t[::3]))
e = ''
print(repr(e[:]), repr(e[::-1]), len(e))
