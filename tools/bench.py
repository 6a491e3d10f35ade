#!/usr/bin/env python3
"""Benchmark runner for tpy.

Times every program in bench/*.py under tpy (JIT on, the default flags),
tpy --jit off, the system CPython and PyPy, checks each run's stdout
against bench/expected/NAME.out and prints a table of median wall times and
speed ratios.  With --steady it instead runs each program's bench() function
several times in one process per interpreter (tools/bench_steady_harness.py),
drops the warm-up calls and reports the median time per call.  Standard
library only.

Usage:
    python3 tools/bench.py [--tpy ./tpy] [--reps N] [-k NAME] [--json FILE]
                           [--no-pypy] [--startup] [--timeout SECS]
                           [--steady [--whole] [--iters N] [--warmup W]
                            [--budget SECS] [--steady-reps N] [--cpu-time]]
                           [--cpu N|all]

See bench/README.md for how to read the output.
"""

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "bench")
EXPECTED_DIR = os.path.join(BENCH_DIR, "expected")

STARTUP_RUNS = 20
STEADY_HARNESS = os.path.join(ROOT, "tools", "bench_steady_harness.py")

# ratio columns: (column title, numerator interpreter, denominator)
RATIOS = [
    ("cpy/jit", "cpython", "tpy-jit"),
    ("cpy/nojit", "cpython", "tpy-nojit"),
    ("pypy/jit", "pypy", "tpy-jit"),
]

# the other way round, as issue 15 states its targets: (column title, tpy
# interpreter, reference); time(tpy) / time(reference), < 1 when tpy is
# faster.  The steady-state table's ratio columns, and the whole-process
# table's second geomean line.
TPY_RATIOS = [
    ("jit/pypy", "tpy-jit", "pypy"),
    ("jit/cpy", "tpy-jit", "cpython"),
    ("nojit/cpy", "tpy-nojit", "cpython"),
]


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def loadavg():
    try:
        return tuple(round(x, 2) for x in os.getloadavg())
    except OSError:
        return None


def system_python3():
    """CPython from the system PATH only (what `getconf PATH` prints),
    never a pyenv/venv python3 that may come first in $PATH."""
    try:
        cs_path = os.confstr("CS_PATH")
    except (ValueError, OSError, AttributeError):
        cs_path = None
    if not cs_path:
        try:
            cs_path = subprocess.run(["getconf", "PATH"], capture_output=True,
                                     text=True).stdout.strip()
        except OSError:
            cs_path = ""
    if not cs_path:
        cs_path = "/usr/bin:/bin"
    return shutil.which("python3", path=cs_path)


def git_commit():
    try:
        r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, timeout=20)
        c = r.stdout.strip()
        if not c:
            return "(none)"
        d = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                            "--untracked-files=no"],
                           capture_output=True, text=True, timeout=20)
        if d.stdout.strip():
            c += " (+ uncommitted changes)"
        return c
    except (OSError, subprocess.SubprocessError):
        return "?"


def version_of(cmd):
    try:
        r = subprocess.run(cmd + ["--version"], capture_output=True,
                           text=True, timeout=20)
        text = (r.stdout + r.stderr).strip().replace("\n", " ")
        return text[:100]
    except (OSError, subprocess.SubprocessError):
        return "?"


