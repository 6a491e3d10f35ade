#!/usr/bin/env python3
"""JIT introspection checks that need more than one tpy run or a C
program; run by tools/check.sh. The last line is "N passed, N failed".

  embed     examples/embed_jit (built by `make examples`) prints
            examples/embed_jit.expected
  pypylog   PYPYLOG modes and sections (PyPy's syntax and formats)
  cmdline   `tpy --jit SPEC`: a malformed SPEC (PyPy's set_param syntax)
            is one line on stderr naming it, exit 2, nothing run; well
            formed ones run
  memory    code churn: a program exec'ing thousands of new functions,
            each compiled and later freed (loop_longevity), keeps a
            bounded peak RSS (16,000 functions within 1.5x of 1,000), in
            the default and eager modes; the same for classes (a base
            lists its subclasses weakly), in the three modes
  recursion the deepest recursion that does not raise RecursionError is
            the same with --jit off, default and eager (plain, mutual,
            method, residual, inlined-helper, generator recursion, hot)
  dis       `tpy --dis` speaks CPython's units: offsets of 2 bytes per
            instruction, the same numbers as the dis module, greenkeys,
            debug_merge_point's #N and pypyjit.dont_trace_here (an offset
            read from --dis names the loop it shows); constants whole;
            CPython 3.11's columns; the implicit `return None` of each
            function, class and module on a line CPython's dis gives one
            of its copies (Debian's python3 is the oracle)
  guards    every exit knows its place in its trace: TPY_JITDUMP names
            a failing guard_is_float (it named the op before the trace)
  probes    the probe programs of PyPy 7.3.11 (tests/jit/probes/, copied
            from shared/reference/pypy-7.3.11) run unchanged: exit status
            0 and output of the shape in tests/jit/probes/X.shape (digits
            and addresses masked). `--update` rewrites the .shape files.

Usage: python3 tools/jit_extras.py [--tpy ./tpy] [--update]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n    " + detail))


def run(cmd, env=None, cwd=ROOT, timeout=120):
    e = dict(os.environ)
    for k in list(e):
        if k.startswith("PYTHON") or k == "PYPYLOG":
            del e[k]
    e["PYTHONHASHSEED"] = "0"
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=cwd, env=e, capture_output=True, timeout=timeout)


# ---- embed ------------------------------------------------------------------------------

def check_embed():
    exe = os.path.join(ROOT, "build/examples/embed_jit")
    if not os.path.exists(exe):
        check("embed: build/examples/embed_jit exists (make examples)", False)
        return
    p = run([exe])
    with open(os.path.join(ROOT, "examples/embed_jit.expected"), "rb") as f:
        want = f.read()
    check("embed: examples/embed_jit output", p.returncode == 0 and p.stdout == want,
          "exit %d, stdout:\n%s\nstderr:\n%s" % (p.returncode, p.stdout.decode(), p.stderr.decode()[-500:]))


# ---- PYPYLOG ----------------------------------------------------------------------------

LOOP_PROG = """
import pypyjit
def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(f(20000))
pypyjit.set_param(trace_limit=60)
def g(n):
    s = 0
    for i in range(n):
        s += i; s += i; s += i; s += i; s += i; s += i; s += i; s += i; s += i
    return s
