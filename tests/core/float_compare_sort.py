# Float comparisons, nan/inf ordering, min/max and sorting with floats.
import math
nan = float('nan')
inf = float('inf')
print(nan == nan, nan < 1, nan > 1, nan != 1, inf > 1e308, -inf < -1e308, inf == inf)
print(1e-300 > 0, -0.0 == 0.0, -0.0 < 0.0, 0.1 + 0.2 > 0.3, 0.1 + 0.2 == 0.30000000000000004)
print(sorted([3.5, -inf, 2, 0.0, inf, -1.25, 1e-9]))
print(max(1.5, 2), min(-0.0, 0.0), max(0.0, -0.0), min([2.5, 2, 2.0]))
print(math.isnan(max(nan, 1)), max(1, nan), min([inf, 5, -inf]))
vals = [0.5, 0.25, 0.125, 1 / 3]
print(sorted(vals, reverse=True))
print(1 / 3 == 0.3333333333333333, 2 / 3 > 0.6666666666666666, 1 / 3 + 1 / 3 + 1 / 3 == 1.0)
print(round(0.1 + 0.2, 2) == 0.3, abs(0.3 - (0.1 + 0.2)) < 1e-12)
print(10 ** 16 + 1 == 1e16 + 1, float(10 ** 16 + 1) == 1e16)
total = 0.0
for v in [1e16, 1.0, -1e16]:
    total += v
print(total, math.fsum([1e16, 1.0, -1e16]))
print(5.0 in [5], 5 in [5.0], [1.0, 2.0].index(2), {1.0: 'a'}.get(1))
