# Raw machine integers in optimized loops reaching the limits of small
# ints (2**62) and of 64-bit words, where Python ints become big ints.


def count_up(start, n, step):
    i = start
    k = 0
    while k < n:
        i += step
        k += 1
    return i


def mul_up(n):
    x = 1
    out = []
    for i in range(n):
        x = x * 5 + 1
        if i % 10 == 9:
            out.append(x.bit_length())
    return x % 1000003, out


def sum_squares(n):
    total = 0
    for i in range(n):
        total += i * i * i * i * i
    return total


def neg_down(n):
    x = -(2 ** 62) + 100
    seen = []
    for i in range(n):
        x -= 3
        if x < -(2 ** 62):
            seen.append(x)
    return x, seen[:3], len(seen)


def shifts(n):
    out = 0
    for i in range(n):
        v = (i << 40) >> 7
        out ^= v & 0xFFFFFFFFFFFF
    return out


def floordiv_mod(n):
    a = 0
    b = 0
    for i in range(-n, n):
        a += i // 7 + i % 7
        b += (i * 1000003) // -13
    return a, b


print(count_up(2 ** 62 - 500, 1000, 1))
print(count_up(2 ** 61, 2000, 2 ** 52))
print(count_up(-(2 ** 62) + 500, 1000, -1))
print(count_up(2 ** 63 - 1000, 2000, 1))
print(mul_up(60))
print(sum_squares(3000))
print(neg_down(3000))
print(shifts(3000))
print(floordiv_mod(1500))
