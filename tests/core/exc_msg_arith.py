# ZeroDivisionError and OverflowError messages.
import math

def check(label, f, *args):
    try:
        result = f(*args)
    except (ZeroDivisionError, OverflowError) as e:
        print(label + ':', type(e).__name__, e)
    else:
        print(label + ': no error', repr(result))

def div(a, b):
    return a / b
def fdiv(a, b):
    return a // b
def mod(a, b):
    return a % b
def power(a, b):
    return a ** b

check('int / 0', div, 1, 0)
check('int // 0', fdiv, 1, 0)
check('int % 0', mod, 1, 0)
check('float / 0', div, 1.0, 0)
check('int / 0.0', div, 1, 0.0)
check('float // 0', fdiv, 1.0, 0)
check('float % 0', mod, 1.0, 0.0)
check('divmod int', divmod, 7, 0)
check('divmod float', divmod, 7.0, 0)
check('0 ** -1', power, 0, -1)
check('0.0 ** -1', power, 0.0, -1)
check('big / 0', div, 10 ** 30, 0)
check('big // 0', fdiv, 10 ** 30, 0)
check('pow(0, -2)', pow, 0, -2)
check('float ** big', power, 2.0, 10000)
check('float ** neg-frac ok', power, 2.0, -0.5)
check('exp', math.exp, 1000)
check('float(big int)', float, 10 ** 400)
check('int(inf)', int, float('inf'))
check('int(-inf)', int, float('-inf'))
check('big / 1', div, 10 ** 400, 1)
check('round(inf)', round, float('inf'))
check('math.pow', math.pow, 10.0, 400)
check('1e308 * 10', power, 1e308, 1)
check('big int * float', div, 10 ** 400, 2.5)
check('int ** int big ok', power, 7, 100)
check('math.ldexp', math.ldexp, 1.0, 5000)
check('math.floor(inf)', math.floor, float('inf'))
check('math.ceil(-inf)', math.ceil, float('-inf'))
check('math.factorial(5)', math.factorial, 5)
