# s += t[i:j] in hot loops (the JIT fuses the slice into the
# concatenation: record.c, record_str_concat_slice; str.c,
# str_concat_slice): ASCII and non-ASCII sources and accumulators, slices
# that are all ASCII of a non-ASCII string, negative and out-of-range
# bounds, empty and whole slices, the slice also kept, and the accumulator
# turned into something else mid-loop.
WORDS = ["alpha", "beta", "gämma", "δέλτα", "", "e\U0001F600z", "zeta", "théta"]


def grow(n):
    s = ""
    for i in range(n):
        s += WORDS[i % 8][i % 3:]
        if len(s) > 200:
            s = s[100:]
    return s


def bounds(n):
    out = []
    for i in range(n):
        w = WORDS[i % 8]
        s = "<"
        s += w[i % 4 - 2:]
        s += w[:i % 5 - 1]
        s += w[i % 3:i % 7]
        s = s + w[-100:100]
        s = s + w[7:]
        out.append(s)
    return out


def kept(n):
    total = 0
    s = "é"
    for i in range(n):
        piece = WORDS[i % 8][1:]
        s += piece
        total += len(piece) + len(s)
        if len(s) > 50:
            s = s[-10:]
    return total, s


def changing(n):
    acc = ""
    for i in range(n):
        acc += "abcdef"[i % 6:]
        if i == n // 2:
            acc = [acc]
            acc += "xyz"[1:]
            acc = "".join(acc)
    return acc[-40:], len(acc)


r = grow(5000)
print(len(r), r[-60:], r.isascii())
r = bounds(3000)
print(len(r), r[:10], r[-10:], sum(len(x) for x in r), sum(x.isascii() for x in r))
print(kept(4000))
print(changing(4000))
