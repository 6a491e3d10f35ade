#!/usr/bin/env python3
"""Compile every .py file of CPython's standard library and test suite with
tpy's compiler and check that none hits an internal compiler error.

  compile_stdlib.py [--tpy ./tpy] [--root /usr/lib/python3.11]

tpy's compiler checks its own stack-depth bookkeeping (compiler.c:
note_label_depth, bind_label, compute_stacksize) and fails with SystemError
rather than emit a wrong exception table; these 1,600 real files exercise
it far more than the suite does. A file counts as passed when tpy compiles
it or rejects it with SyntaxError (constructs not supported yet: counted and
reported, not failed), and as failed on any other exception or a crash.
The last line is "N passed, N failed".
"""
import argparse
import os
import subprocess
import sys
import warnings

# run by tpy: compile each file named on the command line, one line per file
COMPILER = r'''
import sys
for path in sys.argv[1:]:
    f = open(path, encoding="utf-8")
    try:
        src = f.read()
    finally:
        f.close()
    try:
        compile(src, path, "exec")
        print("ok", path)
    except SyntaxError as e:
        print("syntax", path, e.msg)
    except BaseException as e:
        print("error", path, type(e).__name__, e)
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpy", default="./tpy")
    ap.add_argument("--root", default="/usr/lib/python3.11")
    args = ap.parse_args()
    files = []
    warnings.simplefilter("ignore")
    for d, dirs, names in os.walk(args.root):
        dirs[:] = sorted(x for x in dirs if x not in ("site-packages", "dist-packages", "__pycache__"))
        for n in sorted(names):
            if n.endswith(".py"):
                p = os.path.join(d, n)
                try:
                    with open(p, encoding="utf-8") as f:
                        compile(f.read(), p, "exec")   # only what CPython itself compiles
                except (SyntaxError, UnicodeDecodeError, ValueError):
                    continue
                files.append(p)
    if not files:
        print("compile_stdlib: no files under", args.root)
        print("0 passed, 1 failed")
        return 1
    passed = failed = syntax = 0
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "compile_all.py")
    os.makedirs(os.path.dirname(script), exist_ok=True)
    with open(script, "w") as f:
        f.write(COMPILER)
    seen = set()
    chunk = 200
    for i in range(0, len(files), chunk):
        part = files[i:i + chunk]
        r = subprocess.run([args.tpy, "--jit", "off", script] + part, capture_output=True, text=True, timeout=600)
        for line in r.stdout.splitlines():
            kind, _, rest = line.partition(" ")
            path = rest.split(" ", 1)[0]
            seen.add(path)
            if kind == "ok":
                passed += 1
            elif kind == "syntax":
                passed += 1
                syntax += 1
            else:
                failed += 1
                print("FAIL", line)
        if r.returncode != 0:
            lost = [p for p in part if p not in seen]
            failed += max(1, len(lost))
            print("FAIL tpy exited with %d on %s..." % (r.returncode, lost[0] if lost else part[0]))
            print(r.stderr[-2000:])
    print("%d files: %d compiled, %d rejected as not supported by tpy" % (len(files), passed - syntax, syntax))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
