try:
    assert 1 == 2, 'one is not two'
except AssertionError as e:
    print(type(e).__name__, e, e.args)
try:
    assert False
except AssertionError as e:
    print(repr(e), e.args)
try:
    assert [], ['list', 'msg']
except AssertionError as e:
    print(e.args)
x = 5
assert x == 5, 'not raised'
calls = []
def msg():
    calls.append(1)
    return 'm'
assert True, msg()
print(calls)
try:
    assert x < 0, f'x={x} should be negative'
except AssertionError as e:
    print(e)
try:
    assert None, 42
except AssertionError as e:
    print(e.args, str(e))
