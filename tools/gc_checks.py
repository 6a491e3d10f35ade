#!/usr/bin/env python3
"""Checks of the JIT's inline allocation (src/jit/emit_x64.c,
alloc_is_inline) that need PYPYLOG or more than one run; run by
tools/check.sh. The last line is "N passed, N failed".

  shape     the loop of ALLOC_PROG allocates its objects with
            new_with_vtable in the optimized trace (so the other checks
            exercise the inline path, not the interpreter's)
  batches   ALLOC_PROG allocates 400,000 objects that stay alive in a
            trace whose loop keeps many integers and floats in registers:
            far more than one free-list batch (a batch is about 4 KiB, 85
            objects of this size), with collections in between (each drops
            the lists). Every object is distinct and holds what was stored,
            and the live values survive the slow path's call: the program
            checks it and prints the same result with --jit off, default
            and eager
  hook      tracemalloc started from inside a running compiled loop sees
            every object allocated after (traced growth of at least the
            objects' 48 bytes each; a bypassed hook would show the list's
            8). Today the loop leaves compiled code at that point (the JIT
            is suspended while tracing: sys_jit_suspend), so this checks
            that hand-over; the inline path's own answer to the hook
            (gc.c empties the lists, so it would take the slow path, which
            reports) is not reached by it
  exact     scanned objects occupy their own size (gc.c, exact_kind):
            consecutive instances of a 40-byte class are 48 bytes apart
            (64 when Boehm added its extra byte, a granule), and 2048-byte
            tuples share heap blocks (a 4 KiB block each before)
  lastword  the last word of an exact-size scanned object is traced: 20,000
            objects whose only reference is the last item of a 32-byte
            tuple survive three collections, in the three modes (Boehm's
            own NORMAL kind skips that word: with it the objects die and
            the program fails)
  hugepages where the kernel grants transparent huge pages on request
            (/sys/kernel/mm/transparent_hugepage/enabled is "madvise" or
            "always"), the first heap section is advised MADV_HUGEPAGE
            (gc.c, advise_last_section): /proc/self/smaps shows one
            mapping of at least 6 MiB flagged "hg" that holds a heap
            object's address, and none with TPY_HUGE_PAGES=0; where the
            kernel has THP off the check only runs the program

Usage: python3 tools/gc_checks.py [--tpy ./tpy]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
results = []

ALLOC_PROG = r"""
import gc, sys

class Point:
    def __init__(self, x, y, tag):
        self.x = x
        self.y = y
        self.tag = tag

def fill(n, out):
    # many values live across each allocation: ints and floats in registers
    a, b, c, d = 1, 2, 3, 4
    fa, fb = 0.5, 1.25
    for i in range(n):
        p = Point(i, fa, a + b + c + d)
        out.append(p)
        a += 1; b += 3; c ^= i; d = (d * 7) & 0xFFFF
        fa += 0.5; fb = fb * 0.5 + 1.0
        if i % 100000 == 99999:
            gc.collect()
    return a + b + c + d + int(fa + fb)

def main(n):
    out = []
    total = fill(n, out)
    ids = set(map(id, out))
    assert len(ids) == n, ("objects shared", n - len(ids))
    a, b, c, d, fa = 1, 2, 3, 4, 0.5
    for i, p in enumerate(out):
        assert type(p) is Point and p.x == i and p.y == fa and p.tag == a + b + c + d, (i, p.x, p.y, p.tag)
        a += 1; b += 3; c ^= i; d = (d * 7) & 0xFFFF; fa += 0.5
    return total

def fill_tracing_from(n, start, out):
    # tracing starts inside the running compiled loop (the JIT compiles no
    # new code while tracemalloc traces, but code that runs goes on)
    import tracemalloc
    before = 0
    for i in range(n):
        if i == start:
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
        out.append(Point(i, 0.5, i))
    return before

def strides():
    # consecutive allocations of one size come from one free-list batch, in
    # address order: the most common distance between them is their size
    import collections
    points = [Point(i, 0.5, i) for i in range(2000)]
    d = collections.Counter(abs(id(points[i + 1]) - id(points[i])) for i in range(len(points) - 1))
    half = (None,) * 127
    tuples = [half + half for i in range(300)]   # 16 + 254 * 8 = 2048 bytes
    shared = sum(abs(id(tuples[i + 1]) - id(tuples[i])) == 2048 for i in range(len(tuples) - 1))
    return d.most_common(1)[0][0], shared

class Target:
    pass

def last_word(n):
    # each Target's only reference is the last word of a 32-byte tuple
    # (header, size and two items: no padding after the last item)
    keep, refs = [], []
    for i in range(n):
        t = Target()
        refs.append(weakref.ref(t))
        keep.append((i, t))
    return keep, refs

if sys.argv[1:] == ["strides"]:
    print("strides %d %d" % strides())
elif sys.argv[1:] == ["lastword"]:
    import weakref
    keep, refs = last_word(20000)
    for _ in range(3):
        junk = [[j] for j in range(200000)]   # allocation between collections
        gc.collect()
    dead = sum(r() is None for r in refs)
    intact = sum(type(t[1]) is Target and t[0] == i for i, t in enumerate(keep))
    print("lastword dead %d intact %d" % (dead, intact))
