"""How much of each bench/ program goes to allocation and collection.

    python3 tools/gc_share.py [--tpy ./tpy] [-k NAME]... [--steady] [--jit off]
                              [--freq HZ] [--json FILE]

For every program in bench/ (or those whose name contains a -k NAME) this
runs tpy under `perf record` with TPY_GC_STATS=1 (src/gc/gc.c prints the
collector's own figures at exit) and prints one row:

  libgc%    samples in Boehm's library (allocation, lazy sweeping, marking)
  wrap%     samples in tpy's allocation wrappers (src/gc/gc.c, the JIT's
            allocation helpers jh_new_*)
  kern%     samples in the kernel (page faults on fresh heap memory are most
            of it in allocation-heavy programs; also I/O and scheduling)
  stw%      Boehm's stopped-world collection time / the process's wall
            time (both wall clocks, so a loaded machine inflates both)
  colls     collections
  MB/s      bytes handed out by the collector per CPU second

libgc ships without symbols, so its samples are not split by function: the
collections' own share is stw% (from Boehm's clock), and libgc% - stw% is
about what allocation and lazy sweeping cost. With --steady the program
runs under tools/bench_steady_harness.py (several bench() calls in one
process), whose warm-up calls are included in the profile. The machine's
load does not change the shares much (they are fractions of this process's
samples), but compare runs made at the same time.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")

# tpy's own allocation code: the wrappers of src/gc/gc.c and the JIT helpers
# that allocate (inline pops of the free lists are in their callers)
WRAPPER_SYMBOLS = {
    "gc_refill",
    "take_batch",
    "gc_alloc_large",
    "gc_alloc_atomic_large",
    "gc_try_alloc",
    "gc_try_alloc_atomic",
    "gc_realloc",
    "gc_try_realloc",
    "retune",
    "drop_free_lists",
    "jh_new_object",
    "jh_new_atomic",
    "jh_new_array",
    "jit_alloc_slow",
}

STATS_RE = re.compile(
    r"tpy-gc-stats: collections=(\d+) gc_ms=(\d+) cpu_ms=(\d+) allocated_bytes=(\d+) heap_bytes=(\d+) wall_ms=(\d+)"
)


def programs(names):
    found = sorted(f[:-3] for f in os.listdir(BENCH) if f.endswith(".py"))
    if names:
        found = [p for p in found if any(n in p for n in names)]
    return found


def profile(tpy, prog, steady, jit, freq):
    """Run one program under perf; return the row's figures or None."""
    path = os.path.join(BENCH, prog + ".py")
    cmd = [tpy]
    if jit:
        cmd += ["--jit", jit]
    if steady:
        expected = os.path.join(BENCH, "expected", prog + ".out")
        cmd += [os.path.join(ROOT, "tools", "bench_steady_harness.py"), path, expected, "5", "3", "6"]
    else:
        cmd += [path]
    env = dict(os.environ, TPY_GC_STATS="1")
    with tempfile.NamedTemporaryFile(prefix="gc_share-", suffix=".data", delete=False) as f:
        data = f.name
    try:
        run = subprocess.run(
            ["perf", "record", "-q", "-F", str(freq), "-o", data, "--"] + cmd,
            env=env,
            cwd=BENCH,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        stats = STATS_RE.search(run.stderr)
        if run.returncode != 0 or not stats:
            sys.stderr.write("%s: failed (%d)\n%s" % (prog, run.returncode, run.stderr[-2000:]))
            return None
        report = subprocess.run(
            ["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "dso,sym", "-q"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        ).stdout
    finally:
        os.unlink(data)
    libgc = wrap = kern = 0.0
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(\S+)", line)
        if not m:
            continue
        share, dso, kind, sym = float(m.group(1)), m.group(2), m.group(3), m.group(4)
        if dso.startswith("libgc"):
            libgc += share
        elif kind == "k":
            kern += share
        elif sym in WRAPPER_SYMBOLS:
            wrap += share
    colls, gc_ms, cpu_ms, allocated, heap, wall_ms = (int(g) for g in stats.groups())
    return {
        "libgc": libgc,
        "wrap": wrap,
        "kern": kern,
        "stw": 100.0 * gc_ms / wall_ms if wall_ms else 0.0,
        "collections": colls,
        "mb_per_s": allocated / 1e6 / (cpu_ms / 1e3) if cpu_ms else 0.0,
        "allocated_mb": allocated / 1e6,
        "heap_mb": heap / 1e6,
        "cpu_ms": cpu_ms,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("-k", action="append", default=[], help="only programs whose name contains this")
    ap.add_argument("--steady", action="store_true", help="profile the steady-state harness")
    ap.add_argument("--jit", help="pass --jit MODE to tpy (e.g. off)")
    ap.add_argument("--freq", type=int, default=1999, help="perf sampling frequency")
    ap.add_argument("--json", help="write the rows to this file")
    args = ap.parse_args()
    rows = {}
    print("%-18s %6s %6s %6s %6s %6s %8s %8s" % ("program", "libgc%", "wrap%", "kern%", "stw%", "colls", "MB/s", "heapMB"))
    for prog in programs(args.k):
        row = profile(os.path.abspath(args.tpy), prog, args.steady, args.jit, args.freq)
        if row is None:
            continue
        rows[prog] = row
        print(
            "%-18s %6.1f %6.1f %6.1f %6.1f %6d %8.0f %8.0f"
            % (prog, row["libgc"], row["wrap"], row["kern"], row["stw"], row["collections"], row["mb_per_s"], row["heap_mb"]),
            flush=True,
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
