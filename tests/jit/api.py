# tpy-test: no-regen
# The pypyjit module's surface: names, kinds, parameters, constructors,
# reprs and errors, as PyPy 7.3.11 has them (reference/pypy-7.3.11/p1, p2,
# p12), plus tpy's set_optimize_hook / enable_debug / disable_debug.
import pypyjit

names = [n for n in sorted(dir(pypyjit)) if not n.startswith('__')]
for n in names:
    print(n, type(getattr(pypyjit, n)).__name__ in ('type', 'dict') and type(getattr(pypyjit, n)).__name__ or 'function')

print(sorted(pypyjit.defaults.items()))
print(sorted(pypyjit.PARAMETER_DOCS) == sorted(pypyjit.defaults))
print(pypyjit.PARAMETER_DOCS['threshold'])

for cls in (pypyjit.JitLoopInfo, pypyjit.ResOperation, pypyjit.GuardOp, pypyjit.DebugMergePoint):
    print(cls.__name__, [c.__name__ for c in cls.__mro__], [a for a in dir(cls) if not a.startswith('__')])
    try:
        class X(cls):
            pass
    except TypeError as e:
        print("  subclass:", e)

op = pypyjit.ResOperation('int_add', 5, 'i3 = int_add(i1, i2)')
print(repr(op), op.name, op.offset)
print(repr(pypyjit.ResOperation('jump')), pypyjit.ResOperation('jump').offset)
g = pypyjit.GuardOp('guard_true', 7, 'guard_true(i4)', 123)
print(repr(g), g.name, g.offset, g.hash)
d = pypyjit.DebugMergePoint('debug_merge_point', "debug_merge_point(0, 0, 'x')", 'pypyjit', 1, 2, (api_code := (lambda: 0).__code__, 4, False))
print(repr(d), d.name, d.offset, d.call_depth, d.call_id, d.jitdriver_name, d.bytecode_no, d.pycode is api_code, d.greenkey[1:])
d2 = pypyjit.DebugMergePoint('debug_merge_point', 'dmp', 'other', 0, 0, 'a string key')
try:
    d2.pycode
except AttributeError as e:
    print("AttributeError:", e)

j = pypyjit.JitLoopInfo(None, [], 0, 0, 0, 3, 'loop', 'pypyjit')
print(repr(j), j.bridge_no, j.loop_no, j.type, j.jitdriver_name, j.asmaddr, j.asmlen, j.operations, j.greenkey)
j = pypyjit.JitLoopInfo(('k', 1), [op, g], 0, 4096, 10, 7, 'loop', 'pypyjit', 5)
print(repr(j))
try:
    j.bridge_no
except TypeError as e:
    print("TypeError:", e)
j = pypyjit.JitLoopInfo(None, [op], 0, 0, 0, 7, 'bridge', 'pypyjit', 42)
print(repr(j), j.bridge_no)

for args, kw in [((), {'nonexistent': 3}), (("foo=bar",), {}), (("threshold=x",), {}), (("a", "b"), {})]:
    try:
        pypyjit.set_param(*args, **kw)
    except Exception as e:
        print("set_param", type(e).__name__, e)
pypyjit.set_param("threshold=500,trace_eagerness=100")
pypyjit.set_param(threshold=700, enable_opts='intbounds:rewrite')
pypyjit.set_param("off")
pypyjit.set_param("default")

print(pypyjit.residual_call(lambda a, b=0: a + b, 1, b=2))
calls = []
nfa = pypyjit.not_from_assembler(lambda *a: calls.append(a) or 'ignored')
print(type(nfa).__name__, nfa(1, 2) is nfa, calls)

def f():
    for i in range(3):
        pass
print(pypyjit.get_jitcell_at_key(0, 0, f.__code__), pypyjit.get_jitcell_at_key(99999, 0, f.__code__))
try:
    pypyjit.get_jitcell_at_key(0, 0, f)
except TypeError as e:
    print("TypeError:", e)

r, u = pypyjit.get_stats_asmmemmgr()
print(type(r).__name__, type(u).__name__, 0 <= u <= r)
s = pypyjit.get_stats_snapshot()
print(type(s).__name__, [a for a in dir(s) if not a.startswith('__')])
print(sorted(s.counter_times), [type(v).__name__ for v in s.counter_times.values()])
print(len(s.counters), list(s.counters)[:3], list(s.counters)[-2:])
print(pypyjit.set_compile_hook(None), pypyjit.set_abort_hook(None), pypyjit.set_trace_too_long_hook(None),
      pypyjit.set_optimize_hook(None), pypyjit.enable_debug(), pypyjit.disable_debug(), pypyjit.releaseall())
