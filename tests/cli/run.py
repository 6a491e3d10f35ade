#!/usr/bin/env python3
"""Command-line tests: tpy's options, exit statuses and error output against
CPython 3.11's.

Usage:
    python3 tests/cli/run.py [--tpy ./tpy] [--modes off,default,eager]
                             [-k SUBSTRING] [--verbose] [--list]
    python3 tests/cli/run.py --regen [--python PYTHON3] [-k SUBSTRING]

Each case is tests/cli/NAME.cli, a few "key: value" lines:

    # what the case checks (comments start with #)
    args: -c "exit(3)"        the command line after the interpreter, split
                              as a shell would (shlex); then \\n in a word
                              is a newline and \\t a tab
    stdin: x = 5\\nprint(x)\\n  stdin, with Python string escapes (default:
                              empty); or a file NAME.in beside the case
    env: PYTHONPATH=files      an environment variable (repeatable); a value
                              may use {cwd}; PYTHON* variables of the
                              caller's environment are removed first
    modes: once               'once' when no Python code runs (-V, -h, a
                              bad option): run once, without JIT flags;
                              default: each of off, default and eager
    tty: yes                  stdin is a pseudo-terminal (the prompt);
                              the runner then sends `stdin` through it
    merge: yes                stderr goes into stdout (one pipe: shows
                              the order of writes, e.g. for -u)
    no-regen: yes             the expected output is written by hand
                              (tpy's own options, which CPython lacks)

The recorded behaviour is NAME.out, NAME.err and NAME.exit beside the case,
written by --regen from Debian's python3 (CPython 3.11). The cases run in
tests/cli/ as current directory (scripts live in tests/cli/files/).

Before comparing, both outputs are normalised: the interpreter's path
becomes {exe}, the current directory {cwd}, CPython's hard-wired
"`python -h'" and tpy's "`tpy -h'" become "`{prog} -h'", and a prompt
banner's first line ("Python 3.11... on linux") becomes {banner}.

JIT modes are put before the case's arguments: `tpy --jit off ARGS`.
The last line printed is "N passed, N failed".
"""
import argparse
import codecs
import os
import re
import shlex
import subprocess
import sys

CLI_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(CLI_DIR))
MODES = {
    "off": ["--jit", "off"],
    "default": [],
    "eager": ["--jit", "threshold=1,function_threshold=1,trace_eagerness=1"],
}
KEYS = {"args", "stdin", "env", "modes", "tty", "merge", "no-regen", "timeout"}


def die(msg):
    sys.stderr.write("tests/cli/run.py: %s\n" % msg)
    sys.exit(2)


class Case:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-4]
        self.args = []
        self.stdin = b""
        self.env = []
        self.modes = list(MODES)
        self.tty = False
        self.merge = False
        self.no_regen = False
        self.timeout = 60
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                key, sep, value = line.partition(":")
                key, value = key.strip(), value.strip()
                if not sep or key not in KEYS:
                    die("%s:%d: expected 'key: value' with key one of %s" % (path, n, ", ".join(sorted(KEYS))))
                if key == "args":
                    self.args = [w.replace("\\n", "\n").replace("\\t", "\t") for w in shlex.split(value)]
                elif key == "stdin":
                    self.stdin = codecs.decode(value, "unicode_escape").encode("utf-8", "surrogateescape")
                elif key == "env":
                    name, eq, val = value.partition("=")
                    if not eq:
                        die("%s:%d: env wants NAME=VALUE" % (path, n))
                    self.env.append((name, val))
                elif key == "modes":
                    self.modes = ["once"] if value == "once" else value.split(",")
                    for m in self.modes:
                        if m != "once" and m not in MODES:
                            die("%s:%d: unknown mode %r" % (path, n, m))
                elif key == "tty":
                    self.tty = value == "yes"
                elif key == "merge":
                    self.merge = value == "yes"
                elif key == "no-regen":
                    self.no_regen = value == "yes"
                elif key == "timeout":
                    self.timeout = float(value)
        infile = path[:-4] + ".in"
        if os.path.exists(infile):
            with open(infile, "rb") as f:
                self.stdin = f.read()

    def expected_path(self, ext):
        return self.path[:-4] + ext


