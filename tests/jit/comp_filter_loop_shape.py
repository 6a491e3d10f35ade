# tpy-test: no-regen modes=default
# A comprehension's `if` jumps straight back to its FOR_ITER when the item
# is filtered out (a conditional backward jump, CPython's
# POP_JUMP_BACKWARD_IF_FALSE). That jump is a loop's back edge like
# JUMP_ABSOLUTE: the interpreter counts it and polls there
# (tests/lib/comp_filter_interrupt.py), and the recorder closes the loop
# there (record.c record_backward_jump). Before, a loop whose items were
# mostly filtered out was recorded as one long trace of unrolled
# iterations (bench/nqueens.py's `[... for p in permutations(...) if
# is_solution(p)]`: 490 iterations, 6896 operations, `is_solution` left
# uninlined after two trace-too-long aborts). Here the loop body has one
# FOR_ITER, and the filter function is inlined (no residual call).
from helper_loop_bodies import collect_loop_bodies, CALLS


def describe(op):
    if op.name == 'debug_merge_point':
        r = repr(op)
        return 'FOR_ITER' if 'FOR_ITER' in r else 'dmp'
    return op.name


bodies = collect_loop_bodies(describe)


def keep(i):
    return i % 97 == 3


def rare(n):
    return [i * 2 for i in range(n) if keep(i)]


def never(n):
    return {i for i in range(n) if i < 0 or keep(-1)}


r = rare(200000)
print(len(r), sum(r))
print(len(never(200000)))
for name in ('<listcomp>', '<setcomp>'):
    loops = bodies.get(name, [])
    print(name, 'compiled:', bool(loops))
    if loops:
        nlabels, body = loops[0]
        print('  FOR_ITER in body:', body.count('FOR_ITER'), 'residual calls:', sorted(set(body) & CALLS) or 'none')
