# chr() of a float raises CPython 3.11's TypeError "'float' object cannot be
# interpreted as an integer" (tpy had the older "integer argument expected,
# got float"), in a hot loop too. Found by tools/fuzz.py.
class I:
    def __index__(self):
        return 65
for a in [2.5, '1', None, True, I(), 2**70, -1, 1114112, 0x10FFFF]:
    try:
        print(repr(chr(a)))
    except Exception as e:
        print(type(e).__name__, e)
msgs = {}
for i in range(3000):
    try:
        chr(i % 200 + 32 if i % 3 else i * 0.5)
    except TypeError as e:
        msgs[str(e)] = msgs.get(str(e), 0) + 1
print(msgs)
