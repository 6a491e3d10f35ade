# -X warn_default_encoding (PEP 597): EncodingWarning wherever a text
# stream's encoding is left to the locale, blaming the caller's line.
import subprocess, sys

code = '''\
import io, os, tempfile
fd, name = tempfile.mkstemp()
os.close(fd)
f = open(name)
f.close()
t = io.TextIOWrapper(io.BytesIO(b"x"))
print(io.text_encoding(None))
def g(): return io.text_encoding(None, 1)
g()
open(name, "rb").close()
io.TextIOWrapper(io.BytesIO(b"x"), encoding="utf-8")
io.TextIOWrapper(io.BytesIO(b"x"), encoding="locale")
print(io.text_encoding("latin-1"))
os.unlink(name)
'''
for args in (["-X", "warn_default_encoding"], []):
    p = subprocess.run([sys.executable, *args, "-c", code], capture_output=True, text=True)
    print(args, p.returncode)
    print(p.stdout, end="")
    print(p.stderr, end="")
p = subprocess.run([sys.executable, "-X", "warn_default_encoding", "-W", "error::EncodingWarning",
                    "-c", "open(__import__('os').devnull)"], capture_output=True, text=True)
print(p.returncode, p.stderr.splitlines()[-1])
