# tpy-test: no-regen modes=default
# A short generator expression consumed by set() (nqueens' is_solution)
# runs compiled from its creation to its end: a generator resume trace
# starts at its first instruction (greenkey offset 0: gen.c marks a
# generator's first run as a resume hot spot), another after its yield,
# and the bridge from the guard that finds the range exhausted ends at
# the generator's return with the gen_root_return helper (a helper other
# than the traces' gen_root_yield, same "rii" arguments) and a finish with
# the value, not with an exit to the interpreter (a finish without a
# value). With the run counters on, nearly every resumption is one run of
# a trace and every generator's end one run of the bridge.
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


def finishes(ops):
    return [op for op in ops if op.startswith('finish(')]


print('first-run trace at offset 0:', 0 in entries)
print('resume trace after the yield:', any(off > 0 for off in entries))
first_no, first_ops = entries.get(0, (None, []))
after = [v for off, v in entries.items() if off > 0]
after_no, after_ops = after[0] if after else (None, [])
yield_helper = set(helper_calls(first_ops)) | set(helper_calls(after_ops))
print('both end at a yield with one helper:', len(yield_helper) == 1,
      len(finishes(first_ops)) == 1, len(finishes(after_ops)) == 1)
returning = [(no, ops) for no, ops in bridges
             if helper_calls(ops) and not set(helper_calls(ops)) & yield_helper]
print('a bridge returns with another helper:', len(returning) == 1)
ret_no, ret_ops = returning[0] if returning else (None, [])
fin = finishes(ret_ops)
print('it finishes with the value:', len(fin) == 1 and not fin[0].startswith('finish(descr'))
print('no bridge exits to the interpreter at the end:',
      not any(f.startswith('finish(descr') for no, ops in bridges for f in finishes(ops)))
runs = pypyjit.get_stats_snapshot().loop_run_times
resumptions = 9 * N
compiled = runs.get(('e', first_no), 0) + runs.get(('e', after_no), 0)
print('resumptions run compiled: more than 90%:', compiled > 0.9 * resumptions, compiled <= resumptions)
print('ends run compiled: more than 90%:', runs.get(('b', ret_no), 0) > 0.9 * N)
