#!/usr/bin/env python3
"""Operation counts of a PYPYLOG, for finding what dominates a benchmark.

    PYPYLOG=jit-log-opt,jit-summary,jit-tracing,jit-backend-counts:LOG \\
        ./tpy tools/bench_steady_harness.py bench/NAME.py bench/expected/NAME.out 3 3 0
    python3 tools/bench_steady_jitstats.py LOG [./tpy]

Reads the compiled loops and bridges (jit-log-opt) and how often each ran
(jit-backend-counts: a loop's preamble counts its entries, the part after its
last label its iterations, a bridge its runs) and prints the executed
operations by kind and the most frequent ones, the residual calls by target
(tpy writes a C helper as a number: with the tpy binary given, `nm` names
it), tpy's own ops that PyPy's vocabulary writes as pure calls (box_float,
unbox_int, ...), the trace aborts and the jit-summary. Works on PyPy's logs
too. Standard library only (and `nm` for the names).
"""
import collections
import re
import subprocess
import sys


def symbols(binary):
    syms = {}
    out = subprocess.run(["nm", binary], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3:
            syms[int(f[0], 16)] = f[2]
    return syms


def category(op):
    if op.startswith("guard"):
        return "guards"
    if op.startswith("call_pure"):
        return "pure calls (tpy-only ops)"
    if op.startswith("call") or op.startswith("cond_call"):
        return "residual calls"
    if op.startswith("new"):
        return "allocations"
    if op.startswith(("getfield", "getarrayitem", "getinteriorfield")):
        return "loads"
    if op.startswith(("setfield", "setarrayitem", "setinteriorfield")):
        return "stores"
    if op in ("label", "jump", "finish"):
        return "control"
    return "arithmetic/other"


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    text = open(sys.argv[1], errors="replace").read()
    syms = symbols(sys.argv[2]) if len(sys.argv) == 3 else {}
    counts = {}
    m = re.search(r"\{jit-backend-counts\n(.*?)\n\[[0-9a-f]+\] jit-backend-counts\}", text, re.S)
    if m:
        for line in m.group(1).splitlines():
            key, _, value = line.rpartition(":")
            counts[key.strip()] = int(value)
    ops = collections.Counter()
    static = collections.Counter()
    calls = collections.Counter()
    pure = collections.Counter()
    nloops = nbridges = 0
    sections = re.findall(r"\{jit-log-opt-(loop|bridge)\n(.*?)\n\[[0-9a-f]+\] jit-log-opt-(?:loop|bridge)\}",
                          text, re.S)
    for kind, body in sections:
        lines = body.splitlines()
        if kind == "loop":
            nloops += 1
            n = re.match(r"# Loop (\d+)", lines[0]).group(1)
            w_pre = counts.get("entry %s" % n, 0)
            w_body = counts.get("TargetToken(%s)" % n, 0)
            labels = [i for i, l in enumerate(lines) if "label(" in l]
            last_label = labels[-1] if labels else -1
        else:
            nbridges += 1
            g = int(re.search(r"Guard (0x[0-9a-f]+|\d+)", lines[0]).group(1), 0)
            w_pre = w_body = counts.get("bridge %d" % g, 0)
            last_label = -1
        for i, line in enumerate(lines[1:], 1):
            line = re.sub(r"^\+\d+: ", "", line.strip())
            if not line or line.startswith(("#", "debug_merge_point", "--end")):
                continue
            mm = re.match(r"(?:[a-z]\d+ = )?([a-z_0-9]+)\((.*)\)", line)
            if not mm:
                continue
            op, args = mm.group(1), mm.group(2)
            w = w_body if i > last_label else w_pre
            ops[op] += w
            static[op] += 1
            first = args.split(", ")
            if op.startswith("call_pure"):
                pure[first[0]] += w
            elif op.startswith("call") or op.startswith("cond_call"):
                target = first[1] if len(first) > 1 and first[1].startswith("ConstClass") else first[0]
                if target.isdigit() and int(target) in syms:
                    target = syms[int(target)]
                calls[(op, target)] += w
    total = sum(ops.values())
    aborts = collections.Counter(re.findall(r"~~~ ABORTING TRACING (\S+)", text))
    print("loops %d, bridges %d, aborts %s" % (nloops, nbridges, dict(aborts) or "none"))
    print("executed operations (weighted by run counts): %d" % total)
    cats = collections.Counter()
    for op, w in ops.items():
        cats[category(op)] += w
    for c, w in cats.most_common():
        print("  %-26s %13d  %5.1f%%" % (c, w, 100.0 * w / max(total, 1)))
    print("most executed:")
    for op, w in ops.most_common(12):
        print("  %-26s %13d  (%d in the code)" % (op, w, static[op]))
    print("residual calls by target:")
    for (op, target), w in calls.most_common(10):
        print("  %-18s %-44s %11d" % (op, target[:44], w))
    if pure:
        print("pure calls by helper: " + ", ".join("%s %d" % kv for kv in pure.most_common(6)))
    s = re.search(r"\{jit-summary\n(.*?)\n\[", text, re.S)
    if s:
        print("jit-summary: " + "; ".join(" ".join(l.split()) for l in s.group(1).splitlines()
                                          if not l.rstrip().endswith("\t0")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
