"""fuzz_hooks.py: random programs that drive the pypyjit hooks, for tools/fuzz.py.

generate(seed, avoid) returns a program made of a workload (the program
tools/fuzz_gen.py makes for the same seed, plus hot loops that make the JIT
abort, compile bridges and blame inlined functions for long traces) and,
in front of it, pypyjit hooks that misbehave: they raise, return garbage,
mutate the operation lists, call releaseall(), set_param() (valid and
invalid), install, swap and remove hooks from inside a hook, run hot code,
poke the jit cells of the code they are told about, keep every object they
are given.  Between the workload's top-level statements the program
changes parameters and hooks again.

None of this may crash the VM.  The hooks print nothing, and optimize
hooks only return lists that mean the same trace (unchanged, copied,
as text, without debug_merge_points) or that the validator must reject,
so the workload's output stays CPython's: under CPython (no pypyjit) the
program runs the workload alone, and tools/fuzz.py compares stdout and the
exit status.  Hook exceptions go to sys.unraisablehook: most programs
install one that counts them, some leave the default, which writes
"Exception ignored in: jit hook" reports to stderr.
"""

import random

import fuzz_gen

PARAMS = ['threshold', 'function_threshold', 'trace_eagerness', 'trace_limit', 'decay',
          'inlining', 'loop_longevity', 'retrace_limit', 'max_retrace_guards',
          'max_unroll_loops', 'max_unroll_recursion', 'disable_unrolling', 'pureop_historylength']
OPTS = ['intbounds', 'rewrite', 'virtualize', 'string', 'pure', 'earlyforce', 'heap', 'unroll']


