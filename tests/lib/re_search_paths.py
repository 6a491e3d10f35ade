# re search paths and result slices (speed13): MULTILINE ^ searched only
# after newlines (with pos/endpos, a final newline, str and bytes, ASCII
# and non-ASCII subjects); groups, findall, split and sub results sliced
# from non-ASCII subjects, str subclasses.
import re

subjects = ["abc\ndef\n\nghi\n", "\n", "", "x", "caf\u00e9\n\u00e9t\u00e9\nabc", "a\nb\nc\n" * 3,
            "\U0001f600\n\U0001f600x\n"]
pats = [r"(?m)^", r"(?m)^\w", r"(?m)^(\w+)$", r"(?m)^$", r"(?m)^[a\u00e9]", r"(?m)^(?:x|\U0001f600)"]
for s in subjects:
    for p in pats:
        r = re.compile(p)
        print(ascii(s), p, ascii(r.findall(s)), [m.span() for m in r.finditer(s)])
        for pos, endpos in ((1, 100), (2, 5), (4, 4), (0, 1)):
            m = r.search(s, pos, endpos)
            print("  ", pos, endpos, m and m.span())
        print("  sub", ascii(r.sub("#", s)), "split", ascii(r.split(s)))
for s in [b"abc\ndef\n", b"\n\n", b"x\xff\ny"]:
    print(s, re.findall(rb"(?m)^.", s), re.findall(rb"(?m)^$", s))

text = "na\u00efve caf\u00e9 r\u00e9sum\u00e9 \u00fcber-stra\u00dfe \U0001f600emoji\U0001f680 plain ascii"
for p in [r"\w+", r"(\w)(\w*)", r"[^\x00-\x7f]+", r"\s", r"(?P<a>\w+)-(?P<b>\w+)", r"(\W)|(\w\w)"]:
    r = re.compile(p)
    print(p, ascii(r.findall(text)))
    print("  split", ascii(r.split(text)[:9]))
    print("  sub", ascii(r.sub(lambda m: "<%s>" % m.group()[::-1], text)))
    print("  tmpl", ascii(r.sub(r"[\g<0>]", text, 4)))
    for m in list(r.finditer(text))[:5]:
        print("  m", ascii(m.group()), m.span(), ascii(m.groups()), ascii(m.group(0, *range(1, r.groups + 1))))
m = re.search(r"(\w+) (\w+)", text)
other = re.search(r"x", "\u00e9x")   # another subject in between
print(ascii(m.group(1)), ascii(m.group(2)), ascii(m[0]), ascii(m.groupdict()), other.span())

class S(str):
    pass
s = S("\u00e9l\u00e8ve \u00e9cole")
for m in re.finditer(r"\w+", s):
    print(type(m.group()).__name__, ascii(m.group()), type(m.string).__name__)
print([type(x).__name__ for x in re.split(r" ", s)], ascii(re.findall(r".+", s)))
print(ascii(re.fullmatch(r".*", s).group()), type(re.fullmatch(r".*", s).group()).__name__)
