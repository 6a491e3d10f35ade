# Sequence repetition by a huge count, as CPython: a count beyond a
# Py_ssize_t (either sign) is OverflowError "cannot fit 'int' into an
# index-sized integer" (tpy: MemoryError, or an empty result when negative);
# a str or bytes result longer than a Py_ssize_t can count is OverflowError
# "repeated string is too long" / "repeated bytes are too long" (tpy:
# MemoryError); a list or tuple one is MemoryError. Found by tools/fuzz.py.
for seq in [(1,), [1], 'ab', b'ab']:
    for n in [3**40, 2**63, 2**63 - 1, 2**62, 2**40, -2**70, -3, 0, 2]:
        for f in (lambda: seq * n, lambda: n * seq):
            try:
                r = f()
                print(type(seq).__name__, n, 'ok', len(r))
            except (OverflowError, MemoryError) as e:
                print(type(seq).__name__, n, type(e).__name__, e)
l = [1]
try:
    l *= 3**40
except OverflowError as e:
    print('imul', type(e).__name__, e, l)
errs = {}
for i in range(3000):
    try:
        t = (i,) * (i % 3 if i < 2000 else 2**64 + i)
    except OverflowError as e:
        errs[str(e)] = errs.get(str(e), 0) + 1
print(errs)
