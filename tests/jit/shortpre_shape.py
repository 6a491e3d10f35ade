# tpy-test: no-regen modes=default
# Bridges enter a peeled loop at its body label T1 through the loop's short
# preamble (opt_unroll.c, record.c emit_jump_into_loop), not at T0: read
# through the compile hook, the bridge that leaves nbody's inner loop,
# advances the outer loop and comes back ends with a jump to the inner
# loop's number carrying as many arguments as the loop's second label
# (T1) has, not as many as its first (T0: the frame and its slots). T0
# and T1 print as the same TargetToken(n) (docs/pypyjit.md), so the
# argument count tells them apart; the loop here has more slots than its
# peeled body needs, so the counts differ. The short preamble unboxes the
# loop's float accumulator: the bridge passes it raw (an 'f' argument).
# tests/jit/shortpre_trips.py and shortpre_invariants.py check results.
import pypyjit
import re

loops = {}     # loop number -> (nargs of T0, nargs and types of T1)
jumps = []     # (loop number jumped to, its arguments) of every bridge

def args_of(text):
    inner = text[text.index('(') + 1:text.rindex(')')]
    return [a.strip() for a in inner.split(',') if a.strip() and not a.strip().startswith('descr=')]

def hook(info):
    ops = list(info.operations)
    if info.type == 'loop' and info.greenkey and info.greenkey[0].co_name == 'advance':
        labels = [str(op) for op in ops if op.name == 'label']
        if len(labels) == 2:
            loops[info.loop_no] = (len(args_of(labels[0])), args_of(labels[1]))
    if info.type == 'bridge' and ops and ops[-1].name == 'jump':
        text = str(ops[-1])
        m = re.search(r'TargetToken\((\d+)\)', text)
        if m:
            jumps.append((int(m.group(1)), args_of(text)))

pypyjit.set_compile_hook(hook)


def advance(bodies, rounds, dt):
    e = 0.0
    for r in range(rounds):
        for i in range(len(bodies)):
            bi = bodies[i]
            for j in range(i + 1, len(bodies)):
                bj = bodies[j]
                dx = bi[0] - bj[0]
                bi[1] -= dx * dt
                bj[1] += dx * dt
                e += dx * dx
    return e


bodies = [[float(i), 0.0] for i in range(5)]
print(round(advance(bodies, 3000, 0.01), 6))

into_t1 = [(n, a) for n, a in jumps if n in loops and len(a) == len(loops[n][1]) != loops[n][0]]
into_t0 = [(n, a) for n, a in jumps if n in loops and len(a) == loops[n][0]]
print('peeled loops of advance:', len(loops) > 0)
print('bridges entering a peeled body (T1):', len(into_t1) > 0)
print('bridges entering at T0:', len(into_t0))
print('a float passed raw to T1:', any(x.startswith('f') for n, a in into_t1 for x in a))
