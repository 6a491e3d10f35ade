# Case mapping of short strings (str_methods.c ascii_map: the shared empty
# and one-character strings): every ASCII character through each mapping,
# in a hot loop, with non-ASCII and str subclasses beside them.
chars = [chr(c) for c in range(128)] + ["", "\u00e9", "\u00df", "\u0130", "\u01c5", "\ufb01"]
for name in ("upper", "lower", "swapcase", "capitalize", "title", "casefold"):
    out = [getattr(c, name)() for c in chars]
    print(name, "".join(out).encode("unicode_escape"), [type(x).__name__ for x in out][-3:])


class S(str):
    pass


def scan(text):
    vowels = 0
    upper = []
    for ch in text:
        if ch in "aeiou":
            vowels += 1
            upper.append(ch.upper())
        elif ch == " ":
            upper.append(ch.title() + ch.lower().swapcase())
        else:
            upper.append(ch.lower())
    return vowels, "".join(upper)


print(scan("alpha Beta gAmma \u00e9t\u00e9 " * 200)[1][:60])
s = S("x")
print(type(s.upper()).__name__, s.upper(), type(S("").lower()).__name__, repr(S("").lower()))
print("".upper() == "", "a".upper() == "a".upper(), "A".lower() + "b".capitalize())
