# Adjacent string literals are concatenated at compile time.
s = 'abc' "def" '''ghi'''
print(s)
t = ('hello, '
     'world'
     "!")
print(t)
x = 3
print('x is ' f'{x}' ' and raw ' r'\n')
print(b'ab' b'cd')
print(len('a' 'b' 'c'))
print(('tu' 'ple',))
d = {'k' 'ey': 'va' 'lue'}
print(d)
print('' '' == '')
