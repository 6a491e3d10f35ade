"""re: regular expressions for tpy (a backtracking subset of CPython's re).

Supported: literals and escapes (\\d \\w \\s \\b and their negations, \\n
\\t ...), '.', '^', '$', classes [a-z0-9_] and [^...], groups (...), (?:...),
(?P<name>...), (?a:...) and (?u:...) (their flags change nothing here, as
ASCII does not), alternation, and the quantifiers * + ? {m} {m,} {m,n},
greedy or lazy. Flags: IGNORECASE, MULTILINE, DOTALL, VERBOSE. Not
supported (an error says so): lookarounds, backreferences, conditional
groups, other inline flags."""

IGNORECASE = I = 2
MULTILINE = M = 8
DOTALL = S = 16
VERBOSE = X = 64
ASCII = A = 256
UNICODE = U = 32


class error(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        Exception.__init__(self, msg)
        self.msg = msg
        self.pattern = pattern
        self.pos = pos


_DIGITS = "0123456789"


def _is_word(c):
    return c.isalnum() or c == "_"


# ---- parsing: pattern -> node tree ----------------------------------------------
# nodes: ("lit", c) ("any",) ("class", items, negated) ("cat", [nodes])
#        ("alt", [nodes]) ("group", index, node) ("rep", node, min, max, greedy)
#        ("bol",) ("eol",) ("wordb",) ("nwordb",)


def _strip_verbose(p):
    """The pattern without VERBOSE's whitespace and comments (both kept
    when escaped or inside a character class)."""
    out = []
    i, n = 0, len(p)
    in_class = first = False
    while i < n:
        c = p[i]
        if c == "\\" and i + 1 < n:
            out.append(p[i:i + 2])
            i += 2
            first = False
            continue
        if in_class:
            if c == "^" and first and out[-1] == "[":
                out.append(c)
            else:
                if c == "]" and not first:
                    in_class = False
                first = False
                out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = first = True
        elif c in " \t\n\r\v\f":
            i += 1
            continue
        elif c == "#":
            while i < n and p[i] != "\n":
                i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


class _Parser:
    def __init__(self, pattern, flags):
        if flags & VERBOSE:
            pattern = _strip_verbose(pattern)
        self.p = pattern
        self.i = 0
        self.ngroups = 0
        self.names = {}
        self.flags = flags

    def error(self, msg):
        raise error(msg, self.p, self.i)

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else None

    def parse(self):
        node = self.alt()
        if self.i < len(self.p):
            self.error("unbalanced parenthesis")
        return node

    def alt(self):
        branches = [self.cat()]
        while self.peek() == "|":
            self.i += 1
            branches.append(self.cat())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def cat(self):
        items = []
        while self.i < len(self.p) and self.p[self.i] not in "|)":
            items.append(self.repeat())
        return ("cat", items)

    def repeat(self):
        atom = self.atom()
        while True:
            c = self.peek()
            if c == "*":
                lo, hi = 0, None
            elif c == "+":
                lo, hi = 1, None
            elif c == "?":
                lo, hi = 0, 1
            elif c == "{" and self._is_count():
                lo, hi = self._count()
                self.i -= 1
            else:
                return atom
            self.i += 1
            greedy = True
            if self.peek() == "?":
                self.i += 1
                greedy = False
            if atom[0] in ("bol", "eol", "wordb", "nwordb"):
                self.error("nothing to repeat")
            atom = ("rep", atom, lo, hi, greedy)

    def _is_count(self):
        j = self.p.find("}", self.i)
        if j < 0:
            return False
        body = self.p[self.i + 1:j]
        parts = body.split(",")
        return 1 <= len(parts) <= 2 and parts[0].isdigit() and (len(parts) == 1 or parts[1] == "" or parts[1].isdigit())

    def _count(self):
        j = self.p.find("}", self.i)
        parts = self.p[self.i + 1:j].split(",")
        self.i = j + 1
        lo = int(parts[0])
        if len(parts) == 1:
            return lo, lo
        return lo, (int(parts[1]) if parts[1] else None)

    def atom(self):
        c = self.p[self.i]
        self.i += 1
        if c == ".":
            return ("any",)
        if c == "^":
            return ("bol",)
        if c == "$":
            return ("eol",)
        if c == "(":
            index = None
            if self.p.startswith("?:", self.i):
                self.i += 2
            elif self.p.startswith("?P<", self.i):
                j = self.p.find(">", self.i)
                if j < 0:
                    self.error("missing >, unterminated name")
                name = self.p[self.i + 3:j]
                self.i = j + 1
                self.ngroups += 1
                index = self.ngroups
                self.names[name] = index
            elif self._scoped_flags():
                pass
            elif self.peek() == "?":
                self.error("this kind of group is not supported by tpy's re")
            else:
                self.ngroups += 1
                index = self.ngroups
            node = self.alt()
            if self.peek() != ")":
                self.error("missing ), unterminated subpattern")
            self.i += 1
            return ("group", index, node) if index is not None else node
        if c == "[":
            return self.klass()
        if c == "\\":
            return self.escape(False)
        if c in "*+?":
            self.error("nothing to repeat")
        if c == ")":
            self.error("unbalanced parenthesis")
        return ("lit", c)

    def _scoped_flags(self):
        """(?a:...) or (?u:...) at self.i: skip the flags (no-ops here, as
        the ASCII flag is) and tell the caller it is a plain group."""
        j = self.i + 1
        while j < len(self.p) and self.p[j] in "au":
            j += 1
        if self.peek() != "?" or j == self.i + 1 or j >= len(self.p) or self.p[j] != ":":
            return False
        self.i = j + 1
        return True

    def escape(self, in_class):
        if self.i >= len(self.p):
            self.error("bad escape (end of pattern)")
        c = self.p[self.i]
        self.i += 1
        simple = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "0": "\0"}
        if c in simple:
            return ("lit", simple[c])
        if c in "dDwWsS":
            return ("class", [("cat", c)], False)
        if c == "b" and not in_class:
            return ("wordb",)
        if c == "B" and not in_class:
            return ("nwordb",)
        if c == "A" and not in_class:
            return ("bos",)
        if c == "Z" and not in_class:
            return ("eos",)
        if c.isalnum():
            self.error("bad escape \\" + c)
        return ("lit", c)

    def klass(self):
        negated = False
        if self.peek() == "^":
            negated = True
            self.i += 1
        items = []
        first = True
        while True:
            if self.i >= len(self.p):
                self.error("unterminated character set")
            c = self.p[self.i]
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            self.i += 1
            if c == "\\":
                e = self.escape(True)
                if e[0] == "class":
                    items.extend(e[1])
                    continue
                c = e[1]
            if self.peek() == "-" and self.i + 1 < len(self.p) and self.p[self.i + 1] != "]":
                self.i += 1
                hi = self.p[self.i]
                self.i += 1
                if hi == "\\":
                    hi = self.escape(True)[1]
                if hi < c:
                    self.error("bad character range")
                items.append(("range", c, hi))
            else:
                items.append(("char", c))
        return ("class", items, negated)


