# tpy-test: no-regen modes=default,eager
# Jit-cell controls keyed by (next_instr, is_being_profiled, pycode), as
# PyPy's p12_cells probe uses them, and releaseall().
import pypyjit, dis

def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
code = f.__code__
fi = [ins.offset for ins in dis.get_instructions(f) if ins.opname == 'FOR_ITER'][0]
print("FOR_ITER offset", fi)
print("before:", pypyjit.get_jitcell_at_key(fi, 0, code))
f(5000)
print("after :", pypyjit.get_jitcell_at_key(fi, 0, code), "other offset:", pypyjit.get_jitcell_at_key(fi + 2, 0, code),
      "profiled key:", pypyjit.get_jitcell_at_key(fi, 1, code))

compiled = []
pypyjit.set_compile_hook(lambda info: info.type == 'loop' and compiled.append(info.greenkey[0].co_name))

# dont_trace_here(0, ...) on a function: it is never inlined
def callee(x):
    return x + 1
def caller(n):
    s = 0
    for i in range(n):
        s = callee(s)
    return s
inlined = []
pypyjit.set_abort_hook(lambda *a: None)
pypyjit.set_compile_hook(lambda info: info.type == 'loop' and inlined.extend(op.pycode.co_name for op in info.operations
                                                     if isinstance(op, pypyjit.DebugMergePoint) and op.call_depth > 0))
pypyjit.dont_trace_here(0, False, callee.__code__)
print(caller(20000), "callee inlined:", 'callee' in inlined)

# a loop marked as being traced, or not to be traced, never compiles
pypyjit.set_compile_hook(lambda info: info.type == 'loop' and compiled.append(info.greenkey[0].co_name))
def marked(n):
    s = 0
    for i in range(n):
        s += i
    return s
def banned(n):
    s = 0
    for i in range(n):
        s += i
    return s
ofs = [ins.offset for ins in dis.get_instructions(marked) if ins.opname == 'JUMP_ABSOLUTE'][-1]
target = [ins.offset for ins in dis.get_instructions(marked) if ins.opname == 'FOR_ITER'][0]
pypyjit.mark_as_being_traced(target, False, marked.__code__)
pypyjit.dont_trace_here(target, False, banned.__code__)
print(marked(20000), banned(20000), 'marked' in compiled, 'banned' in compiled)

# trace_next_iteration: traced at once, long before the threshold
pypyjit.set_param(threshold=1000000)
def soon(n):
    s = 0
    for i in range(n):
        s += i
    return s
pypyjit.trace_next_iteration(target, False, soon.__code__)
print(soon(100), 'soon' in compiled)
def byhash(n):
    s = 0
    for i in range(n):
        s += i
    return s
byhash(3)
pypyjit.trace_next_iteration_hash(hash((byhash.__code__, target, False)))
print(byhash(100), 'byhash' in compiled or "(not known to the JIT yet)")
pypyjit.set_param("default")

# releaseall: compiled loops are dropped and compiled again when hot
def again(n):
    s = 0
    for i in range(n):
        s += i * 3
    return s
before = pypyjit.get_stats_snapshot().counters['TOTAL_COMPILED_LOOPS']
print(again(20000))
pypyjit.releaseall()
print(again(20000))
print(compiled.count('again'), pypyjit.get_stats_snapshot().counters['TOTAL_COMPILED_LOOPS'] - before)
pypyjit.set_compile_hook(None)
pypyjit.set_abort_hook(None)
print(pypyjit.not_from_assembler(print)("called via not_from_assembler") is not None)
