"""Helper module for the trace-shape tests (not a test itself).

collect_loop_bodies() sets pypyjit's compile hook to keep, for every loop
compiled from a function, the operations of its body: those after the
loop's last label, which is the peeled loop the machine code runs once
warm. It returns the dict it fills: function name -> list of (number of
labels, [describe(op) for each op of the body]), one entry per loop
compiled for that function, in compilation order; its report() prints
whether a function's first loop was compiled, peeled, and which banned
operations its body has."""
import pypyjit

# residual calls, and allocations, as the compile hook names them
CALLS = {'call_r', 'call_i', 'call_n', 'call_f', 'call_assembler_r', 'call_pure_r'}
ALLOC = {'new', 'new_with_vtable', 'new_array', 'new_array_clear'}


class LoopBodies(dict):
    def report(self, name, banned):
        loops = self.get(name, [])
        if not loops:
            print(name, 'not compiled')
            return
        nlabels, body = loops[0]
        bad = sorted(set(body) & banned)
        print(name, 'compiled, peeled:', nlabels == 2, 'banned ops in body:', bad or 'none')


def collect_loop_bodies(describe=lambda op: op.name):
    bodies = LoopBodies()

    def hook(info):
        if info.type != 'loop' or not info.greenkey:
            return
        ops = list(info.operations)
        labels = [i for i, op in enumerate(ops) if op.name == 'label']
        body = ops[labels[-1] + 1:] if labels else ops
        bodies.setdefault(info.greenkey[0].co_name, []).append((len(labels), [describe(op) for op in body]))

    pypyjit.set_compile_hook(hook)
    return bodies
