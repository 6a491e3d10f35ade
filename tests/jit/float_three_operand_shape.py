# tpy-test: no-regen modes=default
# A float operation whose left operand lives on after it: on a CPU with AVX
# the backend writes the result to a third register with the VEX form
# (vsubsd xmm2, xmm1, xmm0: 5 bytes) instead of copying the operand first
# (movaps + subsd: 7 to 9 bytes; emit_x64.c, emit_float_binop). The
# distance from such an op's code to the next op's is then 5 bytes for at
# least one of them; without AVX the copy stays, and the test says so.
import pypyjit

sizes = []


def uses(text):
    return text[text.index('(') + 1:text.rindex(')')].replace(' ', '').split(',')


def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'step':
        return
    ops = [op for op in info.operations if op.offset >= 0]
    texts = [repr(op) for op in ops]
    for k in range(len(ops) - 1):
        t = texts[k]
        if ' = float_sub(' not in t and ' = float_mul(' not in t:
            continue
        left = uses(t)[0]
        if any(left in uses(u) for u in texts[k + 1:] if '(' in u):
            sizes.append(ops[k + 1].offset - ops[k].offset)


pypyjit.set_compile_hook(hook)


def step(xs, c, rounds):
    total = 0.0
    for r in range(rounds):
        for x in xs:
            d = x - c          # x lives on
            e = x * d          # x and d live on
            total += e * d - x
    return total


print(step([0.5 * i for i in range(8)], 1.25, 3000))
with open('/proc/cpuinfo') as f:
    avx = any(line.startswith('flags') and ' avx ' in line + ' ' for line in f)
print('compiled:', len(sizes) > 0)
print('three-operand form where AVX runs:', (min(sizes, default=999) <= 5) == avx)
