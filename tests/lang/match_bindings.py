# When names are bound: only after the whole pattern of a case has matched
# (a failed case binds nothing), before its guard (a failed guard leaves its
# names bound); value patterns compare with ==, None/True/False with `is`;
# errors raised while matching.

def show(label, names):
    print(label, {k: names[k] for k in sorted(names) if k in ('a', 'b', 'c', 'rest', 'y')})

def failed_case():
    match [1, 2, 3]:
        case [a, b, 4]:
            pass
        case _:
            pass
    show('failed pattern binds nothing:', locals())

def failed_guard():
    match [1, 2]:
        case [a, b] if a > b:
            print('not here')
        case [a, *rest] if False:
            print('not here')
        case _:
            pass
    show('failed guard keeps bindings:', locals())

def guard_sees_bindings():
    seen = []
    def check(v):
        seen.append(v)
        return v == 3
    for item in [[1], [2], [3], [4]]:
        match item:
            case [y] if check(y):
                print('guard passed for', y)
    print('guard calls:', seen)

failed_case()
failed_guard()
guard_sees_bindings()

class Eq:
    def __init__(self, name):
        self.name = name
    def __eq__(self, other):
        print('  %s.__eq__(%s)' % (self.name, other.name if isinstance(other, Eq) else repr(other)))
        return other == 1

class K:
    V = Eq('V')

for subject in [1, Eq('S'), 2]:
    match subject:
        case K.V:
            print('value pattern matched', type(subject).__name__)
        case _:
            print('value pattern failed', type(subject).__name__)

for subject in [True, 1, 1.0, None, 0, False]:
    match subject:
        case True:
            print(repr(subject), 'is True')
        case None:
            print(repr(subject), 'is None')
        case False:
            print(repr(subject), 'is False')
        case 1:
            print(repr(subject), '== 1')
        case 0:
            print(repr(subject), '== 0')

def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ':', e)

class BadArgs:
    __match_args__ = ['a']

class NonStr:
    __match_args__ = (1,)

class Two:
    __match_args__ = ('a',)
    a = 1

class Raises:
    @property
    def a(self):
        raise ValueError('from property')

class Missing:
    __match_args__ = ('nothere',)

def e1():
    match BadArgs():
        case BadArgs(x):
            return x
def e2():
    match NonStr():
        case NonStr(x):
            return x
def e3():
    match Two():
        case Two(x, y):
            return x
def e4():
    match Two():
        case Two(x, a=y):
            return x
def e5():
    match 5:
        case len():
            return 1
def e6():
    match Raises():
        case Raises(a=1):
            return 1
def e7():
    match Missing():
        case Missing(x):
            return x
        case _:
            return 'attribute missing: no match'
def e8():
    match 3:
        case int(x, y):
            return 1
def e9():
    match 3:
        case object(x):
            return 1
def e10():
    match 3:
        case Two(x, y):
            return 'not an instance: no error'
    return 'no match'
def e11():
    class G:
        a = 1
    match {'x': 1, 1: 1}:
        case {G.a: 1, Two.a: 2}:
            return 1
def e12():
    class M(dict):
        def get(self, k, d=None):
            raise KeyError('get raised')
    match M(x=1):
        case {'x': v}:
            return v
def e13():
    match [1, 2]:
        case (int() | str(), [] | None):
            return 'no'
        case [1, y]:
            return 'y =', y

for f in [e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13]:
    err(f)
