# tpy-test: no-regen modes=default
# A branch on a bool attribute (`if t.held:`, `a and b`, `if not t.done:`)
# compiles to one guard_value on True or False (record.c bool_branch), not
# guard_class(bool) + ptr_eq(True) + guard_true/false. Read through the
# compile hook: the bodies of the loops below have no guard_class of bool
# and no ptr_eq with a constant. tests/jit/oo_bool_branch.py checks the
# values when the bools flip or turn into other objects.
from helper_loop_bodies import collect_loop_bodies


def describe(op):
    r = repr(op)
    if op.name in ('guard_class', 'guard_nonnull_class') and 'ConstClass(bool)' in r:
        return 'guard_class(bool)'
    if op.name in ('ptr_eq', 'ptr_ne') and 'ConstPtr' in r:
        return 'ptr_eq(const)'
    return op.name


bodies = collect_loop_bodies(describe)


class Task:
    def __init__(self, i):
        self.held = i % 4 == 0
        self.waiting = i % 3 == 0
        self.runs = 0
        self.done = False


def schedule(tasks, n):
    done = 0
    for k in range(n):
        for t in tasks:
            if t.held:
                continue
            if t.waiting and not t.held:
                done += 1
            if not t.done:
                done += 2
            t.runs += 1
    return done


tasks = [Task(3)]   # one task, not held, waiting: every branch goes one way
print(schedule(tasks, 3000))
bodies.report('schedule', {'guard_class(bool)', 'ptr_eq(const)'})
loops = bodies.get('schedule', [])
print('guard_value in the body:', bool(loops) and 'guard_value' in loops[0][1])
print('int_is_zero in the body:', bool(loops) and 'int_is_zero' in loops[0][1])
