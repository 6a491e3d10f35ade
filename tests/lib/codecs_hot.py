# codecs in hot loops (the JIT records calls into _codecs), with a custom
# error handler whose behaviour changes mid-way
import codecs

mode = ['tag']


def handler(exc):
    if mode[0] == 'tag':
        return ('<%d>' % exc.start, exc.end)
    return ('', exc.end)


codecs.register_error('hot.handler', handler)
total = 0
out = []
for i in range(6000):
    if i == 3000:
        mode[0] = 'drop'
    s = 'x%dé€' % i
    b = s.encode('latin-1', 'hot.handler')
    t = b.decode('cp1252')
    u = s.encode('utf-16-le').decode('utf-16-le')
    d = codecs.getincrementaldecoder('utf-8')()
    r = d.decode(s.encode()[:-1]) + d.decode(s.encode()[-1:], True)
    total += len(b) + len(t) + (u == s) + (r == s)
    if i % 1000 == 0 or i == 3001:
        out.append((b, t))
print(total)
for x in out:
    print(x)
