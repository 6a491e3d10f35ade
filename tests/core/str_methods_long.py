# Methods on long strings (ASCII and not), where code point indexes and
# byte offsets differ a lot: find/count/startswith with offsets, split,
# replace, join, case mapping, padding.
base = 'αβγ déjà vu ☃ snow 😀 end; '
s = ''
for i in range(40):
    s += base + str(i) + ' '
n = len(s)
print(n, s.count('☃'), s.count('😀 e'), s.count(' '), s.count('é', 100, 600))
print(s.find('☃', 500), s.rfind('☃', 0, 500), s.find('39'), s.rfind('vu', 100, 1000), s.index('end; 7'))
i = s.find('😀', 700)
print(i, s[i], s[i - 3:i + 4], s.startswith('😀', i), s.endswith('😀', 0, i + 1), s.startswith('snow', i - 5))
print(s.find('zzz', 10), s.rfind('αβγ'), s.rfind('αβγ', 0, n - 5), s.count('αβγ', -200))
total = 0
start = 0
while True:
    j = s.find('déjà', start)
    if j < 0:
        break
    total += j
    start = j + 1
print('sum of positions', total)
parts = s.split(' ')
print(len(parts), parts[:6], parts[-4:])
print(len(s.split()), s.split(None, 3)[3][:20], s.rsplit(None, 2)[0][-15:], s.rsplit('☃', 1)[1][:12])
r = s.replace('☃', 'SNOWMAN').replace('😀', ':)')
print(len(r), r.count('SNOWMAN'), r[:60])
print(s.upper()[:40], s.title()[30:70], len(s.casefold()), s.swapcase()[-30:])
print(s.center(n + 7, '·')[:5], s.ljust(n + 3, '-')[-5:], s.zfill(n + 2)[:4])
print('|'.join(parts[:5]), len('😀'.join(parts)))
print(s.partition('☃ snow 😀 end; 20')[2][:10], s.rpartition('déjà')[0][-10:])
a = 'x' * 1000 + 'é' + 'y' * 1000
print(a.find('é'), a.find('y'), a.rfind('x'), a.count('y', 1001), a.find('y', 1500), a.index('é', 999, 1001))
print(a.startswith('é', 1000), a.endswith('é', 0, 1001), a[999:1002], len(a.split('é')[1]))
