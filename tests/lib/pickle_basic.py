import io, pickle, copy
class C:
    def __init__(self): self.a = [1, 2]; self.b = {"k": (1, 2.5, None)}
class S:
    __slots__ = ("x", "y")
    def __init__(self): self.x = 1; self.y = "two"
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    c = pickle.loads(pickle.dumps(C(), protocol=proto))
    s = pickle.loads(pickle.dumps(S(), protocol=proto))
    d = pickle.loads(pickle.dumps({"a": [1, {2}], "b": frozenset({3}), 4: b"by", 5.5: 1j}, protocol=proto))
    print(proto, c.a, c.b, s.x, s.y, sorted(d.items(), key=repr))
b = io.BytesIO(b"abc")
v = b.getbuffer()
v[0] = ord("x")
print(b.getvalue(), bytes(v), len(v), v.readonly)
print(pickle.loads(pickle.dumps(list(range(2000)), protocol=5))[-3:])
