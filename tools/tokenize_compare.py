"""Compare tpy's _tokenize.TokenizerIter with CPython's on .py files.

    python3 tools/tokenize_compare.py [--tpy ./tpy] [DIR_OR_FILE ...]

Both interpreters dump, per file, a digest of the token tuples (or the
error) that TokenizerIter yields for the decoded source; files whose dumps
differ are listed with their first differing token. Default: the whole of
/usr/lib/python3.11.
"""
import os
import subprocess
import sys

DUMP = r'''
import sys, hashlib, tokenize, _tokenize, warnings
warnings.simplefilter("ignore")
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    try:
        with tokenize.open(path) as f:
            src = f.read()
    except Exception:
        continue
    out = []
    try:
        for t in _tokenize.TokenizerIter(src):
            out.append(repr(t))
    except SyntaxError as e:
        out.append("ERR %s %r" % (type(e).__name__, e.args))
    if len(sys.argv) > 1:
        print("\n".join(out))
    else:
        print(path, hashlib.md5("\n".join(out).encode("utf-8", "surrogatepass")).hexdigest(), len(out))
'''


def run(interp, paths, detail=False):
    cmd = [interp, "-c", DUMP] + (["detail"] if detail else [])
    r = subprocess.run(cmd, input="\n".join(paths), capture_output=True, text=True, errors="replace")
    return r.stdout


def main():
    args = sys.argv[1:]
    tpy = "./tpy"
    if args[:1] == ["--tpy"]:
        tpy, args = args[1], args[2:]
    roots = args or ["/usr/lib/python3.11"]
    paths = []
    for root in roots:
        if os.path.isfile(root):
            paths.append(root)
            continue
        for d, _, files in os.walk(root):
            paths.extend(os.path.join(d, f) for f in sorted(files) if f.endswith(".py"))
    paths.sort()
    want = dict(l.split(" ", 1) for l in run("/usr/bin/python3", paths).splitlines())
    got = dict(l.split(" ", 1) for l in run(tpy, paths).splitlines())
    bad = [p for p in want if got.get(p) != want[p]]
    for p in bad:
        a = run("/usr/bin/python3", [p], True).splitlines()
        b = run(tpy, [p], True).splitlines()
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print("%s: token %d\n  cpython: %s\n  tpy:     %s" % (
            p, i, a[i] if i < len(a) else "<end>", b[i] if i < len(b) else "<end>"))
    print("%d files, %d differ" % (len(want), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
