# bytes/bytearray.translate: the table's length is checked before the
# delete argument's type, as CPython's
for t in (bytes, bytearray):
    x = t(b'abc')
    for args in [(b'1', 1), (b'1',), (None, 1), (bytes(256), 1), (1, b'')]:
        try:
            print(t.__name__, x.translate(*args))
        except (TypeError, ValueError) as e:
            print(t.__name__, type(e).__name__, e)
    print(x.translate(None, b'b'), x.translate(bytes(range(255, -1, -1)), delete=b'a'))
