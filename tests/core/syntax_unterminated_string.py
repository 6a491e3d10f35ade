print('ok')
s = 'abc
print(s)