def run_once(argv, timeout):
    """Run argv, return dict(time, rc, stdout, stderr, maxrss_kib, timeout).

    Wall time covers process start to exit.  The child is reaped with
    os.wait4 so its own resource usage (ru_maxrss) is available."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        timed_out = [False]
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out,
                             stderr=err, cwd=ROOT, start_new_session=True)

        def kill():
            timed_out[0] = True
            try:
                os.killpg(p.pid, signal.SIGKILL)  # child's own group
            except OSError:
                pass

        timer = None
        if timeout:
            timer = threading.Timer(timeout, kill)
            timer.start()
        while True:
            try:
                _, status, ru = os.wait4(p.pid, 0)
                break
            except InterruptedError:
                continue
        elapsed = time.perf_counter() - t0
        if timer is not None:
            timer.cancel()
        if os.WIFEXITED(status):
            rc = os.WEXITSTATUS(status)
        elif os.WIFSIGNALED(status):
            rc = -os.WTERMSIG(status)
        else:
            rc = -1
        p.returncode = rc  # already reaped; keep Popen from waiting again
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    # ru_maxrss is in KiB on Linux
    return {"time": elapsed, "rc": rc, "stdout": stdout, "stderr": stderr,
            "maxrss_kib": ru.ru_maxrss, "timeout": timed_out[0]}


def median(xs):
    s = sorted(xs)
    n = len(s)
    if n == 0:
        return None
    if n % 2:
        return s[n // 2]
    return (s[n // 2 - 1] + s[n // 2]) / 2.0


def geomean(xs):
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def first_diff(expected, got):
    el = expected.splitlines()
    gl = got.splitlines()
    for i in range(max(len(el), len(gl))):
        e = el[i] if i < len(el) else "<missing>"
        g = gl[i] if i < len(gl) else "<missing>"
        if e != g:
            return "line %d: expected %r, got %r" % (i + 1, e[:80], g[:80])
    return "difference in trailing whitespace/newlines"


def find_interpreters(args):
    """Return (list of (name, argv-prefix)), notes, info dict."""
    interps = []
    notes = []
    info = {}
    tpy = args.tpy
    if tpy is None:
        tpy = os.path.join(ROOT, "tpy")
        shown = "./tpy"
    else:
        shown = tpy
    tpy_path = os.path.abspath(tpy)
    if os.path.isfile(tpy_path) and os.access(tpy_path, os.X_OK):
        interps.append(("tpy-jit", [tpy_path]))
        interps.append(("tpy-nojit", [tpy_path, "--jit", "off"]))
        stamp = "(binary built %s)" % datetime.datetime.fromtimestamp(
            os.path.getmtime(tpy_path)).strftime("%Y-%m-%d %H:%M:%S")
        info["tpy-jit"] = {"argv": [tpy_path], "version": stamp}
        info["tpy-nojit"] = {"argv": [tpy_path, "--jit", "off"],
                             "version": stamp}
    else:
        notes.append("NOTE: tpy binary not found at %s (%s); timing only "
                     "the other interpreters." % (shown, tpy_path))
    cpy = system_python3()
    if cpy:
        interps.append(("cpython", [cpy]))
        info["cpython"] = {"argv": [cpy], "version": version_of([cpy]),
                           "realpath": os.path.realpath(cpy)}
    else:
        notes.append("NOTE: no python3 on the system PATH (getconf PATH); "
                     "CPython skipped.")
    if args.no_pypy:
        notes.append("NOTE: PyPy skipped (--no-pypy).")
    else:
        pypy = shutil.which("pypy3")
        if pypy:
            interps.append(("pypy", [pypy]))
            info["pypy"] = {"argv": [pypy], "version": version_of([pypy])}
        else:
            notes.append("NOTE: pypy3 not found in PATH; PyPy skipped.")
    return interps, notes, info


def select_programs(patterns):
    names = []
    for fn in sorted(os.listdir(BENCH_DIR)):
        if fn.endswith(".py") and not fn.startswith("_"):
            names.append(fn[:-3])
    if patterns:
        chosen = []
        for n in names:
            for pat in patterns:
                if pat in n:
                    chosen.append(n)
                    break
        names = chosen
    return names


def fmt_time(t):
    return "%.3f" % t if t is not None else "-"


def fmt_ratio(r):
    return "%.2f" % r if r is not None else "-"


def print_table(headers, rows):
    widths = [len(h) for h in headers]
    for row in rows:
        if row is None:
            continue
        for i, c in enumerate(row):
            widths[i] = max(widths[i], len(c))
    line = "  ".join(h.rjust(widths[i]) if i else h.ljust(widths[i])
                     for i, h in enumerate(headers))
    print(line)
    print("-" * len(line))
    for row in rows:
        if row is None:
            print("-" * len(line))
            continue
        print("  ".join(c.rjust(widths[i]) if i else c.ljust(widths[i])
                        for i, c in enumerate(row)))


IMPORT_LINE = "import os, re, json, typing, dataclasses, collections, unittest"


def run_startup(interps, timeout, result):
    print()
    print("Startup: `INTERP -c pass`, %d runs each (interleaved); median wall "
          "time and max resident set size of the child (ru_maxrss)."
          % STARTUP_RUNS)
    # A child forked from this (large) Python process reports the parent's
    # resident size as its ru_maxrss high-water mark, exec or not; GNU time
    # (Debian package `time`), itself small, reports the real one.
    gnu_time = shutil.which("time") if os.path.exists("/usr/bin/time") else None
    if gnu_time:
        print("(RSS measured by running each once more under %s -f %%M)" % gnu_time)
    else:
        print("(no GNU time: RSS is this runner's own size or more, not the child's)")
    data = {}
    for name, _ in interps:
        data[name] = {"times": [], "maxrss_kib": [], "failures": 0}
    for rep in range(STARTUP_RUNS):
        for name, argv in interps:
            r = run_once(argv + ["-c", "pass"], timeout)
            d = data[name]
            if r["rc"] != 0 or r["timeout"]:
                d["failures"] += 1
                if d["failures"] == 1:
                    log("startup: %s failed rc=%d: %s"
                        % (name, r["rc"], r["stderr"].strip()[-300:]))
                continue
            d["times"].append(r["time"])
            if gnu_time:
                t = run_once(["/usr/bin/time", "-f", "%M"] + argv + ["-c", "pass"], timeout)
                lines = t["stderr"].strip().splitlines()
                if t["rc"] == 0 and lines and lines[-1].isdigit():
                    d["maxrss_kib"].append(int(lines[-1]))
            else:
                d["maxrss_kib"].append(r["maxrss_kib"])
    rows = []
    for name, _ in interps:
        d = data[name]
        med = median(d["times"])
        d["median_ms"] = med * 1000.0 if med is not None else None
        d["max_rss_mib"] = (max(d["maxrss_kib"]) / 1024.0
                            if d["maxrss_kib"] else None)
        rows.append([name,
                     "%.1f" % d["median_ms"] if med is not None else "FAIL",
                     "%.1f" % d["max_rss_mib"] if d["maxrss_kib"] else "-",
                     str(d["failures"]) if d["failures"] else ""])
    print_table(["interpreter", "median ms", "max RSS MiB", "failures"], rows)
    result["startup"] = data
    # issue 13's import item: the standard library's common modules, with
    # each interpreter's bytecode cache warm (one run first fills it)
    print()
    print("Imports: `INTERP -c '%s'`, %d runs each (interleaved, caches warm); "
          "median wall time." % (IMPORT_LINE, STARTUP_RUNS))
    imports = {}
    for name, argv in interps:
        run_once(argv + ["-c", IMPORT_LINE], timeout)
        imports[name] = {"times": [], "failures": 0}
    for rep in range(STARTUP_RUNS):
        for name, argv in interps:
            r = run_once(argv + ["-c", IMPORT_LINE], timeout)
            if r["rc"] != 0 or r["timeout"]:
                imports[name]["failures"] += 1
                continue
            imports[name]["times"].append(r["time"])
    rows = []
    for name, _ in interps:
        med = median(imports[name]["times"])
        imports[name]["median_ms"] = med * 1000.0 if med is not None else None
        rows.append([name, "%.1f" % (med * 1000.0) if med is not None else "FAIL",
                     str(imports[name]["failures"]) if imports[name]["failures"] else ""])
    print_table(["interpreter", "median ms", "failures"], rows)
    result["imports"] = imports
    bad = 0
    for name in data:
        bad += data[name]["failures"] + imports[name]["failures"]
    return bad


def run_programs(interps, programs, reps, timeout, result):
    expected = {}
    for prog in programs:
        path = os.path.join(EXPECTED_DIR, prog + ".out")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                expected[prog] = f.read()
        else:
            expected[prog] = None
            log("WARNING: no expected output %s; every run of %s counts as "
                "WRONG" % (path, prog))

    # raw[prog][interp] = list of per-run records
    raw = {}
    for prog in programs:
        raw[prog] = {}
        for name, _ in interps:
            raw[prog][name] = []

    total = reps * len(programs) * len(interps)
    done = 0
    for rep in range(reps):
        for prog in programs:
            script = os.path.join("bench", prog + ".py")
            for name, argv in interps:
                r = run_once(argv + [script], timeout)
                exp = expected[prog]
                if r["timeout"]:
                    status = "TIMEOUT"
                elif r["rc"] != 0:
                    status = "FAIL"
                elif exp is None or r["stdout"] != exp:
                    status = "WRONG"
                else:
                    status = "ok"
                rec = {"time": r["time"], "status": status,
                       "maxrss_kib": r["maxrss_kib"], "rc": r["rc"]}
                if status != "ok":
                    rec["stdout_head"] = r["stdout"][:2000]
                    rec["stderr_tail"] = r["stderr"][-2000:]
                    if status == "WRONG":
                        rec["detail"] = (first_diff(exp, r["stdout"])
                                         if exp is not None
                                         else "no expected output file")
                    elif status == "TIMEOUT":
                        rec["detail"] = "killed after %gs (--timeout)" % timeout
                    else:
                        rec["detail"] = ("rc=%d stderr: %s"
                                         % (r["rc"],
                                            r["stderr"].strip()[-400:]))
                raw[prog][name].append(rec)
                done += 1
                log("[%3d/%d] rep %d  %-16s %-10s %7.3fs  %s%s"
                    % (done, total, rep + 1, prog, name, r["time"], status,
                       ("  (" + rec["detail"][:120] + ")")
                       if status != "ok" else ""))

    # summarise
    summary = {}
    problems = []
    for prog in programs:
        summary[prog] = {}
        for name, _ in interps:
            recs = raw[prog][name]
            bad = [x for x in recs if x["status"] != "ok"]
            if bad:
                summary[prog][name] = {"median": None,
                                       "status": bad[0]["status"]}
                seen = []
                for x in bad:
                    msg = "%s: %s" % (x["status"], x.get("detail", ""))
                    if msg not in seen:
                        seen.append(msg)
                for msg in seen:
                    n = 0
                    for x in bad:
                        if "%s: %s" % (x["status"], x.get("detail", "")) == msg:
                            n += 1
                    problems.append("%s under %s (%d of %d runs): %s"
                                    % (prog, name, n, len(recs), msg))
            else:
                summary[prog][name] = {
                    "median": median([x["time"] for x in recs]),
                    "status": "ok",
                    "max_rss_mib": max(x["maxrss_kib"] for x in recs) / 1024.0,
                }

    names = [n for n, _ in interps]
    ratio_cols = [rc for rc in RATIOS if rc[1] in names and rc[2] in names]
    ratios = {}
    ratio_lists = {}
    for title, num, den in ratio_cols:
        ratio_lists[title] = []
    rows = []
    for prog in programs:
        row = [prog]
        for name in names:
            s = summary[prog][name]
            row.append(fmt_time(s["median"]) if s["status"] == "ok"
                       else s["status"])
        ratios[prog] = {}
        for title, num, den in ratio_cols:
            a = summary[prog][num]
            b = summary[prog][den]
            if a["status"] == "ok" and b["status"] == "ok" and b["median"] > 0:
                r = a["median"] / b["median"]
                ratios[prog][title] = r
                ratio_lists[title].append(r)
                row.append(fmt_ratio(r))
            else:
                ratios[prog][title] = None
                row.append("-")
        rows.append(row)
    geo = {}
    if ratio_cols:
        rows.append(None)
        row = ["geomean"] + [""] * len(names)
        for title, num, den in ratio_cols:
            g = geomean(ratio_lists[title])
            geo[title] = {"value": g, "programs": len(ratio_lists[title])}
            row.append(fmt_ratio(g))
        rows.append(row)
        row = ["(programs)"] + [""] * len(names)
        for title, num, den in ratio_cols:
            row.append(str(len(ratio_lists[title])))
        rows.append(row)

    print()
    print("Median wall time in seconds over %d rep(s) per interpreter "
          "(runs interleaved)." % reps)
    if ratio_cols:
        print("Ratio columns = time(reference) / time(tpy):  > 1 means tpy is "
              "FASTER, < 1 means tpy is slower.")
        for title, num, den in ratio_cols:
            print("  %-10s = %s time / %s time" % (title, num, den))
        print("geomean = geometric mean of the column over the programs whose "
              "runs were all correct under both interpreters.")
    else:
        print("(No ratio columns: tpy was not run.)")
    print()
    print_table(["program"] + names + [t for t, _, _ in ratio_cols], rows)

    if problems:
        print()
        print("!" * 72)
        print("!!! BAD RUNS: WRONG output / FAIL (exit status) / TIMEOUT; "
              "these")
        print("!!! program/interpreter pairs are EXCLUDED from the ratios "
              "and geomeans:")
        for p in problems:
            print("!!!   " + p)
        print("!" * 72)

    inverse = tpy_ratio_geomeans(programs, summary, names, "median")
    if inverse:
        print()
        print("The same as time(tpy) / time(reference), < 1 when tpy is faster "
              "(geomean over the programs correct under both):")
        print("  " + "   ".join("%s %s (%d)" % (t, fmt_ratio(g["value"]),
                                               g["programs"])
                                for t, g in inverse.items()))
    result["geomean_tpy_over_ref"] = inverse

    result["programs"] = {}
    for prog in programs:
        result["programs"][prog] = {"runs": raw[prog],
                                    "summary": summary[prog],
                                    "ratios": ratios[prog]}
    result["geomean"] = geo
    nbad = 0
    for prog in programs:
        for name in names:
            if summary[prog][name]["status"] != "ok":
                nbad += 1
    return nbad


def tpy_ratio_geomeans(programs, summary, names, key):
    """{title: {"value", "programs"}} of TPY_RATIOS over summary[prog][interp][key]."""
    out = {}
    for title, mine, ref in TPY_RATIOS:
        if mine not in names or ref not in names:
            continue
        xs = []
        for prog in programs:
            a = summary[prog][mine]
            b = summary[prog][ref]
            if a["status"] == "ok" and b["status"] == "ok" and b[key] > 0:
                xs.append(a[key] / b[key])
        out[title] = {"value": geomean(xs), "programs": len(xs)}
    return out


def parse_steady(stdout):
    """The harness's lines `iter I WALL CPU ok|WRONG` -> list of
    (wall, cpu, ok)."""
    its = []
    for line in stdout.splitlines():
        f = line.split()
        if len(f) == 5 and f[0] == "iter":
            its.append((float(f[2]), float(f[3]), f[4] == "ok"))
    return its


def paired_ratios(programs, raw, names, warmup, col):
    """tpy-jit / PyPy for each rep of --steady-reps > 1 (medians after
    warm-up, wall or CPU by col), per program; {} without both."""
    if "tpy-jit" not in names or "pypy" not in names:
        return {}
    out = {}
    for prog in programs:
        mine, ref = raw[prog]["tpy-jit"], raw[prog]["pypy"]
        if len(mine) < 2 or any(x["status"] != "ok" for x in mine + ref):
            continue
        out[prog] = [median([it[col] for it in a["iterations"][warmup:]])
                     / median([it[col] for it in b["iterations"][warmup:]])
                     for a, b in zip(mine, ref)]
    return out


def run_steady(interps, programs, args, result):
    """Steady state: per program and interpreter, --steady-reps processes run
    bench() up to --iters times; the first --warmup calls of each process
    are dropped and the rest pooled into medians (wall and CPU)."""
    warmup = args.warmup
    reps = args.steady_reps
    total = reps * len(programs) * len(interps)
    raw = {}
    for prog in programs:
        raw[prog] = {}
        for name, _ in interps:
            raw[prog][name] = []
    done = 0
    for rep in range(reps):
        for prog in programs:
            script = os.path.join(BENCH_DIR, prog + ".py")
            expected = os.path.join(EXPECTED_DIR, prog + ".out")
            if not os.path.exists(expected):
                expected = os.devnull   # every call then counts as WRONG
            for name, argv in interps:
                r = run_once(argv + [STEADY_HARNESS, script, expected,
                                     str(args.iters), str(warmup + 1),
                                     str(args.budget)], args.timeout)
                its = parse_steady(r["stdout"])
                if r["timeout"]:
                    status = "TIMEOUT"
                    detail = "killed after %gs (--timeout)" % args.timeout
                elif r["rc"] != 0 or len(its) <= warmup:
                    status = "FAIL"
                    detail = ("rc=%d, %d calls; stderr: %s"
                              % (r["rc"], len(its), r["stderr"].strip()[-400:]))
                elif not all(ok for _, _, ok in its):
                    status = "WRONG"
                    detail = r["stderr"].strip()[:400]
                else:
                    status = "ok"
                    detail = ""
                rec = {"iterations": [[w, c] for w, c, _ in its],
                       "process_time": r["time"], "status": status,
                       "rc": r["rc"], "maxrss_kib": r["maxrss_kib"]}
                if status != "ok":
                    rec["detail"] = detail
                raw[prog][name].append(rec)
                done += 1
                kept = [w for w, _, _ in its[warmup:]]
                log("[%3d/%d] rep %d  %-16s %-10s %2d calls, first %7.3fs, "
                    "median after warm-up %7.3fs  %s%s"
                    % (done, total, rep + 1, prog, name, len(its),
                       its[0][0] if its else 0.0,
                       median(kept) if kept else 0.0, status,
                       ("  (" + detail[:120] + ")") if status != "ok" else ""))

    summary = {}
    problems = []
    for prog in programs:
        summary[prog] = {}
        for name, _ in interps:
            recs = raw[prog][name]
            bad = [x for x in recs if x["status"] != "ok"]
            if bad:
                summary[prog][name] = {"status": bad[0]["status"],
                                       "wall": None, "cpu": None}
                problems.append("%s under %s (%d of %d processes): %s: %s"
                                % (prog, name, len(bad), len(recs),
                                   bad[0]["status"], bad[0]["detail"][:300]))
                continue
            walls = []
            cpus = []
            first = []
            for x in recs:
                first.append(x["iterations"][0][0])
                for w, c in x["iterations"][warmup:]:
                    walls.append(w)
                    cpus.append(c)
            summary[prog][name] = {"status": "ok", "wall": median(walls),
                                   "cpu": median(cpus), "samples": len(walls),
                                   "first_call": median(first)}

    key = "cpu" if args.cpu_time else "wall"
    names = [n for n, _ in interps]
    cols = [rc for rc in TPY_RATIOS if rc[1] in names and rc[2] in names]
    rows = []
    ratios = {}
    for prog in programs:
        row = [prog]
        for name in names:
            s = summary[prog][name]
            row.append("%.4f" % s[key] if s["status"] == "ok" else s["status"])
        ratios[prog] = {}
        for title, mine, ref in cols:
            a = summary[prog][mine]
            b = summary[prog][ref]
            if a["status"] == "ok" and b["status"] == "ok" and b[key] > 0:
                ratios[prog][title] = a[key] / b[key]
                row.append(fmt_ratio(ratios[prog][title]))
            else:
                ratios[prog][title] = None
                row.append("-")
        rows.append(row)
    geo = tpy_ratio_geomeans(programs, summary, names, key)
    if cols:
        rows.append(None)
        rows.append(["geomean"] + [""] * len(names)
                    + [fmt_ratio(geo[t]["value"]) for t, _, _ in cols])
        rows.append(["(programs)"] + [""] * len(names)
                    + [str(geo[t]["programs"]) for t, _, _ in cols])

    print()
    print("Steady state: bench() called up to %d times per process (fewer once "
          "the calls took %gs, never fewer than %d), %d process(es) per "
          "interpreter (interleaved); the first %d call(s) of each process "
          "dropped as warm-up." % (args.iters, args.budget, warmup + 1,
                                   reps, warmup))
    print("Time columns: median %s seconds per call.  Ratio columns = "
          "time(tpy) / time(reference): < 1 means tpy is FASTER."
          % ("CPU (process_time)" if args.cpu_time else "wall (perf_counter)"))
    for title, mine, ref in cols:
        print("  %-10s = %s time / %s time" % (title, mine, ref))
    print()
    print_table(["program"] + names + [t for t, _, _ in cols], rows)
    if "jit/pypy" in geo:
        slow = []
        for prog in programs:
            r = ratios[prog].get("jit/pypy")
            if r is not None and r > 1.5:
                slow.append("%s %.2f" % (prog, r))
        print()
        print("slower than PyPy by more than 1.5x: %s"
              % (", ".join(slow) if slow else "none"))
    paired = paired_ratios(programs, raw, names, warmup,
                           1 if args.cpu_time else 0)
    if paired:
        print()
        print("jit/pypy per rep (both processes of a rep run within seconds, "
              "so a machine whose speed drifts between reps moves both):")
        for prog in programs:
            rs = paired.get(prog)
            if rs:
                print("  %-16s %s   median %s" % (prog, " ".join(
                    fmt_ratio(r) for r in rs), fmt_ratio(median(rs))))
    if problems:
        print()
        print("!" * 72)
        print("!!! BAD RUNS (excluded from the ratios and geomeans):")
        for p in problems:
            print("!!!   " + p)
        print("!" * 72)
    result["steady"] = {"iters": args.iters, "warmup": warmup,
                        "paired_jit_pypy": paired,
                        "budget": args.budget, "reps": reps,
                        "table_time": key,
                        "programs": {prog: {"runs": raw[prog],
                                            "summary": summary[prog],
                                            "ratios": ratios[prog]}
                                     for prog in programs},
                        "geomean": geo}
    nbad = 0
    for prog in programs:
        for name in names:
            if summary[prog][name]["status"] != "ok":
                nbad += 1
    return nbad


def pin_cpu(ap, spec):
    """Pin this runner, and so every process it starts, to one CPU: the
    one named, or by default the highest-numbered allowed. Returns it, or
    None for 'all'."""
    if spec == "all":
        return None
    allowed = sorted(os.sched_getaffinity(0))
    if spec is None:
        cpu = allowed[-1]
    else:
        try:
            cpu = int(spec)
        except ValueError:
            ap.error("--cpu takes a CPU number or 'all', not %r" % spec)
        if cpu not in allowed:
            ap.error("--cpu %d: this process may use CPUs %s" % (cpu, allowed))
    os.sched_setaffinity(0, {cpu})
    return cpu


def main():
    ap = argparse.ArgumentParser(
        description="Time bench/*.py under tpy (JIT on/off), CPython and "
                    "PyPy; check outputs; print medians and speed ratios.")
    ap.add_argument("--tpy", default=None,
                    help="path of the tpy binary (default: ./tpy at the repo "
                         "root)")
    ap.add_argument("--reps", type=int, default=3,
                    help="runs per program per interpreter (default 3)")
    ap.add_argument("-k", dest="names", action="append", default=[],
                    metavar="NAME",
                    help="only programs whose name contains NAME "
                         "(may be repeated)")
    ap.add_argument("--json", metavar="FILE",
                    help="write all raw times, statuses and ratios to FILE")
    ap.add_argument("--no-pypy", action="store_true", help="skip PyPy")
    ap.add_argument("--startup", action="store_true",
                    help="measure only start-up: `INTERP -c pass`, %d runs, "
                         "median ms and max RSS; then the import of os, re, json, "
                         "typing, dataclasses, collections, unittest" % STARTUP_RUNS)
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="kill a run after this many seconds (default 300)")
    ap.add_argument("--steady", action="store_true",
                    help="steady state: call each program's bench() several "
                         "times in one process, drop the warm-up calls, "
                         "report the median time per call")
    ap.add_argument("--whole", action="store_true",
                    help="with --steady: also time whole processes (the "
                         "default mode) in the same run, first")
    ap.add_argument("--iters", type=int, default=6,
                    help="--steady: calls per process at most (default 6)")
    ap.add_argument("--warmup", type=int, default=2,
                    help="--steady: first calls of each process dropped "
                         "(default 2)")
    ap.add_argument("--budget", type=float, default=4.0,
                    help="--steady: stop a process once its calls took this "
                         "many seconds, after at least WARMUP+1 calls "
                         "(default 4)")
    ap.add_argument("--steady-reps", type=int, default=1,
                    help="--steady: processes per program and interpreter "
                         "(default 1; --reps counts whole-process runs)")
    ap.add_argument("--cpu", default=None, metavar="N|all",
                    help="run every measured process on CPU N only (default: "
                         "the highest-numbered CPU this runner may use; 'all' "
                         "leaves placement to the kernel). One CPU for all "
                         "interpreters keeps ratios fair where CPUs differ in "
                         "speed, as a virtual machine's do (bench/README.md)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="--steady: tabulate CPU time per call instead of "
                         "wall time (both are in --json)")
    args = ap.parse_args()
    if args.reps < 1 or args.steady_reps < 1:
        ap.error("--reps and --steady-reps must be >= 1")
    if args.warmup < 0 or args.iters < args.warmup + 1:
        ap.error("--iters must exceed --warmup (>= 0)")
    if args.whole and not args.steady:
        ap.error("--whole goes with --steady")

    pinned = pin_cpu(ap, args.cpu)
    la_start = loadavg()
    interps, notes, info = find_interpreters(args)

    print("tpy benchmark run  %s  host %s  (%d CPUs)"
          % (datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
             platform.node(), os.cpu_count() or 0))
    commit = git_commit()
    print("repo commit: %s" % commit)
    print("load average at start: %s" % (la_start,))
    print("measured processes run on CPU %s" % (pinned if pinned is not None else "any (--cpu all)"))
    for name, argv in interps:
        print("  %-10s %s   %s" % (name, " ".join(argv),
                                   info.get(name, {}).get("version", "")))
    for n in notes:
        print(n)

    result = {"date": datetime.datetime.now().isoformat(),
              "host": platform.node(), "reps": args.reps,
              "interpreters": info, "notes": notes,
              "loadavg_start": la_start, "commit": commit, "cpu": pinned}
    if not interps:
        print("no interpreters to run")
        return 2

    bad = 0
    if args.startup:
        bad += run_startup(interps, args.timeout, result)
    else:
        programs = select_programs(args.names)
        if not programs:
            print("no benchmark programs match %s" % (args.names,))
            return 2
        result["programs_selected"] = programs
        if not args.steady or args.whole:
            bad += run_programs(interps, programs, args.reps, args.timeout,
                                result)
        if args.steady:
            bad += run_steady(interps, programs, args, result)

    la_end = loadavg()
    result["loadavg_end"] = la_end
    print()
    print("load average at start: %s   at end: %s" % (la_start, la_end))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
        print("raw results written to %s" % args.json)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
