# tpy-test: no-regen modes=default
# A short list display added to a list, `[x] + tail` or `head + [x]`, is
# one call (list_concat_display: items, n, the other list, which side;
# it can raise MemoryError and writes nothing the trace reads, EF=2) with
# the display's items in a virtual array: record.c, record_display_concat.
# Before, the trace built the display's list (a call of list_from_display)
# and then called list_concat on the two lists.
from helper_loop_bodies import collect_loop_bodies


def describe(op):
    r = repr(op)
    if op.name in ('call_r', 'call_i', 'call_n') and 'riri EF=2' in r:
        return 'concat_display'
    if op.name in ('call_r', 'call_i', 'call_n'):
        return 'other_call'
    return op.name


bodies = collect_loop_bodies(describe)


def prepend(n):
    tail = [0, 1, 2]
    s = 0
    for i in range(n):
        b = [i] + tail
        s += len(b) + b[0]
    return s


def append(n):
    head = [0, 1, 2]
    s = 0
    for i in range(n):
        b = head + [i, i + 1]
        s += len(b) + b[-1]
    return s


print(prepend(100000), append(100000))
for name in ('prepend', 'append'):
    loops = bodies.get(name, [])
    print(name, 'compiled:', bool(loops))
    if loops:
        nlabels, body = loops[0]
        print('  concat_display calls:', body.count('concat_display'), ' other calls:', body.count('other_call'))
