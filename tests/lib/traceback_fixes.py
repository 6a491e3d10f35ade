# Tracebacks: a source line decoded from its file's coding declaration, a
# returned frame's f_back, sys.exc_info()'s frames, -X no_debug_ranges, the text of a
# multi-line syntax error
import os, subprocess, sys, tempfile, traceback

# the C printer shows a latin-1 / GBK file's line decoded
for enc, text in (("iso-8859-1", "h\xe9 ho"), ("GBK", "\u4e02\u5100"), ("utf-8", "caf\xe9")):
    with tempfile.NamedTemporaryFile("w", encoding=enc, suffix=".py", delete=False) as f:
        f.write("# coding: %s\nif 1:\n    raise RuntimeError('%s')\n" % (enc, text))
    try:
        r = subprocess.run([sys.executable, f.name], capture_output=True)
    finally:
        os.unlink(f.name)
    lines = r.stderr.decode("utf-8").splitlines()
    print(enc, lines[2].strip(), ascii(lines[2].strip()), lines[3] == "RuntimeError: " + text)

# f_back of a frame whose function returned: the caller's frame
def a(): return sys._getframe()
def b(): return a()
def c(): return b()
f = c()
names = []
while f is not None and len(names) < 4:
    names.append(f.f_code.co_name)
    f = f.f_back
print(names)
print(len(traceback.extract_stack(c())) >= 4)

# a frame object's locals are read when asked for: one made while the frame
# runs does not keep what its variables later drop
import gc, weakref
class Obj: pass
def keeps():
    o = Obj()
    w = weakref.ref(o)
    f = sys._getframe()
    o = None
    gc.collect()
    return w() is None, sorted(f.f_locals)
print(keeps())

# sys.exc_info() handed out of the frame that caught the exception: its
# tb_frame keeps that frame's locals and caller once it returns
def g():
    x = 12
    try:
        x / 0
    except Exception:
        y = "caught"
        return sys.exc_info()
info = g()
fr = info[2].tb_frame
print(sorted(fr.f_locals.items()), fr.f_code.co_name, fr.f_back.f_code.co_name, fr.f_lineno)
te = traceback.TracebackException(*info, capture_locals=True)
print(te.stack[0].locals)
print("".join(te.format()).splitlines()[-4:])

# -X no_debug_ranges: no columns in co_positions, no carets
code = "import traceback\ndef h(): return 1 + 2\nprint(list(h.__code__.co_positions())[-1])\n" \
       "try:\n    x = 1 / 0\nexcept ZeroDivisionError:\n    traceback.print_exc()\n"
r = subprocess.run([sys.executable, "-X", "no_debug_ranges", "-c", code], capture_output=True, text=True)
print(r.stdout.strip(), r.stderr.splitlines())

# an error on an earlier line than the tokenizer reached: the text without
# its newline, the end offset clipped to it
src = "def foo(*a): pass\nfoo(a, z\n        for z in\n            range(10), b, c)\n"
for mode in ("exec", "single"):
    try:
        compile(src, "<nofile>", mode)
    except SyntaxError as e:
        print(mode, e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
for s in ("x = (1,\n 2 +)\n", "f(a for a in b, c)\n", "print 1\n"):
    try:
        compile(s, "<nofile>", "exec")
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
