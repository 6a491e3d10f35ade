#!/usr/bin/env python3
"""Run CPython's own regression tests (Debian's libpython3.11-testsuite) on tpy.

    python3 tests/cpython/run.py [--tpy ./tpy] [--modes off,default,eager]
                                 [--core] [--python PYTHON] [-j N]
                                 [--timeout S] [-v] [modules ...]

The modules and what tpy skips or expects to fail in each are listed in
tests/cpython/expect.txt (its header says the format). Each module runs
in a fresh process per JIT mode through tests/cpython/driver.py, which
prints the module's counts. With --python the same modules run under that
interpreter instead (Debian's /usr/bin/python3: CPython's own counts, with
no marks applied). For each module and mode this prints

    test_int            [default]  run 120  passed 118  failed 0  skipped 2

then a line per mode and, last, "N passed, N failed": test cases over all
modules and modes; a module that crashes (before its summary or after it),
times out or cannot be imported counts as one failure.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EAGER = ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"]
MODE_FLAGS = {"off": ["--jit", "off"], "default": [], "eager": EAGER}
# what a module needs in its environment: test_curses skips its TestCurses
# without a terminal type (regrtest's `-u curses` run has the one it was
# started with); the driver is not regrtest, so every resource is enabled
MODULE_ENV = {"test_curses": {"TERM": "xterm"}}


def parse_expect(path):
    """[(module, core, [(kind, test_id, reason, modes)])] from expect.txt"""
    modules = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                words = line.split()
                modules.append((words[0], "core" in words[1:], []))
                continue
            kind, test_id, reason = (line.split(None, 2) + [""])[:3]
            # "skip[eager]": the mark applies in the JIT modes named only
            kind, _, only = kind.partition("[")
            only = tuple(only.rstrip("]").split(",")) if only else tuple(MODE_FLAGS)
            if kind not in ("skip", "xfail") or not modules or not set(only) <= set(MODE_FLAGS):
                sys.exit(f"{path}:{n}: expected 'skip ID REASON' or 'xfail ID REASON' under a module"
                         f" (skip[MODE,...] for some JIT modes: {', '.join(MODE_FLAGS)})")
            modules[-1][2].append((kind, test_id, reason.strip(), only))
    return modules


def run_one(interp, flags, module, marks, timeout, verbose):
    with tempfile.NamedTemporaryFile("w", suffix=".marks", delete=False) as mf:
        for kind, test_id, reason in marks:
            mf.write(f"{kind}\t{test_id}\t{reason}\n")
    cmd = [interp] + flags + [os.path.join(HERE, "driver.py"), "test." + module, mf.name]
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("PYTHON"):
            del env[k]
    env["PYTHONHASHSEED"] = "0"
    env.update(MODULE_ENV.get(module, {}))
    # each module runs in a fresh directory (tests write files in the
    # current one, as under CPython's regrtest), removed afterwards
    workdir = tempfile.mkdtemp(prefix="tpy-cpytest-")
    env["TMPDIR"] = workdir
    # its own process group: a timeout kills the children the tests
    # started too (a test's interpreter left running would load the machine)
    proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        o, e = proc.communicate(timeout=timeout)
        out, err, rc = o.decode(errors="replace"), e.decode(errors="replace"), proc.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = "", "TIMEOUT", None
    finally:
        try:
            os.killpg(proc.pid, 9)
        except OSError:
            pass
        proc.wait()
        os.unlink(mf.name)
        shutil.rmtree(workdir, ignore_errors=True)
    summary = None
    for line in out.splitlines():
        if line.startswith("SUMMARY "):
            summary = json.loads(line[8:])
    return summary, rc, err


def main():
    ap = argparse.ArgumentParser(description="Run CPython's regression tests on tpy.")
    ap.add_argument("--tpy", default=os.environ.get("TPY", os.path.join(ROOT, "tpy")))
    ap.add_argument("--python", help="run under this interpreter instead (no marks, one mode)")
    ap.add_argument("--modes", default="default")
    ap.add_argument("--core", action="store_true", help="only the modules marked core (make check)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("-v", "--verbose", action="store_true", help="print the failures' output")
    ap.add_argument("modules", nargs="*")
    args = ap.parse_args()
    # the modules run in temporary directories: interpreter paths made absolute
    if os.sep in args.tpy:
        args.tpy = os.path.abspath(args.tpy)
    if args.python and os.sep in args.python:
        args.python = os.path.abspath(args.python)
    expect = parse_expect(os.path.join(HERE, "expect.txt"))
    if args.modules:
        known = {m for m, _, _ in expect}
        expect = [e for e in expect if e[0] in args.modules] + [(m, False, []) for m in args.modules if m not in known]
    if args.core:
        expect = [e for e in expect if e[1]]
    if args.python:
        jobs = [(m, "cpython", args.python, [], []) for m, _, _ in expect]
    else:
        modes = args.modes.split(",")
        jobs = [(m, mode, args.tpy, MODE_FLAGS[mode], [mk[:3] for mk in marks if mode in mk[3]])
                for mode in modes for m, _, marks in expect]
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    results = pool.map(lambda j: run_one(j[2], j[3], j[0], j[4], args.timeout, args.verbose), jobs)
    totals = {}
    passed_all = failed_all = 0
    for (module, mode, _, _, _), (summary, rc, err) in zip(jobs, results):   # in order, as they finish
        t = totals.setdefault(mode, [0, 0, 0, 0])
        if summary is None:
            why = "TIMEOUT" if rc is None else f"no summary (exit {rc})"
            last = [l for l in err.strip().splitlines() if l.strip()][-1:] or [""]
            print(f"{module:24} [{mode}]  CRASH: {why}: {last[0][:150]}", flush=True)
            failed_all += 1
            t[1] += 1
            if args.verbose:
                print(err[-3000:])
            continue
        bad = summary["failed"] + summary["errors"] + summary["xpass"]
        skipped = summary["skipped"] + summary["xfail"]
        # the driver exits 0 after its summary: anything else is a crash
        # after it (a segfault in a second suite, at exit) and fails the module
        crashed = rc != 0
        print(f"{module:24} [{mode}]  run {summary['run']:4}  passed {summary['passed']:4}  failed {bad:3}  "
              f"skipped {skipped:3}" + (f"  CRASH: exit {rc} after the summary" if crashed else ""), flush=True)
        if crashed:
            bad += 1
            if args.verbose:
                print(err[-3000:])
        if bad and args.verbose:
            print(err[-5000:])
        passed_all += summary["passed"]
        failed_all += bad
        t[0] += summary["passed"]
        t[1] += bad
        t[2] += skipped
        t[3] += summary["run"]
    for mode, (p, f, s, r) in totals.items():
        print(f"mode {mode}: run {r}, passed {p}, failed {f}, skipped {s}")
    print(f"{passed_all} passed, {failed_all} failed")
    pool.shutdown()
    return 1 if failed_all else 0


if __name__ == "__main__":
    sys.exit(main())
