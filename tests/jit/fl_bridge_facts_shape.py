# tpy-test: no-regen modes=default
# A bridge starts knowing the classes (and non-null, small int, float
# facts) that its parent knew of the values the failing guard's snapshot
# holds, and the fields of them its heap cache held (an instance's map)
# (PyPy's bridgeopt; opt.c guard_facts, bridge_input_facts,
# bridge_heap_facts). Below, the loop of `run` checks v's class and map
# once; the branch taken every third iteration is a bridge that reads v
# again, and used to check its class (guard_nonnull_class(v, Vec)), that it
# is non-null, and its map (getfield + guard_value) each time it ran.
# Read through the compile hook: the bridges of `run` have no class guard
# on Vec and no guard_value. The results are checked against CPython by
# tests/jit/fl_bridge_facts.py.
import pypyjit

bridges = []


def hook(info):
    if info.type == 'bridge':
        bridges.append([str(op) for op in info.operations])


pypyjit.set_compile_hook(hook)


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def run(v, n):
    total = 0.0
    for i in range(n):
        total += v.x
        if i % 3 == 0:
            total += v.y * 2.0
    return total


print(run(Vec(1.5, 0.25), 3000))
vec_guards = [op for ops in bridges for op in ops if 'guard' in op and 'ConstClass(Vec)' in op]
print('bridges compiled:', len(bridges) > 0)
print('class guards on Vec in bridges:', len(vec_guards))
print('guard_value in bridges:', sum(op.startswith('guard_value') for ops in bridges for op in ops))