print(g(3000))
pypyjit.set_param("default")
pypyjit.releaseall()
"""

R_START = re.compile(r"\[([0-9a-f]+)\] \{([\w-]+)$")
R_STOP = re.compile(r"\[([0-9a-f]+)\] ([\w-]+)\}$")


def parse_log(text):
    """[(section, body lines, nested sections)] and a list of problems."""
    problems = []
    stack = [("<top>", [], [])]
    last = 0
    for line in text.splitlines():
        m = R_START.match(line) or R_STOP.match(line)
        if m:
            ts = int(m.group(1), 16)
            if ts < last:
                problems.append("time goes back at " + line)
            last = ts
        if R_START.match(line):
            stack.append((m.group(2), [], []))
        elif R_STOP.match(line):
            name, body, sub = stack.pop()
            if name != m.group(2):
                problems.append("%s closed by %s" % (name, m.group(2)))
            stack[-1][2].append((name, body, sub))
        else:
            stack[-1][1].append(line)
    if len(stack) != 1:
        problems.append("unclosed sections: %s" % [s[0] for s in stack[1:]])
    return stack[0][2], stack[0][1], problems


def all_sections(secs):
    for name, body, sub in secs:
        yield name, body, sub
        yield from all_sections(sub)


SUMMARY = ["Tracing", "Backend", "TOTAL", "ops", "heapcached ops", "recorded ops", "  calls", "guards", "opt ops",
           "opt guards", "opt guards shared", "forcings", "abort: trace too long", "abort: compiling",
           "abort: vable escape", "abort: bad loop", "abort: force quasi-immut", "abort: segmenting trace",
           "virtualizables forced", "nvirtuals", "nvholes", "nvreused", "vecopt tried", "vecopt success",
           "Total # of loops", "Total # of bridges", "Freed # of loops", "Freed # of bridges"]


def check_pypylog(tpy, tmp):
    prog = os.path.join(tmp, "loop.py")
    with open(prog, "w") as f:
        f.write(LOOP_PROG)
    log = os.path.join(tmp, "all.log")
    p = run([tpy, prog], env={"PYPYLOG": ":" + log})
    text = open(log).read() if os.path.exists(log) else ""
    secs, top, problems = parse_log(text)
    check("pypylog ':file': program ran", p.returncode == 0 and p.stdout == b"199990000\n40486500\n",
          p.stderr.decode()[-300:])
    check("pypylog ':file': sections nest, timestamps grow", not problems and not top, str(problems or top[:3]))
    names = {n for n, _, _ in all_sections(secs)}
    want = {"jit-tracing", "jit-log-noopt-loop", "jit-optimize", "jit-backend", "jit-mem-looptoken-alloc",
            "jit-backend-dump", "jit-backend-addr", "jit-log-opt-loop", "jit-abort-log",
            "jit-abort-longest-function", "jit-disableinlining", "jit-mem-releaseall", "jit-summary"}
    check("pypylog ':file': every section", want <= names, "missing: %s" % sorted(want - names))
    opt = [b for n, b, _ in all_sections(secs) if n == "jit-log-opt-loop"]
    ok = bool(opt) and re.match(r"# Loop \d+ \(f;.*loop.py:\d+-\d+~#\d+ FOR_ITER\) : loop with \d+ ops$", opt[0][0]) \
        and opt[0][1].startswith("[") and opt[0][-1].endswith("--end of the loop--") \
        and all(re.match(r"(\+\d+: )?[\w\[]|debug_merge_point\(", l) for l in opt[0][1:-1])
    check("pypylog: jit-log-opt-loop body", bool(ok), "\n".join(opt[0][:4]) if opt else "none")
    addr = [b for n, b, _ in all_sections(secs) if n == "jit-backend-addr"]
    check("pypylog: jit-backend-addr", bool(addr) and bool(re.match(
        r"Loop \d+ \(.*\) has address 0x[0-9a-f]+ to 0x[0-9a-f]+ \(bootstrap 0x[0-9a-f]+\)$", addr[0][0])))
    dump = [b for n, b, _ in all_sections(secs) if n == "jit-backend-dump"]
    check("pypylog: jit-backend-dump", bool(dump) and dump[0][0] == "BACKEND x86_64" and
          dump[0][1].startswith("SYS_EXECUTABLE ") and bool(re.match(r"CODE_DUMP @[0-9a-f]+ \+0  [0-9A-F]+$", dump[0][2])))
    tr = [(b, s) for n, b, s in all_sections(secs) if n == "jit-tracing"]
    check("pypylog: jit-tracing lists the bytecodes traced", bool(tr) and bool(re.match(r"f;.*~#\d+ \w+$", tr[0][0][0])))
    check("pypylog: abort reason in jit-tracing", any("~~~ ABORTING TRACING ABORT_TOO_LONG" in b for b, _ in tr))
    summ = [b for n, b, _ in all_sections(secs) if n == "jit-summary"]
    ok = bool(summ) and len(summ[0]) == len(SUMMARY) and all(
        l.startswith(lab + ":") for l, lab in zip(summ[0], SUMMARY))
    check("pypylog: jit-summary lines in jitoutput.py's order", ok, "\n".join(summ[0]) if summ else "none")
    rel = [b for n, b, _ in all_sections(secs) if n == "jit-mem-releaseall"]
    check("pypylog: jit-mem-releaseall", rel == [["Loop tokens cleared: 1"]], str(rel))

    # conditional mode: only the sections named, to stderr
    p = run([tpy, prog], env={"PYPYLOG": "jit-summary,jit-backend-counts:-"})
    secs, top, problems = parse_log(p.stderr.decode())
    names = [n for n, _, _ in all_sections(secs)]
    check("pypylog 'prefixes:-': only those sections, on stderr", names == ["jit-backend-counts", "jit-summary"] and not problems, str(names))
    # profiling mode: markers, no bodies
    log = os.path.join(tmp, "prof.log")
    run([tpy, prog], env={"PYPYLOG": log})
    secs, top, problems = parse_log(open(log).read())
    bodies = [b for n, b, _ in all_sections(secs) if b]
    check("pypylog 'file': markers only", secs and not bodies and not problems, str(bodies[:2]))
    # %d: the pid
    run([tpy, prog], env={"PYPYLOG": "jit-summary:" + os.path.join(tmp, "pid%d.log")})
    pids = [f for f in os.listdir(tmp) if re.match(r"pid\d+\.log$", f)]
    check("pypylog '%d': file named by pid", len(pids) == 1, str(os.listdir(tmp)))
    # jit-backend-counts: run counts when asked for
    p = run([tpy, prog], env={"PYPYLOG": "jit-backend-counts:-"})
    secs, _, _ = parse_log(p.stderr.decode())
    counts = [b for n, b, _ in all_sections(secs) if n == "jit-backend-counts"]
    ok = bool(counts) and any(re.match(r"entry \d+:\d+$", l) for l in counts[0]) and \
        any(re.match(r"TargetToken\(\d+\):\d+$", l) for l in counts[0])
    check("pypylog: jit-backend-counts", ok, str(counts))


# ---- memory under code churn -----------------------------------------------------------

CHURN_PROG = """
import sys, pypyjit
src = "def f(n):\\n    s = 0\\n    for i in range(n):\\n        s += i * %d\\n    return s\\n"
for k in range(int(sys.argv[1])):
    ns = {}
    exec(src % k, ns)
    ns['f'](2000)
