# List slicing in hot loops, which the JIT records with unboxed bounds
# (record.c, record_list_slice_read) and, for d[a:b] = s[c:e:1 or -1] right
# after the read, as one copy without the intermediate list
# (record_list_slice_copy, list.c list_assign_slice_ints): results must match
# CPython in the three modes. Covered: fannkuch's prefix reversal, negative
# and out-of-range bounds, None bounds, empty slices, growing and shrinking
# assignments, aliasing (a[:] = a[::-1], a[1:] = a[:-1]), two lists, steps
# other than 1 and -1 (not fused), an extended destination (size mismatch
# ValueError), bounds that turn from ints to None or floats (TypeError), a
# step that becomes 0 (ValueError), the intermediate list kept in a variable
# and read after the store, and a list subclass.


def flips(n):
    total = 0
    perm = list(range(9))
    for i in range(n):
        p = perm[:]
        k = p[0] if p[0] else 3
        while k != 0 and total < 10 ** 9:
            p[:k + 1] = p[k::-1]
            total += 1
            k = p[0]
        perm = perm[1:] + perm[:1]
        total += sum(p[:3])
    return total, perm


def bounds(n):
    a = list(range(12))
    out = []
    for i in range(n):
        j = i % 17 - 8
        b = a[j:j + 5]
        a[j:j + 2] = a[j + 3::-1]
        a[:] = a[:12]
        if i % 500 == 0:
            out.append((j, b, a[:]))
    return out, a


def none_bounds(n):
    a = list(range(10))
    s = 0
    for i in range(n):
        a[:] = a[::-1]
        a[5:] = a[:5]
        a[:5] = a[9:4:-1]
        s += a[0] + a[-1] + len(a)
    return s, a


def grow_shrink(n):
    a = [1, 2, 3]
    lens = 0
    for i in range(n):
        if i % 3 == 0:
            a[1:1] = a[::-1]          # grows
        else:
            a[:len(a) // 2] = a[:1]   # shrinks
        lens += len(a)
    return lens, a


def alias(n):
    a = list(range(8))
    for i in range(n):
        a[1:] = a[:-1]
        a[0] = i
        a[:4] = a[3::-1]
    return a


def two_lists(n):
    a = list(range(10))
    b = [0] * 10
    for i in range(n):
        b[2:7] = a[i % 10::-1]
        b[:] = b[:10]
        a[i % 10] = b[3] + i
    return a, b


def steps(n):
    a = list(range(20))
    t = 0
    for i in range(n):
        b = a[::2]
        a[:10] = a[19::-2]
        c = a[i % 20::-3]
        t += sum(b) + sum(c)
    return t, a


def extended_dest(n):
    a = list(range(10))
    caught = 0
    for i in range(n):
        try:
            a[::2] = a[:i % 7:1]
        except ValueError as e:
            caught += 1
            msg = str(e)
    return caught, msg, a


def changing_bounds(n):
    a = list(range(10))
    errors = []
    t = 0
    for i in range(n):
        k = None if i % 400 == 399 else (2.5 if i % 997 == 996 else i % 9)
        try:
            a[:3] = a[k::-1]
            t += a[0]
        except TypeError as e:
            errors.append(str(e))
        step = 0 if i % 1500 == 1499 else -1
        try:
            a[2:4] = a[5:1:step]
        except ValueError as e:
            errors.append(str(e))
    return t, sorted(set(errors)), a


def kept(n):
    a = list(range(6))
    t = 0
    for i in range(n):
        r = a[i % 6::-1]
        a[:2] = r
        r.append(i)
        t += len(r) + r[0]
    return t, a


class L(list):
    pass


def subclass(n):
    a = L(range(6))
    t = 0
    for i in range(n):
        a[:3] = a[2::-1]
        t += a[0]
    return t, a, type(a).__name__


print(flips(2000))
print(bounds(3000))
print(none_bounds(3000))
print(grow_shrink(3000))
print(alias(3000))
print(two_lists(3000))
print(steps(3000))
print(extended_dest(3000))
print(changing_bounds(3000))
print(kept(3000))
print(subclass(3000))
