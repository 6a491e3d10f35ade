# _statistics._normal_dist_inv_cdf (statistics.NormalDist.inv_cdf's C
# accelerator) against the pure-Python version statistics.py keeps: the
# same doubles in the three ranges of p (central, near tail, far tail),
# both signs, and the argument errors.
import statistics
import _statistics

fast = _statistics._normal_dist_inv_cdf
ps = [0.5, 0.4, 0.075, 0.925, 0.0749, 0.9251, 1e-3, 0.999, 1e-10, 1 - 1e-10, 1e-20, 1e-300, 5e-324,
      0.3, 0.7, 0.01, 0.99, 0.25, 0.75, 0.1, 0.9, 0.5 + 1e-17]
for p in ps:
    for mu, sigma in [(0.0, 1.0), (100.0, 15.0), (-3.5, 0.25)]:
        print(repr(p), mu, sigma, repr(fast(p, mu, sigma)))
# the pure-Python version, whatever statistics.py took
src = open(statistics.__file__).read()
ns = {}
start = src.index("def _normal_dist_inv_cdf")
end = src.index("\n\n\n", start)
exec("from math import fabs, sqrt, log\n" + src[start:end], ns)
slow = ns["_normal_dist_inv_cdf"]
print(all(fast(p, m, s) == slow(p, m, s) for p in ps for m, s in [(0.0, 1.0), (100.0, 15.0), (-3.5, 0.25)]))
print(fast(1, 0, 1) if False else fast(0.5, 1, 2), type(fast(0.5, 1, 2)).__name__)
nd = statistics.NormalDist(10, 2)
print([round(nd.inv_cdf(q), 12) for q in (0.1, 0.5, 0.9)], nd.quantiles(4))
for bad in [("a", 0, 1), (0.5, 0), (0.5, 0, 1, 2), (0.5, None, 1)]:
    try:
        fast(*bad)
    except TypeError as e:
        print("TypeError", e)