c = pypyjit.get_stats_snapshot().counters
print(c['TOTAL_COMPILED_LOOPS'], c['TOTAL_FREED_LOOPS'])
"""


def max_rss_kb(cmd):
    """Run cmd; its peak RSS in KiB (from wait4), its exit status and stdout."""
    e = dict(os.environ)
    for k in list(e):
        if k.startswith("PYTHON") or k == "PYPYLOG":
            del e[k]
    # under ASan, freed malloc blocks wait in a quarantine of up to 256 MiB
    e["ASAN_OPTIONS"] = ":".join(filter(None, [e.get("ASAN_OPTIONS"), "quarantine_size_mb=0"]))
    p = subprocess.Popen(cmd, cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_maxrss, p.returncode, out.decode()


def check_memory(tpy, tmp):
    prog = os.path.join(tmp, "churn.py")
    with open(prog, "w") as f:
        f.write(CHURN_PROG)
    for mode, flags in (("default", []), ("eager", ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"])):
        rss = {}
        ok = True
        detail = []
        for n in (1000, 16000):
            kb, status, out = max_rss_kb([tpy] + flags + [prog, str(n)])
            rss[n] = kb
            counts = out.split()
            # every function's loop compiled; all but the last loop_longevity freed
            ok = ok and status == 0 and len(counts) == 2 and int(counts[0]) >= n and \
                (n < 2000 or int(counts[1]) >= n - 2000)
            detail.append("%d functions: %d KiB, exit %d, compiled/freed %s" % (n, kb, status, out.strip()))
        check("memory: %s mode, 16,000 functions compiled and freed within 1.5x the peak RSS of 1,000" % mode,
              ok and rss[16000] <= 1.5 * rss[1000], "; ".join(detail))


# classes made and dropped: a base class lists its subclasses weakly, so each
# generation of classes (with the methods compiled in them) becomes garbage
CLASS_CHURN_PROG = """
import sys
src = "class C(Base):\\n    def m(self, n):\\n        s = 0\\n        for i in range(n):\\n            s += i * %d\\n        return s\\n"
class Base:
    pass
