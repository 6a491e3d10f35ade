#!/usr/bin/env python3
"""Checks of the JIT viewer (tpy --jit-profile=html, tpy -m jitprof --html,
lib/jitprof_html.py) and of the _disasm module under it; run by
tools/check.sh. The last line is "N passed, N failed".

  disasm    _disasm.x86_64 against known encodings (addresses, relative
            branch targets, undecodable bytes, argument errors)
  oneshot   tpy --jit-profile=html writes the log with every section the
            viewer reads and report.html beside it (--jit-profile-html
            names it elsewhere); bad option values are refused
  browser   headless Chromium opens the page of a real run (the URL
            fragment selects the hottest loop and a source line) and the
            rendered DOM must hold: the loop table, the loop's source lines
            with their sample shares (the log gets a jit-profile-samples
            section placing 30 and 10 samples on two of its lines, so the
            shares must read 75.0% and 25.0%), the line's operations with
            their machine code and per-instruction samples, a guard linked
            to its bridge, the bridge's own panel, the aborts and tree
            sections, a source line holding markup shown as text; and the
            console must stay silent. The same page with its script broken
            must fail these checks (a control: the checks can fail). The
            page CPython builds (no _disasm) loads as well.

Without chromium the browser checks are skipped with a message (Debian's
`chromium` package; .ci/run installs it).

Usage: python3 tools/viewer_checks.py [--tpy ./tpy] [--keep DIR]
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys

import checklib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# a loop with a bridge (one branch is traced, the other becomes a bridge),
# an inlined function, and a comment holding markup
PROG = '''
def sq(x):
    return x * x

def work(n):
    s = 0
    t = 0
    for i in range(n):
        # </script><img id="injected" src=x onerror="alert(1)"> & <!-- markup stays text
        if i % 3 == 0:
            s += sq(i) % 7
        else:
            t += i ^ 5
    return s + t

print(work(20000000))
'''


# traces too long (under a low trace_limit) and loops freed (under a short
# loop_longevity, as 60 new functions each compile a loop)
ABORTS = '''
def big(n):
    s = 0
    for i in range(n):
        s += i * 3
        s ^= 5
        s -= i >> 2
        s += i % 7
        s ^= i & 9
        s += i * 11
        s ^= 13
        s -= i >> 3
        s += i % 17
        s ^= i & 19
    return s

src = "def f(n):\\n    s = 0\\n    for i in range(n):\\n        s += i * %d\\n    return s\\n"
t = 0
for k in range(60):
    ns = {}
    exec(src % k, ns)
    t += ns["f"](2000)
print(big(5000) + t)
'''


def run(cmd, env=None, cwd=None, timeout=300):
    e = dict(os.environ)
    for k in list(e):
        if k.startswith("PYTHON") or k == "PYPYLOG" or k.startswith("TPY_JIT"):
            del e[k]
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=cwd, env=e, capture_output=True, text=True, timeout=timeout)


# ---- the rendered DOM ------------------------------------------------------------------

class Node:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.children = []
        self.parent = parent

    def text(self):
        out = []
        for c in self.children:
            out.append(c if isinstance(c, str) else c.text())
        return ''.join(out)

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()

    def find_all(self, tag=None, cls=None, **attrs):
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            if cls and cls not in n.attrs.get('class', '').split():
                continue
            if any(n.attrs.get(k) != v for k, v in attrs.items()):
                continue
            yield n

    def find(self, tag=None, cls=None, **attrs):
        return next(self.find_all(tag, cls, **attrs), None)


VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}


class DomBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node('#document', {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse_dom(text):
    b = DomBuilder()
    b.feed(text)
    b.close()
    return b.root


def chromium_path():
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    return None


def browse(chromium, page, fragment):
    """(DOM text, console lines) of page#fragment after its script ran."""
    url = "file://" + os.path.abspath(page) + fragment
    r = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=0",
                        "--virtual-time-budget=5000", "--dump-dom", url],
                       capture_output=True, text=True, timeout=180)
    console = [line for line in r.stderr.splitlines() if ":CONSOLE" in line]
    return r.stdout, console


# ---- reading the log the way the checks need it (independently of the viewer) -------------

