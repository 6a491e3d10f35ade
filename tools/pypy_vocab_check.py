#!/usr/bin/env python3
"""Every operation name tpy writes in its logs and shows in its hooks is
one of PyPy's (issue 14, item 5); run by tools/check.sh.

PyPy's log readers stop at an operation name their resoperation table
lacks ("unknown op: float_sqrt"). tools/pypy_resops.txt lists PyPy's
names; this checks, without PyPy:

  table   every operation of IROP_DEF (src/jit/ir.h) that logs write is
          one of PyPy's names or is listed in IROP_PYPY_DEF with the
          PyPy form it is written as (static: also the operations no
          program below happens to produce)
  logs    the programs of tests/jit, tests/jit/probes and bench, run with
          PYPYLOG=jit-log,jit-abort-log (the recorded, optimized and
          aborted traces), in the default and eager JIT modes (bench:
          default): every operation name in every log is PyPy's
  hooks   a program producing each tpy-only operation (math.sqrt, //, %,
          boxed ints and floats, bool results) shows, in its log and in
          the compile, abort and optimize hooks (ResOperation.name, the
          name in repr(op)), PyPy's names only, and the optimize hook's
          parser reads every operation back (the reprs returned as they
          are replace the trace without a complaint, the program's
          result unchanged); a descr a form does not write is refused
  forms   each tpy-only operation shows in its PyPy form (guard_class
          with ConstClass(small_int), call_pure_f(ConstClass(float_sqrt),
          ..., descr=<Callf 8 f EF=0 OS=100>) ...) in the logs

The last line is "N passed, N failed".
Usage: python3 tools/pypy_vocab_check.py [--tpy ./tpy] [--quick]
  --quick  skip the bench programs
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EAGER = "threshold=1,function_threshold=1,trace_eagerness=1"
results = []

# ir.h operations no log or hook ever writes: input arguments are the
# "[p0, i1]" line of a trace, not operations
NEVER_WRITTEN = {"inputarg_i", "inputarg_f", "inputarg_r"}

# An operation line of a log section body: "+ofs: " (compiled traces),
# "x7 = " (a result), then the name and its "(".
OP_LINE = re.compile(r"^(?:\+\d+: )?(?:[ifpv]\d+ = )?([a-z_][a-z0-9_]*)\(")
SECTION_START = re.compile(r"^\[[0-9a-f]+\] \{([\w-]+)$")
SECTION_STOP = re.compile(r"^\[[0-9a-f]+\] ([\w-]+)\}$")


def check(name, ok, detail=""):
    results.append(bool(ok))
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n    " + detail))


def pypy_names():
    with open(os.path.join(ROOT, "tools", "pypy_resops.txt")) as f:
        return {line.split("#")[0].strip() for line in f} - {""}


def run(cmd, env=None, cwd=ROOT, timeout=300):
    e = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "PYPYLOG"}
    e["PYTHONHASHSEED"] = "0"
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=cwd, env=e, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)


def log_op_names(text):
    """{name: first line} of the operations in the log's trace sections."""
    names = {}
    depth = []
    for line in text.splitlines():
        m = SECTION_START.match(line)
        if m:
            depth.append(m.group(1))
            continue
        if SECTION_STOP.match(line):
            if depth:
                depth.pop()
            continue
        if not depth or not (depth[-1].startswith("jit-log-") or depth[-1] == "jit-abort-log"):
            continue
        m = OP_LINE.match(line)
        if m:
            names.setdefault(m.group(1), line)
    return names


def ir_table():
    """(IROP_DEF's names, IROP_PYPY_DEF's names) from src/jit/ir.h."""
    with open(os.path.join(ROOT, "src", "jit", "ir.h")) as f:
        src = f.read()

    def block(macro):
        start = src.index("#define %s(_)" % macro)
        end = start
        while True:     # the macro ends at the first line without a backslash
            nl = src.index("\n", end)
            if not src[end:nl].rstrip().endswith("\\"):
                break
            end = nl + 1
        text = re.sub(r"/\*.*?\*/", "", src[start:nl + 1], flags=re.S)
        return re.findall(r"_\(\s*([a-z_0-9]+)\s*,", text)

    return block("IROP_DEF"), block("IROP_PYPY_DEF")


