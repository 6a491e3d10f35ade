# re_match: the re module over a generated log-like text: search, match,
# findall, finditer, sub (template and function), split and fullmatch with
# literal, character-class, alternation, group, backreference, lookahead
# and IGNORECASE patterns.
import re
import sys

N = 12000
if len(sys.argv) > 1:
    N = int(sys.argv[1])

WORDS = ["alpha", "beta", "gamma", "delta", "error", "warning", "info",
         "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
         "caf\u00e9", "na\u00efve", "stra\u00dfe", "r\u00e9sum\u00e9", "x"]
HOSTS = ["example.com", "mail.test.org", "tpy.dev", "host-7.internal"]


def make_lines(n):
    # an LCG keeps the text identical on every interpreter
    seed = 12345
    lines = []
    for i in range(n):
        parts = []
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = 2000 + seed % 25
        m = 1 + (seed >> 5) % 12
        d = 1 + (seed >> 9) % 28
        parts.append("%04d-%02d-%02d" % (y, m, d))
        level = WORDS[4 + (seed >> 13) % 3].upper()
        parts.append(level)
        k = 6 + (seed >> 3) % 10
        for j in range(k):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            w = WORDS[(seed >> 8) % len(WORDS)]
            if seed % 17 == 0:
                parts.append(w + " " + w)            # doubled word
            elif seed % 11 == 0:
                parts.append("user%d@%s" % (seed % 1000, HOSTS[seed % 4]))
            elif seed % 7 == 0:
                parts.append("id=%d" % (seed % 100000))
            elif seed % 5 == 0:
                parts.append("%d.%02d" % (seed % 1000, seed % 100))
            else:
                parts.append(w)
        lines.append(" ".join(parts))
    return lines


def per_line(lines):
    date = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (ERROR|WARNING|INFO)\b")
    email = re.compile(r"([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)")
    double = re.compile(r"\b(\w+) \1\b")
    ident = re.compile(r"id=(\d+)")
    num = re.compile(r"\d+\.\d+")
    total = 0
    years = 0
    levels = [0, 0, 0]
    for line in lines:
        m = date.match(line)
        if m is not None:
            years += int(m.group(1)) + int(m.group(3))
            lv = m.group(4)
            if lv == "ERROR":
                levels[0] += 1
            elif lv == "WARNING":
                levels[1] += 1
            else:
                levels[2] += 1
        m = email.search(line)
        if m is not None:
            total += len(m.group(1)) + m.end(2) - m.start()
        m = double.search(line)
        if m is not None:
            total += m.start(1) + 3 * len(m.group(1))
        for m in ident.finditer(line):
            total += int(m.group(1)) % 97
        total += len(num.findall(line))
    return total, years, levels


def whole_text(text):
    res = []
    res.append(len(re.findall(r"\b[a-z]{5}\b", text)))
    res.append(len(re.findall(r"(?:quick|lazy|brown) (?:fox|dog)", text)))
    res.append(len(re.findall(r"[^\x00-\x7f]+", text)))
    res.append(len(re.findall(r"caf\u00e9|stra\u00dfe", text, re.IGNORECASE)))
    res.append(len(re.findall(r"\w+(?=@)", text)))
    res.append(len(re.findall(r"error", text, re.IGNORECASE)))
    res.append(len(re.findall(r"(?m)^\d{4}-(?:0[1-9])-[12]", text)))
    s = re.sub(r"(\d{4})-(\d{2})-(\d{2})", r"\3/\2/\1", text)
    res.append(len(s))
    res.append(s[:40])
    s = re.sub(r"\d+", "#", text)
    res.append(len(s))
    s = re.sub(r"[aeiou]+", lambda m: str(len(m.group())), text[:len(text) // 2])
    res.append(len(s))
    res.append(len(re.split(r"[\s=@.]+", text)))
    res.append(len(re.sub(r"\s+", " ", text)))
    full = re.compile(r"[\w\s.@=\-\u00e9\u00ef\u00df]*")
    ok = 0
    for line in text.split("\n"):
        if full.fullmatch(line) is not None:
            ok += 1
    res.append(ok)
    return res


def bench():
    report = []
    lines = make_lines(N)
    report.append("lines %s %s" % (len(lines), sum([len(x) for x in lines])))
    for r in per_line(lines):
        report.append("per_line %s" % (r,))
    text = "\n".join(lines)
    for rep in range(3):
        res = whole_text(text)
    for r in res:
        report.append("text %s" % (r,))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
