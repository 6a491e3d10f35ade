#!/usr/bin/env python3
"""Ctrl-C from outside: each program below prints "ready" once it is
running the code under test, and this driver then sends it SIGINT, as a
terminal does, and compares what happens with CPython 3.11 (the handler's
output and the finally blocks on stdout, the exit status, the last line of
stderr). tpy runs in its three JIT modes.

  signal_checks.py [--tpy ./tpy] [--python /usr/bin/python3] [-k NAME] [-v]

The code under test: an interpreted loop, a compiled loop, a loop whose
iterations go through a bridge, a generator running inline in a trace,
time.sleep, a blocking read on stdin, C code consuming an endless iterator,
a sort with a key in C, a big-int power, and an uncaught KeyboardInterrupt
(the process must die by SIGINT, status 130 in a shell). A program that
does not stop within the time limit fails. The last line is
"N passed, N failed".
"""
import argparse
import os
import select
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MODES = {
    "off": ["--jit", "off"],
    "default": [],
    "eager": ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"],
}

# name -> program. "ready" goes to stdout (flushed) when the code under
# test runs; SIGINT follows 0.3 s later.
PROGRAMS = {
    "loop": r'''
def spin():
    i = 0
    while True:
        i += 1
        if i == 300000:
            print("ready", flush=True)
try:
    spin()
except KeyboardInterrupt:
    print("interrupted")
finally:
    print("finally")
''',
    "bridge": r'''
def spin():
    i = a = b = 0
    while True:
        i += 1
        if i % 3:          # fails the loop's guard a third of the time: a bridge
            a += 1
        else:
            b += 2
        if i == 300000:
            print("ready", flush=True)
try:
    spin()
except KeyboardInterrupt:
    print("interrupted")
finally:
    print("saved state")
''',
    "generator": r'''
def naturals():
    n = 0
    while True:
        n += 1
        yield n
def consume():
    total = 0
    try:
        for n in naturals():
            total += n & 7
            if n == 300000:
                print("ready", flush=True)
    finally:
        print("inner finally")
try:
    consume()
except KeyboardInterrupt:
    print("interrupted")
''',
    "sleep": r'''
import time
try:
    print("ready", flush=True)
    time.sleep(30)
    print("slept")
except KeyboardInterrupt:
    print("interrupted")
finally:
    print("finally")
''',
    "stdin": r'''
import sys
try:
    print("ready", flush=True)
    line = sys.stdin.readline()
    print("read", repr(line))
except KeyboardInterrupt:
    print("interrupted")
finally:
    print("finally")
''',
    # CPython polls only in its interpreter and in a few C functions: it
    # cannot be interrupted here (tpy polls in every C iterator consumer),
    # so the expected outcome is given below (EXPECTED)
    "c_iterator": r'''
import itertools
try:
    print("ready", flush=True)
    total = sum(itertools.repeat(1))
except KeyboardInterrupt:
    print("interrupted")
''',
    "sort_key": r'''
items = list(range(3000000, 0, -1))
print("ready", flush=True)
try:
    while True:
        items.sort(key=abs)
        items.reverse()
except KeyboardInterrupt:
    print("interrupted", len(items), sorted(items[:5]) == items[:5] or sorted(items[:5], reverse=True) == items[:5])
''',
    "bigpow": r'''
print("ready", flush=True)
try:
    x = 3 ** (10 ** 9)
    print("computed")
except KeyboardInterrupt:
    print("interrupted")
''',
    "handler": r'''
import signal, sys
def on_int(signum, frame):
    print("handler", signum == signal.SIGINT, frame is not None)
    sys.exit(3)
signal.signal(signal.SIGINT, on_int)
i = 0
while True:
    i += 1
    if i == 300000:
        print("ready", flush=True)
''',
    "uncaught": r'''
def spin():
    i = 0
    while True:
        i += 1
        if i == 300000:
            print("ready", flush=True)
try:
    spin()
finally:
    print("finally")
''',
}


# Programs CPython itself cannot stop: stdout and exit status expected of tpy.
EXPECTED = {
    "c_iterator": (b"ready\ninterrupted\n", 0),
}


def run(cmd, timeout):
    """Start cmd, wait for "ready", send SIGINT; return (stdout, stderr,
    status, note)."""
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("PYTHON"):
            del env[k]
    env["PYTHONHASHSEED"] = "0"
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = b""
    deadline = time.monotonic() + timeout
    note = ""
    while b"ready\n" not in out:
        left = deadline - time.monotonic()
        if left <= 0 or p.poll() is not None:
            note = "never ready"
            break
        r, _, _ = select.select([p.stdout], [], [], left)
        if r:
            chunk = os.read(p.stdout.fileno(), 4096)
            if not chunk:
                note = "never ready"
                break
            out += chunk
    if not note:
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
    # read until the process ends; its stdin stays open meanwhile (an EOF
    # would race with the signal in the blocking read)
    err = b""
    streams = {p.stdout: "out", p.stderr: "err"}
    while streams:
        left = deadline - time.monotonic()
        if left <= 0:
            note = note or "did not stop after SIGINT"
            p.kill()
            left = 5
        r, _, _ = select.select(list(streams), [], [], left)
        for s in r:
            chunk = os.read(s.fileno(), 65536)
            if not chunk:
                del streams[s]
            elif streams[s] == "out":
                out += chunk
            else:
                err += chunk
    p.wait()
    p.stdin.close()
    p.stdout.close()
    p.stderr.close()
    return out, err, p.returncode, note


def last_line(b):
    lines = [l for l in b.decode(errors="replace").splitlines() if l.strip()]
    return lines[-1].rstrip() if lines else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpy", default="./tpy")
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("-k", action="append", default=[], help="only programs whose name contains this")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    tmp = os.path.join(ROOT, "build", "signal-checks")
    os.makedirs(tmp, exist_ok=True)
    passed = failed = 0
    for name, src in PROGRAMS.items():
        if args.k and not any(k in name for k in args.k):
            continue
        path = os.path.join(tmp, name + ".py")
        with open(path, "w") as f:
            f.write(src)
        if name in EXPECTED:
            exp_out, exp_rc = EXPECTED[name]
            exp_err, note = b"", ""
        else:
            exp_out, exp_err, exp_rc, note = run([args.python, path], args.timeout)
        if note:
            print("FAIL %s: CPython: %s" % (name, note))
            failed += 1
            continue
        for mode, flags in MODES.items():
            out, err, rc, note = run([args.tpy] + flags + [path], args.timeout)
            problems = []
            if note:
                problems.append(note)
            if out != exp_out:
                problems.append("stdout %r, expected %r" % (out.decode(errors="replace"), exp_out.decode()))
            if rc != exp_rc:
                problems.append("exit status %d, expected %d" % (rc, exp_rc))
            if name not in EXPECTED and last_line(err) != last_line(exp_err):
                problems.append("last stderr line %r, expected %r" % (last_line(err), last_line(exp_err)))
            if problems:
                failed += 1
                print("FAIL %s [%s]: %s" % (name, mode, "; ".join(problems)))
                if args.verbose:
                    sys.stdout.write(err.decode(errors="replace")[-2000:])
            else:
                passed += 1
                if args.verbose:
                    print("ok   %s [%s]: exit %d, %r" % (name, mode, rc, out.decode()))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
