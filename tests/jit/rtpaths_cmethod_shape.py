# tpy-test: no-regen modes=default,eager
# A C method of the receiver's exact type is called directly from the
# trace (record.c, record_cmethod_call): in the peeled loop body, s.split(),
# d.get(k, 0), s.upper() and s.replace(a, b) are each one call_r whose first
# argument is the C function's address (descr "Callr N i...": an int, then
# the receiver and the arguments), not the generic call helper's
# call_r(callable, args...) ("Callr N r..."). A keyword argument keeps the
# generic call (kw below: call_kw's descr "Callr 4 rrir"). s[0] is no call
# at all (tests/jit/rtpaths_str_index_shape: read inline), where it was the
# generic getitem ("Callr 2 rr").
# tests/jit/rtpaths_cmethods checks the results against CPython.
from helper_loop_bodies import collect_loop_bodies


def call_descr(op):
    # a call_r's descr text ("Callr 2 rr ..."), None for other operations
    return str(op).split('descr=<')[1].rstrip('>)') if op.name == 'call_r' else None


bodies = collect_loop_bodies(describe=call_descr)


def methods(n):
    d = {"a": 1, "b": 2}
    t = 0
    for i in range(n):
        s = "a b c"
        t += len(s.split())
        t += d.get(s[0], 0)
        t += len(s.upper())
        t += len(s.replace("b", "bb"))
    return t


def kw(n):
    t = 0
    for i in range(n):
        t += len("a,b".split(sep=","))
    return t


print(methods(3000), kw(3000))


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    calls = [c for c in loops[0][1] if c is not None]
    direct = [c for c in calls if c.split()[2].startswith('i')]
    others = [c for c in calls if c.split()[2].startswith('r')]
    print(name, 'direct C-method calls:', len(direct), 'other calls:', sorted(set(others)))


report('methods')
report('kw')
