#!/usr/bin/env python3
"""Run tpy's test programs and compare them with CPython's recorded behaviour.

Usage:
    python3 tests/run.py [--tpy ./tpy] [--modes off,default,eager] [-j N]
                         [-k SUBSTRING] [--strict-stderr] [--timeout SECONDS]
                         [--verbose] [--list] [dirs or files ...]

Each test is tests/<dir>/X.py with X.out (stdout), X.err (stderr) and X.exit
(exit status) beside it, written by tests/regen.py; X.in (stdin) and X.args
(arguments, one per line) are optional.  Every test runs once per JIT mode:

    off      tpy --jit off X.py
    default  tpy X.py
    eager    tpy --jit threshold=1,function_threshold=1,trace_eagerness=1 X.py
             (the environment variable TPY_EAGER_FLAGS, split like a shell
             would, replaces those flags)

A (test, mode) pair passes when stdout is byte-identical to X.out, the exit
status equals X.exit, and stderr matches: by default the last non-empty line of
stderr must equal the last non-empty line of X.err (when X.err is empty, stderr
must be empty); with --strict-stderr the whole stderr must be identical.

A test may start with comment lines of the form
    # tpy-test: modes=off,default      run only in these modes
    # tpy-test: strict-stderr          compare the whole stderr
    # tpy-test: timeout=120            its own timeout in seconds
    # tpy-test: no-regen               expected output written by hand
                                       (tests/regen.py leaves it alone)
(several options may share one line, separated by spaces).

The last line printed is "N passed, N failed", counting (test, mode) pairs;
the exit status is 0 only when nothing failed.
"""
import argparse
import concurrent.futures
import difflib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS_DIR)

ALL_MODES = ["off", "default", "eager"]
DEFAULT_EAGER = "--jit threshold=1,function_threshold=1,trace_eagerness=1"


def die(msg):
    """Report a usage or setup error and exit with status 2."""
    sys.stderr.write("run.py: %s\n" % msg)
    sys.exit(2)


def mode_flags(mode):
    if mode == "off":
        return ["--jit", "off"]
    if mode == "default":
        return []
    if mode == "eager":
        return shlex.split(os.environ.get("TPY_EAGER_FLAGS", DEFAULT_EAGER))
    raise ValueError(mode)


class Test:
    def __init__(self, path):
        self.path = path                      # absolute path of X.py
        self.rel = os.path.relpath(path, ROOT)  # tests/core/X.py
        self.base = path[:-3]
        self.name = os.path.splitext(self.rel)[0]
        self.modes = list(ALL_MODES)
        self.strict_stderr = False
        self.timeout = None
        self._read_header()

    def _read_header(self):
        with open(self.path, "rb") as f:
            lines = f.read(4096).decode("utf-8", "replace").splitlines()
        for line in lines:
            s = line.strip()
            if not s.startswith("#"):
                break
            body = s[1:].strip()
            if not body.startswith("tpy-test:"):
                continue
            for opt in body[len("tpy-test:"):].replace(";", " ").split():
                if opt.startswith("modes="):
                    self.modes = [m for m in opt[6:].split(",") if m]
                    for m in self.modes:
                        if m not in ALL_MODES:
                            die("%s: unknown mode %r in header"
                                % (self.rel, m))
                elif opt == "strict-stderr":
                    self.strict_stderr = True
                elif opt.startswith("timeout="):
                    self.timeout = float(opt[8:])
                elif opt == "no-regen":
                    pass    # for tests/regen.py
                else:
                    die("%s: unknown tpy-test option %r" % (self.rel, opt))

    def has_expected(self):
        return all(os.path.exists(self.base + e) for e in (".out", ".exit"))

    def read(self, ext, default=b""):
        try:
            with open(self.base + ext, "rb") as f:
                return f.read()
        except FileNotFoundError:
            return default

    def args(self):
        data = self.read(".args", None)
        if data is None:
            return []
        return data.decode("utf-8").splitlines()


