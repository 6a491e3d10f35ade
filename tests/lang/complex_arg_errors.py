# Argument errors of complex(), its methods, format() and cmath, worded as CPython.
import cmath
for c in ['cmath.sqrt(z=1)', 'complex(x=1)', 'complex(1, 2, 3)', 'complex(1, real=2)', 'complex(1, 2, imag=3)', '(1j).conjugate(1)', 'complex.__getnewargs__(1)', '(1j).__format__(1)', 'format(1j, "q")', 'format(1j, "%")', 'format(1j, "c")', 'format(1j, ",.2f")', 'format(1234567.5+1j, ",")', 'format(1j, "_")', 'format(1j, "010.2f")']:
    try: print(c, repr(eval(c)))
    except Exception as e: print(c, type(e).__name__, e)
