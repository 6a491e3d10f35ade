import math, sys
print(math.__name__, sys.__name__, type(math).__name__)
print(hasattr(math, 'sqrt'), hasattr(math, 'nope'), getattr(math, 'pi'))
try:
    math.nope
except AttributeError as e:
    print(e)
import helper_state as hs
hs.new_attr = 'added'
import helper_state
print(helper_state.new_attr)
setattr(hs, 'x', 1)
print(hs.x, 'x' in vars(hs), 'x' in hs.__dict__)
del hs.x
print(hasattr(helper_state, 'x'))
print(sys.modules['math'] is math)
def f():
    import math as m
    return m.floor(2.7)
print(f())
def g():
    from math import ceil
    return ceil(2.1)
print(g())
print(isinstance(sys.path, list), sys.path[0].endswith('lang'))
