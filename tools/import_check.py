#!/usr/bin/env python3
"""Which modules of CPython's standard library import on tpy?

    python3 tools/import_check.py [--tpy ./tpy] [--python /usr/bin/python3] [-j N] [-v]

Tries `import NAME` for every top-level module of /usr/lib/python3.11
(each .py file, each package, each extension module of lib-dynload, and
the modules built into CPython's binary, sys.builtin_module_names) under
CPython and under tpy, one fresh process per module, and prints the share
of the modules CPython imports that tpy imports too, then the ones it does
not with the last line of tpy's error. Modules for other platforms and the
Tk GUI are left out (EXCLUDED below), and so are the extension modules
CPython builds to test its own C API and `antigravity` (it opens a browser); every other module is tried, private
ones (a leading underscore) and the `test` package included.
The last line is "N passed, N failed" (modules CPython imports).
"""
import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

STDLIB = "/usr/lib/python3.11"
# Left out, by the rule (modules for other platforms and the Tk GUI)
# and for one more reason: the extension modules CPython builds to test its
# own C API and build (they exist to exercise CPython's internals, which tpy
# does not have). Everything else is tried, deprecated Unix modules (crypt,
# nis, spwd, ossaudiodev), tools (lib2to3, venv, ensurepip) and `test`
# included. Lists, each defined here once:
OTHER_PLATFORMS = {
    "msvcrt", "winreg", "winsound", "_winapi", "_msi", "msilib", "nt", "_overlapped",   # Windows
    "_scproxy",                                                                         # macOS
}
TK_GUI = {"tkinter", "_tkinter", "turtle", "turtledemo", "idlelib"}
CPYTHON_C_API_TESTS = {
    "_testcapi", "_testinternalcapi", "_testbuffer", "_testimportmultiple", "_testmultiphase", "_testclinic",
    "_xxtestfuzz", "_xxsubinterpreters", "xxlimited", "xxlimited_35", "xxsubtype", "_ctypes_test",
}
OPENS_A_BROWSER = {"antigravity"}   # importing it starts a web browser
EXCLUDED = OTHER_PLATFORMS | TK_GUI | CPYTHON_C_API_TESTS | OPENS_A_BROWSER


def modules(python):
    # the modules CPython builds into its binary (sys, _io, syslog...) are
    # part of the standard library too: asked of the CPython interpreter
    out = subprocess.run([python, "-c", "import sys; print(' '.join(sys.builtin_module_names))"],
                         capture_output=True, text=True, check=True).stdout
    names = set(out.split())
    for entry in os.listdir(STDLIB):
        path = os.path.join(STDLIB, entry)
        if entry.endswith(".py"):
            names.add(entry[:-3])
        elif os.path.isdir(path) and os.path.exists(os.path.join(path, "__init__.py")):
            names.add(entry)
    dyn = os.path.join(STDLIB, "lib-dynload")
    if os.path.isdir(dyn):
        for entry in os.listdir(dyn):
            if entry.endswith(".so"):
                names.add(entry.split(".")[0])
    return sorted(n for n in names if n not in EXCLUDED and "-" not in n)


def try_import(interp, name, timeout):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    try:
        p = subprocess.run([interp, "-c", f"import {name}"], capture_output=True, timeout=timeout, env=env,
                           cwd="/tmp")
    except subprocess.TimeoutExpired:
        return False, "timeout"
    last = [l for l in p.stderr.decode(errors="replace").splitlines() if l.strip()][-1:] or [f"exit {p.returncode}"]
    return p.returncode == 0, last[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--tpy", default=os.path.join(root, "tpy"))
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    names = modules(args.python)
    with ThreadPoolExecutor(args.jobs) as pool:
        cp = list(pool.map(lambda n: try_import(args.python, n, args.timeout), names))
        tp = list(pool.map(lambda n: try_import(args.tpy, n, args.timeout), names))
    ok = [n for n, (c, _) in zip(names, cp) if c]
    failing = [(n, t[1]) for n, c, t in zip(names, cp, tp) if c[0] and not t[0]]
    passed = len(ok) - len(failing)
    print(f"{len(names)} modules tried; CPython imports {len(ok)}; tpy imports {passed} of them "
          f"({100.0 * passed / max(1, len(ok)):.1f}%)")
    for n, why in failing:
        print(f"  {n:28} {why[:110]}")
    print(f"{passed} passed, {len(failing)} failed")


if __name__ == "__main__":
    main()