def environment(case):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k not in ("PYPYLOG",)}
    env["LC_ALL"] = "C.UTF-8"
    env["TERM"] = "xterm" if case.tty else "dumb"
    for name, val in case.env:
        env[name] = val.replace("{cwd}", CLI_DIR)
    return env


def run_pipe(argv, case):
    p = subprocess.run(argv, input=case.stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT if case.merge else subprocess.PIPE,
                       cwd=CLI_DIR, env=environment(case), timeout=case.timeout)
    return p.stdout, p.stderr or b"", p.returncode


def run_tty(argv, case):
    """stdin (and stdout, stderr: one stream) on a pseudo-terminal; what the
    program wrote comes back as stdout, with the echo of the input."""
    import pty
    import select
    import time
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(CLI_DIR)
        try:
            os.execvpe(argv[0], argv, environment(case))
        finally:
            os._exit(127)
    out = bytearray()
    deadline = time.time() + case.timeout
    # what a person types: each line, and a Ctrl-C, only once the prompt shows
    lines = [piece for piece in re.split(rb"(?<=[\n\x03])", case.stdin) if piece]

    def drain(wait):
        end = time.time() + wait
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], max(0.0, end - time.time()))
            if not r:
                return True
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out.extend(chunk)
        return True

    def wait_for_prompt():
        # a line is typed only once the prompt shows, as a person would:
        # typed ahead, it would be echoed by the terminal, not the editor
        while time.time() < deadline:
            if out.endswith(b">>> ") or out.endswith(b"... "):
                return drain(0.05)
            if not drain(0.05):
                return False
        return False

    alive = True
    for l in lines:
        alive = wait_for_prompt()
        if not alive:
            break
        os.write(fd, l.replace(b"\n", b"\r"))
    while alive and time.time() < deadline:
        alive = drain(0.2)
    done, status = os.waitpid(pid, os.WNOHANG)
    while not done and not alive and time.time() < deadline:
        time.sleep(0.01)
        done, status = os.waitpid(pid, os.WNOHANG)
    if not done:
        # the session did not end by itself within the timeout
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
        raise subprocess.TimeoutExpired(argv, case.timeout)
    os.close(fd)
    code = os.waitstatus_to_exitcode(status)
    return render_screen(bytes(out)), b"", code


def render_screen(data):
    """What a terminal shows for `data`: line editors redraw a line in
    different ways (libedit rewrites the prompt after recalling history,
    readline does not), so tty output is compared as it looks, not as
    bytes. Handles carriage return, backspace, bell, cursor left/right and
    erase-to-end-of-line; other escape sequences are dropped."""
    text = data.decode("utf-8", "surrogateescape").replace("\r\n", "\n")
    lines, line, col = [], [], 0
    i = 0
    while i < len(text):
        ch = text[i]
        i += 1
        if ch == "\n":
            lines.append("".join(line))
            line, col = [], 0
        elif ch == "\r":
            col = 0
        elif ch == "\b":
            col = max(0, col - 1)
        elif ch == "\x07":
            pass
        elif ch == "\x1b":
            m = re.match(r"\[([0-9;?]*)([A-Za-z@])", text[i:])
            if not m:
                i += 1   # a two-character sequence
                continue
            i += m.end()
            arg, op = m.group(1), m.group(2)
            n = int(arg) if arg.isdigit() else 1
            if op == "C":
                col += n
            elif op == "D":
                col = max(0, col - n)
            elif op == "K":
                del line[col:]
        else:
            while len(line) < col:
                line.append(" ")
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
    if line:
        lines.append("".join(line))
        return ("\n".join(lines)).encode("utf-8", "surrogateescape")
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape") if lines else b""


