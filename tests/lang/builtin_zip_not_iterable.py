# zip() of an argument that is not iterable raises CPython 3.11's
# "'int' object is not iterable" (tpy had the older "zip argument #2 must
# support iteration"), in a hot loop too. Found by tools/fuzz.py.
import functools
for f in (lambda: zip([1], 5), lambda: zip(5), lambda: zip([1], None, []), lambda: zip([1], 2.5, strict=True),
          lambda: functools.reduce(lambda a, b: a, 5), lambda: map(len, 5), lambda: enumerate(5),
          lambda: filter(None, 5), lambda: dict(zip(range(3), 7))):
    try:
        f()
    except TypeError as e:
        print(e)
msgs = {}
for i in range(3000):
    try:
        d = dict(zip(range(3), [1, 2, 3] if i % 4 else i))
    except TypeError as e:
        msgs[str(e)] = msgs.get(str(e), 0) + 1
print(msgs)
