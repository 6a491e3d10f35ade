# An exception raised while handling another one goes uncaught.
print('before')
try:
    [1, 2, 3][10]
except IndexError:
    print('handling IndexError')
    {}['key']
