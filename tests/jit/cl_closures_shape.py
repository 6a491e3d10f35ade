# tpy-test: no-regen modes=default
# A call site that calls several closures of one code (bench/generators.py's
# `closures`: counters[i % 8]()) is inlined by code (record.c, "Calls by
# code"): one loop, no bridge, and its peeled body guards no function by
# identity: its only guard_values are on the function's code, globals and
# builtins (getfield_gc_r of Function.*), and the cells come from the
# function's closure. A site calling one function of a code of its own keeps
# the constant form (no Function.code read anywhere), and a recursive
# closure of several functions is called as a value (no guard_value on a
# function). tests/jit/cl_closures checks the results.
import re

import pypyjit

events = []


def hook(info):
    events.append((info.type, [repr(op) for op in info.operations]))


pypyjit.set_compile_hook(hook)


def make_counters(k):
    counters = []
    for i in range(k):
        def counter(step, base=i):
            state = [base]

            def bump():
                state[0] += step
                return state[0]
            return bump
        counters.append(counter(i + 1))
    return counters


def closures(n):
    counters = make_counters(8)
    total = 0
    for i in range(n):
        total += counters[i % 8]()
    return total


def only(x):
    return x + 1


def one_function(n):
    fs = [only]
    total = 0
    for i in range(n):
        total += fs[i % 1](i)
    return total


def make_recursive(k):
    fs = []
    for i in range(k):
        def make(step):
            def down(x):
                if x <= 0:
                    return 0
                return step + down(x - step)
            return down
        fs.append(make(i + 1))
    return fs


def recursion(n):
    fs = make_recursive(3)
    total = 0
    for i in range(n):
        total += fs[i % 3](i % 7)
    return total


def body(ops):
    labels = [i for i, op in enumerate(ops) if re.search(r'\blabel\(', op)]
    return ops[labels[-1] + 1:] if labels else ops


def guard_value_sources(ops):
    """What each guard_value guards: the field of a Function it loads
    (Function.code...), else 'other' (a function itself, read from a list
    or a cell)."""
    defs = {}
    for op in ops:
        m = re.match(r'\s*([pif]\d+) = (.*)', op)
        if m:
            defs[m.group(1)] = m.group(2)
    out = []
    for op in ops:
        m = re.search(r'guard_value\(([pif]\d+),', op)
        if m:
            d = re.search(r'descr=<\w+ (Function\.\w+)', defs.get(m.group(1), ''))
            out.append(d.group(1) if d else 'other')
    return out


def run(f, n):
    start = len(events)
    print(f.__name__, f(n))
    traces = events[start:]
    loops = [ops for kind, ops in traces if kind == 'loop']
    bridges = [ops for kind, ops in traces if kind == 'bridge']
    return loops, bridges, body(loops[-1]) if loops else []


loops, bridges, b = run(closures, 20000)
print('closures loops:', len(loops), 'bridges:', len(bridges))
print('  guard_value in the body on:', sorted(guard_value_sources(b)))
print('  closure read in the body:', any('Function.closure' in op for op in b))

loops, bridges, b = run(one_function, 5000)
print('one_function loops:', len(loops), 'bridges:', len(bridges),
      'Function.code read:', any('Function.code' in op for ops in loops + bridges for op in ops))

loops, bridges, b = run(recursion, 5000)
print('recursion loops:', len(loops), 'guard_value in the body on:', sorted(guard_value_sources(b)))
