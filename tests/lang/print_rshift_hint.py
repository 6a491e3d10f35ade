# The py2 "print >> f" hint is for print only.
import sys
for f in (lambda: print >> sys.stderr, lambda: print >> 42, lambda: max >> sys.stderr,
          lambda: print << sys.stderr, lambda: len >> 1):
    try:
        f()
    except TypeError as e:
        print(e)
class R:
    def __rrshift__(self, other):
        return "rrshift", other.__name__
print(print >> R())
