#!/usr/bin/env python3
"""Differential fuzzer: random programs run by CPython and by tpy in every JIT mode.

Usage:
    python3 tools/fuzz.py [--target programs|hooks] [--seed S] [--count N]
                          [--modes off,default,eager,asan-off,asan-default,asan-eager]
                          [--asan-every K] [-j N] [--shrink] [--avoid known|1,2,...]
                          [--out DIR] [--timeout SEC] [--quiet] [FILE.py ...]
    python3 tools/fuzz.py --print S [--target hooks]    show the program of seed S

Program S of a run is generated from seed S (tools/fuzz_gen.py for the
`programs` target, tools/fuzz_hooks.py for `hooks`): --seed 1000 --count 300
runs seeds 1000..1299, the same programs on every machine.  Each program
runs once under CPython (/usr/bin/python3, the oracle, PYTHONHASHSEED=0)
and once per mode under tpy:

    off           tpy --jit off X.py
    default       tpy X.py
    eager         tpy --jit threshold=1,function_threshold=1,trace_eagerness=1 X.py
    asan-MODE     the same with ./tpy-asan (ASan + UBSan)

A (program, mode) pair passes when stdout and the exit status are CPython's
and the last non-empty stderr line (the exception, if any) is CPython's.
A crash (death by a signal), a sanitizer report, a timeout or a SystemError
in stderr is always a failure.  For the hooks target stderr is not compared
(hook exceptions are reported there and CPython has no pypyjit); its
programs run their workload without hooks under CPython, so stdout still is.
Programs that CPython itself cannot finish within --max-cpython seconds are
skipped and counted as such.

--asan-every K runs the asan modes on one program in K only (the asan build
is several times slower).  --avoid lists known open bugs the generator
keeps away from ("known": all of them; tests/README.md describes each):
1, 2 and 4 are issue 10's findings (int / int rounded through floats by
the JIT; dict.popitem then inserts hangs; print writes nothing when a later
argument fails), sort (sorting lists that hold a nan: tpy's merge sort is
not CPython's timsort), invalidation (a class attribute written, or a
module global bound and deleted, on every iteration makes the JIT
recompile the code that depends on it without end), setconst (a display of three or more
constants is a frozenset constant CPython builds twice).  The batch of
`make check` avoids them all while they are open.

A failing program is saved to DIR (default build/fuzz) as
seed-S.py with what failed in seed-S.txt.  With --shrink it is then reduced
by delta debugging over statements (whole statements with their blocks,
unwrapping compound statements, smaller loop counts), keeping only
candidates that fail the same way in the same mode, and the reproducer is
saved as seed-S-min.py.  FILE.py arguments are run (and shrunk) instead of
generated programs.

Output: one line per failure, then a line per mode, then
"N passed, N failed" counting (program, mode) pairs; exit status 0 only
when nothing failed.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import signal
import subprocess
import sys
import time

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import fuzz_gen      # noqa: E402
import fuzz_hooks    # noqa: E402

EAGER = ['--jit', 'threshold=1,function_threshold=1,trace_eagerness=1']
MODE_FLAGS = {'off': ['--jit', 'off'], 'default': [], 'eager': EAGER}
ALL_MODES = ['off', 'default', 'eager', 'asan-off', 'asan-default', 'asan-eager']
ASAN_ENV = {'ASAN_OPTIONS': 'detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1',
            'UBSAN_OPTIONS': 'print_stacktrace=1:halt_on_error=1'}
SANITIZER = re.compile(rb'ERROR: AddressSanitizer: ([\w-]+)|(runtime error): |ERROR: LeakSanitizer')
# known open bugs the generator can keep away from (--avoid): the numbers of
# issue 10's findings, and names for the fuzzer's own open findings
KNOWN_AVOID = {1, 2, 4, 'sort', 'invalidation', 'setconst'}


class Run:
    """One execution: exit status (negative: killed by that signal), outputs, time."""

    def __init__(self, rc, out, err, secs, timed_out=False):
        self.rc, self.out, self.err, self.secs, self.timed_out = rc, out, err, secs, timed_out


def clean_env(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith('PYTHON')}
    env['PYTHONHASHSEED'] = '0'
    env['PYTHONIOENCODING'] = 'utf-8'
    env.pop('PYPYLOG', None)
    if extra:
        env.update(extra)
    return env


def execute(cmd, cwd, timeout, env):
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        return Run(proc.returncode, out, err, time.monotonic() - start)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return Run(None, out, err, time.monotonic() - start, timed_out=True)


def last_line(data):
    for line in reversed(data.splitlines()):
        if line.strip():
            return line.rstrip()
    return b''


class Runner:
    def __init__(self, opts):
        self.opts = opts
        self.workdir = os.path.abspath(opts.out)
        os.makedirs(os.path.join(self.workdir, 'tmp'), exist_ok=True)

    def tpy_cmd(self, mode):
        if mode.startswith('asan-'):
            return [self.opts.tpy_asan] + MODE_FLAGS[mode[5:]]
        return [self.opts.tpy] + MODE_FLAGS[mode]

    def run_cpython(self, path, timeout):
        return execute([self.opts.python, os.path.basename(path)], os.path.dirname(path), timeout, clean_env())

    def run_tpy(self, path, mode, timeout):
        asan = mode.startswith('asan-')
        env = clean_env(ASAN_ENV if asan else None)
        return execute(self.tpy_cmd(mode) + [os.path.basename(path)], os.path.dirname(path),
                       timeout * (self.opts.asan_slowdown if asan else 1), env)

    def verdict(self, exp, got):
        """None when `got` (tpy) behaves as `exp` (CPython); else (kind, detail).
        kind names the failure class compared while shrinking."""
        m = SANITIZER.search(got.err)
        if m:
            what = (m.group(1) or m.group(2) or b'leak').decode()
            return 'sanitizer ' + what, tail(got.err, 30)
        if got.timed_out:
            return 'timeout', 'no result after %.0fs' % got.secs
        if got.rc < 0:
            try:
                sig = signal.Signals(-got.rc).name
            except ValueError:
                sig = 'signal %d' % -got.rc
            return 'crash ' + sig, tail(got.err, 15)
        if b'SystemError' in got.err and b'SystemError' not in exp.err:
            return 'SystemError', tail(got.err, 10)
        if self.opts.target == 'hooks':
            if b'Fatal' in got.err or b'internal error' in got.err:
                return 'fatal', tail(got.err, 10)
        if got.out != exp.out:
            return 'stdout', diff(exp.out, got.out)
        if got.rc != exp.rc:
            return 'exit %d' % got.rc, 'exit status %d, CPython %d; stderr ends: %s' % (
                got.rc, exp.rc, last_line(got.err).decode('utf-8', 'replace'))
        if self.opts.target == 'programs' and last_line(got.err) != last_line(exp.err):
            return 'stderr', 'last stderr line: CPython %r, tpy %r' % (
                last_line(exp.err).decode('utf-8', 'replace'), last_line(got.err).decode('utf-8', 'replace'))
        return None

    def check(self, path, modes, timeout=None):
        """Run one program file everywhere; returns (cpython Run or None if skipped, {mode: verdict})."""
        exp = self.run_cpython(path, self.opts.max_cpython * 3)
        if exp.timed_out or exp.rc < 0 or exp.secs > self.opts.max_cpython:
            return None, {}
        t = timeout or self.opts.timeout
        return exp, {m: self.verdict(exp, self.run_tpy(path, m, t)) for m in modes}


def tail(data, n):
    return '\n'.join(data.decode('utf-8', 'replace').splitlines()[-n:])


def diff(exp, got, limit=16):
    a = exp.decode('utf-8', 'replace').splitlines()
    b = got.decode('utf-8', 'replace').splitlines()
    d = list(difflib.unified_diff(a, b, 'CPython', 'tpy', lineterm='', n=1))
    out = d[:limit]
    if len(d) > limit:
        out.append('... (%d more diff lines)' % (len(d) - limit))
    return '\n'.join(out)


def generate(opts, seed):
    if opts.target == 'hooks':
        return fuzz_hooks.generate(seed, opts.avoid)
    return fuzz_gen.generate(seed, opts.avoid)


# -- shrinking ---------------------------------------------------------------------------

CLAUSES = ('elif ', 'elif(', 'else:', 'except', 'finally:')


class Node:
    """A statement: `head` is its first line (after any decorators in
    `decos`); a compound statement has `blocks`, a list of [clause line,
    [Node...]] whose first clause line is None (the head opens it)."""

    def __init__(self, head, decos=()):
        self.head, self.decos, self.blocks = head, list(decos), []

    def render(self, out, depth):
        pad = '    ' * depth
        for d in self.decos:
            out.append(pad + d)
        out.append(pad + self.head)
        for clause, body in self.blocks:
            if clause is not None:
                out.append(pad + clause)
            if body:
                for n in body:
                    n.render(out, depth + 1)
            elif clause is not None or self.head.endswith(':'):
                out.append(pad + '    pass')


def parse_tree(text):
    """The program's statements as a tree of Nodes, by indentation (the
    generated programs have one statement per line)."""
    lines = [l for l in text.split('\n') if l.strip() and not l.lstrip().startswith('#')]
    pos = 0

    def block(ind):
        nonlocal pos
        nodes = []
        decos = []
        while pos < len(lines):
            line = lines[pos]
            li = len(line) - len(line.lstrip(' '))
            if li < ind:
                break
            st = line.strip()
            if li > ind:      # continuation of something unexpected: keep as text
                nodes.append(Node(st))
                pos += 1
                continue
            if st.startswith(CLAUSES) and nodes and nodes[-1].blocks:
                pos += 1
                nodes[-1].blocks.append([st, block(ind + 4) if st.endswith(':') else []])
                continue
            if st.startswith('@'):
                decos.append(st)
                pos += 1
                continue
            node = Node(st, decos)
            decos = []
            pos += 1
            if st.endswith(':'):
                node.blocks.append([None, block(ind + 4)])
            nodes.append(node)
        return nodes

    return block(0)


def render(tree):
    out = []
    for n in tree:
        n.render(out, 0)
    return '\n'.join(out) + '\n'


def split_call_args(line, call):
    """(prefix, [top-level arguments], suffix) of the first `call(...)` in
    line, or None."""
    start = line.find(call)
    if start < 0:
        return None
    i = start + len(call)
    depth, quote, args, cur = 0, None, [], i
    while i < len(line):
        c = line[i]
        if quote:
            if c == '\\':
                i += 1
            elif c == quote:
                quote = None
        elif c in '\'"':
            quote = c
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                args.append(line[cur:i].strip())
                return line[:start + len(call)], [a for a in args if a], line[i:]
            depth -= 1
        elif c == ',' and depth == 0:
            args.append(line[cur:i].strip())
            cur = i + 1
        i += 1
    return None


class Shrinker:
    """Delta debugging over the statement tree of a program, keeping the
    same failure (kind) in the same mode: remove statements (ddmin over
    each block), replace a compound statement by one of its blocks, drop
    clauses, lower loop counts."""

    def __init__(self, runner, mode, kind, budget_runs, budget_secs):
        self.runner, self.mode, self.kind = runner, mode, kind
        self.runs = 0
        self.budget_runs = budget_runs
        self.deadline = time.monotonic() + budget_secs
        self.cache = {}
        self.path = os.path.join(runner.workdir, 'tmp', 'shrink-%d.py' % os.getpid())
        self.tree = []

    def out_of_budget(self):
        return self.runs >= self.budget_runs or time.monotonic() > self.deadline

    def fails(self):
        text = render(self.tree)
        if text in self.cache:
            return self.cache[text]
        if self.out_of_budget():
            return False
        try:
            compile(text, 'x', 'exec')
        except (SyntaxError, ValueError):
            self.cache[text] = False
            return False
        self.runs += 1
        with open(self.path, 'w') as f:
            f.write(text)
        exp, verdicts = self.runner.check(self.path, [self.mode], self.timeout)
        if exp and b' at 0x' in exp.out:
            exp = None      # a default repr (an address): the candidate's output is not deterministic
        v = verdicts.get(self.mode) if exp else None
        ok = v is not None and v[0] == self.kind
        self.cache[text] = ok
        return ok

    def ddmin(self, nodes):
        n = 2
        while nodes and not self.out_of_budget():
            chunk = max(1, len(nodes) // n)
            removed = False
            for k in range(0, len(nodes), chunk):
                saved = nodes[k:k + chunk]
                del nodes[k:k + chunk]
                if self.fails():
                    removed = True
                    break
                nodes[k:k] = saved
            if removed:
                n = max(n - 1, 2)
            elif chunk == 1:
                return
            else:
                n = min(len(nodes), n * 2)

    def simplify(self, nodes, k):
        """Unwrap nodes[k] (a compound statement) or drop one of its clauses."""
        node = nodes[k]
        if not node.blocks or node.head.startswith(('def ', 'class ')):
            return
        for clause, body in list(node.blocks):
            nodes[k:k + 1] = body
            if self.fails():
                return
            nodes[k:k + len(body)] = [node]
        for i in range(len(node.blocks) - 1, 0, -1):
            saved = node.blocks.pop(i)
            if not self.fails():
                node.blocks.insert(i, saved)

    def walk(self, nodes):
        self.ddmin(nodes)
        k = 0
        while k < len(nodes) and not self.out_of_budget():
            node = nodes[k]
            self.simplify(nodes, k)
            if k < len(nodes) and nodes[k] is node:
                for clause, body in node.blocks:
                    self.walk(body)
                k += 1

    def fewer_args(self):
        """Drop arguments of print() calls (so the statements computing them can go)."""
        for node in list(self.all_nodes(self.tree)):
            k = 0
            while not self.out_of_budget():
                parts = split_call_args(node.head, 'print(')
                if parts is None or k >= len(parts[1]) or len(parts[1]) == 1:
                    break
                old = node.head
                args = parts[1][:k] + parts[1][k + 1:]
                node.head = parts[0] + ', '.join(args) + parts[2]
                if not self.fails():
                    node.head = old
                    k += 1

    def all_nodes(self, nodes):
        for n in nodes:
            yield n
            for clause, body in n.blocks:
                yield from self.all_nodes(body)

    def smaller_numbers(self):
        pat = re.compile(r'(?<![\w.*])(\d{3,5})(?![\w.*])')
        for node in list(self.all_nodes(self.tree)):
            pos = 0
            while not self.out_of_budget():
                m = pat.search(node.head, pos)
                if not m:
                    break
                v = int(m.group(1))
                old = node.head
                for nv in (v // 8, v // 4, v // 2, v * 3 // 4):
                    if nv < 50 or nv == v:
                        continue
                    node.head = old[:m.start(1)] + str(nv) + old[m.end(1):]
                    if self.fails():
                        break
                    node.head = old
                pos = m.start(1) + len(str(v if node.head == old else nv))

    def shrink(self, text, timeout):
        self.timeout = timeout
        self.tree = parse_tree(text)
        if not self.fails():
            return None
        prev = None
        while prev != render(self.tree) and not self.out_of_budget():
            prev = render(self.tree)
            self.walk(self.tree)
            self.fewer_args()
        self.smaller_numbers()
        return render(self.tree)


# -- main --------------------------------------------------------------------------------

def parse_modes(s):
    modes = []
    for m in s.split(','):
        m = m.strip()
        if m == 'asan':
            modes += ['asan-default', 'asan-eager']
        elif m in ALL_MODES:
            modes.append(m)
        elif m:
            raise argparse.ArgumentTypeError('unknown mode %r (modes: %s, asan)' % (m, ', '.join(ALL_MODES)))
    return modes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('files', nargs='*', help='programs to run instead of generated ones')
    ap.add_argument('--target', choices=['programs', 'hooks'], default='programs',
                    help='random programs (default), or programs driving the pypyjit hooks')
    ap.add_argument('--seed', type=int, default=1, help='first seed (default 1)')
    ap.add_argument('--count', type=int, default=100, help='number of programs (default 100)')
    ap.add_argument('--modes', type=parse_modes, default=None,
                    help='comma-separated: off,default,eager,asan-off,asan-default,asan-eager '
                         '(asan = asan-default,asan-eager); default: off,default,eager,asan '
                         '(hooks: default,eager,asan)')
    ap.add_argument('--asan-every', type=int, default=1, metavar='K',
                    help='run the asan modes on every K-th program only (default 1: all)')
    ap.add_argument('-j', '--jobs', type=int, default=2, help='programs run in parallel (default 2)')
    ap.add_argument('--shrink', action='store_true', help='reduce each failing program to a small reproducer')
    ap.add_argument('--shrink-runs', type=int, default=600, help='at most this many runs per shrink (default 600)')
    ap.add_argument('--shrink-secs', type=float, default=300, help='at most this long per shrink (default 300)')
    ap.add_argument('--avoid', default='', help='open bugs the generator keeps away from: comma-separated, '
                    'among %s (see below), or "known" for all of them' % ','.join(sorted(map(str, KNOWN_AVOID))))
    ap.add_argument('--print', type=int, default=None, metavar='S', help='print the program of seed S and exit')
    ap.add_argument('--tpy', default=os.path.join(ROOT, 'tpy'), help='the binary (default ./tpy)')
    ap.add_argument('--tpy-asan', default=os.path.join(ROOT, 'tpy-asan'), help='the ASan+UBSan binary (default ./tpy-asan)')
    ap.add_argument('--python', default='/usr/bin/python3', help='the oracle (default /usr/bin/python3)')
    ap.add_argument('--out', default=os.path.join(ROOT, 'build', 'fuzz'),
                    help='where programs run and failures are saved (default build/fuzz)')
    ap.add_argument('--timeout', type=float, default=20, help='seconds per tpy run (default 20)')
    ap.add_argument('--asan-slowdown', type=float, default=4, help='asan runs get this times the timeout')
    ap.add_argument('--max-cpython', type=float, default=3,
                    help='skip programs CPython needs longer than this for (default 3 s)')
    ap.add_argument('--quiet', action='store_true', help='print failures and the summary only')
    opts = ap.parse_args()
    if opts.avoid == 'known':
        opts.avoid = set(KNOWN_AVOID)
    else:
        opts.avoid = {int(x) if x.strip().isdigit() else x.strip() for x in opts.avoid.split(',') if x.strip()}
        if not opts.avoid <= KNOWN_AVOID:
            ap.error('--avoid takes some of %s, or "known"' % ','.join(sorted(map(str, KNOWN_AVOID))))
    if opts.print is not None:
        sys.stdout.write(generate(opts, opts.print))
        return 0
    if opts.modes is None:
        opts.modes = (['default', 'eager', 'asan-default', 'asan-eager'] if opts.target == 'hooks'
                      else ['off', 'default', 'eager', 'asan-default', 'asan-eager'])
    for binary, need in ((opts.tpy, any(not m.startswith('asan') for m in opts.modes)),
                         (opts.tpy_asan, any(m.startswith('asan') for m in opts.modes))):
        if need and not os.access(binary, os.X_OK):
            sys.stderr.write('fuzz.py: no executable %s (make %s)\n' % (binary, os.path.basename(binary)))
            return 2
    runner = Runner(opts)

    if opts.files:
        jobs = [(os.path.basename(f), open(f).read()) for f in opts.files]
    else:
        prefix = 'hooks-' if opts.target == 'hooks' else 'seed-'
        jobs = [(prefix + str(s), None) for s in range(opts.seed, opts.seed + opts.count)]

    def one(index_job):
        index, (name, text) = index_job
        if text is None:
            text = generate(opts, int(name.split('-')[1]))
        path = os.path.join(runner.workdir, 'tmp', 'prog-%s.py' % name)
        with open(path, 'w') as f:
            f.write(text)
        modes = [m for m in opts.modes if not m.startswith('asan') or index % opts.asan_every == 0]
        start = time.monotonic()
        exp, verdicts = runner.check(path, modes)
        os.unlink(path)
        return name, text, exp, verdicts, time.monotonic() - start

    per_mode = {m: [0, 0] for m in opts.modes}
    failures = []
    skipped = 0
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for name, text, exp, verdicts, secs in pool.map(one, enumerate(jobs)):
            if exp is None:
                skipped += 1
                if not opts.quiet:
                    print('skip %s: CPython too slow or failed to finish' % name)
                continue
            bad = {m: v for m, v in verdicts.items() if v}
            for m, v in verdicts.items():
                per_mode[m][1 if v else 0] += 1
            if bad:
                failures.append((name, text, bad))
                for m, (kind, detail) in bad.items():
                    print('FAIL %s [%s]: %s' % (name, m, kind))
                    print('    ' + detail.replace('\n', '\n    '))
                save(runner.workdir, name, text, bad)
            elif not opts.quiet:
                print('ok %s (%.1fs)' % (name, secs))
            sys.stdout.flush()

    if opts.shrink:
        for name, text, bad in failures:
            # one reproducer per failure kind
            seen = set()
            for m, (kind, detail) in sorted(bad.items(), key=lambda mv: ALL_MODES.index(mv[0])):
                if kind in seen:
                    continue
                seen.add(kind)
                sh = Shrinker(runner, m, kind, opts.shrink_runs, opts.shrink_secs)
                t0 = time.monotonic()
                # a hang is shrunk with a shorter timeout: a candidate hangs or finishes fast
                small = sh.shrink(text, 5 if kind == 'timeout' else opts.timeout)
                if small is None:
                    print('SHRINK %s [%s]: the failure did not reproduce' % (name, m))
                    continue
                out = os.path.join(runner.workdir, '%s-%s-min.py' % (name.replace('.py', ''), m))
                with open(out, 'w') as f:
                    f.write(small)
                print('SHRINK %s [%s] %s: %d -> %d lines in %d runs, %.0fs: %s' % (
                    name, m, kind, text.count('\n'), small.count('\n'), sh.runs, time.monotonic() - t0,
                    os.path.relpath(out)))
                print('    ' + small.rstrip('\n').replace('\n', '\n    '))

    passed = sum(p for p, f in per_mode.values())
    failed = sum(f for p, f in per_mode.values())
    for m in opts.modes:
        p, f = per_mode[m]
        print('mode %-12s %5d run, %d failed' % (m, p + f, f))
    print('%d programs (%d skipped), %d failing, %.0fs' % (len(jobs), skipped, len(failures),
                                                          time.monotonic() - start))
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


def save(workdir, name, text, bad):
    base = os.path.join(workdir, name.replace('.py', ''))
    with open(base + '.py', 'w') as f:
        f.write(text)
    with open(base + '.txt', 'w') as f:
        for m, (kind, detail) in bad.items():
            f.write('[%s] %s\n%s\n\n' % (m, kind, detail))


if __name__ == '__main__':
    sys.exit(main())
