# strings: string building and methods - join, split, replace, find,
# upper/lower, f-strings, % formatting, slicing, str/int conversion.
import sys

N = 700000
if len(sys.argv) > 1:
    N = int(sys.argv[1])

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]


def build_lines(n):
    lines = []
    for i in range(n):
        w = WORDS[i % len(WORDS)]
        lines.append(f"{i}:{w}-{i * 3 % 101} {w.upper()}")
    return lines


def parse_lines(lines):
    total = 0
    lengths = 0
    for line in lines:
        head, rest = line.split(":", 1)
        total += int(head)
        parts = rest.split(" ")
        name, num = parts[0].split("-")
        total += int(num) + len(name)
        if parts[1].lower() == name:
            lengths += len(parts[1])
    return total, lengths


def formatting(n):
    out = []
    for i in range(n):
        s = "%05d|%-6s|%x" % (i, WORDS[i % 8], i * 7)
        s = s.replace("|", ";")
        out.append(s[1:9])
    text = ",".join(out)
    return len(text), text.count("a"), text[100:120]


def reverse_words(n):
    acc = 0
    for i in range(n):
        s = WORDS[i % 8] + " " + WORDS[(i * 3) % 8] + " " + str(i)
        r = s[::-1]
        if r.startswith("a"):
            acc += 1
        acc += r.find("e") + s.rfind("a")
        acc += len(s.strip().title())
    return acc


def build_concat(n):
    s = ""
    for i in range(n):
        s += WORDS[i % 8][i % 3:]
        if len(s) > 200:
            s = s[100:]
    return s


def char_scan(n):
    text = " ".join(WORDS) * (n // 40)
    vowels = 0
    upper = []
    for ch in text:
        if ch in "aeiou":
            vowels += 1
            upper.append(ch.upper())
        elif ch == " ":
            upper.append("_")
    return vowels, len("".join(upper)), ord(text[len(text) // 2])


def bench():
    report = []
    lines = build_lines(N)
    report.append("parse %s" % (parse_lines(lines),))
    report.append("format %s" % (formatting(N),))
    report.append("reverse %s" % (reverse_words(N),))
    report.append("concat %s" % (build_concat(N),))
    report.append("scan %s" % (char_scan(N),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
