# tpy-test: no-regen modes=default
# A `for` loop over a user iterator (docs/jit.md, "Exceptions raised by
# residual calls"), read through the compile hook: __next__ is inlined at
# the FOR_ITER, so the inner loop's peeled body (after its second label)
# has no residual call (no call_r of jh_iternext, which would run __next__
# through the interpreter's call path) and no allocation; the bridge that
# leaves the loop when __next__ raises StopIteration leaves the inlined
# frame (leave_portal_frame) without a call or an allocation (nothing
# builds, raises or matches the exception). An attribute read that fails
# with AttributeError caught by the caller: neither the loop nor its
# bridges call (no call_r of the getattr helper) or allocate (the
# AttributeError, its args and its attribute array are virtual).
# tests/jit/resexc_iter.py and resexc_attr.py check the results against
# CPython.
import pypyjit

CALLS = {'call_r', 'call_i', 'call_n', 'call_f', 'call_assembler_r', 'call_may_force_r'}
ALLOC = {'new', 'new_with_vtable', 'new_array', 'new_array_clear'}

traces = []
def hook(info):
    names = [op.name for op in info.operations]
    if info.type == 'loop':
        labels = [i for i, n in enumerate(names) if n == 'label']
        names = names[labels[-1] + 1:] if labels else names
    traces.append((info.type, names))
pypyjit.set_compile_hook(hook)


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def user_iterators(n):
    total = 0
    for j in range(n):
        for x in Countdown(5):
            total += x
    return total


result = user_iterators(3000)
loops = [ops for kind, ops in traces if kind == 'loop' and 'enter_portal_frame' in ops]
# the exit: a bridge that starts inside the inlined __next__ and leaves it
exits = [ops for kind, ops in traces if kind == 'bridge' and 'leave_portal_frame' in ops and
         ops.index('leave_portal_frame') < (ops.index('enter_portal_frame') if 'enter_portal_frame' in ops else len(ops))]
print('user_iterators', result)
print('loops inlining __next__:', len(loops))
print('banned ops in them:', sorted(set().union(*loops) & (CALLS | ALLOC)) if loops else '-')
print('exit bridges:', len(exits) > 0)
print('banned ops in the exit:', sorted(set().union(*exits) & (CALLS | ALLOC)) if exits else '-')


class WithX:
    def __init__(self):
        self.x = 1


class WithoutX:
    pass


def get_x(o):
    try:
        return o.x
    except AttributeError:
        return 0


def attr_fallback(n):
    objs = [WithX(), WithoutX()]
    total = 0
    for i in range(n):
        total += get_x(objs[i & 1])
    return total


del traces[:]
result = attr_fallback(3000)
compiled = [ops for kind, ops in traces]
print('attr_fallback', result, 'traces:', len(compiled) >= 2)
print('banned ops in them:', sorted(set().union(*compiled) & (CALLS | ALLOC)) if compiled else '-')
