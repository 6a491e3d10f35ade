# Every case of CPython's cmath test data (test_cmath's cmath_testcases.txt,
# from the libpython3.11-testsuite package) run through cmath and compared
# as test_cmath.test_specific_values does: a relative error of 2e-15 (an
# absolute one of 2e-15 for the real part of log and log10), infinities and
# nans matched, the signs of zeros checked unless a case says to ignore
# them, and ValueError / OverflowError where the case names the floating-
# point exception. Prints the failing cases and the counts.
import cmath
import math

PATH = '/usr/lib/python3.11/test/cmath_testcases.txt'


def close(a, b, rel_err=2e-15, abs_err=5e-323):
    # a is the expected value
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    if not a and not b:
        return math.copysign(1., a) == math.copysign(1., b)
    return abs(b - a) <= max(abs_err, rel_err * abs(a))


def run(fn, x, y):
    if fn == 'rect':
        return cmath.rect(x, y)
    if fn == 'polar':
        return complex(*cmath.polar(complex(x, y)))
    return getattr(cmath, fn)(complex(x, y))


def check(fn, arg, exp, flags):
    try:
        got = run(fn, arg[0], arg[1])
    except ValueError:
        return 'divide-by-zero' in flags or 'invalid' in flags
    except OverflowError:
        return 'overflow' in flags
    if 'divide-by-zero' in flags or 'invalid' in flags or 'overflow' in flags:
        return False
    er, ei = exp
    gr, gi = got.real, got.imag
    if 'ignore-real-sign' in flags:
        er, gr = abs(er), abs(gr)
    if 'ignore-imag-sign' in flags:
        ei, gi = abs(ei), abs(gi)
    real_abs = 2e-15 if fn in ('log', 'log10') else 5e-323
    return close(er, gr, abs_err=real_abs) and close(ei, gi)


passed = failed = 0
counts = {}
f = open(PATH)
try:
    lines = f.read().split('\n')
finally:
    f.close()
for line in lines:
    if not line.strip() or line.startswith('--'):
        continue
    lhs, rhs = line.split('->')
    id_, fn, ar, ai = lhs.split()
    rhs = rhs.split()
    er, ei, flags = rhs[0], rhs[1], rhs[2:]
    ok = check(fn, (float(ar), float(ai)), (float(er), float(ei)), flags)
    n = counts.get(fn, [0, 0])
    if ok:
        passed += 1
        n[0] += 1
    else:
        failed += 1
        n[1] += 1
        print('FAIL', line)
    counts[fn] = n
for fn in sorted(counts):
    print(fn, counts[fn][0], 'passed', counts[fn][1], 'failed')
print(passed, 'passed,', failed, 'failed')
