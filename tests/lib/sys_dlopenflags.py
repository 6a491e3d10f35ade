# sys.getdlopenflags/setdlopenflags: the flags kept, CPython's argument errors
import sys, os
print(sys.getdlopenflags() == os.RTLD_NOW)
for a in [(), (1, 2), ('x',), (2**31,), (-2**31-1,), (1.0,)]:
    try: sys.setdlopenflags(*a); print('ok', sys.getdlopenflags())
    except Exception as e: print(type(e).__name__, e)
try: sys.getdlopenflags(1)
except Exception as e: print(type(e).__name__, e)
sys.setdlopenflags(os.RTLD_NOW | os.RTLD_GLOBAL); print(sys.getdlopenflags())
