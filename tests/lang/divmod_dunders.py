# int and float have __divmod__/__rdivmod__; divmod() asks a subclass that
# overrides __rdivmod__ first, and a subclass's own __divmod__.
print((7).__divmod__(2), (7).__rdivmod__(2), (-7).__divmod__(2), (2**70).__divmod__(3))
print((7.5).__divmod__(2), (7.5).__rdivmod__(2), (7.5).__divmod__("x"), (7).__divmod__(2.0))
print(True.__divmod__(2), int.__divmod__(9, 4), float.__rdivmod__(2.0, 9))
for f in (lambda: (7).__divmod__(0), lambda: (7.0).__divmod__(0), lambda: (7).__divmod__()):
    try:
        print(f())
    except (ZeroDivisionError, TypeError) as e:
        print(type(e).__name__, e)

class I(int):
    def __rdivmod__(self, other):
        return "I.__rdivmod__", other
    def __divmod__(self, other):
        return "I.__divmod__", other
class J(int):
    pass
class F(float):
    def __rdivmod__(self, other):
        return "F.__rdivmod__", other
print(divmod(7, I(2)), divmod(I(7), 2), divmod(I(7), I(2)), divmod(J(7), 2), divmod(7, J(2)))
print(divmod(7.0, F(2)), divmod(7, F(2)), divmod(F(7), 2), divmod(7.5, 2), divmod(7, 2))
try:
    divmod("a", 2)
except TypeError as e:
    print(e)