elif sys.argv[1:] == ["traced"]:
    import tracemalloc
    keep = []
    before = fill_tracing_from(100000, 50000, keep)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print("traced", grown // (len(keep) - 50000))
else:
    print("ok", main(400000))
"""


def check(name, ok, detail=""):
    results.append(ok)
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n    " + detail))


def run(cmd, env=None, timeout=300):
    e = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "PYPYLOG"}
    e["PYTHONHASHSEED"] = "0"
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, errors="replace", timeout=timeout)


MODE_ARGS = {  # as tests/run.py runs the three modes
    "off": ["--jit", "off"],
    "default": [],
    "eager": ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"],
}


# prints the size in KiB of each mapping flagged "hg" (MADV_HUGEPAGE) that
# contains the address of a fresh object (id() is its address)
HUGE_PROG = r"""
import re
obj = object()
addr = id(obj)
found = []
start = end = 0
for line in open("/proc/self/smaps"):
    m = re.match(r"([0-9a-f]+)-([0-9a-f]+) ", line)
    if m:
        start, end = int(m.group(1), 16), int(m.group(2), 16)
    elif line.startswith("VmFlags:") and " hg" in line and start <= addr < end:
        found.append((end - start) // 1024)
print(found)
"""


def huge_pages(tpy):
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            thp = re.search(r"\[(\w+)\]", f.read()).group(1)
    except (OSError, AttributeError):
        thp = "never"
    on = run([tpy, "-c", HUGE_PROG])
    off = run([tpy, "-c", HUGE_PROG], env={"TPY_HUGE_PAGES": "0"})
    if thp == "never":
        check("hugepages: THP is off here; the program runs", on.returncode == 0 and off.returncode == 0,
              "exit %d/%d, stderr %s" % (on.returncode, off.returncode, on.stderr[-300:]))
        return
    got = eval(on.stdout) if on.returncode == 0 and on.stdout.startswith("[") else None
    check("hugepages: the first heap section is advised MADV_HUGEPAGE (THP %s), not with TPY_HUGE_PAGES=0" % thp,
          got is not None and len(got) == 1 and got[0] >= 6 * 1024 and off.stdout == "[]\n",
          "exit %d, stdout %r; TPY_HUGE_PAGES=0: %r, stderr %s" % (on.returncode, on.stdout, off.stdout, on.stderr[-300:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tpy", default="./tpy")
    opts = ap.parse_args()
    tpy = os.path.abspath(os.path.join(ROOT, opts.tpy) if not os.path.isabs(opts.tpy) else opts.tpy)
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "alloc_prog.py")
        with open(prog, "w") as f:
            f.write(ALLOC_PROG)
        log = os.path.join(tmp, "opt.log")
        p = run([tpy, prog], env={"PYPYLOG": "jit-log-opt:" + log})
        text = open(log).read() if os.path.exists(log) else ""
        check("shape: the loop allocates Point with new_with_vtable",
              p.returncode == 0 and re.search(r"new_with_vtable\(descr=<SizeDescr \d+ Point>\)", text) is not None,
              "exit %d, stderr %s, %d bytes of log" % (p.returncode, p.stderr[-300:], len(text)))
        outs = {}
        for mode in ("off", "default", "eager"):
            args = [tpy] + MODE_ARGS[mode] + [prog]
            p = run(args)
            outs[mode] = (p.returncode, p.stdout, p.stderr[-500:])
        ref = outs["off"]
        for mode, got in outs.items():
            check("batches: %s mode allocates 400,000 distinct, intact objects" % mode,
                  got[0] == 0 and got[1].startswith("ok ") and got[1] == ref[1],
                  "exit %d, stdout %r (--jit off: %r), stderr %s" % (got[0], got[1], ref[1], got[2]))
        for mode in ("default", "eager"):
            args = [tpy] + MODE_ARGS[mode] + [prog, "traced"]
            p = run(args)
            m = re.match(r"traced (\d+)", p.stdout)
            # a Point is 40 bytes (48 in its size class), plus 8 in the list
            check("hook: %s mode, tracemalloc started in a compiled loop sees every later allocation" % mode,
                  p.returncode == 0 and m is not None and int(m.group(1)) >= 48,
                  "exit %d, stdout %r, stderr %s" % (p.returncode, p.stdout, p.stderr[-300:]))
        p = run([tpy, prog, "strides"])
        m = re.match(r"strides (\d+) (\d+)", p.stdout)
        # a Point is 40 bytes: 48 in its size class, 64 with Boehm's extra byte;
        # 299 pairs of 2048-byte tuples, about half in shared blocks
        check("exact: consecutive 40-byte objects are 48 bytes apart, 2048-byte tuples share blocks",
              p.returncode == 0 and m is not None and int(m.group(1)) == 48 and int(m.group(2)) >= 100,
              "exit %d, stdout %r, stderr %s" % (p.returncode, p.stdout, p.stderr[-300:]))
        for mode in ("off", "default", "eager"):
            p = run([tpy] + MODE_ARGS[mode] + [prog, "lastword"])
            check("lastword: %s mode, objects referenced only from an object's last word survive" % mode,
                  p.returncode == 0 and p.stdout == "lastword dead 0 intact 20000\n",
                  "exit %d, stdout %r, stderr %s" % (p.returncode, p.stdout, p.stderr[-300:]))
        huge_pages(tpy)
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
