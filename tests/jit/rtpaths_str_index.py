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


def char_tests(texts, n):
    # a one-character str read inline compared with constants (record.c,
    # record_ascii_char_test): ==, != both ways round, constants of other
    # lengths and non-ASCII, `in` with short, empty, duplicated, non-ASCII
    # and long (more than 8 distinct characters) constants; the text turns
    # non-ASCII part way (the ASCII guard fails)
    counts = [0] * 12
    for i in range(n):
        text = texts[i // (n // len(texts))] if i // (n // len(texts)) < len(texts) else texts[-1]
        ch = text[i % len(text)]
        counts[0] += ch == '"'
        counts[1] += '"' != ch
        counts[2] += ch == "\u00e9"
        counts[3] += ch == "ab"
        counts[4] += ch == ""
        counts[5] += ch in " \t\n\r"
        counts[6] += ch not in ""
        counts[7] += ch in "aa\u00e9a"
        counts[8] += ch in "abcdefghijklmnop"
        counts[9] += ch in "\u00e9\u00e8"
        counts[10] += ch != "x"
        counts[11] += ch == text[0]
    return counts


print(char_tests(['say "hi"\tto all\n', 'abc def "x"', '\u00e9t\u00e9 "x" a'], 6000))
print(char_tests(['\u00e9t\u00e9 "x" a', 'say "hi"\tto all\n'], 6000))
