# tpy-test: no-regen modes=default
# g.send(v) in a loop compiles with the generator's body inline (record.c,
# record_gen_send): read through the compile hook, the body of the peeled
# loop resumes the generator with the gen_enter helper (call_i, arguments
# "rri") and suspends it at its yield with gen_suspend (call_i, "rii"), and
# has no residual call returning an object (before: jh_cmethod2 calling
# generator.send, call_r with arguments "irr", which entered the generator
# from C on every send); the body's `total += value` is a float_add in
# the loop itself.
# tests/jit/gen_send_inline.py checks the results against CPython.
from helper_loop_bodies import collect_loop_bodies

bodies = collect_loop_bodies(str)


def averager():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            return count
        total += value
        count += 1
        average = total / count


def sends(n):
    g = averager()
    next(g)
    last = 0.0
    for i in range(n):
        last = g.send(float(i % 101))
    return last


def count(body, what):
    return sum(1 for op in body if what in op)


print(round(sends(20000), 6))
found = bodies.get('sends', [])
peeled = [body for nlabels, body in found if nlabels >= 2]
print('compiled:', bool(found), 'peeled:', bool(peeled))
for body in peeled[:1]:
    enters = count(body, 'Calli 3 rri')
    suspends = count(body, 'Calli 3 rii')
    object_calls = [op for op in body if '= call_r(' in op or ' call_n(' in op]
    print('generator resumed inline:', enters == 1, 'suspended:', suspends == 1,
          'residual calls returning objects:', len(object_calls),
          'float_add:', count(body, 'float_add') == 1)
