# for / else over various iterables.
for x in [1, 2, 3]:
    print('list item', x)
else:
    print('list done')

for ch in 'abc':
    print('char', ch)

for i in range(10, 0, -3):
    print('range', i)

d = {'one': 1, 'two': 2, 'three': 3}
for key in d:
    print('key', key, d[key])
for k, v in d.items():
    print('item', k, v)
for v in d.values():
    print('value', v)

for t in (4, 5):
    print('tuple item', t)

def find(seq, target):
    for i in range(len(seq)):
        if seq[i] == target:
            print('found', target, 'at', i)
            break
    else:
        print(target, 'not found')

find([5, 6, 7], 6)
find([5, 6, 7], 9)

for n in []:
    print('never')
else:
    print('empty loop else')

for i in range(3):
    pass
print('loop var after loop:', i)

for a, b in [(1, 'x'), (2, 'y')]:
    print(a, b)
