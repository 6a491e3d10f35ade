# Short-circuit evaluation, conditional expressions and chained comparisons.
calls = []
def t(name):
    calls.append(name)
    return True
def f(name):
    calls.append(name)
    return False

print(f('a') and t('b'), calls)
calls = []
print(t('a') or f('b'), calls)
calls = []
print(t('a') and f('b') and t('c'), calls)
calls = []
print(f('a') or f('b') or t('c') or t('d'), calls)
calls = []
print(not f('x') and t('y'), calls)
print(0 and 1, 1 and 0, [] or {}, 'a' and 'b', None or 'default', 0 or '' or [] or 'last')
x = 5
print(1 < x < 10, 1 < x > 10, x == 5 == 5.0, 1 <= x <= 5 < 6, 10 > x >= 5 > 4)
calls = []
def val(v):
    calls.append(v)
    return v
print(val(1) < val(0) < val(5), calls)
calls = []
print(val(1) < val(3) < val(2), calls)
y = 'big' if x > 3 else 'small'
z = 'neg' if x < 0 else 'zero' if x == 0 else 'pos'
print(y, z)
print([1, 2] and [3], () or (4,))
v = None
print(v is None and 'none', v is not None and 'value')
