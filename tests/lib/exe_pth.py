# A ._pth file beside the executable (CPython's getpath): its lines replace
# sys.path, relative to the file's directory; it implies -I and -S unless a
# line says "import site"; comments and blank lines are skipped.
import os
import shutil
import subprocess
import sys
import tempfile

tmp = os.path.realpath(tempfile.mkdtemp())
try:
    exe = os.path.join(tmp, os.path.basename(sys.executable))
    os.symlink(sys.executable, exe)
    stdlib = os.path.dirname(os.__file__)
    code = ("import sys; print([p.replace(%r, '{tmp}') for p in sys.path]); "
            "print(sys.flags.isolated, sys.flags.no_site, sys.flags.ignore_environment, sys.flags.safe_path)" % tmp)
    env = dict(os.environ, PYTHONPATH="from-env")
    for lines in (["# comment", stdlib, "lib", "", "./sub/../other  # trailing comment", "..", "lib"],
                  [stdlib, "import site"]):
        with open(exe + "._pth", "w") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run([exe, "-c", code], capture_output=True, text=True, env=env)
        out = r.stdout.replace(stdlib, "{stdlib}")
        if "import site" in lines:
            # site adds the site-packages directories, which differ by installation
            out = out.split("]")[0].split(", ")[0] + "] " + out.split("]")[1].strip()
        print(r.returncode, out.strip(), r.stderr.strip())
finally:
    shutil.rmtree(tmp)
