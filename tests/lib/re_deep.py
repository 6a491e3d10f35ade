# Long subjects and deep backtracking: the engine keeps its backtracking
# state on the heap, so none of these may overflow the C stack.
import re

s = 'ab' * 100000
print(re.match('(?:a|b)*', s).span())
m = re.match('(?:(a)|b)*?$', s)
print(m.span(), m.groups())
print(re.match('(a|b)*c', s))
print(re.match(r'(?:a(b))*', s).span(), re.match(r'(ab)*+', s).span())
print(len(re.findall(r'\w', s)), len(re.sub('a', 'xy', s)), len(re.split('b', s)))
print(re.search('ba{3}', s), re.search('(?<=a)bab$', s).span())
print(re.fullmatch(r'(?:ab|a)*', s).span(), re.match(r'((a)|(b))*', s).groups())
u = 'é' * 100000 + 'x'
print(re.search('x', u).span(), len(re.findall('é', u)), re.search(r'(?i)É+x', u).span())
print(re.match('(' * 50 + 'a' + ')' * 50, 'a').span(), re.match('(?:' * 200 + 'a' + ')*' * 200, 'aaa').span())
print(re.match(r'(a*)*b', 'a' * 20), re.match(r'(x+x+)+y', 'x' * 14))
print(re.match(r'(.)*', 'abc' * 30000).groups(), re.match(r'(?:.(?=.))*', 'x' * 50000).end())