def normalise(data, exe):
    text = data.decode("utf-8", "surrogateescape")
    text = text.replace(exe, "{exe}")
    text = text.replace(CLI_DIR, "{cwd}")
    text = text.replace("`python -h'", "`{prog} -h'").replace("`tpy -h'", "`{prog} -h'")
    text = re.sub(r"(?m)^Python 3\.11.* on linux$", "{banner}", text)
    return text


def run_case(case, exe, mode):
    flags = [] if mode == "once" else MODES[mode]
    argv = [exe] + flags + case.args
    try:
        out, err, code = (run_tty if case.tty else run_pipe)(argv, case)
    except subprocess.TimeoutExpired:
        return None
    return normalise(out, exe), normalise(err, exe), code


def read_expected(case):
    with open(case.expected_path(".out"), encoding="utf-8", errors="surrogateescape") as f:
        out = f.read()
    with open(case.expected_path(".err"), encoding="utf-8", errors="surrogateescape") as f:
        err = f.read()
    with open(case.expected_path(".exit")) as f:
        code = int(f.read())
    return out, err, code


def find_cases(patterns):
    cases = []
    for name in sorted(os.listdir(CLI_DIR)):
        if name.endswith(".cli") and (not patterns or any(p in name for p in patterns)):
            cases.append(Case(os.path.join(CLI_DIR, name)))
    return cases


def regen(cases, python):
    for case in cases:
        if case.no_regen:
            continue
        got = run_case(case, python, "once")
        if got is None:
            die("%s: timed out under %s" % (case.name, python))
        out, err, code = got
        for ext, text in ((".out", out), (".err", err), (".exit", "%d\n" % code)):
            with open(case.expected_path(ext), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
        print("recorded %s (exit %d)" % (case.name, code))


def show_diff(label, want, got):
    import difflib
    lines = difflib.unified_diff(want.splitlines(True), got.splitlines(True), "expected " + label, "tpy " + label)
    sys.stdout.write("".join(list(lines)[:40]))


def main():
    ap = argparse.ArgumentParser(description="tpy's command-line tests against CPython 3.11")
    ap.add_argument("--tpy", default=os.environ.get("TPY", os.path.join(ROOT, "tpy")))
    ap.add_argument("--modes", default="off,default,eager")
    ap.add_argument("-k", action="append", default=[], help="only cases whose name contains this")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--regen", action="store_true", help="record the expected outputs with CPython")
    ap.add_argument("--python", default=None, help="CPython 3.11 for --regen (default: Debian's python3)")
    opts = ap.parse_args()
    cases = find_cases(opts.k)
    if opts.regen:
        python = opts.python
        if not python:
            path = subprocess.run(["getconf", "PATH"], stdout=subprocess.PIPE, text=True).stdout.strip()
            python = subprocess.run(["sh", "-c", "command -v python3"], env={"PATH": path},
                                    stdout=subprocess.PIPE, text=True).stdout.strip()
        regen(cases, python)
        return 0
    exe = os.path.abspath(opts.tpy)
    if not os.access(exe, os.X_OK):
        die("no tpy binary at %s (build with make)" % exe)
    wanted_modes = opts.modes.split(",")
    passed = failed = 0
    for case in cases:
        modes = [m for m in case.modes if m == "once" or m in wanted_modes]
        if opts.list:
            print("%s: %s" % (case.name, ",".join(modes)))
            continue
        want = read_expected(case)
        for mode in modes:
            got = run_case(case, exe, mode)
            if got == want:
                passed += 1
                if opts.verbose:
                    print("ok   %s [%s]" % (case.name, mode))
                continue
            failed += 1
            print("FAIL %s [%s]" % (case.name, mode))
            if got is None:
                print("  timed out")
                continue
            if got[2] != want[2]:
                print("  exit status %d, expected %d" % (got[2], want[2]))
            if got[0] != want[0]:
                show_diff("stdout", want[0], got[0])
            if got[1] != want[1]:
                show_diff("stderr", want[1], got[1])
    if not opts.list:
        print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
