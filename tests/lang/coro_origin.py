# sys.set_coroutine_origin_tracking_depth() and cr_origin: the frames that
# created a coroutine, innermost first; the "never awaited" warning shows
# them. Clearing the frame of a coroutine that never ran finalizes it now.
import sys, warnings

async def corofn():
    pass
def a1():
    return corofn()  # created in a1
def a2():
    return a1()  # a1 called from a2
def rel(origin):
    return [(line - a1.__code__.co_firstlineno, name) for (_, line, name) in origin]

print(sys.get_coroutine_origin_tracking_depth())
for i in range(300):   # hot: compiled before tracking starts
    c = a2()
    c.close()
print(c.cr_origin)
for depth in (1, 2, 3):
    sys.set_coroutine_origin_tracking_depth(depth)
    print(sys.get_coroutine_origin_tracking_depth())
    for i in range(300):
        c = a2()
        o = c.cr_origin
        c.close()
    print(rel(o[:2]), len(o), o[0][0] == __file__)
sys.set_coroutine_origin_tracking_depth(1000)
c = a2()
print(2 < len(c.cr_origin) < 1000)
c.close()
try:
    sys.set_coroutine_origin_tracking_depth(-1)
except ValueError as e:
    print("ValueError", e)
print(sys.get_coroutine_origin_tracking_depth())

def gen():
    yield 1
print(hasattr(gen(), "cr_origin"), hasattr(gen(), "gi_origin"))

for depth in (0, 2):
    sys.set_coroutine_origin_tracking_depth(depth)
    c = a2()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        c.cr_frame.clear()
    print(len(w), w[0].category.__name__)
    print(str(w[0].message).replace(__file__, "FILE"))
    c.close()
sys.set_coroutine_origin_tracking_depth(0)
c = a2()
print(c.cr_origin)
c.close()