for k in range(int(sys.argv[1])):
    ns = {"Base": Base}
    exec(src % k, ns)
    ns["C"]().m(2000)
import gc
gc.collect()
print(len(Base.__subclasses__()))
"""


def check_class_memory(tpy, tmp):
    prog = os.path.join(tmp, "class_churn.py")
    with open(prog, "w") as f:
        f.write(CLASS_CHURN_PROG)
    for mode, flags in (("off", ["--jit", "off"]), ("default", []),
                        ("eager", ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"])):
        rss = {}
        ok = True
        detail = []
        for n in (1000, 16000):
            kb, status, out = max_rss_kb([tpy] + flags + [prog, str(n)])
            rss[n] = kb
            # live traces keep the classes they name until loop_longevity
            # frees them: a bound, not all 16,000
            ok = ok and status == 0 and out.strip().isdigit() and (n < 16000 or int(out) < 4000)
            detail.append("%d classes: %d KiB, exit %d, %s alive" % (n, kb, status, out.strip()))
        check("memory: %s mode, 16,000 classes made and dropped within 1.5x the peak RSS of 1,000" % mode,
              ok and rss[16000] <= 1.5 * rss[1000], "; ".join(detail))


# ---- the recursion limit in every mode ---------------------------------------------------

DEPTH_PROG = """
import sys
def plain(n): return 0 if n == 0 else 1 + plain(n - 1)
def even(n): return 0 if n == 0 else 1 + odd(n - 1)
def odd(n): return 0 if n == 0 else 1 + even(n - 1)
class Node:
    def down(self, n): return 0 if n == 0 else 1 + self.down(n - 1)
def looping(n, step=1):
    for i in range(3): pass
    return 0 if n == 0 else 1 + looping(n - step, step=step)
def helper(n): return via_helper(n - 1)
def via_helper(n): return 0 if n == 0 else 1 + helper(n)
def many(a, b, c, d, e, n): return 0 if n == 0 else 1 + many(a, b, c, d, e, n - 1)
def gen_rec(n):
    if n == 0:
        yield 0
        return
    for x in gen_rec(n - 1):
        yield x + 1
def max_depth(f):
    for i in range(300): f(20)
    lo, hi = 0, 5000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            f(mid)
            lo = mid
        except RecursionError:
            hi = mid - 1
    return lo
for limit in (1000, 300):
    sys.setrecursionlimit(limit)
    print(limit, max_depth(plain), max_depth(even), max_depth(Node().down), max_depth(looping),
          max_depth(via_helper), max_depth(lambda n: many(1, 2, 3, 4, 5, n)), max_depth(lambda n: next(gen_rec(n))))
"""


def check_recursion(tpy, tmp):
    prog = os.path.join(tmp, "depth.py")
    with open(prog, "w") as f:
        f.write(DEPTH_PROG)
    outs = {}
    for mode, flags in (("off", ["--jit", "off"]), ("default", []),
                        ("eager", ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"])):
        p = run([tpy] + flags + [prog])
        outs[mode] = (p.returncode, p.stdout.decode(), p.stderr.decode()[-300:])
    check("recursion: RecursionError at the same depths with --jit off, default and eager",
          outs["off"][0] == 0 and outs["off"] == outs["default"] == outs["eager"], repr(outs))


# ---- probes -----------------------------------------------------------------------------

# ---- tpy --jit SPEC --------------------------------------------------------------------

BAD_SPECS = ["", " ", "threshold=10,,decay=5", "threshold=10,", ",threshold=10", "x", "=5", "threshold=",
             "threshold=abc", "threshold =10", "threshold=1_000", "nonexistent=1", "enable_opts=foo",
             "off,threshold=5", "OFF"]
GOOD_SPECS = ["threshold=5,  decay=5", " threshold= - 5 ", "enable_opts=", "enable_opts=intbounds:heap",
              "off", "default", "threshold=200,trace_eagerness=50"]


GUARD_NAMES_PROG = """
def f(xs):
    t = 0.0
    for x in xs:
        t += x * 0.5
    return t
fl = [float(i) for i in range(1000)]
mixed = [float(i) if i % 3 else i for i in range(1000)]
s = 0.0
for k in range(300):
    s += f(fl) + f(mixed)
