# tpy-test: no-regen modes=default
# A short generator expression consumed by set() (nqueens' is_solution)
# runs compiled from its creation to its end: a generator resume trace
# starts at its first instruction (greenkey offset 0: gen.c marks a
# generator's first run as a resume hot spot), another after its yield.
# Filling set()'s batch, both go on at the yield: the value goes to the
# batch (the gen_batch_push helper, "rr" arguments) and each jumps to the
# trace after the yield, a loop (record.c record_gen_batch_yield). The
# yield that leaves, when the batch declines, is a bridge from that
# helper's guard, with the gen_root_yield helper ("rii") and a finish with
# the value; the bridge from the guard that finds the range exhausted
# ends at the generator's return with the gen_root_return helper (another
# "rii" helper) and a finish with the value, not with an exit to the
# interpreter (a finish without a value). With the run counters on,
# nearly every generator's end is one run of that bridge.
# tests/jit/gens3_genexp.py checks results against CPython.
import pypyjit

entries = {}
bridges = []


def hook(info):
    if info.type == 'entry bridge' and info.greenkey and info.greenkey[0].co_name == '<genexpr>':
        entries[info.greenkey[1]] = (info.loop_no, [str(op) for op in info.operations])
    elif info.type == 'bridge':
        bridges.append((info.bridge_no, [str(op) for op in info.operations]))


pypyjit.set_compile_hook(hook)
pypyjit.enable_debug()


def solve(cols):
    return len(set(cols[i] + i for i in range(8)))


N = 20000
t = 0
for k in range(N):
    t += solve((k % 8, 1, 2, 3, 4, 5, 6, 7))
print(t)


def helper_calls(ops):
    return [op.split('(')[1].split(',')[0] for op in ops if 'Calli 3 rii' in op]


def batch_pushes(ops):
    return [op for op in ops if 'Calli 2 rr' in op]


def finishes(ops):
    return [op for op in ops if op.startswith('finish(')]


def at(ops, opname):
    return any(op.startswith('debug_merge_point') and opname in op for op in ops)


print('first-run trace at offset 0:', 0 in entries)
print('resume trace after the yield:', any(off > 0 for off in entries))
first_no, first_ops = entries.get(0, (None, []))
after = [v for off, v in entries.items() if off > 0]
after_no, after_ops = after[0] if after else (None, [])
print('both give the value to the batch and jump on:',
      all(batch_pushes(ops) and ops[-1].startswith('jump(') and not finishes(ops) for ops in (first_ops, after_ops)))
yielding = [(no, ops) for no, ops in bridges if at(ops, 'YIELD_VALUE') and helper_calls(ops)]
yield_helper = set(h for no, ops in yielding for h in helper_calls(ops))
print('the plain yields are bridges with one helper, finishing with the value:', len(yield_helper) == 1,
      bool(yielding) and all(len(finishes(ops)) == 1 and not finishes(ops)[0].startswith('finish(descr')
                             for no, ops in yielding))
returning = [(no, ops) for no, ops in bridges
             if at(ops, 'RETURN_VALUE') and helper_calls(ops) and not set(helper_calls(ops)) & yield_helper]
print('a bridge returns with another helper:', len(returning) == 1)
ret_no, ret_ops = returning[0] if returning else (None, [])
fin = finishes(ret_ops)
print('it finishes with the value:', len(fin) == 1 and not fin[0].startswith('finish(descr'))
print('no bridge exits to the interpreter at the end:',
      not any(f.startswith('finish(descr') for no, ops in bridges for f in finishes(ops)))
runs = pypyjit.get_stats_snapshot().loop_run_times
print('first runs compiled: more than 90%:', runs.get(('e', first_no), 0) > 0.9 * N)
print('ends run compiled: more than 90%:', runs.get(('b', ret_no), 0) > 0.9 * N)
