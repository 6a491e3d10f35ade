import sys
print([p.replace(sys.prefix, '') for p in sys.path if 'userbase' in p])
print(getattr(sys, 'pth_marker', None), getattr(sys, 'pth_order', None))
import pthmod
print(pthmod.seen)
