# Where __main__ comes from and what it sees, checked in child interpreters
# (sys.executable): bytes of the command line that are not UTF-8, a script
# whose file name is not UTF-8, a directory holding only __main__.pyc, -I with
# a directory, and sys.argv[0] while -m imports the package.
import os
import py_compile
import shutil
import subprocess
import sys
import tempfile


def run(*args, cwd=None):
    r = subprocess.run([sys.executable, *args], capture_output=True, cwd=cwd)
    out = r.stdout.decode("ascii", "backslashreplace").replace(tmp, "{tmp}")
    print(r.returncode, out.rstrip())
    if r.stderr:
        print("stderr:", r.stderr.decode("ascii", "backslashreplace").replace(tmp, "{tmp}").rstrip())


tmp = tempfile.mkdtemp()
try:
    # undecodable arguments become lone surrogates, and back to the same bytes
    run("-c", "import sys, os; print(ascii(sys.argv[1:]), os.fsencode(sys.argv[1]))",
        b"\xe7w\xf0", b"caf\xc3\xa9", b"\xff")

    # a script whose name is not UTF-8: __file__ and sys.argv[0] as os.fsdecode gives them
    name = os.path.join(os.fsencode(tmp), b"scr\xe7w\xf0.py")
    with open(name, "w") as f:
        f.write("import sys\nprint(ascii(__file__), ascii(sys.argv[0]), ascii(sys.path[0]))\n")
    run(name)

    # a directory holding only __main__.pyc runs it
    d = os.path.join(tmp, "pycdir")
    os.mkdir(d)
    src = os.path.join(d, "__main__.py")
    with open(src, "w") as f:
        f.write("import sys\nprint('from pyc', __file__.endswith('__main__.pyc'), sys.argv[1:])\n")
    py_compile.compile(src, cfile=src + "c", doraise=True)
    os.remove(src)
    run(d, "arg")

    # -I: a directory run as a script is still first on sys.path; a file is not
    d2 = os.path.join(tmp, "srcdir")
    os.mkdir(d2)
    with open(os.path.join(d2, "__main__.py"), "w") as f:
        f.write("import sys\nprint(sys.path[0] == %r, sys.path[0] == '')\n" % d2)
    run("-I", d2)
    run("-I", os.path.join(d2, "__main__.py"))

    # -m pkg.mod: the package's __init__ runs with sys.argv[0] == '-m'
    pkg = os.path.join(tmp, "mpkg")
    os.mkdir(pkg)
    with open(os.path.join(pkg, "__init__.py"), "w") as f:
        f.write("import sys\nprint('init sees', sys.argv)\n")
    with open(os.path.join(pkg, "mod.py"), "w") as f:
        f.write("import sys\nprint('mod sees', sys.argv[0].endswith('mod.py'), sys.argv[1:])\n")
    run("-m", "mpkg.mod", "a", "b", cwd=tmp)
finally:
    shutil.rmtree(tmp)
