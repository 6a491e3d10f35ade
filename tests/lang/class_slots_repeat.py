# a name repeated in __slots__ (datetime: date.__slots__ + time.__slots__)
class D:
    __slots__ = '_year', '_hashcode'
class T:
    __slots__ = '_hour', '_hashcode'
class DT(D):
    __slots__ = D.__slots__ + T.__slots__
x = DT()
x._hashcode = 5
x._year = 2000
x._hour = 3
print(DT.__slots__, x._hashcode, x._year, x._hour)
print(sorted(k for k in DT.__dict__ if not k.startswith('__')))
try:
    class C:
        x = 1
        __slots__ = ('y', 'x')
except ValueError as e:
    print(e)
