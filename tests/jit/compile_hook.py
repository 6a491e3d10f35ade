# tpy-test: no-regen modes=default,eager
# set_compile_hook: JitLoopInfo of a compiled loop, its operations
# (ResOperation, GuardOp, DebugMergePoint) and their attributes, as PyPy's
# p2_hooks / p11_offsets / p13_dmp_depth probes show them; operations=False.
import pypyjit, re

infos = []
pypyjit.set_compile_hook(infos.append)

def inner(x):
    return x * 2 + 1

def f(n):
    s = 0
    for i in range(n):
        s += inner(i)
    return s

print(f(20000))
pypyjit.set_compile_hook(None)

mine = [i for i in infos if i.type == 'loop' and i.greenkey[0].co_name == 'f']
info = mine[0]
print(type(info).__name__, info.type, info.jitdriver_name, type(info.loop_no).__name__, info.loop_no >= 1)
code, offset, profiled = info.greenkey
print(code is f.__code__, offset, profiled)
print(info.asmaddr > 0, info.asmlen > 0)
try:
    info.bridge_no
except TypeError as e:
    print("bridge_no:", e)
print(re.match(r"<JitLoopInfo pypyjit, (\d+) operations, starting at <\(<code object f at 0x[0-9a-f]+, file \"[^\"]+\", line 13>, (\d+), False\)>>$", repr(info)).groups() == (str(len(info.operations)), str(offset)))

ops = info.operations
kinds = sorted(set(type(op).__name__ for op in ops))
print(kinds)
names = [op.name for op in ops]
print('label' in names, names[-1], names.count('label'))
for op in ops:
    assert isinstance(op.name, str) and isinstance(repr(op), str)
    if isinstance(op, pypyjit.DebugMergePoint):
        assert op.offset == -1
    else:
        # tpy reports where each operation's machine code starts
        assert 0 <= op.offset < info.asmlen, (op.name, op.offset)
print("offsets are machine code offsets:", all(op.offset >= 0 for op in ops if not isinstance(op, pypyjit.DebugMergePoint)))
offs = [op.offset for op in ops if not isinstance(op, pypyjit.DebugMergePoint)]
print("offsets never decrease:", offs == sorted(offs))

guards = [op for op in ops if isinstance(op, pypyjit.GuardOp)]
print(len(guards) > 0, all(op.name.startswith('guard_') for op in guards), all(type(g.hash).__name__ == 'int' for g in guards))
print(all(re.search(r"descr=<Guard0x[0-9a-f]+>\) \[", repr(g)) for g in guards))
print(len(set(g.hash for g in guards)) == len(guards))

dmps = [op for op in ops if isinstance(op, pypyjit.DebugMergePoint)]
d = dmps[0]
print(d.jitdriver_name, d.call_depth, d.call_id, d.pycode is f.__code__, d.bytecode_no == offset, d.greenkey == (f.__code__, offset, False))
print(re.match(r"debug_merge_point\(0, 0, 'f;.*compile_hook.py:13-15~#(\d+) FOR_ITER'\)$", repr(d)).group(1) == str(offset))
inl = [op for op in dmps if op.call_depth > 0]
print(len(inl) > 0, inl[0].call_depth, inl[0].call_id, inl[0].pycode.co_name, inl[0].bytecode_no)
print(repr(inl[0]).replace(__file__, 'FILE')[:60].split(';')[0])
print(sorted(set(op.pycode.co_name for op in inl)))
print('enter_portal_frame' in names and 'leave_portal_frame' in names)

got = []
pypyjit.set_compile_hook(lambda i: i.type == 'loop' and got.append((i.operations, i.type, i.greenkey[0].co_name)), operations=False)
def k(n):
    s = 0
    for i in range(n):
        s += i * 3
    return s
print(k(10000))
pypyjit.set_compile_hook(None)
print([g for g in got if g[2] == 'k'])
