# Roman numerals both ways, plus base conversion.
VALUES = [(1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'),
          (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')]

def to_roman(n):
    if not 0 < n < 4000:
        raise ValueError('out of range: ' + str(n))
    out = ''
    for v, sym in VALUES:
        while n >= v:
            out += sym
            n -= v
    return out

def from_roman(s):
    single = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
    total = 0
    for i in range(len(s)):
        v = single[s[i]]
        if i + 1 < len(s) and single[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total

for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]:
    r = to_roman(n)
    print(n, r, from_roman(r))
ok = True
for n in range(1, 4000):
    if from_roman(to_roman(n)) != n:
        ok = False
print('round trip ok:', ok)
for bad in [0, 4000, -1]:
    try:
        to_roman(bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    from_roman('XQ')
except KeyError as e:
    print('KeyError:', e)

DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz'
def to_base(n, b):
    if n == 0:
        return '0'
    sign = ''
    if n < 0:
        sign = '-'
        n = -n
    out = ''
    while n:
        out = DIGITS[n % b] + out
        n //= b
    return sign + out

for n in [0, 255, -255, 2 ** 64, 123456789]:
    print(n, to_base(n, 2), to_base(n, 16), to_base(n, 36), int(to_base(n, 36), 36) == n)
