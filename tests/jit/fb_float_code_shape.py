# tpy-test: no-regen modes=default
# Machine code of float field reads and writes, comparisons and the
# divisor guard in a compiled loop, read through the compile hook's
# offsets (emit_x64.c; docs/jit.md "Backend"). The distance from an op's
# code to the next op's:
# * unbox_float right after guard_class(any_float) of the same value: at
#   most 26 bytes (29 before: it reuses the v - 2 the guard left in R11,
#   no copy of v);
# * box_float: at most 42 (45: no copy of the rotated bits; the cold path
#   adds the bias back);
# * a comparison whose only reader is the guard after it, also when the
#   guard's snapshot holds the result (a branch) and a debug_merge_point
#   lies between them: the comparison is its compare alone (float_lt of a
#   register and 0.0: at most 8 bytes, int_lt at most 4; before, 16 and
#   12: setcc, movzx and a test), the guard one jump (float_eq and
#   float_ne two); the stub writes the result the guard implies (0 for
#   guard_true, 1 for guard_false) for the interpreter and bridges;
#   float_ne of a register and a constant with its guard: at most 18 (43;
#   the constant a memory operand, below);
# * float_mul by a constant other than 0.0: one mulsd with the constant in
#   memory (emit_x64.c, float_pool), at most 10 bytes (19: a movabs and a
#   movq into a register first);
# * float_eq of a divisor and 0.0 before its guard_false: at most 8 (19);
# * getfield_gc whose object lives on: one load, at most 5 bytes (7: a copy
#   of the object's register first), for at least one such field read.
# tests/jit/fb_float_eq_guard.py and fb_float_fields.py check the values
# in three modes.
import pypyjit

ops_by_loop = {}


def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = [(repr(op), op.offset) for op in info.operations]
    ops_by_loop.setdefault(info.greenkey[0].co_name, []).append(ops)


pypyjit.set_compile_hook(hook)


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def step(ps, vs, dt, n):
    hits = 0
    for r in range(n):
        for i in range(len(ps)):
            p = ps[i]
            v = vs[i]
            p.x += v.x * dt
            p.y += v.y * dt
            if p.x < 0.0:
                v.x = -v.x
                hits += 1
            if p.y != 50.0:
                hits += 0
            if r < 0:
                hits -= 1
    return hits


def ratios(ns, ds):
    s = 0.0
    for i in range(len(ns)):
        s += ns[i] / ds[i] * 0.25
    return s


ps = [Vec(float(i), float(i * 3 % 7)) for i in range(6)]
vs = [Vec(0.25 * (i % 3) - 0.25, 0.5) for i in range(6)]
print(step(ps, vs, 0.5, 600))
print(ratios([float(i) for i in range(2000)], [0.5 + i for i in range(2000)]))


def sizes(name):
    """(kind, size) for the ops of the loops of function `name`"""
    out = []
    for ops in ops_by_loop.get(name, []):
        coded = [(text, off) for text, off in ops if off >= 0 and not text.startswith('debug_merge_point')]
        for k in range(len(coded) - 1):
            text, off = coded[k]
            size = coded[k + 1][1] - off
            prev = coded[k - 1][0] if k else ''
            if 'ConstClass(unbox_float)' in text and 'ConstClass(any_float)' in prev:
                value = text[text.rindex('),') + 2:].split(',')[0].strip()
                if prev.startswith('guard_class(%s,' % value):
                    out.append(('fused unbox_float', size))
            if 'ConstClass(box_float)' in text:
                out.append(('box_float', size))
            nxt = coded[k + 1][0]
            result = text.split(' = ')[0]
            # a branch's guard: its snapshot holds the comparison's result
            branch = nxt.startswith('guard_') and (', %s]' % result in nxt or '[%s]' % result in nxt)
            if ' = float_lt(' in text and text.endswith(', 0.0)') and branch:
                out.append(('float_lt before its guard', size))
            if ' = int_lt(' in text and branch:
                out.append(('int_lt before its guard', size))
            if ' = float_ne(' in text and branch and k + 2 < len(coded):
                out.append(('float_ne and its guard', coded[k + 2][1] - off))
            if ' = float_mul(' in text and text.endswith(', 0.25)'):
                out.append(('float_mul by a constant', size))
            if ' = float_eq(' in text and text.endswith(', 0.0)') and nxt.startswith('guard_false('):
                out.append(('float_eq divisor check', size))
            if ' = getfield_gc_' in text:
                base = text[text.index('(') + 1:].split(',')[0]
                later = ' '.join(t for t, _ in coded[k + 1:])
                if base + ',' in later or base + ')' in later:
                    out.append(('getfield of a live object', size))
    return out


# A position-independent tpy (the ASan build) cannot reach the float
# constants with a disp32 (abs_addressable()): a movabs each, and the
# unbox keeps its own scratch register (the bias goes through R11).
with open('/proc/self/exe', 'rb') as exe:
    pie = exe.read(18)[16] == 3     # ELF e_type: ET_DYN
LIMITS = {'fused unbox_float': 36 if pie else 26, 'box_float': 53 if pie else 42, 'float_lt before its guard': 8,
          'int_lt before its guard': 4, 'float_ne and its guard': 28 if pie else 18,
          'float_mul by a constant': 10 if not pie else 20, 'float_eq divisor check': 8,
          'getfield of a live object': 5}
seen = sizes('step') + sizes('ratios')
for kind, limit in LIMITS.items():
    got = [s for k, s in seen if k == kind]
    # the smallest: a distance also counts moves the register allocator
    # puts before the next op
    print(kind, 'compiled:', len(got) > 0, 'within the limit:', min(got, default=999) <= limit)
