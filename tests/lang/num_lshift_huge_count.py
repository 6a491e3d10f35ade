# Left shifts by a count of 2**62 and more: CPython raises MemoryError while
# the result's digit count fits a Py_ssize_t (counts below about 6.9e19),
# OverflowError "too many digits in integer" beyond; tpy raised
# OverflowError for every count that is not a small int. Found by tools/fuzz.py.
for a, b in [(9223372036854775807, 2**64 - 1), (1, 2**63), (1, 2**62), (1, 2**40 + 1), (0, 2**64), (-1, 2**70), (3, 2**63 - 1), (1, 10**30)]:
    try:
        r = a << b
        print('ok', r.bit_length() if isinstance(r, int) else r)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print('rs', a >> b)
    except Exception as e:
        print(type(e).__name__, e)
errs = {}
for i in range(3000):
    k = i % 5 if i < 2000 else 2**62 + i
    try:
        x = (i | 1) << k
    except (MemoryError, OverflowError) as e:
        errs[type(e).__name__] = errs.get(type(e).__name__, 0) + 1
print(errs)
