# Loop-carried values that change type part-way through a hot loop: the
# optimized loop assumes the types it saw, its guards fail, and the
# interpreter must continue with the right values.


def int_to_float(n):
    x = 0
    for i in range(n):
        if i == n // 2:
            x = x + 0.5
        x = x + 1
    return x


def int_to_str(n):
    acc = 0
    out = []
    for i in range(n):
        acc += i
        if i == 3 * n // 4:
            acc = str(acc)
            out.append(acc)
            acc = len(acc)
    return acc, out


def none_then_int(n):
    last = None
    count = 0
    for i in range(n):
        if last is not None:
            count += last
        last = i % 7
    return count, last


def bool_int_mix(n):
    flags = 0
    t = True
    for i in range(n):
        flags += t
        t = not t
        if i == 700:
            t = 5
    return flags, t


def float_to_int(n):
    x = 0.5
    for i in range(n):
        x = x * 1.0001
        if i == 600:
            x = int(x) + 10 ** 20
    return x


def swap_types(n):
    a, b = 1, 2.0
    for i in range(n):
        a, b = b, a
    return a, b


print(int_to_float(2000))
print(int_to_str(1000))
print(none_then_int(1500))
print(bool_int_mix(1500))
print(float_to_int(1200))
print(swap_types(1001), swap_types(1000))
