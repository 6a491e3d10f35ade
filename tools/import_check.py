#!/usr/bin/env python3
"""Which modules of CPython's standard library import on tpy?

    python3 tools/import_check.py [--tpy ./tpy] [--python /usr/bin/python3] [-j N] [-v]

Tries `import NAME` for every top-level module of /usr/lib/python3.11
(each .py file, each package, each extension module of lib-dynload) under
CPython and under tpy, one fresh process per module, and prints the share
of the modules CPython imports that tpy imports too, then the ones it does
not with the last line of tpy's error. Modules for other platforms and the
Tk GUI are left out (EXCLUDED below), and so are the private helpers of the
test suite and of the build (names starting with an underscore and
"test"-like packages are still tried: they are modules like the others).
The last line is "N passed, N failed" (modules CPython imports).
"""
import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

STDLIB = "/usr/lib/python3.11"
# Windows, macOS, the Tk GUI and its users, and modules that only make sense
# inside CPython's own build or interpreter
EXCLUDED = {
    "msvcrt", "winreg", "winsound", "_winapi", "_msi", "msilib", "nt", "_overlapped", "_bootsubprocess",
    "_osx_support", "_aix_support", "_scproxy",
    "tkinter", "turtle", "turtledemo", "idlelib", "_tkinter",
    "antigravity", "this", "__phello__", "__hello__", "_testcapi", "_testinternalcapi", "_testbuffer",
    "_testimportmultiple", "_testmultiphase", "_xxsubinterpreters", "_xxtestfuzz", "xxlimited", "xxlimited_35",
    "_ctypes_test", "xxsubtype", "_testclinic", "_crypt", "crypt", "nis", "spwd", "ossaudiodev", "_curses_panel",
    "lib2to3", "distutils", "ensurepip", "venv", "site", "sitecustomize", "_distutils_system_mod",
    "_sysconfigdata__linux_x86_64-linux-gnu", "_sysconfigdata__x86_64-linux-gnu", "test",
}


def modules():
    names = set()
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
    names = modules()
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
