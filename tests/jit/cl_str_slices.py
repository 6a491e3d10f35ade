# str slices with int bounds in compiled loops (record.c record_str_slice_read:
# str_getslice_ints, the bounds unboxed): every kind of bound, clamping,
# negative and constant steps, non-ASCII text, a str subclass and big-int
# bounds falling back to the generic slice. Results are CPython's.
WORDS = ["alpha", "beta", "gamma", "delta", "épsilon", "zêta", "", "θήτα"]


def bounds(n):
    out = []
    acc = 0
    for i in range(n):
        w = WORDS[i % 8]
        a = i % 11 - 5          # -5 .. 5
        b = (i * 7) % 13 - 6    # -6 .. 6
        parts = (w[a:], w[:b], w[a:b], w[:], w[a:b:2], w[::-1], w[b:a:-1], w[-100:100], w[100:], w[:-100])
        acc += sum(len(p) for p in parts)
        if i % 997 == 0:
            out.append(parts)
    return acc, out


def concat(n):
    s = ""
    for i in range(n):
        s += WORDS[i % 8][i % 3:]
        if len(s) > 50:
            s = s[20:]
    return s


class S(str):
    pass


def mixed(n):
    # a str subclass and big-int bounds mid-loop: the guards fail and the
    # generic slice runs
    acc = []
    big = 2 ** 70
    for i in range(n):
        w = WORDS[i % 8] if i % 500 else S(WORDS[i % 8])
        j = i % 4 if i % 700 else big
        r = w[j:]
        acc.append((type(r).__name__, len(r)))
    return acc[::397]


print(bounds(4000))
print(concat(6000))
print(mixed(4000))
