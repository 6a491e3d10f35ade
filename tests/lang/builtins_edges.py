# len() of a huge negative __len__, NoneType's arguments, __import__'s
# signature, bool(NotImplemented)'s warning
import sys
import warnings


class HugeNegative:
    def __len__(self):
        return -sys.maxsize - 10


for f in [lambda: len(HugeNegative()), lambda: type(None)(a=1), lambda: type(Ellipsis)(1),
          lambda: __import__('sys', name='sys'), lambda: __import__(1), lambda: __import__('')]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(__import__('os.path', fromlist=['x']).__name__, __import__('os', globals(), None, [], 0).__name__,
      __import__(name='json').__name__)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(bool(NotImplemented), [str(x.message) for x in w], [x.category.__name__ for x in w])
