# tpy-test: no-regen modes=default
# list.pop() and list.append(x) on an exact list are recorded inline
# (record.c, record_list_stack_method), read through the compile hook: in
# the body of each peeled loop (after its last label) there is no residual
# call (the generic call helper for pop, list_append_fn for append would be
# call_r / call_n) and the list's size is stored there (setfield_gc of
# ListObject.size). `drain`'s `while stack:` reads the size too (no call
# to the generic truth helper, call_i). A list that grows (`growing`) is inline too: a full
# list fails the capacity guard and the interpreter grows it, which the
# doubling of the capacity makes rare.
# tests/jit/bcfann_list_stack checks the results against CPython.
import pypyjit

CALLS = {'call_r', 'call_i', 'call_n', 'call_f', 'call_may_force_r', 'call_assembler_r'}

bodies = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = list(info.operations)
    labels = [i for i, op in enumerate(ops) if op.name == 'label']
    body = ops[labels[-1] + 1:] if labels else ops
    bodies.setdefault(info.greenkey[0].co_name, []).append(
        (len(labels), [op.name for op in body], [str(op) for op in body]))
pypyjit.set_compile_hook(hook)


def push_pop(n):
    stack = [0, 0]
    total = 0
    for i in range(n):
        stack.append(i)
        stack.append(3)
        b = stack.pop()
        total += stack.pop() * b
    return total


def dispatch(n):
    prog = [0, 1, 2, 3]
    total = 0
    stack = [0, 0, 0, 0]
    for i in range(n):
        for op in prog:
            if op == 0:
                stack.append(i)
            elif op == 1:
                stack.append(2)
            elif op == 2:
                b = stack.pop()
                stack.append(stack.pop() + b)
            else:
                total += stack.pop()
    return total


def drain(n):
    stack = [1, 2, 3]
    total = 0
    for i in range(n):
        stack.append(i)
        stack.append(i + 1)
        while stack:
            total += stack.pop()
        stack.append(1)
    return total


def growing(n):
    s = []
    for i in range(n):
        s.append(i)
    return len(s)


print(push_pop(3000), dispatch(3000), drain(3000), growing(20000))


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, names, texts = loops[0]
    calls = sorted(set(names) & CALLS)
    stores_size = any(n == 'setfield_gc' and 'ListObject.size' in t for n, t in zip(names, texts))
    print(name, 'compiled, peeled:', nlabels == 2, 'calls in body:', calls or 'none',
          'size stored:', stores_size)


report('push_pop')
report('dispatch')
report('drain')
report('growing')