def _cat_has(cat, ch):
    if cat == "d":
        return ch in _DIGITS
    if cat == "D":
        return ch not in _DIGITS
    if cat == "w":
        return _is_word(ch)
    if cat == "W":
        return not _is_word(ch)
    if cat == "s":
        return ch in " \t\n\r\f\v"
    return ch not in " \t\n\r\f\v"


def _class_has(items, negated, ch, icase):
    found = False
    cands = (ch, ch.lower(), ch.upper()) if icase else (ch,)
    for item in items:
        for c in cands:
            if item[0] == "char":
                if item[1] == c:
                    found = True
            elif item[0] == "range":
                if item[1] <= c <= item[2]:
                    found = True
            elif _cat_has(item[1], c):
                found = True
        if found:
            break
    return found != negated


# ---- matching: backtracking with continuations ----------------------------------------


class _Matcher:
    def __init__(self, string, flags, ngroups, endpos):
        self.s = string
        self.end = endpos
        self.icase = bool(flags & IGNORECASE)
        self.multiline = bool(flags & MULTILINE)
        self.dotall = bool(flags & DOTALL)
        self.groups = [None] * (ngroups + 1)

    def m(self, node, i, k):
        kind = node[0]
        s = self.s
        if kind == "cat":
            return self.seq(node[1], 0, i, k)
        if kind == "lit":
            if i < self.end and (s[i] == node[1] or (self.icase and s[i].lower() == node[1].lower())):
                return k(i + 1)
            return -1
        if kind == "any":
            if i < self.end and (self.dotall or s[i] != "\n"):
                return k(i + 1)
            return -1
        if kind == "class":
            if i < self.end and _class_has(node[1], node[2], s[i], self.icase):
                return k(i + 1)
            return -1
        if kind == "alt":
            for b in node[1]:
                r = self.m(b, i, k)
                if r >= 0:
                    return r
            return -1
        if kind == "group":
            index = node[1]
            saved = self.groups[index]

            def close(j):
                old = self.groups[index]
                self.groups[index] = (i, j)
                r = k(j)
                if r < 0:
                    self.groups[index] = old
                return r

            r = self.m(node[2], i, close)
            if r < 0:
                self.groups[index] = saved
            return r
        if kind == "rep":
            return self.rep(node, i, 0, k)
        if kind == "bol":
            if i == 0 or (self.multiline and s[i - 1] == "\n"):
                return k(i)
            return -1
        if kind == "eol":
            n = len(s)
            if i == n or (i == n - 1 and s[i] == "\n") or (self.multiline and i < n and s[i] == "\n"):
                return k(i)
            return -1
        if kind == "bos":
            return k(i) if i == 0 else -1
        if kind == "eos":
            return k(i) if i == len(s) else -1
        if kind in ("wordb", "nwordb"):
            before = i > 0 and _is_word(s[i - 1])
            after = i < len(s) and _is_word(s[i])
            if (before != after) == (kind == "wordb"):
                return k(i)
            return -1
        raise error("internal: unknown node " + kind)

    def seq(self, items, n, i, k):
        if n == len(items):
            return k(i)
        return self.m(items[n], i, lambda j: self.seq(items, n + 1, j, k))

    def rep(self, node, i, count, k):
        _, sub, lo, hi, greedy = node
        if count < lo:
            return self.m(sub, i, lambda j: self.rep(node, j, count + 1, k) if j != i or count + 1 <= lo else -1)
        can_more = hi is None or count < hi

        def more():
            if not can_more:
                return -1
            return self.m(sub, i, lambda j: self.rep(node, j, count + 1, k) if j != i else -1)

        if greedy:
            r = more()
            return r if r >= 0 else k(i)
        r = k(i)
        return r if r >= 0 else more()


