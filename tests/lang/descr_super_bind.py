# super objects are descriptors: an unbound super stored in a class binds
# to the instance; subclasses of super keep their type.

class A:
    def meth(self, a):
        return "A(%r)" % a

class B(A):
    def meth(self, a):
        return "B(%r)" % a + self.__super.meth(a)

B._B__super = super(B)

class mysuper(super):
    def __init__(self, *args):
        return super(mysuper, self).__init__(*args)

class C(B):
    def meth(self, a):
        s = self.__super
        return "C(%r)[%s]" % (a, type(s).__name__) + s.meth(a)

C._C__super = mysuper(C)

print(B().meth(1), C().meth(2), mysuper(C, C()).meth(3))
print(super(B).__get__(None, B) is not None)
for bad in (12, A()):
    try:
        super(B).__get__(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    super(int, int, int)
except TypeError as e:
    print("TypeError:", e)
try:
    mysuper(int, int, int)
except TypeError as e:
    print("TypeError:", e)

# a class attribute holding a metaclass-made super
class Meta(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        setattr(cls, "_%s__sup" % name, super(cls))

class P(metaclass=Meta):
    def who(self):
        return "P"

class Q(P):
    def who(self):
        return "Q" + self.__sup.who()

print(Q().who())