def discover(paths):
    """Return (selected tests sorted by path, .py files lacking expectations)."""
    found = {}
    missing = []
    if not paths:
        paths = []
        for d in sorted(os.listdir(TESTS_DIR)):
            full = os.path.join(TESTS_DIR, d)
            if os.path.isdir(full) and not d.startswith((".", "_")):
                paths.append(full)
    for p in paths:
        ap = p if os.path.isabs(p) else os.path.abspath(p)
        if not os.path.exists(ap) and not os.path.isabs(p):
            ap = os.path.join(ROOT, p)      # allow paths relative to the root
        if os.path.isdir(ap):
            for f in sorted(os.listdir(ap)):
                if f.endswith(".py"):
                    t = Test(os.path.join(ap, f))
                    if t.has_expected():
                        found[t.path] = t
                    else:
                        missing.append(t.rel)
        elif os.path.isfile(ap):
            if not ap.endswith(".py"):
                ap = os.path.splitext(ap)[0] + ".py"
            t = Test(ap)
            if not t.has_expected():
                die("%s has no expected outputs (run tests/regen.py)" % t.rel)
            found[t.path] = t
        else:
            die("no such test file or directory: %s" % p)
    return [found[k] for k in sorted(found)], missing


def last_line(data):
    for line in reversed(data.splitlines()):
        if line.strip():
            return line.rstrip()
    return None


def show(data):
    return data.decode("utf-8", "replace")


def short_diff(expected, got, label, limit=20):
    exp = show(expected).splitlines(keepends=True)
    act = show(got).splitlines(keepends=True)
    diff = list(difflib.unified_diff(exp, act, "expected " + label,
                                     "actual " + label))
    out = []
    for line in diff[:limit]:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append("    " + line)
    if len(diff) > limit:
        out.append("    ... (%d more diff lines)\n" % (len(diff) - limit))
    if not diff and expected != got:   # differences diff can't show
        out.append("    (differs only in line endings or trailing newline: "
                   "expected %r..., got %r...)\n"
                   % (expected[-40:], got[-40:]))
    return "".join(out)


def output_tails(out, err):
    """The last lines a killed test printed, for the report."""
    text = ""
    for name, data in (("stdout", out), ("stderr", err)):
        if data:
            tail = data.decode("utf-8", "replace").splitlines()[-10:]
            text += "--- %s (last %d lines)\n%s\n" % (name, len(tail), "\n".join(tail))
    return text


def hung_stacks(pgid):
    """The C stacks of every thread of every process in a hung test's
    process group (gdb, where installed): a hang that happens once in
    hundreds of runs is diagnosed from the one report that shows it."""
    gdb = shutil.which("gdb")
    if not gdb:
        return ""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:   # the process group, after state and ppid
                pids.append(int(entry))
    text = ""
    for pid in sorted(pids):
        try:
            r = subprocess.run([gdb, "-batch", "-p", str(pid), "-ex", "thread apply all bt 30"],
                               capture_output=True, text=True, errors="replace", timeout=60)
            lines = [l for l in r.stdout.splitlines() if l.startswith(("#", "Thread"))]
        except (OSError, subprocess.TimeoutExpired) as e:
            lines = ["gdb failed: %s" % e]
        text += "--- stacks of process %d\n%s\n" % (pid, "\n".join(lines))
    return text


def run_one(tpy, test, mode, opts):
    """Run one (test, mode) pair; return (ok, message, seconds)."""
    cmd = [tpy] + mode_flags(mode) + [test.rel] + test.args()
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("PYTHON"):
            del env[k]
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    timeout = test.timeout if test.timeout is not None else opts.timeout
    stdin_data = test.read(".in", b"")
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as e:
        return False, "cannot run %s: %s\n" % (" ".join(cmd), e), 0.0
    try:
        out, err = proc.communicate(stdin_data, timeout=timeout)
    except subprocess.TimeoutExpired:
        stacks = hung_stacks(proc.pid)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return False, "TIMEOUT after %gs\n%s%s" % (timeout, output_tails(out, err), stacks), time.monotonic() - start
    elapsed = time.monotonic() - start
    rc = proc.returncode

    problems = []
    exp_rc = int(test.read(".exit").strip() or b"0")
    if rc < 0 and rc != exp_rc:
        try:
            sig = signal.Signals(-rc).name
        except ValueError:
            sig = "signal %d" % -rc
        problems.append("CRASH: killed by %s\n" % sig)
    elif rc != exp_rc:
        problems.append("exit status %d, expected %d\n" % (rc, exp_rc))
    exp_out = test.read(".out")
    if out != exp_out:
        problems.append("stdout differs:\n" + short_diff(exp_out, out, "stdout"))
    exp_err = test.read(".err")
    # Like regen.py, drop the repository root from paths (CPython makes the
    # script path absolute; tpy may or may not).
    err = err.replace(os.path.join(ROOT, "").encode(), b"")
    if opts.strict_stderr or test.strict_stderr:
        if err != exp_err:
            problems.append("stderr differs:\n"
                            + short_diff(exp_err, err, "stderr"))
    else:
        want = last_line(exp_err)
        got = last_line(err)
        if want is None:
            if err.strip():
                problems.append("stderr should be empty, got:\n"
                                + short_diff(b"", err, "stderr"))
        elif want != got:
            problems.append("last stderr line differs:\n"
                            "    expected: %s\n    actual:   %s\n"
                            % (show(want), "(none)" if got is None else show(got)))
    if problems:
        return False, "".join(problems), elapsed
    return True, "", elapsed


