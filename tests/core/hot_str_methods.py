# String methods in a hot loop; inputs change shape part-way.
words = ['alpha', 'Beta', 'GAMMA', '  delta  ', 'eps-ilon', '', '123', 'ünï']
stats = [0, 0, 0, 0, 0]
for i in range(20000):
    w = words[i % len(words)]
    if i >= 10000:
        w = w + str(i % 10)
    stats[0] += len(w.upper())
    stats[1] += w.find('a')
    stats[2] += len(w.strip())
    stats[3] += w.isdigit()
    stats[4] += len(w.split('-'))
print(stats)
out = []
for i in range(5000):
    s = '%05d' % i
    if s.startswith('00') or s.endswith('99'):
        out.append(s.replace('0', 'o'))
print(len(out), out[:5], out[-3:])
