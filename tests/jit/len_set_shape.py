# tpy-test: no-regen modes=default
# len() of an exact set or frozenset reads its `used` field in the trace
# (record.c, as for lists, tuples, strs and dicts): the loop body has no
# residual call. Before, len(s) was a call of the builtin.
from helper_loop_bodies import collect_loop_bodies, CALLS

bodies = collect_loop_bodies()


def sizes(sets, n):
    total = 0
    for i in range(n):
        total += len(sets[i & 3])
    return total


def fsizes(fs, n):
    total = 0
    for i in range(n):
        total += len(fs)
    return total


print(sizes([set(), {1}, {1, 2, 3}, set(range(40))], 4000), fsizes(frozenset('abcde'), 3000))
bodies.report('sizes', CALLS)
bodies.report('fsizes', CALLS)
