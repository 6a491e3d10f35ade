# Exceptions whose __init__ gives them fields, built in a hot loop: the
# JIT's virtual exceptions (record.c) are only for classes whose __init__
# just stores args; these keep their fields in all three modes
def build(i):
    return [UnicodeEncodeError('ascii', 'a\xe9' * (i % 3 + 1), 1, 2, 'bad'),
            UnicodeDecodeError('utf-8', b'a\xff', 1, 2, 'bad'),
            UnicodeTranslateError('a\u1234', 1, 2, 'bad'),
            ImportError('no module', name='m%d' % (i % 2), path=None),
            ImportError('plain'),
            AttributeError('attr'),
            NameError('name'),
            SyntaxError('syntax', ('f.py', i % 5, 3, 'x = ', 5, 6)),
            KeyError(i % 4),
            ValueError('v', i % 3)]

def caught(i):
    try:
        raise UnicodeDecodeError('ascii', bytes([65, 128 + i % 4]), 1, 2, 'why')
    except UnicodeError as e:
        return (e.start, e.end, e.object, e.reason, str(e))

seen = set()
for i in range(400):
    for e in build(i):
        fields = tuple(repr(getattr(e, f, '-')) for f in
                       ('args', 'encoding', 'object', 'start', 'end', 'reason', 'name', 'path', 'msg', 'lineno', 'offset'))
        seen.add((type(e).__name__, str(e), fields))
    seen.add(caught(i))
for s in sorted(seen, key=repr):
    print(s)
