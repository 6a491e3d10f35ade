# A module whose shared library cannot be loaded fails to import with
# ImportError, and nothing of it stays half-loaded: a second import fails
# the same way and the rest of the interpreter works. The libraries are
# replaced, through LD_LIBRARY_PATH, by libz under their names (a library
# that lacks every symbol the modules need).
import os, subprocess, sys, tempfile

def libz_path():
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1]
            if os.path.basename(path).startswith("libz.so"):
                return path
    return None

CHILD = r"""
import sys
for attempt in (1, 2):
    try:
        import %s
    except ImportError as e:
        print(attempt, "ImportError", type(e).__name__, %r in sys.modules)
    else:
        print(attempt, "imported")
import zlib
print(zlib.crc32(b"still works"))
"""

# (Debian's CPython has no _dbm to compare with, and builds _blake2, _md5 and
# readline on other libraries)
SONAMES = ["libsqlite3.so.0", "libcrypto.so.3", "liblzma.so.5", "libbz2.so.1.0", "libuuid.so.1", "libncursesw.so.6",
           "libpanelw.so.6"]
MODULES = ["_sqlite3", "_hashlib", "_lzma", "_bz2", "_uuid", "_curses", "_curses_panel"]

libz = libz_path()
print("libz found:", libz is not None)
with tempfile.TemporaryDirectory() as d:
    for name in SONAMES:
        os.symlink(libz, os.path.join(d, name))
    env = dict(os.environ, LD_LIBRARY_PATH=d)
    for mod in MODULES:
        r = subprocess.run([sys.executable, "-c", CHILD % (mod, mod)], env=env, capture_output=True, text=True)
        print(mod, r.returncode, r.stdout.split("\n"), r.stderr.count("Error"))
    # and with the real libraries
    for mod in MODULES:
        r = subprocess.run([sys.executable, "-c", CHILD % (mod, mod)], capture_output=True, text=True)
        print(mod, r.returncode, r.stdout.split("\n"))
