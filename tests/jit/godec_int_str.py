# str(i) of an int and int(s) of a str in hot loops, which compiled loops
# call as the conversion itself (int_repr, int_from_exact_str) instead of
# the class call: results for small, big and negative ints, bools and int
# subclasses (their own str), strs with signs, spaces, underscores and
# non-ASCII digits, invalid literals (ValueError), str subclasses with
# __int__... and the digit limit of sys.set_int_max_str_digits (ValueError
# both ways), with the argument types changing in the middle of the loop.
# Compared with CPython's output.
import sys
import zlib


def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-5:])


class MyInt(int):
    def __str__(self):
        return 'MyInt!'


class MyStr(str):
    def __int__(self):
        return 42


def to_str(xs):
    r = []
    for x in xs:
        try:
            r.append(str(x))
        except ValueError as e:
            r.append('ValueError')
    return r


def to_int(xs):
    r = []
    for x in xs:
        try:
            r.append(int(x))
        except ValueError as e:
            r.append(str(e)[:60])
    return r


ints = [i * 7919 - 50000 for i in range(1500)] + [10 ** 30 + i for i in range(300)] + [-(10 ** 40)] * 5
ints += [True, False, MyInt(5), 2 ** 63, -(2 ** 63), 0] * 20
show('to_str', to_str(ints))
strs = [str(i * 7919 - 50000) for i in range(1500)] + [str(10 ** 30 + i) for i in range(300)]
strs += [' 12 ', '+7', '-0', '1_000', '\u0661\u0662', '12a', '', '0x10', '1__0', MyStr('9'), '٣'] * 20
show('to_int', to_int(strs))


def roundtrip(n):
    t = 0
    x = 123456789012345678901234567
    for i in range(n):
        s = str(x + i)
        t += int(s) % 1000 + len(s) + int(str(i))
    return t


print('roundtrip', roundtrip(3000))

sys.set_int_max_str_digits(640)
big = 10 ** 700
show('limit_str', to_str([10 ** 600 + i for i in range(300)] + [big] * 3))
show('limit_int', to_int(['7' * 600] * 300 + ['7' * 700] * 3))
