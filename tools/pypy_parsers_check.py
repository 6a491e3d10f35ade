#!/usr/bin/env python3
"""Do PyPy's own log readers read tpy's logs? (issue 14, item 5)

For every bench/*.py (or the programs named), run tpy with
PYPYLOG=jit-log-opt,jit-backend,jit-summary:LOG and feed LOG to PyPy's three
readers, under Python 2.7, from a PyPy source checkout (never part of tpy):

  logparser     rpython/tool/logparser.py: parse_log_file (sections nest,
                times in hex) and print_summary (time per section)
  jitlogparser  rpython/tool/jitlogparser/parser.py: import_log (every
                jit-log-opt loop and bridge through PyPy's operation parser,
                which rejects operation names PyPy's resoperation table
                lacks; jit-backend-addr and jit-backend-dump matched to
                them), force_asm on each (objdump disassembles the dump)
                with --asm, and parse_log_counts (jit-backend-counts
                matched to the loops' entries, labels and bridges)
  jitoutput     rpython/jit/tool/jitoutput.py: parse_prof of jit-summary

One line per program, OK or ERROR with the reader and its exception; the
last line is "N passed, N failed". Without a PyPy checkout or Python 2.7 it
prints "SKIP: ..." and exits 0 (CI has neither): it is a tool to run by
hand, its results recorded in docs/pypyjit.md. tools/pypy_vocab_check.py
is the check that always runs.

Usage:
  python3 tools/pypy_parsers_check.py --pypy /path/to/pypy \\
      [--python2 'env PYENV_VERSION=2.7.18 python2.7'] [--tpy ./tpy] [--asm]
      [--markdown] [--keep DIR] [bench/nbody.py ...]
The checkout may also be given as $PYPY_SRC, the interpreter as $PYTHON2.
"""
import argparse
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs under Python 2.7 with the PyPy checkout on sys.path; argv: log files.
# Prints one JSON object per log.
READER = r'''
import json, sys, traceback
from rpython.tool import logparser
from rpython.tool.jitlogparser import parser as jitlogparser
from rpython.jit.tool import jitoutput

def short(e):
    return "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")

want_asm = sys.argv[1] == "asm"
for path in sys.argv[2:]:
    r = {"log": path, "errors": []}
    try:
        log = logparser.parse_log_file(path, verbose=False)
        import StringIO
        out = StringIO.StringIO()
        saved, sys.stdout = sys.stdout, out
        try:
            logparser.print_summary(log, "-")
        finally:
            sys.stdout = saved
        r["sections"] = len(out.getvalue().splitlines())
    except Exception as e:
        r["errors"].append("logparser: " + short(e))
        print(json.dumps(r))
        continue
    try:
        log, loops = jitlogparser.import_log(path)
        r["loops"] = len(loops)
        r["ops"] = sum(len(l.operations) for l in loops)
        r["asm"] = 0
        if want_asm:
            for l in loops:
                if hasattr(l, "force_asm"):
                    l.force_asm()
                    r["asm"] += 1
        counts = logparser.extract_category(log, "jit-backend-counts")
        jitlogparser.parse_log_counts(counts, loops)
        r["counted"] = sum(1 for l in loops if hasattr(l, "count"))
    except Exception as e:
        r["errors"].append("jitlogparser: " + short(e))
    try:
        summ = logparser.extract_category(log, "jit-summary")
        info = jitoutput.parse_prof(summ[-1])
        r["summary_loops"] = info.total_compiled_loops
    except Exception as e:
        r["errors"].append("jitoutput: " + short(e))
    print(json.dumps(r))
'''


def skip(why):
    print("SKIP: %s" % why)
    sys.exit(0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("--pypy", default=os.environ.get("PYPY_SRC"), help="a PyPy source checkout")
    ap.add_argument("--python2", default=os.environ.get("PYTHON2", "python2.7"),
                    help="the command running Python 2.7 (split like a shell would)")
    ap.add_argument("--asm", action="store_true", help="disassemble every loop's dump with objdump too")
    ap.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    ap.add_argument("--keep", help="write the logs into this directory and keep them")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()

    if not args.pypy or not os.path.isfile(os.path.join(args.pypy, "rpython", "tool", "logparser.py")):
        skip("no PyPy checkout (--pypy DIR or $PYPY_SRC: a tree with rpython/tool/logparser.py)")
    py2 = shlex.split(args.python2)
    try:
        v = subprocess.run(py2 + ["-c", "import sys; print(sys.version_info[0])"], capture_output=True,
                           text=True, timeout=60)
        if v.returncode != 0 or v.stdout.strip() != "2":
            skip("%r is not a Python 2 interpreter" % args.python2)
    except OSError:
        skip("no Python 2.7 (%r; --python2 CMD or $PYTHON2)" % args.python2)

    programs = args.programs or sorted(glob.glob(os.path.join(ROOT, "bench", "*.py")))
    logdir = args.keep or tempfile.mkdtemp(prefix="tpy-pypy-parsers-")
    os.makedirs(logdir, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "PYPYLOG"}
    logs = {}
    for prog in programs:
        name = os.path.splitext(os.path.basename(prog))[0]
        log = os.path.join(os.path.abspath(logdir), name + ".log")
        env["PYPYLOG"] = "jit-log-opt,jit-backend,jit-summary:" + log
        p = subprocess.run([args.tpy, os.path.abspath(prog)], cwd=os.path.dirname(os.path.abspath(prog)), env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
        logs[name] = (log, p.returncode, p.stderr.decode(errors="replace").strip().splitlines()[-1:])

    env2 = dict(os.environ)
    env2["PYTHONPATH"] = os.path.abspath(args.pypy)
    env2.pop("PYTHONDONTWRITEBYTECODE", None)
    env2["PYTHONDONTWRITEBYTECODE"] = "1"     # nothing written into the checkout
    paths = [logs[n][0] for n in logs if os.path.exists(logs[n][0])]
    p = subprocess.run(py2 + ["-c", READER, "asm" if args.asm else "noasm"] + paths, capture_output=True,
                       text=True, env=env2, cwd=logdir, timeout=3600)
    results = {}
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            results[r["log"]] = r
    if p.returncode != 0:
        print("the reader under Python 2 failed:\n" + p.stderr[-2000:])

    npass = nfail = 0
    if args.markdown:
        print("| program | loops+bridges | ops | counted | result |")
        print("| --- | ---: | ---: | ---: | --- |")
    for name, (log, rc, err) in logs.items():
        r = results.get(log)
        problems = []
        if rc != 0:
            problems.append("tpy exit %d %s" % (rc, " ".join(err)))
        if r is None:
            problems.append("no result from the readers")
        else:
            problems += r["errors"]
        ok = not problems
        npass += ok
        nfail += not ok
        loops = r.get("loops", "-") if r else "-"
        ops = r.get("ops", "-") if r else "-"
        counted = r.get("counted", "-") if r else "-"
        what = "OK" if ok else "; ".join(problems)
        if args.markdown:
            print("| %s | %s | %s | %s | %s |" % (name, loops, ops, counted, what))
        else:
            print("%-5s %-18s loops=%s ops=%s counted=%s%s" % ("OK" if ok else "ERROR", name, loops, ops, counted,
                                                             "" if ok else "  " + what))
    if not args.keep:
        for log, _, _ in logs.values():
            if os.path.exists(log):
                os.unlink(log)
        os.rmdir(logdir)
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
