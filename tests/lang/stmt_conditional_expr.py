def sign(n):
    return 'neg' if n < 0 else 'zero' if n == 0 else 'pos'
print([sign(v) for v in (-2, 0, 7)])
calls = []
def t(x):
    calls.append(x)
    return x
r = t('yes') if t(True) else t('no')
print(r, calls)
print((lambda: 1 if False else 2)())
x = [1, 2] if len('ab') == 2 else None
print(x)
print(1 if [] else 2 if {} else 3)
print(('a' if True else 'b') + 'c')
print([i if i % 3 else 'fizz' for i in range(7)])
y = 0
z = 10 / y if y else float('inf')
print(z)
