# Character sets tested through the per-pattern ASCII bitmaps of _sre
# (speed13): every ASCII character and some others against sets with
# categories, negation, ranges, case folding and locale categories, in
# str and bytes subjects, by match, search, findall and repeats.
import re

ALL = "".join(chr(i) for i in range(128)) + "\u00e9\u00df\u0130\u212a\u017f\u0661\u2028\U0001d7d8"
BALL = bytes(range(256))

SETS = [r"[\w.+-]", r"[^\w]", r"[\d]", r"[\s]", r"[^\s\d]", r"[a-fK_]", r"[^a-z0-9]",
        r"[\W\d]", r"[A-Za-z\u00e9]", r"[x-z\u0400-\u04ff]", r"[\x00-\x1f\x7f]",
        r"[!-/:-@\[-`{-~]", r"[^\x00-\x7f]", r"[kK]", r"[\u0100-\uffff\w]"]
for s in SETS:
    for flags in (0, re.I, re.A, re.I | re.A):
        p = re.compile(s, flags)
        hits = "".join(c for c in ALL if p.match(c))
        print(s, flags, len(hits), ascii(hits[:40]), ascii(hits[-6:]))
        print("  findall+", ascii(re.compile(s + "+", flags).findall(ALL)[:6]))
        print("  search", ascii(re.compile("x" + s + "{2,}", flags).search("x" + ALL[30:])))
        q = re.compile(s + "*?!", flags)
        print("  lazy", ascii(q.findall(ALL[20:60])))

BSETS = [rb"[\w]", rb"[^\w]", rb"[\s\x80-\xff]", rb"[^a-z]", rb"[\d.]"]
for s in BSETS:
    for flags in (0, re.I, re.L):
        p = re.compile(s, flags)
        hits = bytes(c for c in BALL if p.match(bytes([c])))
        print(s, flags, len(hits), hits[:30], hits[-6:])
        print("  findall+", re.compile(s + b"+", flags).findall(BALL)[:5])

# email-like search over a line with non-ASCII text (str subjects in the
# code point view) and an ASCII one
email = re.compile(r"([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)")
for line in ["caf\u00e9 user5@mail.test.org na\u00efve", "plain x.y+z@host-7.internal end",
             "\u00e9\u00e9@\u00e9\u00e9.\u00e9\u00e9 and a@b", "none here"]:
    m = email.search(line)
    print(ascii(line), m and (m.span(), m.groups()))
print(re.sub(r"[aeiou\u00e9]+", "_", "r\u00e9sum\u00e9 queueing AEIOU"))
print(re.split(r"[\s=@.]+", "a b=c@d.e  f"))
print(re.findall(r"\b[a-z]{5}\b", "alpha beta gamma delta caf\u00e9s quick"))
