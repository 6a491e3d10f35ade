# tpy-test: no-regen modes=default
# Trace shapes of docs/jit.md "Iterators whose __iter__ returns self" and
# "Deferred messages", read through the compile hook.
# 1. `for x in Countdown(3)` inside an outer loop: the bridge that makes
#    the next Countdown and starts its loop has no call at all (GET_ITER
#    was a residual call of iter(), which ran __iter__ through the
#    interpreter's call path).
# 2. int(s) rejected in a try with a ValueError handler: no trace calls the
#    pure helper that formats the ValueError's message (a call_pure_r of a
#    helper named by address; box_int/unbox_int print as ConstClass): the
#    handler's guards keep the exception in their snapshots only, so the
#    message is a deferred call that resume makes.
# tests/jit/vexcstr_iter_self.py and vexcstr_int_message.py check the
# results against CPython.
import pypyjit

CALLS = ('call_r', 'call_i', 'call_n', 'call_f', 'call_may_force', 'call_assembler', 'call_pure_r')

traces = []
pypyjit.set_compile_hook(lambda info: traces.append((info.type, [repr(op) for op in info.operations])))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def user_iterators(n):
    total = 0
    for j in range(n):
        for x in Countdown(3):
            total += x
    return total


print('user_iterators', user_iterators(5000))
makers = [ops for kind, ops in traces if any('new_with_vtable' in o and 'Countdown' in o for o in ops)]
print('traces making a Countdown:', len(makers) > 0)
print('calls in them:', sorted({o.split('(')[0].split('= ')[-1] for ops in makers for o in ops
                                if o.split('(')[0].split('= ')[-1].startswith(CALLS) and 'ConstClass(' not in o}))

del traces[:]


def int_parse(n):
    words = ["12", "x", "7", "abc", "100"]
    total = bad = 0
    for i in range(n):
        try:
            total += int(words[i % 5])
        except ValueError:
            bad += 1
    return total, bad


print('int_parse', int_parse(5000))
print('traces:', len(traces) >= 2)
print('message calls:', [o for kind, ops in traces for o in ops if 'call_pure_r(' in o and 'ConstClass(' not in o])
