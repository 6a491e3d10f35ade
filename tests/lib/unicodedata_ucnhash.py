# \N{...} escapes need the unicodedata module, imported on the first one (as
# CPython's ucnhash capsule) and kept: blocked before that, an escape in a
# literal is a SyntaxError and unicode_escape decoding a UnicodeError
import subprocess, sys

def run(code):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return r.returncode, r.stdout.strip(), r.stderr.strip().splitlines()[-1:] 

print(run("import sys; sys.modules['unicodedata'] = None; eval(\"'\\\\N{SOFT HYPHEN}'\")"))
print(run("import sys; sys.modules['unicodedata'] = None\n"
          "for s in (\"'\\\\N{DASH}'\", \"x = '\\\\N'\", \"'no escape'\", \"r'\\\\N{X}'\"):\n"
          "    try: print(repr(eval(s) if '=' not in s else exec(s)))\n"
          "    except SyntaxError as e: print(e.msg, e.lineno)\n"
          "try: print(b'\\\\N{DASH}'.decode('unicode_escape'))\n"
          "except UnicodeError as e: print(type(e).__name__, e)\n"
          "print(b'\\\\N{DASH}'.decode('raw_unicode_escape'))"))
# loaded once, it stays usable
print(run("import sys; print(ascii('\\N{SOFT HYPHEN}')); sys.modules['unicodedata'] = None; "
          "print(ascii(eval(\"'\\\\N{EM DASH}'\")), ascii(b'\\\\N{EN DASH}'.decode('unicode_escape')))"))
