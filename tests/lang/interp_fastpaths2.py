# The interpreter's second round of fast paths (tpy --jit off) against
# CPython: a test whose outcome goes straight into the conditional jump
# after it, and `super().name(...)` looked up without a super object. The
# cases below are the ones each must leave to the generic code, or get
# exactly as the generic code does.
import sys


# ---- COMPARE_OP / IS_OP / CONTAINS_OP followed by POP_JUMP_IF_* ---------------
class Eq:
    """__eq__ returning a non-bool: the jump must call its truth."""

    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return [1] if self.v == other else []

    def __lt__(self, other):
        return Truthy(self.v < other)

    __hash__ = None


class Truthy:
    calls = 0

    def __init__(self, b):
        self.b = b

    def __bool__(self):
        Truthy.calls += 1
        return self.b


class BadBool:
    def __bool__(self):
        raise ValueError("no truth")


class Cmp:
    def __lt__(self, other):
        return BadBool()


class Contains:
    def __contains__(self, x):
        return x % 2   # an int: `in` makes it a bool


class NaNLike(float):
    pass


def branches():
    out = []
    nan = float("nan")
    for a, b in [(1, 2), (2, 1), (2, 2), (-5, 3), (2 ** 70, 1), (1.5, 1.5), (nan, nan), (1, 1.0),
                 ("a", "b"), ("b", "a"), ("é", "e"), ((1, 2), (1, 3)), (None, None), (True, 1)]:
        row = []
        if a == b:
            row.append("eq")
        if a != b:
            row.append("ne")
        if a is b:
            row.append("is")
        if a is not b:
            row.append("isnot")
        try:
            if a < b:
                row.append("lt")
            if not a >= b:
                row.append("notge")
            while a <= b:
                row.append("le")
                break
        except TypeError as e:
            row.append(str(e))
        out.append(row)
    # comparisons whose result is no bool
    for v in [1, 2]:
        e = Eq(v)
        out.append(("eq" if e == 1 else "not-eq", "lt" if e < 2 else "not-lt"))
    out.append(Truthy.calls)
    try:
        if Cmp() < 1:
            out.append("unreachable")
    except ValueError as e:
        out.append(("raised", str(e)))
    # `in` through __contains__, dicts, sets, strings, lists
    c = Contains()
    d = {1: "a", (2, 3): "b"}
    s = {1, 2.5, "x", frozenset({1})}
    for x in [1, 2, 3, (2, 3), 2.5, "x", {1}, "é"]:
        row = []
        if not isinstance(x, (tuple, str, set, float)) and x in c:
            row.append("in-c")
        try:
            if x in d:
                row.append("in-d")
            if x not in s:
                row.append("not-in-s")
        except TypeError as e:
            row.append(str(e))
        if isinstance(x, str) and x in "xyzé":
            row.append("in-str")
        if x in [1, (2, 3)]:
            row.append("in-list")
        out.append(row)
    # a float subclass: not the float fast path
    if NaNLike(1.0) < 2:
        out.append("subclass-lt")
    # compare and jump in a loop condition, and chained comparisons
    i, n = 0, 0
    while i < 10 and i is not None:
        if 2 < i <= 6:
            n += i
        i += 1
    out.append(n)
    return out


print(branches())


def unbound_in_test():
    try:
        if undefined_name < 3:  # noqa: F821
            pass
    except NameError as e:
        return str(e)


print(unbound_in_test())


# ---- super().name(...) without a super object --------------------------------
class Base:
    tag = "base-tag"

    def greet(self, who):
        return "Base.greet " + who

    def kind(self):
        return "Base.kind of " + type(self).__name__

    @classmethod
    def make(cls):
        return "Base.make " + cls.__name__

    @staticmethod
    def static(x):
        return "Base.static %r" % (x,)

    @property
    def prop(self):
        return "Base.prop"


class Mid(Base):
    def greet(self, who):
        return "Mid(" + super().greet(who) + ")"


class Child(Mid):
    def greet(self, who):
        return "Child(" + super().greet(who) + ")"

    def kind(self):
        return super().kind()

    def others(self):
        out = [super().make(), super().static(3), super().prop, super().tag]
        try:
            super().missing()
        except AttributeError as e:
            out.append(str(e))
        # __class__ is the super object's own attribute
        out.append(super().__class__.__name__)
        out.append(super().__repr__()[:12])
        return out

    def rebind_self(self):
        # super() reads the first argument's current value
        self = Other()
        try:
            return super().greet("x")
        except TypeError as e:
            return "TypeError: " + str(e)

    def deleted_self(self):
        del self
        try:
            return super().greet("x")
        except RuntimeError as e:
            return "RuntimeError: " + str(e)

    def closure_self(self):
        # self in a cell (a nested function reads it)
        def inner():
            return self
        return super().greet("cell"), inner() is self

    def varargs(*args):
        # no positional parameter: super() has no first argument
        try:
            return super().greet("varargs")
        except RuntimeError as e:
            return "RuntimeError: " + str(e)


class Other:
    pass


class Shadow(Child):
    """An instance attribute of the method's name does not matter to super."""

    def __init__(self):
        self.greet = lambda who: "instance attr"

    def call(self):
        return super().greet("shadow"), self.greet("x")


class Diamond1(Base):
    def kind(self):
        return "D1>" + super().kind()


class Diamond2(Base):
    def kind(self):
        return "D2>" + super().kind()


class Diamond(Diamond1, Diamond2):
    def kind(self):
        return "D>" + super().kind()


def outside():
    try:
        return super().greet("x")
    except RuntimeError as e:
        return "RuntimeError: " + str(e)


class Patched(Base):
    def greet(self, who):
        return super().greet(who)


def supers():
    out = []
    ch = Child()
    for _ in range(3):
        out.append(ch.greet("you"))
        out.append(ch.kind())
    out.append(ch.others())
    out.append(ch.rebind_self())
    out.append(ch.deleted_self())
    out.append(ch.closure_self())
    out.append(ch.varargs())
    out.append(Shadow().call())
    out.append(Diamond().kind())
    out.append(outside())
    # the base class changes between calls: the next call sees it
    p = Patched()
    out.append(p.greet("a"))
    Base.greet = lambda self, who: "patched " + who
    out.append(p.greet("b"))
    out.append(ch.greet("c"))
    del Base.greet
    try:
        p.greet("d")
    except AttributeError as e:
        out.append(str(e))
    # a name called `super` that is not the builtin
    return out


print(supers())


def local_super():
    super = lambda: Base()   # noqa: F811 (a local, not the builtin)
    return super().greet.__name__ if hasattr(Base, "greet") else super().kind()


print(local_super())


class Meta(type):
    def describe(cls):
        return "Meta.describe " + cls.__name__


class WithMeta(metaclass=Meta):
    pass


class MetaChild(Meta):
    def describe(cls):
        return "MetaChild(" + super().describe() + ")"


MC = MetaChild("MC", (), {})
print(MC.describe())


class Cls:
    @classmethod
    def make(cls):
        return "Cls.make " + cls.__name__


class ClsChild(Cls):
    @classmethod
    def make(cls):
        # the first argument is a class: super(ClsChild, cls)
        return "ClsChild(" + super().make() + ")"


print(ClsChild.make())
print(sys.gettrace() is None)
