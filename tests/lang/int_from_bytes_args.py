# int.from_bytes converts its argument as bytes(x) does (range and type
# errors; never a str or a count) and checks byteorder.
import array
class WB:
    def __bytes__(self): return b'\x01\x02'
cases = [b'\x01\x00', bytearray(b'\x01\x02'), memoryview(b'\x00\xff'), [1, 2], (255,), iter([1, 0]), [256], [-1], ['a'], 5, 'ab', WB(), array.array('B', [1, 2]), [True]]
for c in cases:
    for order in ('big', 'little'):
        try:
            print(repr(int.from_bytes(c, order)), repr(int.from_bytes(c, order, signed=True)))
        except Exception as e:
            print(type(e).__name__, e)
for order in ('Big', 'middle', 5):
    try:
        print(int.from_bytes(b'\x01', order))
    except Exception as e:
        print(type(e).__name__, e)
print(int.from_bytes(b'\x01\x02'), int.from_bytes(b'\xff', signed=True))
class MyInt(int): pass
print(type(MyInt.from_bytes(b'\x01', 'big')).__name__, MyInt.from_bytes(b'\x01', 'big'))
