#!/usr/bin/env python3
"""Checks of bench/ and of tools/bench.py's steady-state mode.

    python3 tools/bench_checks.py [--tpy ./tpy]

- every bench/NAME.py has expected/NAME.out, a module-level bench() and a
  `if __name__ == "__main__":` guard (so the harness can import it);
- tools/bench_steady_harness.py under tpy: a correct program gives `ok` on
  every call; a program whose second call returns something else gives
  WRONG there; a program without bench() exits 1; --budget stops a process
  early but never before MIN_ITERS calls;
- tools/bench.py --steady end to end on one program (sieve), CPython and tpy
  JIT on and off, 2 calls with 1 warm-up: each pair is ok with one sample,
  and the JSON has the ratio columns and geomeans.

Last line: "N passed, M failed" (tools/check.sh adds it up).
"""

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "tools", "bench_steady_harness.py")
BENCH_DIR = os.path.join(ROOT, "bench")

passed = 0
failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok   %s" % name)
    else:
        failed += 1
        print("FAIL %s%s" % (name, (": " + detail) if detail else ""))


def has_main_guard(tree):
    for node in tree.body:
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
                and isinstance(node.test.left, ast.Name)
                and node.test.left.id == "__name__"):
            return True
    return False


def check_programs():
    for fn in sorted(os.listdir(BENCH_DIR)):
        if not fn.endswith(".py") or fn.startswith("_"):
            continue
        name = fn[:-3]
        with open(os.path.join(BENCH_DIR, fn), encoding="utf-8") as f:
            tree = ast.parse(f.read(), fn)
        defs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        check("%s: expected/%s.out exists" % (name, name),
              os.path.exists(os.path.join(BENCH_DIR, "expected", name + ".out")))
        check("%s: defines bench() and a __main__ guard" % name,
              "bench" in defs and has_main_guard(tree))


def harness(tpy, tmp, source, expected, iters, min_iters, budget):
    prog = os.path.join(tmp, "prog.py")
    exp = os.path.join(tmp, "prog.out")
    with open(prog, "w") as f:
        f.write(source)
    with open(exp, "w") as f:
        f.write(expected)
    r = subprocess.run([tpy, HARNESS, prog, exp, str(iters), str(min_iters),
                        str(budget)], capture_output=True, text=True, timeout=120)
    statuses = [line.split()[-1] for line in r.stdout.splitlines()
                if line.startswith("iter ")]
    return r.returncode, statuses, r.stderr


def check_harness(tpy, tmp):
    rc, st, err = harness(tpy, tmp, "def bench():\n    return 'a\\nb'\n",
                          "a\nb\n", 3, 3, 0)
    check("harness: a correct program is ok on every call",
          rc == 0 and st == ["ok", "ok", "ok"], "rc=%d %s %s" % (rc, st, err[-200:]))
    rc, st, err = harness(tpy, tmp, "K = [0]\ndef bench():\n    K[0] += 1\n"
                          "    return str(K[0])\n", "1\n", 3, 3, 0)
    check("harness: a call returning other text is WRONG",
          rc == 0 and st == ["ok", "WRONG", "WRONG"] and "'2'" in err,
          "rc=%d %s" % (rc, st))
    rc, st, err = harness(tpy, tmp, "x = 1\n", "\n", 3, 3, 0)
    check("harness: a program without bench() fails",
          rc == 1 and st == [] and "no bench()" in err, "rc=%d %s" % (rc, st))
    rc, st, err = harness(tpy, tmp, "import time\ndef bench():\n"
                          "    time.sleep(0.05)\n    return 'z'\n", "z\n", 10, 2, 0.12)
    check("harness: the budget stops early, never before MIN_ITERS",
          rc == 0 and 2 <= len(st) < 10 and set(st) == {"ok"}, "rc=%d %s" % (rc, st))


def check_runner(tpy, tmp):
    out = os.path.join(tmp, "steady.json")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench.py"),
                        "--tpy", tpy, "--no-pypy", "--steady", "-k", "sieve",
                        "--iters", "2", "--warmup", "1", "--json", out],
                       capture_output=True, text=True, timeout=600)
    check("bench.py --steady: exit status 0", r.returncode == 0,
          "rc=%d %s" % (r.returncode, (r.stdout + r.stderr)[-400:]))
    try:
        with open(out) as f:
            d = json.load(f)
        st = d["steady"]
        s = st["programs"]["sieve"]["summary"]
        ok = all(s[i]["status"] == "ok" and s[i]["samples"] == 1
                 for i in ("tpy-jit", "tpy-nojit", "cpython"))
        check("bench.py --steady: each interpreter ok, one sample after warm-up",
              ok, str(s))
        ratios = st["programs"]["sieve"]["ratios"]
        expect = s["tpy-jit"]["wall"] / s["cpython"]["wall"]
        check("bench.py --steady: jit/cpy = tpy-jit / cpython, geomeans present",
              abs(ratios["jit/cpy"] - expect) < 1e-9
              and st["geomean"]["nojit/cpy"]["programs"] == 1, str(ratios))
    except (OSError, ValueError, KeyError) as e:
        check("bench.py --steady: JSON written", False, repr(e))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    args = ap.parse_args()
    tpy = os.path.abspath(args.tpy)
    check_programs()
    with tempfile.TemporaryDirectory(prefix="tpy-bench-checks-") as tmp:
        check_harness(tpy, tmp)
        check_runner(tpy, tmp)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
