#!/usr/bin/env python3
"""Regenerate the expected outputs of tpy's tests with CPython 3.11.

Usage:
    python3 tests/regen.py [--python /usr/bin/python3] [--timeout S] [NAME_OR_GLOB ...]

For every selected test tests/<dir>/X.py this writes, beside it:
    X.out   exact stdout bytes
    X.err   exact stderr bytes
    X.exit  the exit status, one line (e.g. "0\n")

CPython is run from the repository root with the test path given relative
(`/usr/bin/python3 tests/core/X.py`).  CPython turns the script path into an
absolute one in tracebacks; regen strips the repository root from stderr, so
the recorded tracebacks read "tests/core/X.py".
X.in, when present, is fed to stdin (otherwise stdin is empty); X.args, when
present, holds the command-line arguments, one per line.  The environment has
PYTHONHASHSEED=0 and PYTHONIOENCODING=utf-8.

Arguments select tests: a path to a .py file, a directory, a test name
("str_split"), or a glob over names or paths ("hot_*", "tests/core/exc_*.py").
Without arguments, every test under tests/*/ is regenerated.

The interpreter used must be CPython 3.11; anything else is refused.

A test whose header has `# tpy-test: no-regen` has expected outputs that
CPython cannot produce (e.g. the pypyjit tests in tests/jit/, written by
hand from PyPy's documented behaviour): it is skipped, and says so.
"""
import argparse
import fnmatch
import os
import subprocess
import sys

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS_DIR)
DEFAULT_PYTHON = "/usr/bin/python3"


def all_tests():
    """Every tests/<dir>/X.py (relative to ROOT), sorted."""
    found = []
    for d in sorted(os.listdir(TESTS_DIR)):
        full = os.path.join(TESTS_DIR, d)
        if not os.path.isdir(full) or d.startswith((".", "_")):
            continue
        for f in sorted(os.listdir(full)):
            if f.endswith(".py"):
                found.append(os.path.join("tests", d, f))
    return found


def select(patterns):
    tests = all_tests()
    if not patterns:
        return tests
    chosen = []
    for pat in patterns:
        hits = []
        ap = os.path.abspath(pat)
        if os.path.isdir(ap):
            rel = os.path.relpath(ap, ROOT)
            hits = [t for t in tests if os.path.dirname(t) == rel]
        elif os.path.isfile(ap) and ap.endswith(".py"):
            hits = [os.path.relpath(ap, ROOT)]
        else:
            for t in tests:
                name = os.path.splitext(os.path.basename(t))[0]
                if (fnmatch.fnmatch(name, pat) or fnmatch.fnmatch(t, pat)
                        or fnmatch.fnmatch(os.path.basename(t), pat)):
                    hits.append(t)
        if not hits:
            sys.exit("regen: no test matches %r" % pat)
        for h in hits:
            if h not in chosen:
                chosen.append(h)
    return chosen


def check_python(python):
    try:
        out = subprocess.run(
            [python, "-c",
             "import sys, platform; print(platform.python_implementation(),"
             " sys.version_info[0], sys.version_info[1])"],
            capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit("regen: cannot run %s: %s" % (python, e))
    if out != ["CPython", "3", "11"]:
        sys.exit("regen: %s is %s, not CPython 3.11; refusing"
                 % (python, " ".join(out)))


def is_no_regen(test):
    """True if the test's header comments carry `tpy-test: no-regen`."""
    with open(os.path.join(ROOT, test), "rb") as f:
        lines = f.read(4096).decode("utf-8", "replace").splitlines()
    for line in lines:
        s = line.strip()
        if not s.startswith("#"):
            break
        body = s[1:].strip()
        if body.startswith("tpy-test:") and "no-regen" in body[9:].replace(";", " ").split():
            return True
    return False


def regen_one(python, test, timeout):
    if is_no_regen(test):
        return "skipped (no-regen: expected output written by hand)"
    base = os.path.join(ROOT, test[:-3])
    args = []
    if os.path.exists(base + ".args"):
        with open(base + ".args", encoding="utf-8") as f:
            args = f.read().splitlines()
    stdin_data = b""
    if os.path.exists(base + ".in"):
        with open(base + ".in", "rb") as f:
            stdin_data = f.read()
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("PYTHON"):
            del env[k]
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    try:
        p = subprocess.run([python, test] + args, cwd=ROOT, input=stdin_data,
                           capture_output=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "TIMEOUT"
    # a negative status (killed by that signal) is recorded too: CPython
    # dies by SIGINT after an uncaught KeyboardInterrupt
    # CPython makes the script path absolute; record it as given, relative
    # to the repository root, so expected files don't depend on the checkout.
    stderr = p.stderr.replace(os.path.join(ROOT, "").encode(), b"")
    for ext, data in ((".out", p.stdout), (".err", stderr),
                      (".exit", b"%d\n" % p.returncode)):
        with open(base + ext, "wb") as f:
            f.write(data)
    return p.returncode


def main():
    ap = argparse.ArgumentParser(
        description="Regenerate expected outputs (.out/.err/.exit) with CPython 3.11.")
    ap.add_argument("--python", default=DEFAULT_PYTHON,
                    help="CPython 3.11 interpreter (default %(default)s)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds per test (default %(default)s)")
    ap.add_argument("tests", nargs="*", help="test names, globs, files or dirs")
    opts = ap.parse_args()
    check_python(opts.python)
    tests = select(opts.tests)
    bad = 0
    skipped = 0
    for t in tests:
        r = regen_one(opts.python, t, opts.timeout)
        if isinstance(r, str) and r.startswith("skipped"):
            skipped += 1
            print("%-45s %s" % (t, r))
        elif isinstance(r, str):
            bad += 1
            print("%-45s %s (expected files left unchanged)" % (t, r))
        else:
            print("%-45s exit %d" % (t, r))
    print("regenerated %d test(s)%s%s" % (len(tests) - bad - skipped,
                                          ", %d skipped (no-regen)" % skipped if skipped else "",
                                          ", %d problem(s)" % bad if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
