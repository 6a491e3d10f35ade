# tpy-test: no-regen modes=default
# A recursive generator (each level iterates a generator of its own code)
# gets a resume trace: the trace resumes its own code through the residual
# iternext at every level (record.c, FOR_ITER: R->gen_recursive). Before,
# recording aborted there (ABORT_GEN_RECURSIVE) and such generators ran
# interpreted: bench/nqueens.py's permutations_of, a third fewer
# instructions compiled. A recursive generator whose levels branch
# (bench/nqueens.py's `place`: a `continue` under three conditions) makes
# a bridge for each path, none of which closes a loop; its tree has a
# budget of bridges (trace.c, GEN_RECURSIVE_MAX_BRIDGES, 16), after which
# the tree is dropped and the code left to the interpreter: the number of
# bridges stops growing, and the results stay right.
import pypyjit

compiled = {}


def first_code(info):
    for op in info.operations:
        if op.name == 'debug_merge_point':
            return repr(op).split(';')[0].split("'")[-1]
    return None


recursive_for_iter = []


def hook(info):
    name = first_code(info)
    compiled.setdefault((name, info.type), 0)
    compiled[(name, info.type)] += 1
    if name == 'perms':
        # the FOR_ITER that resumes the inner perms(), compiled
        line = perms.__code__.co_firstlineno + 6
        for op in info.operations:
            r = repr(op)
            if op.name == 'debug_merge_point' and r.startswith("debug_merge_point(0, 0, 'perms;") and \
                    ('-%d~' % line) in r and 'FOR_ITER' in r:
                recursive_for_iter.append(info.type)
                break


pypyjit.set_compile_hook(hook)


def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for tail in perms(rest):
            yield [items[i]] + tail


def place(n, row, used, down, up):
    if row == n:
        yield ()
        return
    for col in range(n):
        if col in used or (row + col) in down or (row - col) in up:
            continue
        used.add(col)
        down.add(row + col)
        up.add(row - col)
        for rest in place(n, row + 1, used, down, up):
            yield (col,) + rest
        used.discard(col)
        down.discard(row + col)
        up.discard(row - col)


total = 0
for r in range(6):
    ps = list(perms(list(range(7))))
    total += len(ps) + sum(p[0] * p[-1] for p in ps)
print('perms', len(ps), total, ps[0], ps[-1], ps[2500])
print('perms: its recursive FOR_ITER compiled:', len(recursive_for_iter) > 0)

counts = []
for r in range(25):
    sols = list(place(8, 0, set(), set(), set()))
    counts.append(compiled.get(('place', 'bridge'), 0))
print('place', len(sols), sols[0], sols[-1], hash(tuple(sols)) == hash(tuple(sorted(sols))))
print('place: bridges within the budget:', counts[-1] <= 4 * 16)
print('place: no new bridges in the last rounds:', counts[-1] == counts[-8])
