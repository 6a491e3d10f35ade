# del x[k] and x[k] = v on objects that do not support them: CPython words
# the TypeError "doesn't support item deletion" only for a type with the
# sequence protocol (containers, classes) and an integer key, and "does not"
# otherwise; a class defining only one of __setitem__/__delitem__ gets
# AttributeError for the other. Found by tools/fuzz.py.
class A: pass
class B:
    def __getitem__(self, k): return 1
class C:
    def __setitem__(self, k, v): pass
class D:
    def __delitem__(self, k): pass
class F(float): pass

for obj in [A(), B(), C(), D(), F(1.5), set(), frozenset(), range(3), b'ab', 'ab', (1,), 5, None,
            len, {1: 2}.keys(), iter([]), 1.5, True]:
    for key in (0, 'a', True):
        try:
            del obj[key]
        except Exception as e:
            print(type(obj).__name__, repr(key), type(e).__name__, e)
        try:
            obj[key] = 1
        except Exception as e:
            print(type(obj).__name__, repr(key), type(e).__name__, e)

# the same error raised and caught in a hot loop
vals = [1.5, (1, 2), 'xy', 7, [1, 2, 3]]
msgs = {}
for i in range(3000):
    v = vals[i % len(vals)]
    try:
        del v[0]
        v.append(i)
    except TypeError as e:
        msgs[str(e)] = msgs.get(str(e), 0) + 1
print(sorted(msgs.items()), vals[4][:3])