def find_tpy(path):
    if os.sep not in path and not os.path.exists(path):
        w = shutil.which(path)
        if w:
            return w
    ap = os.path.abspath(path)
    if not os.path.exists(ap) and not os.path.isabs(path):
        ap = os.path.join(ROOT, path)
    if not (os.path.isfile(ap) and os.access(ap, os.X_OK)):
        die("tpy binary %r not found or not executable (use --tpy PATH)"
            % path)
    return ap


def main():
    ap = argparse.ArgumentParser(
        description="Run tpy's tests against CPython 3.11's recorded outputs.",
        epilog="The last line of output is 'N passed, N failed'.")
    ap.add_argument("--tpy", default=os.environ.get("TPY", "./tpy"),
                    help="tpy binary (default: $TPY or ./tpy)")
    ap.add_argument("--modes", default=",".join(ALL_MODES),
                    help="comma-separated JIT modes from off,default,eager "
                         "(default: all three)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="parallel jobs (default: number of CPUs)")
    ap.add_argument("-k", dest="substr", action="append", default=[],
                    help="only tests whose path contains SUBSTRING "
                         "(repeatable: any of them)")
    ap.add_argument("--strict-stderr", action="store_true",
                    help="require the whole stderr to match")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds per run (default %(default)s)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every (test, mode) result with its time")
    ap.add_argument("--list", action="store_true",
                    help="list the selected tests and their modes, run nothing")
    ap.add_argument("paths", nargs="*", metavar="dirs or files",
                    help="test directories or .py files (default: tests/*/)")
    opts = ap.parse_args()

    modes = [m.strip() for m in opts.modes.split(",") if m.strip()]
    for m in modes:
        if m not in ALL_MODES:
            ap.error("unknown mode %r (choose from %s)" % (m, ",".join(ALL_MODES)))
    tests, missing = discover(opts.paths)
    if missing:
        print("note: skipping %d .py file(s) without expected outputs "
              "(run tests/regen.py): %s" % (len(missing), " ".join(missing)))
    if opts.substr:
        tests = [t for t in tests if any(s in t.rel for s in opts.substr)]

    jobs = []
    for t in tests:
        for m in modes:
            if m in t.modes:
                jobs.append((t, m))

    if opts.list:
        for t in tests:
            ms = [m for m in modes if m in t.modes]
            extra = " strict-stderr" if t.strict_stderr else ""
            print("%s [%s]%s" % (t.rel, ",".join(ms), extra))
        print("%d test(s), %d run(s)" % (len(tests), len(jobs)))
        return 0

    tpy = find_tpy(opts.tpy)
    per_mode = {m: [0, 0] for m in modes}
    passed = failed = 0
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        futures = [pool.submit(run_one, tpy, t, m, opts) for t, m in jobs]
        # Report in a fixed order (test, then mode) while later jobs still run.
        for (t, m), fut in zip(jobs, futures):
            ok, msg, secs = fut.result()
            if ok:
                passed += 1
                per_mode[m][0] += 1
                if opts.verbose:
                    print("PASS %s [%s] %.2fs" % (t.rel, m, secs), flush=True)
            else:
                failed += 1
                per_mode[m][1] += 1
                print("FAIL %s [%s] %.2fs" % (t.rel, m, secs))
                sys.stdout.write(msg)
                sys.stdout.flush()
    print("-- %d test(s) in %.1fs" % (len(tests), time.monotonic() - start))
    for m in modes:
        print("mode %-8s %d passed, %d failed" % (m + ":", per_mode[m][0],
                                                  per_mode[m][1]))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
