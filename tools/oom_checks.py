#!/usr/bin/env python3
"""Out of memory is an exception: a program under an address-space limit
(ulimit -v) exhausts memory in a dozen ways, catches each MemoryError,
drops what it held and goes on. Its output and exit status are compared
with CPython 3.11's; tpy runs in its three JIT modes. (Not in the
sanitizer build: ASan reserves terabytes of address space.)

  oom_checks.py [--tpy ./tpy] [--python /usr/bin/python3] [--limit-mb N] [-v]

The last line is "N passed, N failed".
"""
import argparse
import os
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MODES = {
    "off": ["--jit", "off"],
    "default": [],
    "eager": ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"],
}

PROGRAM = r'''
import sys

def attempt(name, fn):
    try:
        fn()
        print(name, "no error")
    except MemoryError:
        print(name, "MemoryError")

def big_strings():
    keep = []
    while True:
        keep.append(" " * 10 ** 6)
def small_lists():
    keep = []
    while True:
        keep.append([len(keep)])
def dict_fill():
    d = {}
    i = 0
    while True:
        d[i] = i
        i += 1
def set_fill():
    s = set()
    i = 0
    while True:
        s.add(i)
        i += 1
def str_doubling():
    s = "x"
    while True:
        s += s
def bytes_repeat():
    b = b"ab" * (10 ** 10)
def bytearray_grow():
    b = bytearray()
    while True:
        b += b"x" * 100000
def tuple_repeat():
    t = (1, 2) * (10 ** 10)
def list_comprehension():
    l = [i for i in range(10 ** 10)]
def dict_comprehension():
    d = {i: i for i in range(10 ** 9)}
def join_huge():
    "".join(["abc" * 1000] * 1000000)
def list_extend():
    l = []
    l.extend(range(10 ** 10))
def str_repeat():
    s = "ab" * (10 ** 12)

for _ in range(2):      # twice: the second round runs after the first recovered
    for name, fn in list(globals().items()):
        if callable(fn) and name != "attempt":
            attempt(name, fn)
if sys.implementation.name == "tpy":
    # CPython computes this for minutes before it fails; tpy checks first
    attempt("big_power", lambda: 7 ** (10 ** 9))
print("survived")
'''


def run(cmd, limit):
    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("PYTHON"):
            del env[k]
    p = subprocess.run(cmd, capture_output=True, preexec_fn=limit_memory, timeout=600, env=env)
    return p.stdout, p.stderr, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpy", default="./tpy")
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--limit-mb", type=int, default=600, help="address-space limit (default 600)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    limit = args.limit_mb << 20
    path = os.path.join(ROOT, "build", "oom_check.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(PROGRAM)
    exp_out, exp_err, exp_rc = run([args.python, path], limit)
    exp_out = exp_out.replace(b"survived\n", b"big_power MemoryError\nsurvived\n")
    passed = failed = 0
    for mode, flags in MODES.items():
        out, err, rc = run([args.tpy] + flags + [path], limit)
        if out == exp_out and rc == exp_rc and not err:
            passed += 1
            if args.verbose:
                print("ok   %s" % mode)
        else:
            failed += 1
            print("FAIL %s: exit %d (expected %d)" % (mode, rc, exp_rc))
            print("  stdout:\n    " + out.decode(errors="replace").replace("\n", "\n    "))
            print("  expected:\n    " + exp_out.decode(errors="replace").replace("\n", "\n    "))
            if err:
                print("  stderr: " + err.decode(errors="replace")[-1500:])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
