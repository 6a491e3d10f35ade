# f-strings in hot loops (the JIT records FORMAT_VALUE of an exact str as
# the str itself and of an int as digits written into BUILD_STRING's
# result: record.c, record_format_plain). The values change type mid-loop,
# so guards fail between a field and the BUILD_STRING that takes it.


class S(str):
    def __format__(self, spec):
        return "S<" + str.__format__(self, spec) + ">"

    def __str__(self):
        return "S!"


class I(int):
    def __format__(self, spec):
        return "I<%d>" % int(self)

    def __repr__(self):
        return "I(%d)" % int(self)


def plain(n):
    out = []
    words = ["alpha", "beta", "gämma", "δέλτα", "", "x" * 40]
    for i in range(n):
        w = words[i % len(words)]
        out.append(f"{i}:{w}-{i * 3 % 101} {w.upper()}")
        out.append(f"{i - 500}|{-i}|{i * 10**15}|{w!s}|{i!s}")
        out.append(f"{i}")
        out.append(f"{w}")
        out.append(f"a{i}b{i + 1}c{i + 2}d{w}e")
    return out


def mixed(values):
    out = []
    for k in range(len(values)):
        v = values[k]
        out.append(f"[{k}:{v}:{k * 2}]")
        out.append(f"{v!s}/{v!r}/{k}")
    return out


def with_spec(n):
    out = []
    for i in range(n):
        out.append(f"{i:5}|{i:x}|{i!r:>4}|{str(i):<3}|")
    return out


r = plain(2000)
print(len(r), r[:10], r[-5:], sum(len(x) for x in r))
vals = [1, 2, 3] * 200 + ["s", "t"] * 100 + [2**63 - 1, -2**63, 2**63, 10**30, True, False, 1.5, None, S("sub"), I(7), "é", 0] * 20
r = mixed(vals)
print(len(r), r[590:620], r[-30:])
print(with_spec(300)[-3:])
