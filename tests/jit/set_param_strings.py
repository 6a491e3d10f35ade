# tpy-test: no-regen
# pypyjit.set_param's string form as PyPy 7.3.11 parses it (expected
# output recorded with pypy3): items split at every comma, so an empty
# item ('', 'a=1,,b=2', a comma at an end) is an error; each item
# stripped of spaces (only ' ') and split at '=' into exactly two parts;
# integers as RPython's int() reads them (spaces, sign, spaces, digits,
# spaces). Keyword values as PyPy's int_w takes them.
import pypyjit

cases = [
    '', ' ', ',', 'threshold=10,,decay=5', 'threshold=10,', ',threshold=10', 'threshold=5,   ',
    'x', '=5', 'threshold=', 'threshold=abc', 'threshold=10=5', 'nonexistent=5', 'Threshold=5',
    ' threshold=10', 'threshold=10 ', 'threshold =10', 'threshold= 10', 'threshold=10 ,decay=5',
    'threshold=5,  decay=5', 'loop_longevity=5 ,  inlining=0 ',
    'threshold=+10', 'threshold=-1', 'threshold=- 5', 'threshold= - 5 ', 'threshold=  +5  ', 'threshold=05',
    'threshold=-0', 'threshold=--5', 'threshold=-+5', 'threshold=+', 'threshold=-', 'threshold=1 0',
    'threshold=0x10', 'threshold=1_000', 'threshold=1e3', 'threshold=5.0',
    'threshold=10\t', 'threshold=10\n', '\nthreshold=10', 'threshold=5\r', 'threshold=5\x00', '\x00',
    'threshold=5,\x00decay=3', 'threshold=\u0663', 'threshold=\uff11\uff12',
    'threshold=99999999999999999999', 'threshold=9223372036854775807',
    'enable_opts=', 'enable_opts=:', 'enable_opts=all', 'enable_opts=intbounds:rewrite',
    'enable_opts=intbounds::rewrite', 'enable_opts=intbounds:', 'enable_opts=string',
    'enable_opts=intbounds ', ' enable_opts=intbounds', 'enable_opts= intbounds', 'enable_opts=foo',
    'enable_opts=intbounds:all', 'enable_opts=heap=1', 'enable_opts=intbounds,threshold=5',
    'off', 'default', 'OFF', ' off', 'off,threshold=5', 'default,threshold=5',
    'threshold=5,threshold=6', 'threshold=10,decay=5', 'function_threshold=7', 'trace_eagerness=3',
    'trace_limit=0', 'trace_limit=-5', 'decay=40', 'inlining=0', 'vec=1', 'vec_all=1', 'vec_cost=3',
    'max_unroll_recursion=3', 'retrace_limit=2', 'max_retrace_guards=1', 'max_unroll_loops=1',
    'disable_unrolling=9', 'pureop_historylength=3',
]
for c in cases:
    try:
        pypyjit.set_param(c)
        r = 'ok'
    except Exception as e:
        r = '%s: %s' % (type(e).__name__, e)
    pypyjit.set_param('default')
    print(repr(c), r)


class I:
    def __index__(self):
        return 5


class J:
    def __int__(self):
        return 5


class K(int):
    pass


class T:
    def __trunc__(self):
        return 5


class Big:
    def __index__(self):
        return 2 ** 70


class Raise:
    def __index__(self):
        raise KeyError('k')


kws = [
    ('threshold', 5), ('threshold', True), ('threshold', K(7)), ('threshold', I()), ('threshold', J()),
    ('threshold', '5'), ('threshold', b'5'), ('threshold', 5.0), ('threshold', 5.5), ('threshold', None),
    ('threshold', [1]), ('threshold', object()), ('threshold', T()), ('threshold', Big()), ('threshold', Raise()),
    ('threshold', -2 ** 63), ('threshold', 2 ** 63 - 1), ('threshold', 2 ** 63), ('threshold', -2 ** 63 - 1),
    ('threshold', 2 ** 70), ('enable_opts', 'intbounds:rewrite'), ('enable_opts', ''), ('enable_opts', 'all'),
    ('enable_opts', 5), ('enable_opts', None), ('enable_opts', b'heap'), ('nonexistent', 1),
    ('nonexistent', 'x'), ('Threshold', 1),
]
for k, v in kws:
    try:
        pypyjit.set_param(**{k: v})
        r = 'ok'
    except Exception as e:
        r = '%s: %s' % (type(e).__name__, e)
    pypyjit.set_param('default')
    print(k, type(v).__name__, r)

for args, kw in [((5,), {}), ((b'threshold=5',), {}), ((None,), {}), (('a', 'b'), {}),
                 (('threshold=5',), {'threshold': 7}), (('threshold=x',), {'threshold': 7}),
                 ((), {'threshold': 7, 'nonexistent': 1}), ((), {})]:
    try:
        r = pypyjit.set_param(*args, **kw)
        r = 'ok %r' % (r,)
    except Exception as e:
        r = '%s: %s' % (type(e).__name__, e)
    pypyjit.set_param('default')
    print(args, sorted(kw), r)


# still compiles after all that
def f(n):
    s = 0
    for i in range(n):
        s += i
    return s


print(f(5000))
