import marshal
vals = [None, True, False, ..., StopIteration, 0, -1, 2**31-1, -2**31, 2**31, -2**40, 2**100, -(2**100), 1.5, -0.0, float('inf'), 1+2j, "abc", "é€", "", "x"*300, b"bytes", (), (1, "a", (2,)), [1, [2, 3]], {"a": 1, 2: [3]}, {1, 2}, frozenset({3}), tuple(range(300))]
for v in vals:
    d = marshal.dumps(v)
    back = marshal.loads(d)
    print(repr(back)[:60], back == v or v != v, type(back).__name__)
l = [1, 2]
t = (l, l)
b = marshal.loads(marshal.dumps(t))
print(b, b[0] is b[1])
for bad in [object()]:
    try:
        marshal.dumps(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    marshal.loads(b"")
except EOFError as e:
    print("EOFError", e)
try:
    marshal.loads(b"\x99")
except ValueError as e:
    print("ValueError", e)
print(marshal.version)
# what CPython wrote
print(marshal.loads(b'\xda\x03abc'), marshal.loads(b'\xe9\x05\x00\x00\x00'), marshal.loads(b')\x02\xe9\x01\x00\x00\x00r\x00\x00\x00\x00'))
