# BaseExceptionGroup/ExceptionGroup construction: argument checks and
# messages, the class chosen, subclasses with __new__/__init__
def t(label, f):
    try:
        r = f()
        print(label, '->', type(r).__name__, repr(r))
    except Exception as e:
        print(label, '!!', type(e).__name__, e)

t('one arg', lambda: BaseExceptionGroup('a'))
t('three args', lambda: BaseExceptionGroup('a', [], 3))
t('no args', lambda: ExceptionGroup())
t('keywords', lambda: ExceptionGroup(message='m', exceptions=[ValueError()]))
t('msg int', lambda: BaseExceptionGroup(1, [ValueError()]))
t('msg bytes', lambda: ExceptionGroup(b'x', [ValueError()]))
t('excs int', lambda: BaseExceptionGroup('m', 5))
t('excs set', lambda: ExceptionGroup('m', {ValueError()}))
t('excs dict', lambda: ExceptionGroup('m', {1: 2}))
t('excs str', lambda: ExceptionGroup('m', 'ab'))
t('empty list', lambda: BaseExceptionGroup('m', []))
t('empty tuple', lambda: ExceptionGroup('m', ()))
t('item 0', lambda: BaseExceptionGroup('m', [1]))
t('item 2', lambda: BaseExceptionGroup('m', [ValueError(), TypeError(), ValueError]))
t('EG of base', lambda: ExceptionGroup('m', [ValueError(), KeyboardInterrupt()]))
t('BEG of base', lambda: BaseExceptionGroup('m', [KeyboardInterrupt()]))
t('BEG of exc', lambda: BaseExceptionGroup('m', [ValueError()]))
t('BEG of tuple', lambda: BaseExceptionGroup('m', (ValueError(), OSError(2, 'x'))))
t('nested', lambda: ExceptionGroup('outer', [ExceptionGroup('inner', [ValueError()])]))
t('nested base', lambda: BaseExceptionGroup('o', [BaseExceptionGroup('i', [SystemExit(1)])]))
t('EG of BEG', lambda: ExceptionGroup('o', [BaseExceptionGroup('i', [SystemExit(1)])]))
t('__new__', lambda: ExceptionGroup.__new__(ExceptionGroup, 'm', [ValueError()]))
t('generator', lambda: ExceptionGroup('m', (ValueError(i) for i in range(2))))

for n in (1, 2, 3):
    eg = ExceptionGroup('msg', [ValueError(i) for i in range(n)])
    print(str(eg), '|', repr(eg), '|', eg.args == ('msg', eg.args[1]), type(eg.exceptions).__name__)
print(str(ExceptionGroup('', [ValueError()])))
lst = [ValueError(1)]
eg = ExceptionGroup('m', lst)
lst.append(TypeError())
print(len(eg.exceptions), repr(eg))

for attr in ('message', 'exceptions'):
    try:
        setattr(eg, attr, 'x')
    except AttributeError as e:
        print(attr, type(e).__name__, e)
eg.other = 5
print(eg.other)

class Plain(ExceptionGroup):
    pass
t('Plain', lambda: Plain('m', [ValueError()]))
t('Plain base', lambda: Plain('m', [KeyboardInterrupt()]))

class BasePlain(BaseExceptionGroup):
    pass
t('BasePlain exc', lambda: BasePlain('m', [ValueError()]))
t('BasePlain base', lambda: BasePlain('m', [KeyboardInterrupt()]))

class WithCode(ExceptionGroup):
    def __new__(cls, message, excs, code):
        obj = super().__new__(cls, message, excs)
        obj.code = code
        return obj

    def derive(self, excs):
        return WithCode(self.message, excs, self.code)

w = WithCode('coded', [ValueError(1), TypeError(2)], 42)
print(repr(w), w.code, w.args)
m, r = w.split(ValueError)
print(type(m).__name__, m.code, repr(m), type(r).__name__, r.code)

class WithInit(ExceptionGroup):
    def __init__(self, message, excs, extra):
        super().__init__(message, excs)
        self.extra = extra
t('WithInit 3', lambda: WithInit('m', [ValueError()], 'x'))
t('WithInit keyword', lambda: WithInit('m', [ValueError()], extra='x'))
wi = WithInit('m', [ValueError()], extra='x')
print(wi.extra, wi.args, str(wi))
t('init keyword', lambda: ExceptionGroup.__init__(wi, 'a', [], x=1))
