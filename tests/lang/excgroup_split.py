# split(), subgroup() and derive(): matching by type, tuple of types and
# predicate; nested groups; what the parts keep (traceback, cause,
# context, a copy of the notes); identity when everything matches
def make():
    try:
        raise KeyError('ctx')
    except KeyError:
        try:
            eg = ExceptionGroup('eg', [ValueError(1), TypeError(2),
                                       ExceptionGroup('inner', [ValueError(3), OSError(4)])])
            eg.add_note('note one')
            raise eg
        except ExceptionGroup as e:
            return e

eg = make()
m, r = eg.split(ValueError)
print(repr(m))
print(repr(r))
for part in (m, r):
    print(type(part).__name__, part.__traceback__ is eg.__traceback__, repr(part.__context__),
          part.__cause__, part.__suppress_context__, part.__notes__, part.__notes__ is eg.__notes__)
m.add_note('only on the match')
print(eg.__notes__, m.__notes__, r.__notes__)
print(eg.__suppress_context__)

print(repr(eg.subgroup(lambda e: isinstance(e, OSError))))
print(repr(eg.subgroup((OSError, TypeError))))
print(eg.subgroup(Exception) is eg, eg.split(BaseException)[0] is eg)
print(eg.subgroup(KeyError), eg.split(KeyError)[0], eg.split(KeyError)[1] is eg)
inner = eg.exceptions[2]
print(eg.split(lambda e: e is inner)[0].exceptions[0] is inner)
print(repr(eg.split(lambda e: isinstance(e, ExceptionGroup) and e.message == 'inner')))
seen = []
def pred(e):
    seen.append(type(e).__name__)
    return False
eg.subgroup(pred)
print(seen)

beg = BaseExceptionGroup('b', [ValueError(), KeyboardInterrupt(), BaseExceptionGroup('bi', [SystemExit(2)])])
bm, br = beg.split(Exception)
print(type(bm).__name__, repr(bm), type(br).__name__, repr(br))
print(repr(beg.subgroup(SystemExit)))

d = eg.derive([KeyError(9)])
print(repr(d), d.__traceback__, d.__context__, d.__cause__, hasattr(d, '__notes__'))
print(repr(BaseExceptionGroup('x', [ValueError()]).derive([SystemExit()])))

def t(label, f):
    try:
        print(label, '->', repr(f()))
    except Exception as e:
        print(label, '!!', type(e).__name__, e)
t('split int', lambda: eg.split(int))
t('split 1', lambda: eg.split(1))
t('split tuple bad', lambda: eg.split((ValueError, 1)))
t('split list', lambda: eg.split([ValueError]))
t('split none', lambda: eg.split())
t('split two', lambda: eg.split(ValueError, TypeError))
t('subgroup none', lambda: eg.subgroup())
t('derive none', lambda: eg.derive())
t('derive empty', lambda: eg.derive([]))
t('predicate raises', lambda: eg.split(lambda e: 1 / 0))

class BadDerive(ExceptionGroup):
    def derive(self, excs):
        return ValueError('not a group')
t('bad derive', lambda: BadDerive('b', [ValueError(), TypeError()]).split(ValueError))

class Notes(ExceptionGroup):
    pass
n = Notes('n', [ValueError(), TypeError()])
n.__notes__ = ('a tuple',)
print(repr(n.split(ValueError)[0].__notes__))
n.__notes__ = 42
print(hasattr(n.split(ValueError)[0], '__notes__'))
print(type(n.split(ValueError)[0]).__name__)
