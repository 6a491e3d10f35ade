# String building in a loop; the characters become non-ASCII mid-way.
s = ''
for i in range(20000):
    if i < 10000:
        s += chr(97 + i % 26)
    else:
        s += chr(0x3b1 + i % 20)
print(len(s), s[:30], s[9990:10010], s[-5:])
counts = {}
for ch in s:
    counts[ch] = counts.get(ch, 0) + 1
print(len(counts), counts['a'], counts['α'])
parts = []
for i in range(5000):
    parts.append(str(i * i % 97))
joined = ','.join(parts)
print(len(joined), joined[:40])
t = 'x'
for i in range(15):
    t = t + t[::-1] + str(i)
print(len(t), t[:20], t.count('x'))
