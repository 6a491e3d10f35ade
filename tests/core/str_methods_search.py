# find/rfind/index/rindex/count/startswith/endswith: code point indexes,
# start/end handling, non-ASCII strings and exact error messages.
def t(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__, e)

s = 'hello world, hello'
for sub in ['o', 'hello', 'xyz', '', 'd, h', 'hello!']:
    print(sub, s.find(sub), s.rfind(sub), s.count(sub))
print(s.find('o', 5), s.find('o', 5, 7), s.find('o', -5), s.find('o', None, 5), s.find('o', 100))
print(s.rfind('o', 0, 10), s.rfind('l', -8, -2), s.rfind('h', 1), s.rfind('', 3, 7))
print(s.count('l', 3), s.count('l', 3, 10), s.count('l', -4), s.count('ll', None, None))
print(s.index('w'), s.rindex('l'), s.index('hello', 1), s.rindex('hello', 0, 10))
t(s.index, 'z')
t(s.rindex, 'z')
t(s.index, 'w', 7)
t(s.find)
t(s.find, 1)
t(s.find, 'a', 1, 2, 3)
t(s.find, 'a', 'x')
t(s.rfind, 'a', 0, 1.5)
t(s.count)
t(s.count, None)
t(s.index)
t(s.rindex, 5)
# empty needle edge cases
print('abc'.find('', 3), 'abc'.find('', 4), 'abc'.rfind(''), 'abc'.rfind('', 1, 2), 'abc'.rfind('', 5))
print(''.count(''), 'abc'.count(''), 'abc'.count('', 1), 'x'.count('', 2, 0), 'abc'.count('', 4), 'abc'.count('', -1))
print('aaaa'.count('aa'), 'aaaaa'.count('aa'), 'aaa'.find('aa', 1), 'aaa'.rfind('aa'))
print('abc'.find('c', 2**70), 'abc'.find('a', -2**70), 'abc'.count('a', -2**70, 2**70))
class Idx:
    def __index__(self):
        return 1
print('abcb'.find('b', Idx()), 'abcb'.rfind('b', 0, Idx()))
# non-ASCII: indexes are code points
u = 'héllo wörld ☃ héllo 😀 end'
for sub in ['é', 'llo', 'ö', '☃', '😀', 'end', ' ', 'hé', 'x']:
    print(sub, u.find(sub), u.rfind(sub), u.count(sub))
print(u.find('l', 3), u.find('l', 3, 4), u.rfind('l', 0, 10), u.find('é', -6), u.count('l', 2, -3))
print(u.index('😀'), u.rindex('é'), u[u.find('☃'):u.find('☃') + 1])
print(u.find('', 25), u.find('', 26), u.rfind(''), len(u))
# startswith / endswith
print(s.startswith('hello'), s.startswith('world'), s.startswith('world', 6), s.startswith('wor', 6, 8))
print(s.endswith('hello'), s.endswith('world', 0, 11), s.endswith('lo', -5), s.endswith('', 20), s.endswith('', 18))
print(s.startswith(('x', 'he')), s.startswith(()), s.endswith(('llo', 'z')), s.startswith('', 18), s.startswith('', 19))
print('abc'.startswith('abc', 0, 2), 'abc'.endswith('c', -1), 'abc'.endswith('bc', -1), 'abc'.startswith('b', -2))
print(u.startswith('hé'), u.startswith('llo', 2), u.endswith('end'), u.endswith('😀', 0, -4), u.startswith(('z', '☃'), 12))
print('ab'.endswith(('x', 'b'), -1), 'ab'.startswith('a', None, None))
t(s.startswith, 1)
t(s.endswith, 1)
t(s.startswith, ('a', 1))
t(s.endswith, ['a'])
t(s.startswith)
t(s.startswith, 'a', 'b')
t(s.endswith, 'a', 1, 2, 3)
# `in`
print('lo w' in s, 'xyz' in s, '' in s, 'ö' in u, '😀 e' in u)
t(str.find, 1, 'a')
