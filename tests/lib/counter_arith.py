from collections import Counter

a = Counter(a=3, b=1, c=0, d=-2)
b = Counter(a=1, b=2, c=4, e=-1)
print(a + b)
print(a - b)
print(a | b)
print(a & b)
print(+a, -a)
print(b - a, b | a, b & a)
x = Counter(a=3, b=1)
x += Counter(a=1, b=-5, z=2); print(x)
x -= Counter(a=10); print(x)
x = Counter(a=1, b=5)
x |= Counter(a=4, b=2, c=-1); print(x)
x &= Counter(a=2, b=9); print(x)
y = Counter(a=-1, b=0, c=3)
y += Counter(); print(y)
inv = Counter(apples=5, pears=2)
sold = Counter(apples=3, pears=4)
print(inv - sold, sold - inv, inv + sold, (inv - sold) + (sold - inv))
print(sum([Counter('ab'), Counter('bc'), Counter('cd')], Counter()))
print(Counter('abc') == Counter('abc') + Counter(), Counter('aab') - Counter('ab'))
try:
    Counter() + {'a': 1}
except TypeError as e:
    print('TypeError', e)
try:
    Counter() < {'a': 1}
except TypeError as e:
    print('TypeError', e)
print(Counter(a=2).__add__(5), Counter(a=2) == 5)
