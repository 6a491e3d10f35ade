# assert statements: passing ones, a caught failure, then an uncaught one.
x = 5
assert x == 5
assert x > 0, 'positive'
try:
    assert x < 0, 'x must be negative, got ' + str(x)
except AssertionError as e:
    print('caught:', e)
try:
    assert False
except AssertionError as e:
    print('no message:', repr(e))
print('about to fail')
assert x == 6, 'x is ' + str(x)
