# tpy-test: no-regen modes=default
# A generator consumed from C (sum()) runs its body as a generator resume
# trace (trace.c jit_gen_resume, record.c recorder_new_gen_resume): read
# through the compile hook, the trace starts at the instruction after the
# body's yield ('entry bridge', greenkey at that offset), goes round the
# body's loop (the list iterator read inline, no residual iternext: call_r
# with one argument) and, at the yield, gives the value to sum()'s batch
# (the gen_batch_push helper, call_i with arguments "rr") and jumps back to
# its own start: a loop, whose body (after the last label) has one such
# call and ends with the jump, no finish. The plain yield, when the batch
# is full, is a bridge (gen_root_yield, "rii", and a finish with the
# value). With the run counters on (which keep consumers from filling
# batches: trace.c gen_trace_runnable), almost every item is one run of
# that trace: the interpreter runs the body only until it is compiled.
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
    labels = [i for i, op in enumerate(ops) if op.startswith('label(')]
    body = ops[labels[-1] + 1:] if labels else ops
    pushes = [op for op in body if 'Calli 2 rr' in op]
    finishes = [op for op in body if op.startswith('finish(')]
    iternexts = [op for op in ops if '= call_r(' in op and 'Callr 8 r ' in op]
    print('loop body: batch pushes:', len(pushes), 'ends with a jump:', body[-1].startswith('jump('),
          'finishes:', len(finishes), 'residual iternext:', len(iternexts))
    runs = pypyjit.get_stats_snapshot().loop_run_times.get(('e', number), 0)
    items = sum(1 for x in data if x % 3)
    print('items run compiled: more than 90%:', runs > 0.9 * items, runs <= items)
