# resource: limits, usage and constants, with CPython's errors.
import resource, os

print(resource.RLIM_INFINITY, resource.RLIMIT_NOFILE, resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN,
      resource.RUSAGE_THREAD, resource.error is OSError)
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
print(type(soft).__name__, soft <= hard or hard == resource.RLIM_INFINITY)
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
print(resource.getrlimit(resource.RLIMIT_NOFILE) == (soft, hard))
lower = min(soft, 512) if soft != resource.RLIM_INFINITY else 512
old = resource.prlimit(0, resource.RLIMIT_NOFILE, (lower, hard))
print(old == (soft, hard), resource.getrlimit(resource.RLIMIT_NOFILE) == (lower, hard))
resource.setrlimit(resource.RLIMIT_NOFILE, [soft, hard])
print(resource.prlimit(os.getpid(), resource.RLIMIT_NOFILE) == (soft, hard))
for bad in [(-5,), (999,)]:
    try:
        resource.getrlimit(*bad)
    except ValueError as e:
        print("ValueError", e)
for lim in [(1, 2, 3), 5, "ab"]:
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, lim)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    resource.setrlimit(resource.RLIMIT_CORE, (10, 5))
except ValueError as e:
    print("ValueError", e)
r = resource.getrusage(resource.RUSAGE_SELF)
print(type(r).__name__, len(r), r.ru_utime >= 0, r.ru_maxrss > 0, r[0] == r.ru_utime, r._fields if hasattr(r, '_fields') else None)
print(type(resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime).__name__)
try:
    resource.getrusage(42)
except ValueError as e:
    print("ValueError", e)
print(resource.getpagesize() == os.sysconf("SC_PAGE_SIZE"))
print(repr(resource.struct_rusage)[:40])