def listings(log_text):
    """{trace name: [(offset or None, op text, (file, line) of the last
    debug_merge_point)]} from the jit-log-opt sections."""
    out = {}
    cur = None
    where = None
    for line in log_text.splitlines():
        m = re.match(r"\[[0-9a-f]+\] \{jit-log-opt-(loop|bridge)$", line)
        if m:
            cur = []
            where = None
            continue
        if re.match(r"\[[0-9a-f]+\] jit-log-opt-(loop|bridge)\}$", line):
            cur = None
            continue
        if cur is None:
            continue
        m = re.match(r"# Loop (\d+) \(.*\) : loop with", line)
        if m:
            out["loop " + m.group(1)] = cur
            continue
        m = re.match(r"# bridge out of Guard 0x([0-9a-f]+) with", line)
        if m:
            out["bridge %d" % int(m.group(1), 16)] = cur
            continue
        m = re.match(r"debug_merge_point\(\d+, \d+, '[^;]*;(.*):\d+-(\d+)~#\d+ \w+'\)$", line)
        if m:
            where = (m.group(1), int(m.group(2)))
            continue
        m = re.match(r"\+(\d+): (.*)$", line)
        if m:
            cur.append((int(m.group(1)), m.group(2), where))
    return out


class Checker(checklib.Checks):
    detail_limit = 600

    def __init__(self, tpy, keep):
        super().__init__(tpy, tmp_prefix="tpy-viewer-", tmp=keep)

    # ---- _disasm ----
    def disasm(self):
        code = r'''
import _disasm
d = _disasm.x86_64
print(d(bytes.fromhex("554889e5c3"), 0x1000))
print(d(code=b"\xe9\x00\x00\x00\x00", address=0x2000))
print(d(bytearray(b"\x48\x8b\x47\x58"), 0))
print(d(b"\x90\x0f", 16))
print(d(b"", 0))
for bad in (("x", 0), (b"\x90", -1), (b"\x90", "0"), (b"\x90",)):
    try:
        d(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
'''
        r = run([self.tpy, "-c", code])
        want = ["[(4096, 1, 'push', 'rbp'), (4097, 3, 'mov', 'rbp, rsp'), (4100, 1, 'ret', '')]",
                "[(8192, 5, 'jmp', '0x2005')]",
                "[(0, 4, 'mov', 'rax, qword ptr [rdi + 0x58]')]",
                "[(16, 1, 'nop', '')]",
                "[]",
                "TypeError x86_64() argument 'code' must be a bytes-like object, not 'str'",
                "ValueError x86_64() argument 'address' must not be negative",
                "TypeError x86_64() argument 'address' must be int, not 'str'",
                "TypeError x86_64() missing required argument 'address' (pos 2)"]
        got = r.stdout.splitlines()
        self.check("_disasm.x86_64: listings, branch targets from the address, a cut-off instruction, errors",
                   got == want, "\n".join("%r != %r" % (g, w) for g, w in zip(got, want) if g != w) or
                   (r.stdout + r.stderr))

    # ---- the one-step form ----
    def oneshot(self):
        prog = os.path.join(self.tmp, "prog.py")
        with open(prog, "w") as f:
            f.write(PROG)
        out = os.path.join(self.tmp, "one")
        os.makedirs(out, exist_ok=True)
        for name in ("jitprof.log", "report.html"):
            if os.path.exists(os.path.join(out, name)):
                os.remove(os.path.join(out, name))
        r = run([self.tpy, "--jit-profile=html", prog], cwd=out)
        log = os.path.join(out, "jitprof.log")
        page = os.path.join(out, "report.html")
        self.check("--jit-profile=html: the program's output, then jitprof.log and report.html beside it",
                   r.returncode == 0 and r.stdout.strip().isdigit() and os.path.exists(log) and
                   os.path.exists(page) and "viewer written to report.html" in r.stderr,
                   "status %d, stdout %r, stderr %r" % (r.returncode, r.stdout, r.stderr))
        text = open(log).read() if os.path.exists(log) else ""
        sections = set(re.findall(r"\] \{([a-z-]+)", text))
        need = {"jit-log-opt-loop", "jit-log-opt-bridge", "jit-backend-dump", "jit-backend-addr",
                "jit-backend-counts", "jit-profile-summary", "jit-profile-trace", "jit-tracing", "jit-summary"}
        self.check("--jit-profile=html: the log has every section the viewer reads", need <= sections,
                   "missing %s" % sorted(need - sections))
        counts = re.search(r"\{jit-backend-counts\n(.*?)\n\[", text, re.S)
        self.check("--jit-profile=html: run counts are on (bridge runs = its guard's failures)",
                   bool(counts) and re.search(r"^bridge \d+:[1-9]", counts.group(1), re.M) is not None,
                   counts.group(1) if counts else "no counts")
        other = os.path.join(self.tmp, "elsewhere.html")
        log2 = os.path.join(self.tmp, "two.log")
        r = run([self.tpy, "--jit-profile-out", log2, "--jit-profile-html", other, prog], cwd=self.tmp)
        self.check("--jit-profile-html FILE: the page there (and implies the html form)",
                   r.returncode == 0 and os.path.exists(other) and os.path.getsize(other) > 1000,
                   r.stderr)
        r = run([self.tpy, "--jit-profile=htm", "-c", "pass"])
        self.check("--jit-profile=htm: refused, naming the forms",
                   r.returncode == 2 and "'loops', 'bridges' or 'html'" in r.stderr, r.stderr)
        r = run([self.tpy, "--jit-profile", "-c", "pass"], cwd=self.tmp)
        self.check("--jit-profile alone writes no page", not os.path.exists(os.path.join(self.tmp, "report.html")),
                   os.listdir(self.tmp))
        return log, page

    # ---- the page in a browser ----
    def add_samples(self, log):
        """The log again with a jit-profile-samples section (the sampler's
        format): 30 samples at an op of one source line of the hottest
        loop, 10 at an op of another. -> (log, loop, (line, offset), (line,
        offset))"""
        text = open(log).read()
        # the run's own samples out: the shares below are known by construction
        text = re.sub(r"^\[[0-9a-f]+\] \{jit-profile-samples\n.*?^\[[0-9a-f]+\] jit-profile-samples\}\n", "", text,
                      flags=re.S | re.M)
        lists = listings(text)
        loops = [k for k in lists if k.startswith("loop ")]
        # the loop with the most ops (the program has one hot loop)
        loop = max(loops, key=lambda k: len(lists[k]))
        # ops that own their code: not the end marker, not sharing an
        # offset with another op (fused compare-and-guard pairs do)
        ops = [o for o in lists[loop] if not o[1].startswith(("label(", "jump(", "--end"))]
        offsets = [o[0] for o in lists[loop]]
        by_line = {}
        for off, op, where in ops:
            if where and where[0].endswith("prog.py") and offsets.count(off) == 1:
                by_line.setdefault(where[1], []).append(off)
        lines = sorted(by_line, key=lambda n: -len(by_line[n]))[:2]
        a, b = lines[0], lines[1]
        oa, ob = by_line[a][-1], by_line[b][-1]
        # a sample is charged to the instruction that ends at its offset:
        # the next op's offset charges the op's last instruction
        after = lambda o: min(x for x in offsets if x > o)
        stamp = re.findall(r"^\[([0-9a-f]+)\]", text, re.M)[-1]
        section = ("[%s] {jit-profile-samples\nhz=1000\nmcode %s +0x%x 30\nhelper %s +0x%x 10\ntracing 2\n"
                   "[%s] jit-profile-samples}\n" % (stamp, loop, after(oa), loop, after(ob), stamp))
        out = os.path.join(self.tmp, "sampled.log")
        with open(out, "w") as f:
            f.write(text + section)
        return out, loop, (a, oa), (b, ob)

    def page_checks(self, dom_text, console, loop, line_a, line_b, bridge_check=True):
        """The verdicts on one rendered page: [(what, ok, detail)]."""
        dom = parse_dom(dom_text)
        body = dom.find("body")
        res = [("the script ran to its end (body data-ready)", body is not None and body.attrs.get("data-ready") == "1",
                ""),
               ("the console stays silent", not console, "\n".join(console[:5]))]
        table = dom.find("table", id="trace-table")
        rows = list(table.find_all("tr")) if table else []
        n = loop.split()[1]
        res.append(("the loop table, with a link to %s" % loop,
                    table is not None and len(rows) >= 2 and
                    table.find("a", href="#loop=" + n) is not None, "rows %d" % len(rows)))
        res.append(("the phase chart and the hottest-trace chart", dom.find(id="phase-chart") is not None and
                    dom.find(id="trace-chart") is not None, ""))
        panel = dom.find(id="trace-panel")
        src = {}
        for tr in (panel.find_all("tr", cls="srcline") if panel else []):
            src[int(tr.attrs.get("data-line", 0))] = tr
        ta, tb = src.get(line_a[0]), src.get(line_b[0])
        share_a = ta.find("td", cls="share").text().strip() if ta is not None else None
        share_b = tb.find("td", cls="share").text().strip() if tb is not None else None
        res.append(("%s's panel: its function's source lines, line %d at 75.0%% and line %d at 25.0%% of the samples"
                    % (loop, line_a[0], line_b[0]),
                    len(src) >= 8 and share_a == "75.0%" and share_b == "25.0%" and
                    "selected" not in (ta.attrs.get("class", "") if ta is not None else "") and
                    "sel" in (ta.attrs.get("class", "").split() if ta is not None else []),
                    "lines %s, shares %r %r" % (sorted(src), share_a, share_b)))
        ops = dom.find(id="ops-panel")
        dmps = list(ops.find_all(cls="dmp")) if ops else []
        op_divs = list(ops.find_all(cls="op")) if ops else []
        asm = list(ops.find_all("table", cls="asm")) if ops else []
        insns = [tr for t in asm for tr in t.find_all("tr")]
        hit = [tr for tr in insns if tr.find("td", cls="s") is not None and tr.find("td", cls="s").text() == "30"]
        res.append(("the selected line's operations: debug_merge_points in PyPy's form, its ops with offsets",
                    any(d.text().startswith("debug_merge_point(") for d in dmps) and
                    all(d.text().startswith(("debug_merge_point(", "# the entry, before the first")) and
                        "-%d~#" % line_a[0] in d.text() for d in dmps) and
                    any(d.text().startswith("+%d: " % line_a[1]) for d in op_divs),
                    "%d dmps, ops %r" % (len(dmps), [d.text()[:40] for d in op_divs[:4]])))
        mnemonic = re.compile(r"^(mov|add|sub|cmp|test|j[a-z]+|lea|call|imul|and|or|xor|sh[lr]|sar|inc|dec|push|pop|"
                              r"movs[sd]|movabs|movz[bwx]+|movsx[d]?|set[a-z]+|cmov[a-z]+|[a-z]+sd|[a-z]+ss|nop|cqo|"
                              r"idiv|neg|not|ucomisd|cvt[a-z0-9]+|\.byte) ")
        cells = [list(tr.find_all("td")) for tr in insns]
        texts = [c[2].text() for c in cells if len(c) == 3]
        res.append(("under each op its machine code (Capstone), the sampled instruction with its 30 samples",
                    len(texts) >= 2 and all(mnemonic.match(t + " ") for t in texts) and len(hit) == 1,
                    "%d instructions %r, %d with 30" % (len(texts), texts[:4], len(hit))))
        if bridge_check:
            links = [a for a in dom.find_all("a", cls="bridge-link") if re.match(r"#bridge=\d+$", a.attrs.get("href", ""))]
            res.append(("a guard linked to its bridge (guard table, trace panel)",
                        bool(links) and dom.find("table", id="guard-table") is not None and
                        any(a.text() == "bridge " + a.attrs["href"][8:] for a in links), ""))
        res.append(("the tree of loops and bridges, the aborts section", dom.find(id="tree") is not None and
                    dom.find(id="tree").find("li") is not None and dom.find(id="aborts") is not None, ""))
        code_cells = [td.text() for td in (panel.find_all("td", cls="code") if panel else [])]
        res.append(("markup in a source line is text: no element injected, the comment shown as written",
                    dom.find(id="injected") is None and dom.find("img") is None and
                    any('</script><img id="injected"' in c for c in code_cells), ""))
        return res

    def browser(self, log):
        chromium = chromium_path()
        if not chromium:
            print("SKIP browser checks: no chromium (apt-get install chromium)")
            return
        sampled, loop, line_a, line_b = self.add_samples(log)
        page = os.path.join(self.tmp, "sampled.html")
        r = run([self.tpy, "-m", "jitprof", "--html", page, sampled])
        self.check("tpy -m jitprof --html PAGE LOG", r.returncode == 0 and os.path.exists(page), r.stderr)
        frag = "#loop=%s&line=%d" % (loop.split()[1], line_a[0])
        dom_text, console = browse(chromium, page, frag)
        with open(os.path.join(self.tmp, "sampled.dom.html"), "w") as f:
            f.write(dom_text)
        for what, ok, detail in self.page_checks(dom_text, console, loop, line_a, line_b):
            self.check("page: " + what, ok, detail)
        # guard failures: into the interpreter ("guard G" of jit-backend-counts)
        # plus into the bridge ("bridge G")
        text = open(sampled).read()
        counts = dict((k, int(v)) for k, v in re.findall(r"^((?:guard|bridge) \d+):(\d+)$", text, re.M))
        dom = parse_dom(dom_text)
        table = dom.find("table", id="guard-table")
        rows = [[td.text() for td in tr.find_all("td")] for tr in (table.find_all("tr") if table else [])]
        rows = [row for row in rows if row]
        want = {}
        for row in rows:
            g = int(row[0][len("Guard0x"):], 16)
            want[row[0]] = str(counts.get("guard %d" % g, 0) + counts.get("bridge %d" % g, 0))
        self.check("page: each failing guard's failures (into the interpreter and its bridge), a bridged one "
                   "and one without",
                   rows and all(row[3] == want[row[0]] for row in rows) and
                   any(row[4].startswith("bridge ") and int(row[3]) > counts.get("bridge %d" % int(row[0][7:], 16), 0)
                       for row in rows) and any(row[4] == "" and int(row[3]) > 0 for row in rows),
                   "%r; log %r" % (rows[:6], counts))
        # a bridge's panel names the guard and the loop it leaves
        dom = parse_dom(dom_text)
        link = next((a for a in dom.find_all("a", cls="bridge-link")), None)
        if self.check("page: a bridge link to follow", link is not None):
            dom2, console2 = browse(chromium, page, link.attrs["href"])
            d2 = parse_dom(dom2)
            panel = d2.find(id="trace-panel")
            g = int(link.attrs["href"][8:])
            self.check("page %s: the bridge's panel, from Guard0x%x of its loop, its source" % (link.attrs["href"], g),
                       panel is not None and ("from Guard0x%x of " % g) in panel.text() and
                       panel.find("tr", cls="srcline") is not None and not console2,
                       (panel.text()[:300] if panel else "no panel") + "\n".join(console2))
        # the control: the same page with its script broken must fail
        broken = os.path.join(self.tmp, "broken.html")
        with open(page) as f:
            text = f.read()
        bad = text.replace("function overview(){", "function overview(){ D.nothing.here;", 1)
        with open(broken, "w") as f:
            f.write(bad)
        dom_text, console = browse(chromium, broken, frag)
        verdicts = self.page_checks(dom_text, console, loop, line_a, line_b)
        self.check("control: a page whose script breaks fails the page checks (%d of %d fail)"
                   % (sum(1 for v in verdicts if not v[1]), len(verdicts)),
                   bad != text and not all(v[1] for v in verdicts) and
                   not dict((v[0], v[1]) for v in verdicts)["the console stays silent"], "")
        # the page CPython builds: no _disasm there (Capstone's Python
        # package if installed, else bytes and a note)
        page_c = os.path.join(self.tmp, "cpython.html")
        r = run([sys.executable, os.path.join(ROOT, "lib", "jitprof.py"), sampled, "--html", page_c])
        if self.check("CPython: python3 lib/jitprof.py LOG --html PAGE", r.returncode == 0 and os.path.exists(page_c),
                      r.stderr):
            dom_text, console = browse(chromium, page_c, frag)
            dom = parse_dom(dom_text)
            body = dom.find("body")
            try:
                import capstone     # noqa: F401
                has_capstone = True
            except ImportError:
                has_capstone = False
            note = dom.find(cls="note")
            self.check("CPython's page loads, silent console, machine code as instructions or bytes with a note",
                       body is not None and body.attrs.get("data-ready") == "1" and not console and
                       (has_capstone or (note is not None and "capstone" in note.text())),
                       "\n".join(console))

    def real_samples(self, log, page):
        """The run's own samples (the sampler's): each trace's count on the
        page is the log's, machine code and C called from it."""
        text = open(log).read()
        per = {}
        for kind, name, n in re.findall(r"^(mcode|helper) (.*) \+0x[0-9a-f]+ (\d+)$", text, re.M):
            per[name] = per.get(name, 0) + int(n)
        m = re.search(r'<script type="application/json" id="jitprof-data">(.*?)</script>', open(page).read(), re.S)
        data = json.loads(m.group(1)) if m else {"traces": []}
        shown = dict((t["key"], t["samples"]) for t in data["traces"])
        self.check("the run's samples: %d in compiled code, each trace's count on the page as in the log"
                   % sum(per.values()),
                   sum(per.values()) >= 50 and all(shown.get(k) == v for k, v in per.items()),
                   "log %r, page %r" % (per, shown))
        # per source line, the page and `jitprof --lines` (its trace_lines)
        # charge the same samples to the same lines
        sys.path.insert(0, os.path.join(ROOT, "lib"))
        import jitprof
        with open(log) as f:
            smp = jitprof.read_samples(f.readlines())
        want = {}
        for trace, lines in jitprof.trace_lines(smp).items():
            for (func, path, line), n in lines.items():
                if func:        # not the cold code or a trace without listing
                    want[(trace, path, line)] = n
        got = {}
        for t in data["traces"]:
            for f in t["functions"]:
                for row in f["lines"]:
                    if row[2]:
                        got[(t["key"], f["file"], row[0])] = row[2]
            # --lines charges the code after a trace's closing jump (its
            # guard exits and slow paths, which the page keeps apart) to
            # the jump's line
            jumps = [op for op in t["ops"] if op["t"].startswith(("jump(", "finish(")) and op["d"] is not None]
            if jumps and t["cold_samples"]:
                d = t["dmps"][jumps[-1]["d"]]
                key = (t["key"], d[2], d[4])
                got[key] = got.get(key, 0) + t["cold_samples"]
            # and the code before the first operation (a trace's entry
            # code, which the page also keeps apart) to the trace's first
            # location
            entry = sum(row[3] for row in t["prologue"])
            if entry and t["dmps"]:
                d = t["dmps"][0]
                key = (t["key"], d[2], d[4])
                got[key] = got.get(key, 0) + entry
        self.check("the page's samples per source line are jitprof --lines' (%d lines; guard exits and slow "
                   "paths apart)" % len(want),
                   want and got == want, "page %r\n--lines %r" % (sorted(got.items())[:8], sorted(want.items())[:8]))

    def aborts(self, chromium):
        """Aborted traces with their reason and where, and freed loops."""
        prog = os.path.join(self.tmp, "aborts.py")
        with open(prog, "w") as f:
            f.write(ABORTS)
        out = os.path.join(self.tmp, "aborts")
        os.makedirs(out, exist_ok=True)
        r = run([self.tpy, "--jit", "trace_limit=60,loop_longevity=3", "--jit-profile=html", prog], cwd=out)
        page = os.path.join(out, "report.html")
        if not self.check("a run with traces too long and freed loops: its page", r.returncode == 0 and
                          os.path.exists(page), r.stderr):
            return
        dom_text, console = browse(chromium, page, "")
        dom = parse_dom(dom_text)
        table = dom.find("table", id="abort-table")
        rows = [[td.text() for td in tr.find_all("td")] for tr in (table.find_all("tr") if table else [])]
        rows = [row for row in rows if row]
        self.check("page: the aborts, each with its reason and where it started and stopped (file:line)",
                   any(row[0] == "ABORT_TOO_LONG" and re.search(r"big;.*aborts\.py:\d+-\d+~#\d+ ", row[1]) and
                       "aborts.py:" in row[2] for row in rows) and not console,
                   "%r %s" % (rows[:3], "\n".join(console)))
        freed = dom.find(id="freed-list")
        table = dom.find("table", id="trace-table")
        self.check("page: the freed loops, listed and marked in the loop table",
                   freed is not None and "freeing Loop #" in freed.text() and table is not None and
                   any(td.text() == "freed" for td in table.find_all("td")),
                   freed.text()[:200] if freed else "no freed list")

    def run(self):
        self.disasm()
        log, page = self.oneshot()
        if os.path.exists(page):
            self.real_samples(log, page)
        if os.path.exists(log):
            self.browser(log)
        if chromium_path():
            self.aborts(chromium_path())
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("--keep", help="work in DIR and keep the logs and pages there")
    args = ap.parse_args()
    return Checker(os.path.abspath(args.tpy), args.keep).run()


if __name__ == "__main__":
    sys.exit(main())
