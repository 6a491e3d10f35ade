# s[i] on an exact str in compiled loops (record.c: the str item helper,
# the index unboxed): ASCII and non-ASCII text, negative indexes, IndexError
# caught in the loop, a str subclass with __getitem__, bool and big-int
# indexes, an index type that changes.


def scan(text, n):
    t = 0
    out = []
    for i in range(n):
        ch = text[i % len(text)]
        if ch in " \t":
            t += 1
        out.append(text[-1 - i % len(text)])
    return t, "".join(out[:40]), len(out)


print(scan("alpha beta\tgamma", 5000))
print(scan("\u00e9t\u00e9 \u00fcber \U0001f600 na\u00efve", 5000))


def overrun(text, n):
    caught = 0
    t = 0
    for i in range(n):
        try:
            t += ord(text[i % 40 - 20])
        except IndexError as e:
            caught += 1
            last = str(e)
    return t, caught, last


print(overrun("0123456789abcdef", 4000))
print(overrun("\u00e9" * 16, 4000))


class S(str):
    def __getitem__(self, i):
        return "S" + str.__getitem__(self, i)


def mixed(objs, n):
    out = []
    for i in range(n):
        o = objs[i % len(objs)]
        k = (i % 3, True, 2**70, -1)[i % 4] if i % 7 else i % 2
        try:
            out.append(o[k])
        except (IndexError, TypeError) as e:
            out.append(type(e).__name__)
    return out[:24], len(out)


print(mixed(["abc", S("xyz"), "\u00e9\u00e8\u00ea", b"bytes", ["l", "i"]], 3000))
print(mixed(["", "q"], 500))
