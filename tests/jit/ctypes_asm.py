# tpy-test: no-regen modes=default,eager
# ctypes.string_at(info.asmaddr, info.asmlen) in a compile hook reads the
# loop's machine code: the same bytes as the jit-backend-dump section of
# PYPYLOG (tpy's own dump of the code it compiled), for every loop and
# bridge, read at the moment each is compiled.
import os, subprocess, sys, tempfile

CHILD = r'''
import ctypes, pypyjit
seen = []
def hook(info):
    code = ctypes.string_at(info.asmaddr, info.asmlen)
    seen.append((info.type, info.asmaddr, info.asmlen, len(code), code.hex().upper()))
pypyjit.set_compile_hook(hook)
def f(n):
    s = 0
    for i in range(n):
        if i % 3:
            s += i * 2
        else:
            s -= 1
    return s
print(f(30000))
pypyjit.set_compile_hook(None)
for kind, addr, n, got, hexcode in seen:
    print(kind, "%x" % addr, n, got, hexcode)
'''

with tempfile.TemporaryDirectory() as d:
    log = os.path.join(d, "log")
    env = dict(os.environ, PYPYLOG="jit-backend-dump:" + log)
    r = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True)
    print("child exit", r.returncode, r.stderr)
    lines = r.stdout.split("\n")
    print("result", lines[0])
    dumps = {}
    with open(log) as fh:
        for line in fh:
            if line.startswith("CODE_DUMP @"):
                parts = line.split()
                dumps[parts[1][1:]] = parts[-1]
    kinds = set()
    count = 0
    for line in lines[1:]:
        if not line:
            continue
        kind, addr, n, got, hexcode = line.split()
        kinds.add(kind)
        count += 1
        print(kind, "asmlen == len(bytes):", n == got, int(n) > 0,
              "same as the dump:", dumps.get(addr) == hexcode)
    print("loops and bridges seen:", sorted(kinds), count >= 2)
