"""Steady-state harness for tools/bench.py --steady, run by each interpreter.

    INTERP tools/bench_steady_harness.py PROGRAM.py EXPECTED.out ITERS MIN_ITERS BUDGET

Loads PROGRAM.py as a module (not as __main__, so its own main does not run),
then calls its bench() function ITERS times in this one process, timing each
call with time.perf_counter().  After each call it prints one line

    iter I SECONDS CPU_SECONDS ok|WRONG

(wall time by time.perf_counter(), this process's CPU time by
time.process_time(), which a busy machine disturbs less) where ok means the returned text plus a newline equals EXPECTED.out (the
program's whole-process stdout).  It stops early, after at least MIN_ITERS
calls, once the calls have taken BUDGET seconds in all, so that a program
that is slow under one interpreter does not stretch the run.  The first WRONG
result's text goes to stderr.  Runs unchanged on Python 3.9 (PyPy) and up.
"""

import os
import sys
import time
import types


def load(path):
    name = "bench_" + os.path.splitext(os.path.basename(path))[0]
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module
    # the programs read an optional size from sys.argv[1]: give them none
    sys.argv = [path]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    exec(compile(source, path, "exec"), module.__dict__)
    return module


def main():
    if len(sys.argv) != 6:
        sys.stderr.write(__doc__)
        return 2
    path, expected_path = sys.argv[1], sys.argv[2]
    iters, min_iters, budget = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    module = load(path)
    work = getattr(module, "bench", None)
    if work is None:
        sys.stderr.write("%s has no bench() function\n" % path)
        return 1
    spent = 0.0
    reported_wrong = False
    for i in range(iters):
        c0 = time.process_time()
        t0 = time.perf_counter()
        result = work()
        elapsed = time.perf_counter() - t0
        cpu = time.process_time() - c0
        spent += elapsed
        ok = isinstance(result, str) and result + "\n" == expected
        if not ok and not reported_wrong:
            reported_wrong = True
            sys.stderr.write("iteration %d returned:\n%r\n" % (i, result))
        sys.stdout.write("iter %d %.6f %.6f %s\n" % (i, elapsed, cpu, "ok" if ok else "WRONG"))
        sys.stdout.flush()
        if i + 1 >= min_iters and spent >= budget:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
