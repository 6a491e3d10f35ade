# ValueError messages from builtins.
import math

def check(label, f, *args):
    try:
        result = f(*args)
    except ValueError as e:
        print(label + ':', type(e).__name__, e)
    else:
        print(label + ': no error', repr(result))

def unpack2(x):
    a, b = x
    return a, b

def unpack3(x):
    a, b, c = x
    return a, b, c

def shift(a, b):
    return a << b

check('int abc', int, 'abc')
check('int empty', int, '')
check('int float str', int, '1.5')
check('int spaces ok', int, '  42  ')
check('int base 2', int, '102', 2)
check('int base 16', int, 'xyz', 16)
check('int base bad', int, '1', 99)
check('int nan', int, float('nan'))
check('float abc', float, 'abc')
check('float empty', float, '')
check('list index', [1, 2, 3].index, 5)
check('list remove', [1].remove, 9)
check('tuple index', (1, 2).index, 3)
check('str index', 'abc'.index, 'z')
check('str rindex', 'abc'.rindex, 'z')
check('split empty sep', 'a,b'.split, '')
check('too many values', unpack2, [1, 2, 3])
check('not enough values', unpack3, [1, 2])
check('unpack string', unpack2, 'abc')
check('range zero step', range, 1, 5, 0)
check('sqrt negative', math.sqrt, -1)
check('log zero', math.log, 0)
check('log negative', math.log, -5)
check('chr negative', chr, -1)
check('chr too big', chr, 0x110000)
check('max empty', max, [])
check('min empty', min, [])
check('negative shift', shift, 1, -1)
check('factorial negative', math.factorial, -1)
check('pow modulus zero', pow, 2, 3, 0)
check('fromkeys ok', dict.fromkeys, 'ab')
check('dict from bad seq', dict, [(1, 2, 3)])
check('fmod zero', math.fmod, 1.0, 0.0)
check('fmod inf', math.fmod, math.inf, 1)
check('int invalid with underscores', int, '1__0')
check('int ok underscores', int, '1_0')
