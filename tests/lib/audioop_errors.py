# audioop: argument errors and audioop.error messages, as CPython 3.11's
import warnings
warnings.simplefilter("ignore", DeprecationWarning)
import audioop

def t(name, *args, **kw):
    try:
        r = getattr(audioop, name)(*args, **kw)
    except Exception as e:
        r = (type(e).__name__, str(e))
    print(name, r)

print(audioop.error.__name__, audioop.error.__module__, audioop.error.__mro__[1:])
print(sorted(n for n in dir(audioop) if not n.startswith('_')))
t('max', 'ab', 1)
t('getsample', 'ab', 1, 0)
t('max', b'ab', 1.0)
t('max', b'ab', 2 ** 40)
t('max', b'ab', -2 ** 40)
t('max', b'ab')
t('max', b'ab', 1, 3)
t('max', b'ab', width=1)
t('ratecv', b'ab', 1, 1, 1, 1)
t('ratecv', b'ab', 1, 1, 1, 1, None, 1, 0, 9)
t('mul', b'ab', 1, 'x')
t('getsample', b'ab', 1, 1.0)
t('getsample', b'ab', 1, 2 ** 70)
t('getsample', b'abcd', 2, 2)
t('getsample', b'abcd', 2, -1)
for state in 5, (1,), (1, (1,)), (1, ((1, 2),)), (1, ((1, 'a'),)), (1, (5,)), (2 ** 40, ((1, 2),)), \
        (-2 ** 40, ((1, 2),)), (1.5, ((1, 2),)), (1, ((1, 2), (3, 4))), (1, ((1, 2, 3),)), (1, [(1, 2)]), \
        (1, ([1, 2],)):
    t('ratecv', b'ab', 1, 1, 1, 1, state)
t('ratecv', b'ab', 1, 0, 1, 1, None)
t('ratecv', b'ab', 1, 1, 0, 1, None)
t('ratecv', b'ab', 1, 1, 1, 1, None, 0)
t('ratecv', b'ab', 1, 1, 1, 1, None, 1, -1)
t('ratecv', b'abc', 1, 2, 1, 1, None)
t('ratecv', b'ab', 5, 1, 1, 1, None)
t('ratecv', b'ab', 4, 2 ** 30, 1, 1, None)
for f in 'lin2adpcm', 'adpcm2lin':
    for state in 555, [1, 2], (1,), (1, 2, 3), (1, 'a'), (2 ** 40, 1), (0x8000, 0), (-0x8001, 0), (0, -1), (0, 89):
        t(f, b'ab', 1, state)
t('findfit', b'abc', b'ab')
t('findfit', b'ab', b'abcd')
t('findfactor', b'ab', b'abcd')
t('findmax', b'abc', 1)
t('findmax', b'abcd', 3)
t('findmax', b'abcd', -1)
t('add', b'abcd', b'ab', 2)
t('tomono', b'abcdef', 2, 1, 1)
t('lin2lin', b'abcd', 2, 5)
t('lin2lin', b'abc', 2, 1)
for w in -1, 0, 5, 1024:
    for f in 'ulaw2lin', 'alaw2lin', 'max', 'reverse':
        t(f, b'abcdefgh', w)
    t('adpcm2lin', b'abcdefgh', w, None)
for f in 'max', 'minmax', 'avg', 'rms', 'avgpp', 'maxpp', 'cross', 'lin2ulaw', 'lin2alaw', 'reverse', 'byteswap':
    t(f, b'abc', 2)
    t(f, b'', 2)
t('mul', b'abc', 2, 1.0)
t('bias', b'abc', 4, 0)
t('bias', b'abcd', 4, 2 ** 31)
t('tostereo', b'abc', 2, 1, 1)
t('lin2adpcm', b'abc', 2, None)
# memoryviews: strided ones are not simple buffers; released ones fail
t('max', memoryview(b'abcdef')[::2], 1)
t('max', memoryview(b'abcdef')[1:], 1)
m = memoryview(b'abcd')
m.release()
t('max', m, 1)
t('max', None, 1)
