# tpy-test: no-regen modes=default
# `x in s`, s.add(x) and s.discard(x) on an exact set are direct calls of
# set_contains(s, x), set_add(s, x) and set_discard(s, x) after a guard on
# the set's class (record.c, CONTAINS_OP and record_call). Before, `x in s`
# was the generic containment test, jh_contains(x, s) (the item first:
# obj_contains found set_contains through the type), and add/discard were
# the generic C-method call (call_r(cmethod2, method, s, x), three
# arguments, through the method's argument checks).
import re
import pypyjit

bodies = {}


def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'work':
        return
    ops = [repr(op) for op in info.operations]
    labels = [i for i, text in enumerate(ops) if text.startswith('label(')]
    bodies.setdefault('work', ops[labels[-1] + 1:] if labels else ops)


pypyjit.set_compile_hook(hook)


def work(n, s):
    hits = 0
    for i in range(n):
        k = i + 1000
        if k - 1 in s:
            hits += 1
        s.add(k)
        s.discard(k - 3)
    return hits


print(work(20000, set()))
body = bodies.get('work', [])
print('compiled:', bool(body))
boxed = set()
for text in body:
    m = re.match(r'(p\d+) = call_pure_r\(ConstClass\(box_int\)', text)
    if m:
        boxed.add(m.group(1))
two_arg = [re.match(r'i\d+ = call_i\(\d+, (p\d+), (p\d+), descr=<Calli 2 rr EF=3>', t) for t in body]
two_arg = [m.groups() for m in two_arg if m]
print('C-method calls (three arguments):', sum('Callr 3 irr' in t for t in body))
print('two-argument calls:', len(two_arg), ' the set first in all:', all(a not in boxed and b in boxed for a, b in two_arg))
