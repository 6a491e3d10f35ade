# tpy-test: no-regen modes=default
# s[a:] and s[a:b] of an exact str with int bounds in a loop call
# str_getslice_ints with the bounds unboxed (descr <Callr 4 riii>): no
# boxing of the bounds, no slice object, no generic str_getslice (descr
# <Callr 4 rrrr>, boxed bounds) and no guard_no_exception after it.
# concat's `s += t[a:]` takes the slice's unboxed bounds into the
# concatenation itself (str_concat_slice, <Callr 4 rrii>: see
# tests/jit/str_concat_slice_shape), counted here as the unboxed call.
# tests/jit/cl_str_slices checks the results.
import pypyjit

events = []


def hook(info):
    events.append((info.type, [repr(op) for op in info.operations]))


pypyjit.set_compile_hook(hook)

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]


def concat(n):
    s = ""
    for i in range(n):
        s += WORDS[i % 8][i % 3:]
        if len(s) > 200:
            s = s[100:]
    return s


def windows(text, n):
    total = 0
    for i in range(n):
        a = i % 20
        total += len(text[a:a + 5])
    return total


for f, args in ((concat, (20000,)), (windows, ("abcdefghij" * 3, 20000))):
    start = len(events)
    r = f(*args)
    loops = [ops for kind, ops in events[start:] if kind == 'loop']
    ops = loops[-1] if loops else []
    labels = [i for i, op in enumerate(ops) if 'label(' in op]
    body = ops[labels[-1] + 1:] if labels else ops
    unboxed = sum('<Callr 4 riii ' in op or '<Callr 4 rrii ' in op for op in body)
    generic = sum('<Callr 4 rrrr ' in op for op in body)
    print(f.__name__, len(r) if isinstance(r, str) else r, 'loops:', len(loops),
          'unboxed slice calls in the body:', unboxed, 'generic:', generic)
