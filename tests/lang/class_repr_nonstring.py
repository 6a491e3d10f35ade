# str() of an instance whose __repr__ returns a non-string: object.__str__
# calls the repr slot and str() checks the result, so CPython words the
# TypeError "__str__ returned non-string" (tpy said __repr__) through
# str(), '%s', f-strings and format(); repr() keeps "__repr__". Found by
# tools/fuzz.py (while shrinking another finding).
class A:
    def __repr__(self):
        return None
class B(A):
    def __str__(self):
        return 5
class C:
    def __repr__(self):
        return 'C!'
class D(Exception):
    def __repr__(self):
        return None
for o in [A(), B(), C(), D('x')]:
    for f in (str, repr, lambda v: '%s' % v, lambda v: f'{v}', lambda v: '{}'.format(v), lambda v: '%r' % (v,), lambda v: [v]):
        try:
            print(f(o))
        except TypeError as e:
            print(type(o).__name__, e)
n = 0
for i in range(3000):
    try:
        str(A() if i % 2 else C())
    except TypeError as e:
        n += len(str(e))
print(n)