print(s)
"""


def check_guard_names(tpy, tmp):
    # Every exit knows its place in its trace (GuardDescr.op_index), what a
    # bridge from it and TPY_JITDUMP's listing read: guard_is_float, whose
    # failure paths are all in cold code, had none (a bridge from it read
    # ops[-1]; in eager mode that crashed when the trace's ops began a page)
    path = os.path.join(tmp, "guard_names.py")
    with open(path, "w") as fh:
        fh.write(GUARD_NAMES_PROG)
    p = run([tpy, path], env={"TPY_JITDUMP": "1"})
    err = p.stderr.decode(errors="replace")
    lines = [l for l in err.splitlines() if "BINARY_MULTIPLY" in l and " guard " in l]
    check("jitdump: a failing guard_is_float is named as such",
          p.returncode == 0 and any("(guard_is_float)" in l for l in lines), "\n".join(lines[:3]) or err[-400:])


def check_help(tpy):
    """tpy -h: every option of CPython's -h, then tpy's own; a later -c does
    not run; --help-env names every variable CPython's does."""
    def options(text):
        return set(re.findall(r"^(-[-\w?]+)", text, re.M))
    py = subprocess.run([CPYTHON, "-h"], stdout=subprocess.PIPE).stdout.decode()
    p = run([tpy, "-h", "-c", "print('RAN-MARKER')"])
    out = p.stdout.decode()
    missing = options(py) - options(out)
    check("-h: lists every option of CPython's -h", p.returncode == 0 and not missing and "RAN-MARKER" not in out
          and out.startswith("usage: %s [option] ... [-c cmd | -m mod | file | -] [arg] ...\n" % tpy),
          "exit %d, missing %s" % (p.returncode, sorted(missing)))
    check("-h: tpy's own options too, in fewer than 50 lines (CPython's test_help)",
          {"--jit", "--help-jit"} <= options(out) and len(out.splitlines()) < 50, "%d lines" % len(out.splitlines()))
    jit_help = run([tpy, "--help-jit"]).stdout.decode()
    check("--help-jit: every JIT option", {"--jit", "--dis", "--jit-profile", "--jit-profile-out",
                                          "--jit-profile-events", "--jit-profile-sample", "--jit-profile-hz"}
                                         <= options(jit_help),
          str(sorted(options(jit_help))))
    py_env = subprocess.run([CPYTHON, "--help-env"], stdout=subprocess.PIPE).stdout.decode()
    names = set(re.findall(r"\b(PYTHON[A-Z0-9_]+)", py_env))
    out = run([tpy, "--help-env"]).stdout.decode()
    missing = {n for n in names if n not in out}
    check("--help-env: every PYTHON* variable of CPython's", not missing, str(sorted(missing)))


