# tpy-test: no-regen modes=default
# A `for` loop over a pipeline of generators compiles to one loop that runs
# every generator's body inline (record.c, record_gen_resume): read through
# the compile hook, the body of the peeled loop resumes each generator with
# the gen_enter helper (call_i, arguments "rri") and suspends it at its
# yield with gen_suspend (call_i, "rii"), one of each per generator, and
# has no residual iternext (call_r, argument "r") or any other call that
# returns an object: the chain is not run by the interpreter.
# tests/jit/gen_pipeline.py checks the results against CPython.
from helper_loop_bodies import collect_loop_bodies

bodies = collect_loop_bodies(str)


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scaled(source, factor):
    for x in source:
        yield x * factor


def shifted(source, by):
    for x in source:
        yield x + by


def pipeline(n):
    total = 0
    for x in shifted(scaled(numbers(n), 3), 1):
        total += x
    return total


def single(n):
    total = 0
    for x in numbers(n):
        total += x
    return total


def count(body, what):
    return sum(1 for op in body if what in op)


print(pipeline(5000), single(5000))
for name, levels in (('pipeline', 3), ('single', 1)):
    found = bodies.get(name, [])
    peeled = [body for nlabels, body in found if nlabels >= 2]
    print(name, 'compiled:', bool(found), 'peeled:', bool(peeled))
    for body in peeled[:1]:
        enters = count(body, 'Calli 3 rri')
        suspends = count(body, 'Calli 3 rii')
        object_calls = [op for op in body if '= call_r(' in op or ' call_n(' in op]
        print('  generators resumed inline:', enters == levels, 'suspended:', suspends == levels,
              'residual calls returning objects:', len(object_calls))
