# tpy-test: no-regen modes=default
# Operations of _pydecimal-style code that compiled loops compute
# themselves, read through the compile hook: the body of each peeled loop
# has no residual call and no allocation for
# - `if x:` and `if not x:` on an instance whose class has a Python
#   __bool__: inlined, the branch taken on the bool it returns (not
#   jh_truth through call_i); tests/jit/godec_truth_dunder checks the
#   results when guards in the inlined __bool__ fail;
# - Class.name and Class.method(...) (LOAD_ATTR, LOAD_METHOD) on a class,
#   object.__new__ among them (type has a __new__ too): a constant, not
#   jh_getattr through call_r; and isinstance() of a constant int (the 1
#   of `d - 1` passed on to a conversion function): folded, not a call of
#   isinstance; tests/jit/godec_class_attrs checks their results;
# - a comparison whose left operand's class has a Python __gt__ (and the
#   others): inlined, not jh_compare through call_r;
#   tests/jit/godec_compare_dunder checks the results;
# - str(i) of an int and int(s) of a str: one call of the conversion
#   itself, not of the class (a call_r whose first argument is
#   ConstClass(str) or ConstClass(int), through jh_call1);
#   tests/jit/godec_int_str checks the results.
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies(describe=repr)


def op_name(text):
    # 'p5 = call_r(...)' or 'guard_true(...)' -> the operation's name
    return text.split(' = ', 1)[-1].split('(', 1)[0]


def report(name, banned):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, body = loops[0]
    bad = sorted(set(op_name(op) for op in body) & banned)
    print(name, 'compiled, peeled:', nlabels == 2, 'banned ops in body:', bad or 'none')


class Coeff:
    __slots__ = ('digits', 'special')

    def __init__(self, digits, special):
        self.digits = digits
        self.special = special

    def __bool__(self):
        return self.special or self.digits != 0


def truths(n):
    a = Coeff(5, False)
    z = Coeff(0, False)
    s = 0
    for i in range(n):
        if a:
            s += 1
        if not z:
            s += 2
    return s


print(truths(5000))
report('truths', CALLS | ALLOC)


class Dec:
    __slots__ = ('v',)

    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v


def convert(o):
    if isinstance(o, Dec):
        return o.v
    if isinstance(o, int):
        return o
    return 0


def class_attrs(n):
    d = Dec(3)
    s = 0
    for i in range(n):
        if object.__new__ is not None:
            s += Dec.get(d)
        s += convert(1) + convert(d)
    return s


print(class_attrs(5000))
report('class_attrs', CALLS | ALLOC)


class Amount:
    __slots__ = ('cents',)

    def __init__(self, cents):
        self.cents = cents

    def __gt__(self, other):
        if isinstance(other, Amount):
            return self.cents > other.cents
        if isinstance(other, int):
            return self.cents > other * 100
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, Amount):
            return self.cents == other.cents
        return NotImplemented


def comparisons(n):
    a = Amount(500)
    b = Amount(300)
    s = 0
    for i in range(n):
        if a > 4:
            s += 1
        if a > b:
            s += 2
        if not a == b:
            s += 4
    return s


print(comparisons(5000))
report('comparisons', CALLS | ALLOC)


def conversions(n):
    t = 0
    x = 12345678901234567890123
    for i in range(n):
        t += len(str(i)) + int('12') + len(str(x))
    return t


print(conversions(5000))
conv_body = bodies['conversions'][0][1]
class_calls = [op for op in conv_body if op_name(op).startswith('call') and
               ('(ConstClass(str)' in op or '(ConstClass(int)' in op or ', ConstClass(str)' in op or
                ', ConstClass(int)' in op)]
print('conversions: calls of str or int as a class:', len(class_calls),
      'calls:', sum(op_name(op) in CALLS for op in conv_body))
