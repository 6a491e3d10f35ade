# tpy-test: no-regen modes=default
# a + b of two lists is a call of list_concat with its effects known (it can
# raise MemoryError, and writes nothing the trace reads: EF=2), and the
# result's class is known (len() of it inline, no guard on it): record.c,
# record_binop. Before, it was the generic binary operation, a call that may
# do anything (EF=3: every heap fact the optimizer kept is dropped after
# it). The interpreter's BINARY_ADD takes the same helper (interp.c).
from helper_loop_bodies import collect_loop_bodies


def describe(op):
    r = repr(op)
    if op.name == 'call_r' and 'EF=3' in r:
        return 'call_may_do_anything'
    if op.name == 'call_r' and 'rr EF=2' in r:
        return 'call_rr_can_raise'
    return op.name


bodies = collect_loop_bodies(describe)


def grow(n):
    a = [1, 2]
    s = 0
    for i in range(n):
        c = [i]
        b = a + c          # (a + [i] is list_display_concat_shape.py's)
        s += len(b) + b[-1]
    return s


print(grow(100000))
loops = bodies.get('grow', [])
print('compiled:', bool(loops))
if loops:
    nlabels, body = loops[0]
    print('calls that may do anything:', body.count('call_may_do_anything'))
    print('list_concat calls (rr, can raise):', body.count('call_rr_can_raise'))
    print('class guards in the body:', body.count('guard_class') + body.count('guard_nonnull_class'))
