# json_parse: a hand-written recursive-descent parser for a JSON-like
# text (objects, arrays, strings with escapes, ints, floats, true/false/
# null) plus a serializer; exercises character scanning, string slicing,
# method dispatch and building nested dicts/lists.
import sys

N = 2000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


class ParseError(Exception):
    pass


class Parser:
    def __init__(self, text):
        self.text = text
        self.pos = 0
        self.n = len(text)

    def skip_ws(self):
        text = self.text
        pos = self.pos
        while pos < self.n and text[pos] in " \t\n\r":
            pos += 1
        self.pos = pos

    def parse(self):
        v = self.value()
        self.skip_ws()
        if self.pos != self.n:
            raise ParseError("trailing data at %d" % self.pos)
        return v

    def value(self):
        self.skip_ws()
        if self.pos >= self.n:
            raise ParseError("unexpected end")
        c = self.text[self.pos]
        if c == "{":
            return self.obj()
        if c == "[":
            return self.arr()
        if c == '"':
            return self.string()
        if c == "t" and self.text.startswith("true", self.pos):
            self.pos += 4
            return True
        if c == "f" and self.text.startswith("false", self.pos):
            self.pos += 5
            return False
        if c == "n" and self.text.startswith("null", self.pos):
            self.pos += 4
            return None
        return self.number()

    def obj(self):
        self.pos += 1
        result = {}
        self.skip_ws()
        if self.text[self.pos] == "}":
            self.pos += 1
            return result
        while True:
            self.skip_ws()
            key = self.string()
            self.skip_ws()
            if self.text[self.pos] != ":":
                raise ParseError("expected : at %d" % self.pos)
            self.pos += 1
            result[key] = self.value()
            self.skip_ws()
            c = self.text[self.pos]
            self.pos += 1
            if c == "}":
                return result
            if c != ",":
                raise ParseError("expected , or } at %d" % self.pos)

    def arr(self):
        self.pos += 1
        result = []
        self.skip_ws()
        if self.text[self.pos] == "]":
            self.pos += 1
            return result
        while True:
            result.append(self.value())
            self.skip_ws()
            c = self.text[self.pos]
            self.pos += 1
            if c == "]":
                return result
            if c != ",":
                raise ParseError("expected , or ] at %d" % self.pos)

    def string(self):
        text = self.text
        if text[self.pos] != '"':
            raise ParseError("expected string at %d" % self.pos)
        pos = self.pos + 1
        start = pos
        parts = []
        while True:
            c = text[pos]
            if c == '"':
                break
            if c == "\\":
                parts.append(text[start:pos])
                e = text[pos + 1]
                if e == "n":
                    parts.append("\n")
                elif e == "t":
                    parts.append("\t")
                elif e == "u":
                    parts.append(chr(int(text[pos + 2:pos + 6], 16)))
                    pos += 4
                else:
                    parts.append(e)
                pos += 2
                start = pos
            else:
                pos += 1
        parts.append(text[start:pos])
        self.pos = pos + 1
        return "".join(parts)

    def number(self):
        text = self.text
        start = self.pos
        pos = start
        if text[pos] == "-":
            pos += 1
        is_float = False
        while pos < self.n:
            c = text[pos]
            if c >= "0" and c <= "9":
                pos += 1
            elif c == "." or c == "e" or c == "E" or c == "+" or c == "-":
                is_float = True
                pos += 1
            else:
                break
        if pos == start:
            raise ParseError("bad value at %d" % start)
        self.pos = pos
        if is_float:
            return float(text[start:pos])
        return int(text[start:pos])


def escape(s):
    out = []
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def dump(v, out):
    if v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(v))
    elif isinstance(v, float):
        out.append(repr(v))
    elif isinstance(v, str):
        out.append(escape(v))
    elif isinstance(v, list):
        out.append("[")
        first = True
        for x in v:
            if not first:
                out.append(", ")
            first = False
            dump(x, out)
        out.append("]")
    else:
        out.append("{")
        first = True
        for k in v:
            if not first:
                out.append(", ")
            first = False
            out.append(escape(k))
            out.append(": ")
            dump(v[k], out)
        out.append("}")


def make_record(i):
    ok = "false"
    if i % 3 == 0:
        ok = "true"
    tags = []
    for k in range(i % 5):
        tags.append('"tag%d"' % (i * k % 17))
    return ('{"id": %d, "name": "item \\"%d\\"\\n", "price": %d.%02d, '
            '"ok": %s, "parent": null, "tags": [%s], '
            '"dims": {"w": %d, "h": %d, "scale": %de-2}, "u": "\\u00e9%d"}'
            % (i, i, i % 100, i % 97, ok,
               ", ".join(tags), i % 13, i % 29, i % 7, i))


def build_text(n):
    recs = []
    for i in range(n):
        recs.append(make_record(i))
    return "[\n  " + ",\n  ".join(recs) + "\n]"


def walk(v):
    # checksum over the parsed structure
    if isinstance(v, dict):
        s = len(v)
        for k in v:
            s += len(k) + walk(v[k])
        return s
    if isinstance(v, list):
        s = 1
        for x in v:
            s += walk(x)
        return s
    if isinstance(v, str):
        return len(v)
    if v is None:
        return 3
    if v is True or v is False:
        return 1
    if isinstance(v, float):
        return int(v * 100)
    return v


def bench():
    report = []
    text = build_text(N)
    total = 0
    size = 0
    for rep in range(10):
        data = Parser(text).parse()
        total += walk(data)
        out = []
        dump(data, out)
        again = "".join(out)
        data2 = Parser(again).parse()
        total += walk(data2)
        size += len(again)
    bad = 0
    for t in ["[1, 2", "{\"a\" 1}", "[1 2]", "tru"]:
        try:
            Parser(t).parse()
        except ParseError:
            bad += 1
        except IndexError:
            bad += 10
    report.append("records %s total %s size %s bad %s" % (len(data), total, size, bad))
    report.append(again[:120])
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
