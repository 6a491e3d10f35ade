# gi_frame / cr_frame are frame objects read live while the generator holds
# its frame; clearing a suspended generator's frame closes the generator.
import sys
async def f(): pass
c = f(); fr = c.cr_frame
print(type(fr).__name__, fr.f_code.co_name, fr.f_lineno, fr.f_back)
def g(a):
    x = a + 1
    yield x
    y = x * 2
    yield y
x = g(1); fr = x.gi_frame
print(fr.f_lineno, fr.f_locals)
next(x); print(fr.f_lineno, fr.f_locals, x.gi_frame.f_lasti > 0)
next(x); print(fr.f_lineno, sorted(fr.f_locals.items()))
fr.clear(); print(x.gi_frame, x.gi_running)
try:
    next(x)
except StopIteration:
    print("closed")
def h():
    yield sys._getframe().f_back is None
    yield h_gen.gi_frame.clear()
h_gen = h()
print(next(h_gen))
try: next(h_gen)
except RuntimeError as e: print(e)
c.close()