HOOK_PROGRAM = r'''
import math, pypyjit, sys
mode = sys.argv[1]
seen = {}
problems = []
sys.unraisablehook = lambda u: problems.append(str(u.exc_value))

def note(where, ops):
    for op in ops:
        r = repr(op)
        m = r.split(" = ", 1)[-1] if " = " in r.split("(", 1)[0] else r
        for name in (op.name, m.split("(", 1)[0]):
            seen.setdefault(name, "%s: %s" % (where, r))

def on_compile(info):
    note("compile hook", info.operations)
def on_abort(jd, greenkey, reason, ops):
    note("abort hook", ops)
def on_optimize(jd, kind, key, ops):
    note("optimize hook", ops)
    if mode == "same":
        return [repr(op) for op in ops]
    if mode == "wrong-descr":
        return [repr(op).replace(" OS=100>", " OS=101>") for op in ops]
    return None
pypyjit.set_compile_hook(on_compile)
pypyjit.set_abort_hook(on_abort)
pypyjit.set_optimize_hook(on_optimize)

class small_int:        # a class named as guard_is_int's form: its own guard_class stays one
    pass

def work(n):
    s = 0.0
    k = 0
    flags = 0
    big = 0
    objs = [small_int(), small_int()]
    halves = [0.0, 0.0]
    for i in range(n):
        s += math.sqrt(i * 1.5)
        halves[i & 1] = s * 0.5
        k += i // 3 + i % 7 - (-i) // 5
        b = (i & 3) == 1
        flags += b
        big = (big + i * 2 ** 40) % (2 ** 70)
        x = objs[i & 1]
        if isinstance(x, small_int):
            flags += 1
    return round(s, 6), k, flags, big, round(halves[0] + halves[1], 6)

print(work(3000))
print("problems", problems)
for name in sorted(seen):
    print("op", name, seen[name])
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    tpy = os.path.abspath(args.tpy)
    pypy = pypy_names()
    check("tools/pypy_resops.txt lists PyPy's 224 operation names", len(pypy) == 224, str(len(pypy)))

    # ---- table
    ops, forms = ir_table()
    check("ir.h: IROP_DEF and IROP_PYPY_DEF read", len(ops) > 50 and len(forms) > 0, "%d, %d" % (len(ops), len(forms)))
    lacking = [o for o in ops if o not in pypy and o not in forms and o not in NEVER_WRITTEN]
    check("ir.h: every operation logs write is PyPy's or has a PyPy form in IROP_PYPY_DEF", not lacking,
          "not PyPy's and no form: " + ", ".join(lacking))
    needless = [o for o in forms if o in pypy or o not in ops]
    check("ir.h: IROP_PYPY_DEF lists only operations of IROP_DEF that PyPy lacks", not needless, ", ".join(needless))

    # ---- logs
    programs = sorted(glob.glob(os.path.join(ROOT, "tests", "jit", "*.py")))
    programs += sorted(glob.glob(os.path.join(ROOT, "tests", "jit", "probes", "*.py")))
    runs = [(p, mode) for p in programs for mode in ("default", "eager")]
    if not args.quick:
        runs += [(p, "default") for p in sorted(glob.glob(os.path.join(ROOT, "bench", "*.py")))]
    seen = {}
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        for prog, mode in runs:
            cmd = [tpy] + (["--jit", EAGER] if mode == "eager" else []) + [prog]
            try:
                run(cmd, env={"PYPYLOG": "jit-log,jit-abort-log:" + log}, cwd=os.path.dirname(prog),
                    timeout=600)
            except subprocess.TimeoutExpired:
                check("%s (%s) runs" % (os.path.relpath(prog, ROOT), mode), False, "timeout")
                continue
            if not os.path.exists(log):
                continue
            with open(log, errors="replace") as f:
                for name, line in log_op_names(f.read()).items():
                    seen.setdefault(name, "%s (%s): %s" % (os.path.relpath(prog, ROOT), mode, line))
            os.unlink(log)
    check("logs: %d runs wrote operations (%d names)" % (len(runs), len(seen)), len(seen) > 30, str(sorted(seen)))
    bad = sorted(n for n in seen if n not in pypy)
    check("logs: every operation name is PyPy's", not bad, "\n    ".join(seen[n] for n in bad))

    # ---- hooks
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(HOOK_PROGRAM)
        prog = f.name
    log = prog + ".log"
    try:
        outs = {}
        for mode in ("keep", "same", "wrong-descr"):
            for jit in ("default", "eager"):
                p = run([tpy] + (["--jit", EAGER] if jit == "eager" else []) + [prog, mode],
                        env={"PYPYLOG": "jit-log,jit-abort-log:" + log} if (mode, jit) == ("keep", "default") else None)
                outs[mode, jit] = p.stdout.decode(errors="replace")
                check("hooks (%s, %s): the program runs" % (mode, jit), p.returncode == 0,
                      p.stderr.decode(errors="replace")[-500:])
        hook_names = {}
        for out in outs.values():
            for line in out.splitlines():
                if line.startswith("op "):
                    _, name, where = line.split(" ", 2)
                    hook_names.setdefault(name, where)
        bad = sorted(n for n in hook_names if n not in pypy)
        check("hooks: every ResOperation name and repr name is PyPy's (%d names)" % len(hook_names),
              hook_names and not bad, "\n    ".join("%s  (%s)" % (n, hook_names[n]) for n in bad))
        for jit in ("default", "eager"):
            first = outs["keep", jit].splitlines()[:1]
            check("hooks (%s): the optimize hook's parser reads every form back: the reprs returned unchanged "
                  "replace the trace, same result, no complaint" % jit,
                  first and outs["same", jit].splitlines()[:2] == first + ["problems []"],
                  "\n    ".join(outs["same", jit].splitlines()[:2]))
            check("hooks (%s): a call form with a descr it does not write is refused" % jit,
                  "float_sqrt is written with descr=<Callf 8 f EF=0 OS=100>, not descr=<Callf 8 f EF=0 OS=101>"
                  in outs["wrong-descr", jit], "\n    ".join(outs["wrong-descr", jit].splitlines()[:2]))
        with open(log) as f:
            text = f.read()
        names = log_op_names(text)
        bad = sorted(n for n in names if n not in pypy)
        check("hooks: the program's own log has PyPy's operation names only", names and not bad,
              "\n    ".join(names[n] for n in bad))
        for form in (r"guard_class\(p\d+, ConstClass\(small_int\), descr=<Guard0x[0-9a-f]+>\) \[",
                     r"guard_class\(p\d+, ConstClass\(any_float\), descr=<Guard0x[0-9a-f]+>\) \[",
                     r"f\d+ = call_pure_f\(ConstClass\(float_sqrt\), f\d+, descr=<Callf 8 f EF=0 OS=100>\)",
                     r"i\d+ = call_pure_i\(ConstClass\(int_py_floordiv\), i\d+, -?\w+, descr=<Calli 8 ii EF=0 OS=12>\)",
                     r"i\d+ = call_pure_i\(ConstClass\(int_py_mod\), i\d+, \w+, descr=<Calli 8 ii EF=0 OS=14>\)",
                     r"i\d+ = call_pure_i\(ConstClass\(unbox_int\), p\d+, descr=<Calli 8 r EF=0>\)",
                     r"f\d+ = call_pure_f\(ConstClass\(unbox_float\), p\d+, descr=<Callf 8 r EF=0>\)",
                     r"p\d+ = call_pure_r\(ConstClass\(box_int\), i\d+, descr=<Callr 8 i EF=3>\)",
                     r"p\d+ = call_pure_r\(ConstClass\(box_float\), f\d+, descr=<Callr 8 f EF=3>\)",
                     r"p\d+ = call_pure_r\(ConstClass\(bool_from_int\), i\d+, descr=<Callr 8 i EF=0>\)"):
            check("forms: the log has %s" % form.replace("\\", ""), re.search(form, text),
                  "operations written: " + ", ".join(sorted(set(re.findall(r"= (\w+\(ConstClass\(\w+\))", text)))))
    finally:
        for p in (prog, log):
            if os.path.exists(p):
                os.unlink(p)

    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
