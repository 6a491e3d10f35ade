# A module global deleted (here by `except ... as e`, which deletes e) and
# bound again: compiled code that stored into the global's old cell must not
# keep doing so (the store was lost and the old value read back).
bad = 0
for k in range(3000):
    for a in (0, 1):
        for b in (0, 1):
            e = 'q'
    e = 3
    if e != 3:
        bad += 1
    for s in (0, 1):
        try:
            if s:
                raise ValueError
        except ValueError as e:
            pass
print('lost stores', bad)
x = 0
for i in range(3000):
    x = i
    if i % 7 == 0:
        del x
        x = -i
    if x != (-i if i % 7 == 0 else i):
        print('wrong', i, x)
        break
g = globals()
for i in range(2000):
    y = i
    if i % 5 == 0:
        g.pop('y')
        y = 'p'
    if i % 11 == 0:
        g.clear() if False else None
print('y', y, 'x', x)
