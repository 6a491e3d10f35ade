# tpy-test: no-regen modes=default
# A generator consumed from C (sum()) runs its body as a generator resume
# trace (trace.c jit_gen_resume, record.c recorder_new_gen_resume): read
# through the compile hook, the trace starts at the instruction after the
# body's yield ('entry bridge', greenkey at that offset), goes round the
# body's loop (the list iterator read inline, no residual iternext: call_r
# with one argument) and ends at the yield with the gen_root_yield helper
# (call_i, arguments "rii") and a finish with the value. With the run
# counters on, almost every item is one run of that trace: the interpreter
# runs the body only until the trace is compiled.
# tests/jit/genres_builtins.py and genres_protocol.py check results against CPython.
import pypyjit

traces = []


def hook(info):
    if info.type == 'entry bridge' and info.greenkey and info.greenkey[0].co_name == 'filtered':
        traces.append((info.loop_no, info.greenkey[1], [str(op) for op in info.operations]))


pypyjit.set_compile_hook(hook)
pypyjit.enable_debug()


def filtered(data):
    for x in data:
        if x % 3:
            yield x * x


data = list(range(30000))
print(sum(filtered(data)))
print('compiled:', len(traces) == 1)
for number, offset, ops in traces[:1]:
    code = filtered.__code__.co_code
    print('starts after a yield:', offset > 0)
    yields = [op for op in ops if 'Calli 3 rii' in op]
    finishes = [op for op in ops if op.startswith('finish(')]
    iternexts = [op for op in ops if '= call_r(' in op and 'Callr 8 r ' in op]
    print('gen_root_yield calls:', len(yields), 'finish with a value:', len(finishes) == 1 and '(p' in finishes[0],
          'residual iternext:', len(iternexts))
    runs = pypyjit.get_stats_snapshot().loop_run_times.get(('e', number), 0)
    items = sum(1 for x in data if x % 3)
    print('items run compiled: more than 90%:', runs > 0.9 * items, runs <= items)