class HookGen:
    def __init__(self, seed, avoid=()):
        self.r = random.Random(seed * 7919 + 17)
        self.seed = seed
        self.avoid = set(avoid)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def param_value(self, name):
        r = self.r
        if name == 'inlining':
            return str(r.randint(0, 1))
        if name == 'trace_limit':
            return str(self.pick([r.randint(20, 200), r.randint(200, 2000), 6000]))
        if name == 'loop_longevity':
            return str(self.pick([20, 50, 1000]))   # 1 or 2 free traces in use at every compilation: slow by design
        if name in ('threshold', 'function_threshold'):
            return str(self.pick([1, 2, 3, 13, 100, r.randint(1, 2000)]))
        if name == 'trace_eagerness':
            return str(self.pick([1, 2, 5, 50, 200]))
        if name == 'decay':
            return str(self.pick([0, 40, 1000]))
        return str(r.randint(0, 20))

    def set_param_call(self, valid_only=False):
        r = self.r
        c = r.random()
        if c < 0.25:
            names = r.sample(PARAMS, r.randint(1, 3))
            return "pypyjit.set_param(%r)" % ','.join('%s=%s' % (n, self.param_value(n)) for n in names)
        if c < 0.45:
            n = self.pick(PARAMS)
            return "pypyjit.set_param(%s=%s)" % (n, self.param_value(n))
        if c < 0.55:
            opts = [o for o in OPTS if self.chance(0.7)]
            return "pypyjit.set_param('enable_opts=%s')" % (':'.join(opts) or 'all')
        if c < 0.65 or valid_only:
            return "pypyjit.set_param(%r)" % self.pick(['default', 'off', 'default', 'threshold=1,function_threshold=1,trace_eagerness=1'])
        bad = self.pick(["pypyjit.set_param('')", "pypyjit.set_param('threshold=10,,decay=5')",
                         "pypyjit.set_param('bogus=1')", "pypyjit.set_param('threshold=abc')",
                         "pypyjit.set_param('threshold=-5')", "pypyjit.set_param(bogus=3)",
                         "pypyjit.set_param(threshold='x')", "pypyjit.set_param(42)",
                         "pypyjit.set_param('enable_opts=nonsense')", "pypyjit.set_param(threshold=2**70)",
                         "pypyjit.set_param()", "pypyjit.set_param('trace_limit=0')"])
        return bad

    # -- actions a hook may take; `key` is a greenkey or None, `ops` a list or None --------
    def action(self, hook, depth=0):
        r = self.r
        acts = [
            (3, lambda: ['KEEP.append(%s)' % self.pick(['ops', 'key', 'args'])]),
            (3, lambda: ['for op in ops or []:',
                         '    KEEP.append((repr(op), op.name, op.offset))',
                         '    if isinstance(op, pypyjit.DebugMergePoint):',
                         '        KEEP.append((op.greenkey, op.pycode, op.bytecode_no, op.call_depth, op.call_id, op.jitdriver_name))',
                         '    if isinstance(op, pypyjit.GuardOp):',
                         '        KEEP.append(op.hash)']),
            (2, lambda: ['if ops:', '    ' + self.pick(['ops.clear()', 'ops.reverse()', 'ops.append(None)',
                                                         'del ops[:3]', 'ops[0] = 5', 'ops.sort(key=repr)',
                                                         'ops.extend(ops)', 'ops.insert(1, "int_add(i0, i1)")'])]),
            (2, lambda: ['raise %s' % self.pick(['ValueError("hook")', 'KeyError(1)', 'ZeroDivisionError',
                                                 'RuntimeError("x" * 100)', 'TypeError', 'StopIteration',
                                                 'OverflowError(2**100)', 'AssertionError'])]),
            (1, lambda: ['1 / 0' if self.chance(0.5) else '[][5]']),
            (2, lambda: ['pypyjit.releaseall()']),
            (3, lambda: [self.wrap(self.set_param_call())]),
            (2, lambda: [self.wrap('pypyjit.set_%s_hook(%s)' % (self.pick(['compile', 'abort', 'trace_too_long', 'optimize']),
                                                                 self.pick(['None', 'HOOKS[%d]' % r.randint(0, 3),
                                                                            'lambda *a: 1 / 0', 'lambda *a: None', '42',
                                                                            'repr' if self.chance(0.1) else 'len'])))]),
            (1, lambda: [self.wrap('pypyjit.set_compile_hook(HOOKS[0], operations=%s)' % self.pick(['False', 'True', '0', '[]']))]),
            (1, lambda: ['pypyjit.%s()' % self.pick(['enable_debug', 'disable_debug'])]),
            (2, lambda: ['s = pypyjit.get_stats_snapshot()', 'KEEP.append((s.counters, s.counter_times, s.loop_run_times))']),
            (1, lambda: ['KEEP.append(pypyjit.get_stats_asmmemmgr())']),
            (2, lambda: ['if key:',
                         '    ' + self.wrap('pypyjit.%s(%s, %s, key[0])' % (
                             self.pick(['dont_trace_here', 'trace_next_iteration', 'mark_as_being_traced', 'get_jitcell_at_key']),
                             self.pick(['key[1]', '0', '-2', '10**6', 'key[1] + 1']), self.pick(['False', 'True', 'key[2]'])))]),
            (1, lambda: [self.wrap('pypyjit.trace_next_iteration_hash(%s)' % self.pick(
                ['hash(key)', 'ops[-1].hash if ops and hasattr(ops[-1], "hash") else 0', '12345', '-1', '2**64']))]),
            (2, lambda: ['KEEP.append(HOT(%d))' % self.pick([50, 500, 3000])]),
            (1, lambda: ['gc.collect()']),
            (1, lambda: [self.wrap('pypyjit.residual_call(%s)' % self.pick(['len, ops or []', 'HOT, 100', 'max, 1, 2', '1 / 0']))]),
            (1, lambda: [self.wrap(self.pick(['pypyjit.JitLoopInfo(key, ops, 0, 0, 0, 1, "loop", "pypyjit")',
                                              'pypyjit.JitLoopInfo()', 'pypyjit.ResOperation("int_add")',
                                              'pypyjit.GuardOp("guard_true", 3, "guard_true(i1)", 7)',
                                              'pypyjit.DebugMergePoint("x", "y", "pypyjit", 0, 0, key)',
                                              'pypyjit.not_from_assembler(len)([1])',
                                              'pypyjit.ResOperation(None, "x", 5)']))]),
            (1, lambda: ['%s(*args)' % hook if depth == 0 and self.chance(0.5) else 'sys.getrecursionlimit()']),
        ]
        if hook == 'hc':
            acts += [
                (3, lambda: ['KEEP.append((info.type, info.loop_no, info.jitdriver_name, info.asmlen, repr(info)[:20], info.greenkey))']),
                (1, lambda: [self.wrap('KEEP.append(info.bridge_no)')]),
                (1, lambda: [self.wrap('info.operations = %s' % self.pick(['[]', 'None', '5']))]),
                (1, lambda: ['if ops:', '    ops[0].name', '    ' + self.wrap('ops[0].name = "int_sub"')]),
            ]
        w = sum(x for x, _ in acts)
        x = r.random() * w
        for wt, f in acts:
            x -= wt
            if x < 0:
                return f()
        return acts[-1][1]()

    def wrap(self, stmt):
        return stmt

    def hook_body(self, hook):
        lines = ['CALLS[0] += 1']
        for _ in range(self.r.randint(1, 4)):
            act = self.action(hook)
            if any(w in l for l in act for w in ('releaseall', 'HOT(', 'gc.collect', 'set_param', '(*args)')):
                # the costly actions only on the first calls: releasing
                # everything at every compilation with a threshold of 1
                # recompiles at every iteration, and a hook calling itself
                # twice is exponential (slow, but not a bug)
                act = ['if CALLS[0] < %d:' % self.pick([3, 10, 30])] + ['    ' + l for l in act]
            if self.chance(0.4):
                act = ['try:'] + ['    ' + l for l in act] + ['except Exception:', '    KEEP.append(None)']
            if self.chance(0.3):
                act = ['if len(KEEP) %% %d == %d:' % (self.pick([2, 3, 7]), self.r.randint(0, 1))] + ['    ' + l for l in act]
            lines += act
        return lines

    def optimize_return(self):
        """What an optimize hook returns: the same trace in another form, or
        something the validator must reject."""
        same = ['None', 'ops', 'list(ops)', "[op for op in ops if op.name != 'debug_merge_point']",
                '[repr(op) for op in ops]', "[repr(op) for op in ops if op.name != 'debug_merge_point']",
                'ops[:]']
        bad = ['42', "'int_add(i0, i1)'", '[None]', '[1, 2]', 'ops[::-1]', 'ops[:-1]', 'ops + ops', '[]',
               '{}', 'iter(ops)', 'tuple(ops)', '[repr(op).replace("(", "[", 1) for op in ops]',
               '[repr(op)[:-1] for op in ops]', '[repr(op).replace("int_", "int_frob", 1) for op in ops]',
               '[ops[0]] * 2 + ops', 'ops[1:]', '[op.name for op in ops]', '["jump()"]', '["finish()"]',
               '[repr(op) for op in ops] + ["label(i0, descr=<Loop0>)"]', 'ops[:1] + ops[2:]',
               '[repr(op).replace("i", "p", 1) for op in ops]', 'object()', '[b"x"]',
               '[r for op in ops for r in (repr(op), repr(op))]']
        return self.pick(same) if self.chance(0.5) else self.pick(bad)

    def prologue(self):
        r = self.r
        out = ['try:', '    import pypyjit', 'except ImportError:', '    pypyjit = None',
               'import sys, gc',
               # what hooks keep, bounded: a hook that keeps everything and
               # collects on every compilation would make the run quadratic
               'class Keep(list):', '    def append(self, x):', '        list.append(self, x)',
               '        if len(self) > 300:', '            del self[:150]',
               'KEEP = Keep()', 'NERR = [0]', 'CALLS = [0]']
        if self.chance(0.75):
            out.append('sys.unraisablehook = lambda u: NERR.__setitem__(0, NERR[0] + 1)')
        out += ['def HOT(n):', '    s = 0', '    for k in range(n):', '        s += k % 7', '    return s']
        # hook functions
        out.append('def hc(info):')
        out += ['    key = info.greenkey', '    ops = info.operations', '    args = (info,)']
        out += ['    ' + l for l in self.hook_body('hc')]
        out.append('def ha(jd, key, reason, ops):')
        out += ['    args = (jd, key, reason, ops)']
        out += ['    ' + l for l in self.hook_body('ha')]
        out.append('def ht(jd, key):')
        out += ['    ops = None', '    args = (jd, key)']
        out += ['    ' + l for l in self.hook_body('ht')]
        out.append('def ho(jd, kind, key, ops):')
        out += ['    args = (jd, kind, key, ops)', '    if not isinstance(key, tuple):', '        key = None']
        body = self.hook_body('ho')
        # an optimize hook must not change the trace's meaning: no in-place list mutation there
        body = [l for l in body if not any(m in l for m in ('ops.clear', 'ops.reverse', 'ops.append', 'del ops',
                                                             'ops[0] =', 'ops.sort', 'ops.extend', 'ops.insert'))]
        out += ['    ' + l for l in body]
        out.append('    return ' + self.optimize_return())
        out.append('HOOKS = [hc, ha, ht, ho]')
        out.append('if pypyjit:')
        for name, fn in (('compile', 'hc'), ('abort', 'ha'), ('trace_too_long', 'ht'), ('optimize', 'ho')):
            if self.chance(0.8):
                extra = ', operations=%s' % self.pick(['True', 'False']) if name == 'compile' and self.chance(0.3) else ''
                out.append('    pypyjit.set_%s_hook(%s%s)' % (name, fn, extra))
        for _ in range(r.randint(0, 3)):
            out.append('    try:')
            out.append('        ' + self.set_param_call(valid_only=self.chance(0.5)))
            out.append('    except Exception as e:')
            out.append('        KEEP.append(type(e).__name__)')
        return out

    def between(self):
        """A statement run between the workload's top-level statements."""
        r = self.r
        act = self.pick([lambda: self.set_param_call(valid_only=True),
                         lambda: 'pypyjit.releaseall()',
                         lambda: 'pypyjit.set_%s_hook(%s)' % (self.pick(['compile', 'abort', 'trace_too_long', 'optimize']),
                                                              self.pick(['None', 'hc', 'ha', 'ht', 'ho'])),
                         lambda: 'pypyjit.%s()' % self.pick(['enable_debug', 'disable_debug']),
                         lambda: 'KEEP.clear()',
                         lambda: 'gc.collect()'])()
        return ['if pypyjit:', '    try:', '        ' + act, '    except Exception:', '        pass']

    def extra_workload(self):
        """Loops that abort (too long), compile bridges, inline and recurse."""
        n = self.r.randint(800, 3000)
        lines = ['def big(i):', '    t = 0']
        for k in range(self.r.randint(10, 40)):
            lines.append('    t += i * %d %% %d' % (k + 1, self.r.randint(2, 99)))
        lines += ['    return t',
                  'def drive(n):', '    s = 0', '    for i in range(n):', '        s += big(i) if i % 3 else i',
                  '        if i > n // 2:', '            s ^= i', '    return s',
                  "print('drive', drive(%d))" % n,
                  'def rec(k):', '    return 0 if k <= 0 else 1 + rec(k - 1)',
                  "print('rec', sum(rec(k %% 40) for k in range(%d)))" % self.r.randint(100, 800)]
        return lines

    def program(self):
        base = fuzz_gen.generate(self.seed, self.avoid).split('\n')
        # top-level statement starts of the workload (not the first two lines)
        starts = [i for i, l in enumerate(base) if i > 1 and l and not l[0].isspace()
                  and not l.startswith(('except', 'else', 'elif', 'finally', '@', '#'))]
        inserts = set(self.r.sample(starts, min(len(starts), self.r.randint(1, 5))))
        out = ['# hooks fuzz program, seed %d (python3 tools/fuzz.py --target hooks --print %d)' % (self.seed, self.seed)]
        out += self.prologue()
        for i, l in enumerate(base):
            if i in inserts:
                out += self.between()
            if i == 0:
                continue
            out.append(l)
        if self.chance(0.7):
            out += self.extra_workload()
        out.append("print('hooks done')")
        return '\n'.join(l for l in out) + '\n'


def generate(seed, avoid=()):
    return HookGen(seed, avoid).program()


if __name__ == '__main__':
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0), end='')