class Match:
    def __init__(self, pattern, string, pos, endpos, spans):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._spans = spans
        self.lastindex = None
        for i in range(len(spans) - 1, 0, -1):
            if spans[i] is not None:
                self.lastindex = i
                break

    def _index(self, g):
        if isinstance(g, str):
            if g not in self.re.groupindex:
                raise IndexError("no such group")
            return self.re.groupindex[g]
        if not 0 <= g < len(self._spans):
            raise IndexError("no such group")
        return g

    def span(self, group=0):
        sp = self._spans[self._index(group)]
        return sp if sp is not None else (-1, -1)

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def group(self, *groups):
        if not groups:
            groups = (0,)
        res = []
        for g in groups:
            sp = self._spans[self._index(g)]
            res.append(self.string[sp[0]:sp[1]] if sp is not None else None)
        return res[0] if len(res) == 1 else tuple(res)

    def __getitem__(self, g):
        return self.group(g)

    def groups(self, default=None):
        res = []
        for sp in self._spans[1:]:
            res.append(self.string[sp[0]:sp[1]] if sp is not None else default)
        return tuple(res)

    def groupdict(self, default=None):
        d = {}
        for name, index in self.re.groupindex.items():
            sp = self._spans[index]
            d[name] = self.string[sp[0]:sp[1]] if sp is not None else default
        return d

    def __repr__(self):
        return "<re.Match object; span=%r, match=%r>" % (self.span(), self.group())


class Pattern:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.flags = flags
        parser = _Parser(pattern, flags)
        self._node = parser.parse()
        self.groups = parser.ngroups
        self.groupindex = dict(parser.names)

    def _at(self, string, i, endpos, full):
        mt = _Matcher(string, self.flags, self.groups, endpos)
        if full:
            r = mt.m(self._node, i, lambda j: j if j == endpos else -1)
        else:
            r = mt.m(self._node, i, lambda j: j)
        if r < 0:
            return None
        spans = [(i, r)] + mt.groups[1:]
        return Match(self, string, i, endpos, spans)

    def _end(self, string, endpos):
        return len(string) if endpos is None else min(endpos, len(string))

    def match(self, string, pos=0, endpos=None):
        return self._at(string, pos, self._end(string, endpos), False)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._at(string, pos, self._end(string, endpos), True)

    def search(self, string, pos=0, endpos=None):
        end = self._end(string, endpos)
        for i in range(pos, end + 1):
            m = self._at(string, i, end, False)
            if m is not None:
                return m
        return None

    def finditer(self, string, pos=0, endpos=None):
        end = self._end(string, endpos)
        i = pos
        while i <= end:
            m = self._at(string, i, end, False)
            if m is None:
                i += 1
                continue
            yield m
            i = m.end() if m.end() > i else i + 1

    def findall(self, string, pos=0, endpos=None):
        res = []
        for m in self.finditer(string, pos, endpos):
            if self.groups == 0:
                res.append(m.group())
            elif self.groups == 1:
                res.append(m.group(1) or "")
            else:
                res.append(tuple(g or "" for g in m.groups()))
        return res

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if count and n >= count:
                break
            out.append(string[last:m.start()])
            out.append(repl(m) if callable(repl) else _expand(m, repl))
            last = m.end()
            n += 1
        out.append(string[last:])
        return "".join(out), n

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if maxsplit and n >= maxsplit:
                break
            if m.end() == m.start() and m.start() in (0, len(string)):
                continue
            out.append(string[last:m.start()])
            out.extend(m.groups())
            last = m.end()
            n += 1
        out.append(string[last:])
        return out

    def __repr__(self):
        return "re.compile(%r)" % (self.pattern,)


def _expand(m, repl):
    out = []
    i = 0
    while i < len(repl):
        c = repl[i]
        if c == "\\" and i + 1 < len(repl):
            d = repl[i + 1]
            if d.isdigit():
                out.append(m.group(int(d)) or "")
            elif d == "g" and repl.startswith("<", i + 2):
                j = repl.index(">", i)
                name = repl[i + 3:j]
                out.append(m.group(int(name) if name.isdigit() else name) or "")
                i = j + 1
                continue
            else:
                out.append({"n": "\n", "t": "\t", "\\": "\\"}.get(d, "\\" + d))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


_cache = {}


def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        return pattern
    key = (pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        _cache[key] = p
    return p


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


def escape(pattern):
    return "".join("\\" + c if not (c.isalnum() or c == "_") else c for c in pattern)


def purge():
    _cache.clear()
