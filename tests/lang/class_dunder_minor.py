class B:
    def __bytes__(self):
        return b'from __bytes__'
print(bytes(B()))
class R:
    def __rpow__(self, o):
        return ('rpow', o)
print(2 ** R())
try:
    pow(2, R(), 5)
except TypeError as e:
    print(e)
class NoBool:
    def __len__(self):
        return 3
    __bool__ = None
try:
    bool(NoBool())
except TypeError as e:
    print(e)
