#!/usr/bin/env python3
"""Calls every public function of tpy's C modules, and every method of
objects of many built-in and C-module types, with arguments of the wrong
types and counts (str, float, None, huge ints, objects whose __index__,
__len__, __iter__, __hash__ ... raise, and more), in child processes, and
reports each call that kills the process (a signal) or hangs. A wrong
argument must raise, never crash: CPython's behaviour. It found six
crashes on its first run (tests/README.md, "Wrong arguments").

    python3 tools/fuzz_args.py [--tpy ./tpy] [--timeout S] [MODULE ... | methods]

Without arguments it runs the modules in SAFE_MODULES and then the
methods. Left out on purpose: modules whose functions act on the process
or the machine given plain integers (posix, signal, _thread, faulthandler,
resource, _ctypes, sys, time, select, mmap, fcntl, termios,
_posixsubprocess, _multiprocessing, readline, nis, syslog): there
os.kill(1, 1) or signal.alarm(1) is not a crash of tpy. A report names the
call; blocking calls (select.select([], [], [])) show as hangs, as they
would under CPython. The last line is "N passed, N failed": targets (a
module, or "methods") that ran through, and calls that crashed or hung.
About 40 s for all of them on two cores; tools/check.sh runs it.
"""
import argparse
import os
import subprocess
import sys
import tempfile

SAFE_MODULES = ("_abc _ast _bisect _blake2 _bz2 _codecs _collections _contextvars _crypt _csv _datetime _elementtree "
                "_functools _hashlib _heapq _imp _io _json _locale _lsprof _lzma _md5 _multibytecodec _opcode "
                "_operator _pickle _queue _random _sha1 _sha256 _sha3 _sha512 _sqlite3 _dbm _sre _stat "
                "_statistics _string _struct _symtable _tokenize _tracemalloc _typing _uuid _warnings _weakref _zoneinfo "
                "array atexit audioop binascii builtins cmath errno gc grp itertools marshal math opcode "
                "pwd pyexpat pypyjit spwd tpyjit unicodedata zlib").split()

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fuzz_args_child.py")


def run_child(tpy, args, timeout):
    """Run tools/fuzz_args_child.py (args: its target) from call START on
    until it finishes, after each crash or hang from the next call; yield
    ("crash"|"hang", call) for each call that killed it or hung."""
    start = 0
    while True:
        with tempfile.TemporaryDirectory() as d:
            try:
                r = subprocess.run([tpy, CHILD] + args + [str(start)], cwd=d, capture_output=True, text=True,
                                   errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
                err, rc = r.stderr, r.returncode
            except subprocess.TimeoutExpired as e:
                err = e.stderr.decode("utf-8", "replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
                rc = None
        lines = [l for l in err.splitlines() if l.startswith(("CALL ", "DONE "))]
        if lines and lines[-1].startswith("DONE "):
            return
        calls = [l for l in lines if l.startswith("CALL ")]
        if not calls:
            yield ("crash" if rc is not None else "hang"), "before the first call: " + (err.strip().splitlines() or ["?"])[-1]
            return
        yield ("hang" if rc is None else "crash (exit %d)" % rc), calls[-1].split(" ", 2)[2]
        start = int(calls[-1].split()[1]) + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpy", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tpy"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("targets", nargs="*")
    opts = ap.parse_args()
    opts.tpy = os.path.abspath(opts.tpy)   # the children run in temporary directories
    targets = opts.targets or SAFE_MODULES + ["methods"]
    crashed = hung = clean = 0
    for target in targets:
        if target == "methods":
            reports = run_child(opts.tpy, ["methods"], opts.timeout)
        else:
            reports = run_child(opts.tpy, ["functions", target], opts.timeout)
        n = 0
        for kind, call in reports:
            n += 1
            print("%s: %s" % (kind.upper(), call), flush=True)
            if kind == "hang":
                hung += 1
            else:
                crashed += 1
        print("%s %s" % ("ok  " if not n else "BAD ", target), flush=True)
        clean += not n
    print("%d crashed, %d hung" % (crashed, hung))
    print("%d passed, %d failed" % (clean, crashed + hung))
    return 1 if crashed or hung else 0


if __name__ == "__main__":
    sys.exit(main())
