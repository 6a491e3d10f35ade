# A source file with undecodable bytes is reported as such even when it also
# holds NUL bytes (CPython's line count skips the lines holding one), with
# the message alone. (A file with NUL bytes only is an error on tpy, as on
# CPython 3.12; CPython 3.11 silently drops the rest of each such line, so
# that case has no common output to test here.)
import os, subprocess, sys, tempfile

with tempfile.TemporaryDirectory() as d:
    for i, src in enumerate((b"#\x00\n#\xfd\n", b"0000\x00\n00000000000\n\x00\n\x9e\n", b"x = 1\n#\xfd\n")):
        fn = os.path.join(d, "bad%d.py" % i)
        with open(fn, "wb") as f:
            f.write(src)
        r = subprocess.run([sys.executable, fn], capture_output=True)
        print(r.returncode, r.stderr.decode().replace(fn, "FILE").splitlines())
