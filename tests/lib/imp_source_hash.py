# _imp.source_hash is CPython's keyed SipHash-1-3 (hash-based .pyc files
# compare it), whatever PYTHONHASHSEED is; --check-hash-based-pycs sets
# _imp.check_hash_based_pycs.
import _imp, subprocess, sys

for key in (0, 1, 42, 2**32, 2**63 - 1, -1, -2**63):
    for source in (b"", b"hi", b"hello world", b"x" * 7, b"x" * 8, b"x" * 9, bytes(range(256)), bytearray(b"abc")):
        print(key, len(source), _imp.source_hash(key, source))
for bad in ((2**64, b""), (1, "text"), ("1", b"")):
    try:
        _imp.source_hash(*bad)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__)
for mode in ("always", "never", "default"):
    out = subprocess.run([sys.executable, "--check-hash-based-pycs", mode, "-c",
                          "import _imp; print(_imp.check_hash_based_pycs)"], capture_output=True, text=True)
    print(mode, out.stdout.strip(), out.returncode)
out = subprocess.run([sys.executable, "--check-hash-based-pycs", "sometimes", "-c", "pass"],
                     capture_output=True, text=True)
print(out.returncode, out.stderr.splitlines()[0] if out.stderr else "")
