# replace, find, rfind, index, rindex, count.
s = 'the cat and the hat and the bat'
print(s.replace('the', 'a'))
print(s.replace('the', 'a', 2))
print(s.replace('at', ''), s.replace('xyz', 'q'), s.replace('', '-', 3))
print('aaaa'.replace('aa', 'b'), 'abc'.replace('', '.'), 'x'.replace('x', 'yy', 0))
print(s.find('the'), s.find('the', 1), s.find('the', 5, 20), s.find('dog'), s.find(''))
print(s.rfind('the'), s.rfind('the', 0, 20), s.rfind('dog'), s.rfind(''))
print(s.index('and'), s.index('and', 10), s.rindex('and'), s.rindex('at', 0, 10))
print(s.find('t', -5), s.find('t', -100), s.rfind('a', -10, -3))
print(s.count('the'), s.count('a'), s.count('a', 10), s.count('a', 10, 20), s.count(''), 'aaa'.count('aa'))
print('hello'.find('l'), 'hello'.rfind('l'), 'hello'.index('o'), 'hello'.find('lo', 4))
try:
    s.index('dog')
except ValueError as e:
    print('index:', e)
try:
    s.rindex('the', 1, 5)
except ValueError as e:
    print('rindex:', e)
print('Mississippi'.count('ss'), 'Mississippi'.count('i', 2), 'Mississippi'.replace('ss', 'SS', 1))