def check_import_reports(tpy):
    """-X importtime and -v: the output tests/cli cannot compare with
    CPython's (times, and CPython's own import machinery)."""
    p = run([tpy, "-X", "importtime", "-c", "import collections, signal"])
    lines = p.stderr.decode().splitlines()
    rows = [re.match(r"import time: +(\d+) \| +(\d+) \| ( *)(\S+)$", l) for l in lines[1:]]
    names = [(len(m.group(3)) // 2, m.group(4)) for m in rows if m]
    ok = (p.returncode == 0 and lines and lines[0] == "import time: self [us] | cumulative | imported package"
          and all(rows) and ("0", "collections") in [(str(d), n) for d, n in names]
          and (1, "_signal") in names and all(int(m.group(1)) <= int(m.group(2)) for m in rows))
    check("-X importtime: CPython's table, nested imports indented, self <= cumulative", ok, "\n".join(lines))
    p = run([tpy, "-v", "-c", "import math, signal, jitprof"])
    err = p.stderr.decode()
    check("-v: a line per import", p.returncode == 0 and "import 'math' # builtin" in err and
          "import 'signal' # from '" in err and "import '_signal' # builtin" in err and
          "import 'jitprof' # frozen into tpy" in err, err)


def check_cmdline(tpy):
    for spec in BAD_SPECS:
        p = run([tpy, "--jit", spec, "-c", "print('ran')"])
        err = p.stderr.decode()
        ok = (p.returncode == 2 and p.stdout == b"" and err.count("\n") == 1 and
              err.startswith("tpy: --jit %r: error in JIT parameters string: " % spec))
        check("cmdline: --jit %r is an error (exit 2, one line)" % spec, ok,
              "exit %d, stdout %r, stderr %r" % (p.returncode, p.stdout, err))
    for spec in GOOD_SPECS:
        p = run([tpy, "--jit", spec, "-c", "print('ran')"])
        check("cmdline: --jit %r runs" % spec, p.returncode == 0 and p.stdout == b"ran\n" and p.stderr == b"",
              "exit %d, stdout %r, stderr %r" % (p.returncode, p.stdout, p.stderr))


# ---- dis --------------------------------------------------------------------------------

CPYTHON = "/usr/bin/python3"    # Debian's CPython 3.11, the oracle of the suite

# Every way a body can end: the implicit return's line is what differs.
# (No `return` or `return None` here: the checks take a LOAD_CONST None /
# RETURN_VALUE pair for the implicit return.)
DIS_LINES = """\
def plain(x):
    y = (x +
         1)

def if_no_else(x):
    if x:
        y = 1

def if_else(x):
    if x:
        y = 1
    else:
        y = 2

def if_elif(x):
    if x:
        return 1
    elif x > 3:
        pass
    else:
        assert x, (
            1)

def for_loop(n):
    for i in range(n):
        pass

def for_else(x):
    for i in x:
        if i:
            continue
        x = 2
    else:
        y = 3

def while_loop(n):
    while n:
        n -= 1

def while_true(x):
    while True:
        if x:
            break
        x += 1

def try_except(x):
    try:
        a = 1
    except E:
        pass

def try_else(x):
    try:
        a = 1
    except E as e:
        b = 2
    else:
        c = 3

def try_finally(x):
    try:
        a = 1
    finally:
        b = 2

def with_try(x):
    with x as y:
        try:
            pass
        except E as e:
            q = (1,
              2)

def call(x):
    foo(1,
        2)

def docstring_only(x):
    "doc"

def just_pass():
    pass

def just_global():
    global q

def bare_constant(x):
    x = 1
    ...

def nested(x):
    def inner(y):
        z = y
    x = inner

def gen(n):
    for i in range(n):
        yield i

@staticmethod
def decorated():
    a = 1

class C:
    a = 1

class D:
    "doc"
    def f(self):
        super().f()

for i in range(3):
    pass
"""


def disassembly_units(text):
    """tpy --dis output -> {(name, firstline): [(line, offset, opname, arg, argrepr, target), ...]}"""
    units = {}
    key = ("<module>", 1)
    rows = units.setdefault(key, [])
    line = None
    for raw in text.splitlines():
        m = re.match(r'^Disassembly of <code object (\S+) at 0x[0-9a-f]+, file ".*", line (\d+)>:$', raw)
        if m:
            key = (m.group(1), int(m.group(2)))
            rows = units.setdefault(key, [])
            line = None
            continue
        m = re.match(r"^( *\d+| +) {5}(>>|  ) +(\d+) (\w+)(?: +(\d+))?(?: \((.*)\))?$", raw)
        if m:
            if m.group(1).strip():
                line = int(m.group(1))
            rows.append((line, int(m.group(3)), m.group(4), m.group(5) and int(m.group(5)), m.group(6),
                         m.group(2) == ">>"))
    return units


def implicit_return_lines(rows):
    return [rows[i][0] for i in range(len(rows) - 1)
            if rows[i][2] == "LOAD_CONST" and rows[i][4] == "None" and rows[i + 1][2] == "RETURN_VALUE"]


CPYTHON_RETURNS = r"""
import dis, sys
def walk(co, out):
    lines = []
    ins = list(dis.get_instructions(co))
    cur = None
    for a, b in zip(ins, ins[1:]):
        if a.starts_line is not None:
            cur = a.starts_line
        if a.opname == "LOAD_CONST" and a.argval is None and b.opname == "RETURN_VALUE":
            lines.append(cur)
    out.append("%s %d %s" % (co.co_name, co.co_firstlineno, ",".join(map(str, lines))))
    for k in co.co_consts:
        if hasattr(k, "co_code"):
            walk(k, out)
out = []
walk(compile(open(sys.argv[1]).read(), sys.argv[1], "exec"), out)
print("\n".join(out))
"""


def check_dis(tpy, tmp):
    prog = os.path.join(tmp, "dis_lines.py")
    with open(prog, "w") as f:
        f.write(DIS_LINES)
    p = run([tpy, "--dis", prog])
    text = p.stdout.decode()
    units = disassembly_units(text)
    check("dis: tpy --dis runs", p.returncode == 0 and len(units) > 20, p.stderr.decode()[-300:])
    # CPython 3.11's columns: line (3 wide), 5 blanks, ">>" or 2, offset (4 wide), name (20), arg (5)
    lines = [l for l in text.splitlines() if l and not l.startswith(("Disassembly of", "ExceptionTable", "  "))
             or re.match(r"^ +\d+ ", l)]
    bad = [l for l in text.splitlines() if l and not re.match(
        r"^(Disassembly of <code object .*>:|ExceptionTable:|  \d+ to \d+ -> \d+ \[\d+\]( lasti)?|"
        r"( {2}\d| \d\d|\d{3}| {3})     (>>|  ) [ \d]{3}\d [A-Z_]+( {2,}\d+( \(.*\))?)?)$", l)
        or l != l.rstrip()]
    check("dis: CPython 3.11's columns", lines and not bad, "\n".join(bad[:5]))
    # offsets: two bytes per instruction, jumps and handlers named by offset
    ok, detail = True, ""
    for key, rows in units.items():
        offsets = [r[1] for r in rows]
        targets = set(r[1] for r in rows if r[5])
        jumps = set()
        for r in rows:
            if r[4] and r[4].startswith("to "):
                jumps.add(int(r[4][3:]))
        if offsets != list(range(0, 2 * len(rows), 2)) or not jumps <= targets:
            ok, detail = False, "%s: offsets %s, jump targets %s, marked %s" % (key, offsets[:8], sorted(jumps),
                                                                                 sorted(targets))
    for m in re.finditer(r"^  (\d+) to (\d+) -> (\d+) \[\d+\]", text, re.M):
        if any(int(x) % 2 for x in m.groups()):
            ok, detail = False, m.group(0)
    check("dis: offsets count 2 bytes per instruction (jumps, targets and the exception table too)", ok, detail)
    # constants whole
    code_consts = re.findall(r"LOAD_CONST +\d+ \((<code object \w+ at 0x[0-9a-f]+, file \"[^\"]*dis_lines\.py\", "
                             r"line \d+>)\)$", text, re.M)
    check("dis: code objects among the constants printed whole", len(code_consts) >= 20, text[:400])
    # the implicit return against CPython's
    cp = subprocess.run([CPYTHON, "-c", CPYTHON_RETURNS, prog], capture_output=True, text=True, timeout=60)
    want = {}
    for l in cp.stdout.splitlines():
        name, first, ls = l.split(" ")
        want[(name, int(first))] = [int(x) for x in ls.split(",") if x]
    ok = cp.returncode == 0 and len(want) >= 20
    detail = [cp.stderr[-300:]] if not ok else []
    for key, rows in units.items():
        got = implicit_return_lines(rows)
        cpy = want.get(key)
        same_name = [k for k in want if k[0] == key[0]]
        if cpy is None and len(same_name) == 1:
            # a decorated function: CPython's co_firstlineno is the first
            # decorator's line, tpy's the def line
            cpy = want[same_name[0]]
        if cpy is None:
            detail.append("%s: not in CPython's code objects" % (key,))
            continue
        # tpy copies the return per line that jumps to it, as CPython does
        # (CPython may also keep copies on lines tpy merges): every line of
        # tpy's must be one of CPython's
        if (bool(got) != bool(cpy) or any(line not in cpy for line in got)
                or (len(cpy) == 1 and got != cpy)):
            detail.append("%s: tpy %s, CPython %s" % (key, got, cpy))
    check("dis: the implicit return None of %d code objects is on a line CPython's dis gives it" % len(units),
          ok and not detail, "\n    ".join(detail))
    # the same offsets everywhere: --dis, the dis module, the JIT's
    # greenkeys and debug_merge_points, pypyjit.dont_trace_here
    loops = os.path.join(tmp, "dis_loops.py")
    with open(loops, "w") as f:
        f.write(DIS_LOOPS)
    rows = disassembly_units(run([tpy, "--dis", loops]).stdout.decode()).get(("two_loops", 1), [])
    fors = [r[1] for r in rows if r[2] == "FOR_ITER"]
    if len(fors) != 2:
        check("dis: the two loops' FOR_ITER in tpy --dis", False, repr(rows))
        return
    log = os.path.join(tmp, "dis_loops.log")
    p = run([tpy, loops, str(fors[0])], env={"PYPYLOG": "jit-log-opt-loop:" + log})
    out = p.stdout.decode().split("\n")
    dmp = re.findall(r"debug_merge_point\(0, 0, 'two_loops;.*~#(\d+) FOR_ITER'\)", open(log).read()
                     if os.path.exists(log) else "")
    check("dis: dont_trace_here at the first loop's --dis offset %d leaves it interpreted, the other loop "
          "(offset %d) compiles with that greenkey and debug_merge_point" % tuple(fors),
          p.returncode == 0 and out[0] == "dis offsets %d %d" % tuple(fors) and
          out[1] == "compiled at %d" % fors[1] and len(out) == 4 and set(map(int, dmp)) == {fors[1]},
          "exit %d, stdout %r, stderr %r, merge points %r" % (p.returncode, out, p.stderr.decode()[-300:], dmp))
    p = run([tpy, loops, str(fors[1])])
    out = p.stdout.decode().split("\n")
    check("dis: and the other way round", p.returncode == 0 and len(out) == 4 and out[1] == "compiled at %d" % fors[0],
          repr(p.stdout))


# f's two loops; argv[1] is the offset given to dont_trace_here. Prints
# the FOR_ITER offsets the dis module sees and the greenkey offsets of
# the loops that compile.
DIS_LOOPS = """\
def two_loops(n):
    s = 0
    for i in range(n):
        s += i
    for j in range(n):
        s -= j
    return s

import dis, sys, pypyjit
print("dis offsets", *[i.offset for i in dis.get_instructions(two_loops) if i.opname == "FOR_ITER"])
pypyjit.dont_trace_here(int(sys.argv[1]), False, two_loops.__code__)
def hook(info):
    if info.type == "loop" and info.greenkey and info.greenkey[0] is two_loops.__code__:
        print("compiled at", info.greenkey[1])
pypyjit.set_compile_hook(hook)
print(two_loops(20000))
"""


def mask(text):
    text = text.replace(os.path.join(ROOT, "tests/jit/probes/"), "")
    text = re.sub(r"0x[0-9a-fA-F]+", "0xX", text)
    # a duration prints as 1.5 or 1.5e-05 depending on how long it took
    text = re.sub(r"\d+\.\d+(e[-+]?\d+)?", "N.N", text)
    return re.sub(r"\d+", "N", text)


def check_probes(tpy, update):
    d = os.path.join(ROOT, "tests/jit/probes")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".py"):
            continue
        p = run([tpy, f], cwd=d)
        shape = mask(p.stdout.decode() + "--- stderr\n" + p.stderr.decode())
        path = os.path.join(d, f[:-3] + ".shape")
        if update:
            with open(path, "w") as out:
                out.write(shape)
        want = open(path).read() if os.path.exists(path) else None
        check("probe %s runs unchanged, output of the expected shape" % f, p.returncode == 0 and shape == want,
              "exit %d; got:\n%s" % (p.returncode, shape[:1500]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tpy", default="./tpy")
    ap.add_argument("--update", action="store_true", help="rewrite tests/jit/probes/*.shape")
    opts = ap.parse_args()
    tpy = os.path.abspath(os.path.join(ROOT, opts.tpy) if not os.path.isabs(opts.tpy) else opts.tpy)
    check_embed()
    with tempfile.TemporaryDirectory() as tmp:
        check_pypylog(tpy, tmp)
        check_memory(tpy, tmp)
        check_class_memory(tpy, tmp)
        check_recursion(tpy, tmp)
        check_dis(tpy, tmp)
        check_guard_names(tpy, tmp)
    check_cmdline(tpy)
    check_import_reports(tpy)
    check_help(tpy)
    check_probes(tpy, opts.update)
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
