#!/usr/bin/env python3
"""Compare tpy's parser (tools/parsetest) with CPython 3.11.

  parsetest_compare.py ast [--attrs] [--parsetest BIN] PATH...
      Parse every .py file under PATH with both and compare the output of
      ast.dump(tree) (with --attrs: ast.dump(tree, include_attributes=True)).
      Files CPython itself cannot parse are skipped.

  parsetest_compare.py astmod [--attrs] [--tpy BIN] PATH...
      The same comparison through tpy's real `ast` module: tpy (./tpy
      unless --tpy) runs ast.dump(ast.parse(src)) (with --attrs:
      include_attributes=True) on the files in batches, and each dump must
      equal CPython's.

  parsetest_compare.py astcompile [--tpy BIN] PATH...
      In tpy alone: compile(ast.parse(src)) must give the same code as
      compile(src) (bytecode, names, constants, line table, nested code)
      for every file tpy compiles; checks the node objects -> C tree side.

  parsetest_compare.py fuzz [--parsetest BIN] [--seed N] [--count N] PATH...
      Mutate the .py files under PATH at random (delete, duplicate, insert or
      swap tokens or characters, cut the file), run parsetest on each
      mutant and report crashes, sanitizer reports and time-outs; also
      report mutants that one of tpy and CPython's ast.parse accepts and the
      other rejects, and count those where the error message or line
      differs (informational: ast.parse runs in string mode).

  parsetest_compare.py interactive [--parsetest BIN]
      Check `parsetest -m single` on snippets typed at a prompt against
      codeop.compile_command(): incomplete (the prompt asks for another
      line), complete, or a syntax error.

  parsetest_compare.py errors [--parsetest BIN] PATH...
      For every .py file under PATH, compare `parsetest FILE` with
      `python3 FILE`: exit status and stderr must be identical. A file
      FILE.expected, if present, holds the expected stderr instead (for
      an error of tpy's own; none is needed today).

Prints one line per mismatch and a summary line "N passed, M failed".
Exits 1 if anything failed.
"""
import ast
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = '/tmp/parsetest'


def py_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith('.py'):
                        yield os.path.join(root, name)
        else:
            yield path


def cpython_dump(path, attrs):
    with open(path, 'rb') as f:
        src = f.read()
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError):
        return None
    return ast.dump(tree, include_attributes=attrs)


def check_ast(binary, path, attrs):
    expected = cpython_dump(path, attrs)
    if expected is None:
        return 'skip', ''
    args = [binary] + (['-a'] if attrs else []) + [path]
    r = subprocess.run(args, capture_output=True, timeout=60)
    if r.returncode != 0:
        return 'fail', 'parsetest failed: ' + r.stderr.decode('utf-8', 'replace').strip()[-300:]
    got = r.stdout.decode('utf-8', 'replace').rstrip('\n')
    if got == expected:
        return 'pass', ''
    # locate the first difference
    i = 0
    while i < len(got) and i < len(expected) and got[i] == expected[i]:
        i += 1
    return 'fail', 'differs at %d:\n   tpy: ...%s\n  py3: ...%s' % (
        i, got[max(0, i - 80):i + 80], expected[max(0, i - 80):i + 80])


# run by tpy: dump every file named on the command line, each after a
# marker line (a file it cannot parse gets the marker only)
ASTMOD_SCRIPT = r'''
import ast, sys
attrs = sys.argv[1] == '1'
for path in sys.argv[2:]:
    with open(path, 'rb') as f:
        src = f.read()
    try:
        d = ast.dump(ast.parse(src), include_attributes=attrs)
    except (SyntaxError, ValueError) as e:
        d = None
    sys.stdout.write('\x00FILE %s\n' % path)
    if d is not None:
        sys.stdout.write(d + '\n')
'''


# run by tpy: for each file, "\x00FILE path same|differs|error ..."
ASTCOMPILE_SCRIPT = r'''
import ast, sys
def sig(co):
    out = [co.co_code, co.co_names, co.co_varnames, co.co_firstlineno, list(co.co_lines())]
    for c in co.co_consts:
        out.append(sig(c) if hasattr(c, 'co_code') else repr(c))
    return out
for path in sys.argv[1:]:
    with open(path, 'rb') as f:
        src = f.read()
    try:
        a = compile(src, path, 'exec')
    except Exception:
        continue
    try:
        b = compile(ast.parse(src), path, 'exec')
        r = 'same' if sig(a) == sig(b) else 'differs'
    except Exception as e:
        r = 'error %s: %s' % (type(e).__name__, e)
    sys.stdout.write('\x00FILE %s %s\n' % (path, r))
'''


def check_astcompile_batch(binary, files):
    g = subprocess.run([binary, '-c', ASTCOMPILE_SCRIPT] + files, capture_output=True, timeout=600)
    got = {}
    for line in g.stdout.decode('utf-8', 'surrogateescape').split('\n'):
        if line.startswith('\x00FILE '):
            path, _, r = line[6:].partition(' ')
            got[path] = r
    res = []
    last = max((files.index(f) for f in got), default=-1)
    for i, f in enumerate(files):
        if f in got:
            res.append((f, 'pass' if got[f] == 'same' else 'fail', got[f]))
        elif i < last or g.returncode == 0:
            res.append((f, 'skip', ''))   # tpy cannot compile it at all
        else:
            res.append((f, 'fail', 'tpy stopped (exit %d): %s' % (g.returncode,
                        g.stderr.decode('utf-8', 'replace').strip().split('\n')[-1][:200])))
    return res


def check_astmod_batch(binary, files, attrs):
    """[(file, status, detail)] for one tpy run over files"""
    g = subprocess.run([binary, '-c', ASTMOD_SCRIPT, '1' if attrs else '0'] + files,
                       capture_output=True, timeout=600)
    got = {}
    cur = None
    for line in g.stdout.decode('utf-8', 'surrogateescape').split('\n'):
        if line.startswith('\x00FILE '):
            cur = line[6:]
            got[cur] = None
        elif cur is not None and got[cur] is None:
            got[cur] = line
    res = []
    for f in files:
        want = cpython_dump(f, attrs)
        if want is None:
            res.append((f, 'skip', ''))
        elif f not in got:
            res.append((f, 'fail', 'tpy stopped (exit %d): %s' % (g.returncode,
                        g.stderr.decode('utf-8', 'replace').strip().split('\n')[-1][:200])))
        elif got[f] != want:
            res.append((f, 'fail', 'dump differs'))
        else:
            res.append((f, 'pass', ''))
    return res


def check_error(binary, path):
    path = os.path.abspath(path)
    exp_file = path + '.expected'
    if os.path.exists(exp_file):
        with open(exp_file, 'rb') as f:
            want_err = f.read().replace(b'@FILE@', path.encode())
        want_rc = 1
    else:
        r = subprocess.run([sys.executable, path], capture_output=True, timeout=60,
                           cwd=os.path.dirname(path))
        want_err, want_rc = r.stderr, r.returncode
    g = subprocess.run([binary, path], capture_output=True, timeout=60)
    if g.returncode == want_rc and (want_rc == 0 or g.stderr == want_err):
        return 'pass', ''
    return 'fail', 'rc %d vs %d\n--- tpy:\n%s--- python3:\n%s' % (
        g.returncode, want_rc, g.stderr.decode('utf-8', 'replace'),
        want_err.decode('utf-8', 'replace'))


FUZZ_TOKENS = ['(', ')', '[', ']', '{', '}', ':', ',', ';', '=', '==', '*', '**', '.', '...',
               'if', 'else', 'for', 'in', 'not', 'lambda', 'yield', 'await', 'async', 'def',
               'class', 'return', 'x', '1', '0x', '1e', '"', "'", '"""', 'f"{', '}', '\\', '\n',
               '\t', '    ', '#', '@', '->', ':=', 'match', 'case', '_', '\u20ac', '\xa0', '$']


def mutate(rng, src):
    import io
    import tokenize
    spans = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type in (tokenize.ENDMARKER, tokenize.DEDENT):
                continue
            spans.append(tok)
    except Exception:
        pass
    lines = src.splitlines(keepends=True)
    offs = [0]
    for l in lines:
        offs.append(offs[-1] + len(l))

    def at(pos):
        (r, c) = pos
        return offs[r - 1] + c if r - 1 < len(offs) else len(src)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        if kind <= 2 and spans:
            t = rng.choice(spans)
            a, b = at(t.start), at(t.end)
            if kind == 0:
                src = src[:a] + src[b:]
            elif kind == 1:
                src = src[:a] + src[a:b] + ' ' + src[a:]
            else:
                src = src[:a] + rng.choice(FUZZ_TOKENS) + ' ' + src[a:]
            break
        elif kind == 3 and src:
            i = rng.randrange(len(src))
            src = src[:i] + src[i + 1:]
        elif kind == 4 and src:
            i = rng.randrange(len(src))
            src = src[:i] + rng.choice(FUZZ_TOKENS) + src[i:]
        elif src:
            src = src[:rng.randrange(len(src))]
    return src


def fuzz_one(binary, src, tmpdir, idx):
    path = os.path.join(tmpdir, 'fuzz%d.py' % idx)
    with open(path, 'w', encoding='utf-8', errors='surrogatepass') as f:
        f.write(src)
    try:
        env = dict(os.environ)
        env.setdefault('ASAN_OPTIONS', 'detect_leaks=0')
        r = subprocess.run([binary, '-e', path], capture_output=True, timeout=20, env=env)
    except subprocess.TimeoutExpired:
        return 'fail', 'timeout', path
    err = r.stderr.decode('utf-8', 'replace')
    if r.returncode not in (0, 1) or 'runtime error' in err or 'Sanitizer' in err:
        return 'fail', 'crash rc=%d %s' % (r.returncode, err[:500]), path
    try:
        ast.parse(src.encode('utf-8', 'surrogatepass'))
        py = None
    except SyntaxError as e:
        py = (e.msg, e.lineno)
    except (ValueError, MemoryError, RecursionError) as e:
        return 'pass', 'skip', path
    out = r.stdout.decode('utf-8', 'replace')
    if r.returncode == 0:
        if py is not None:
            return 'fail', 'tpy accepts, CPython: %s' % (py,), path
        return 'pass', '', path
    first = out.split('\n', 1)[0]
    if 'not supported by tpy' in first:
        return 'pass', '', path
    if py is None:
        return 'fail', 'tpy rejects (%s), CPython accepts' % first, path
    parts = first.split(' ')
    if py[0] not in first or (py[1] is not None and ' %d ' % py[1] not in first):
        return 'pass', 'msgdiff tpy: %s | py: %s' % (first[:150], py), path
    return 'pass', '', path


INTERACTIVE = [
    'x = 1\n', 'if x:\n', 'if x:\n  y = 1\n', 'if x:\n  y = 1\n\n', 'x = (1,\n',
    'x = 1 +\n', "s = '''abc\n", 'x = 1 \\\n', '@dec\n', 'def f():\n  return 1\n',
    'def f():\n  return 1\n\n', 'for x in y:\n  pass\nelse:\n', 'class C:\n  pass\n\n',
    'x = 1; y = 2\n', 'try:\n  pass\n', 'try:\n  pass\nexcept:\n  pass\n\n', 'x = [\n1,\n',
    'x = [\n1,\n2\n]\n', 'print("a"\n', 'f(x for x in\n', 'while True:\n  if x:\n    break\n',
    'while True:\n  if x:\n    break\n\n', 'x = """\n', 'x = {1: 2,\n', 'lambda x:\n',
    'if x:\n  pass\nelif y:\n', '1 +* 2\n', 'x = 1\n\n', 'with a as b:\n  pass\n\n',
    'async def f():\n  await x\n\n', '"abc\n', 'x = $\n', 'def f(:\n',
    'match x:\n', 'match x:\n  case 1:\n', 'match x:\n  case 1:\n    pass\n',
    'match x:\n  case 1:\n    pass\n\n', 'match x:\n  case [a, *b] if a:\n    pass\n  case _:\n',
    'match = 1\n', 'match(x)\n', 'match x:\n  case 1\n', 'match x:\n  case {**_}:\n',
]


def check_interactive(binary):
    import codeop
    import tempfile
    counts = {'pass': 0, 'fail': 0}
    d = tempfile.mkdtemp(prefix='tpyint')
    for i, src in enumerate(INTERACTIVE):
        # a console hands codeop the lines typed so far joined by newlines,
        # without a newline after the last one; parse_source gets that text
        # with its final newline
        try:
            r = codeop.compile_command(src[:-1], '<input>', 'single')
            want = 'incomplete' if r is None else 'complete'
        except SyntaxError:
            want = 'error'
        path = os.path.join(d, 'in%d' % i)
        with open(path, 'w') as f:
            f.write(src)
        g = subprocess.run([binary, '-m', 'single', '-e', path], capture_output=True)
        out = g.stdout.decode('utf-8', 'replace')
        got = 'complete' if g.returncode == 0 else ('incomplete' if 'incomplete' in out else 'error')
        if got == want:
            counts['pass'] += 1
        else:
            counts['fail'] += 1
            print('FAIL %r: tpy %s, codeop %s' % (src, got, want))
    print('%d passed, %d failed' % (counts['pass'], counts['fail']))
    return 1 if counts['fail'] else 0


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] not in ('ast', 'astmod', 'astcompile', 'errors', 'fuzz', 'interactive'):
        print(__doc__)
        return 2
    mode = argv.pop(0)
    attrs = False
    binary = DEFAULT_BIN
    paths = []
    seed, count = 1, 1000
    while argv:
        a = argv.pop(0)
        if a == '--attrs':
            attrs = True
        elif a == '--seed':
            seed = int(argv.pop(0))
        elif a == '--count':
            count = int(argv.pop(0))
        elif a in ('--parsetest', '--tpy'):
            binary = argv.pop(0)
        else:
            paths.append(a)
    if mode == 'interactive':
        return check_interactive(binary)
    files = list(py_files(paths))
    if mode == 'fuzz':
        import random
        import tempfile
        rng = random.Random(seed)
        srcs = []
        for f in files:
            try:
                with open(f, encoding='utf-8') as fh:
                    srcs.append(fh.read())
            except (UnicodeDecodeError, OSError):
                pass
        tmpdir = tempfile.mkdtemp(prefix='tpyfuzz')
        jobs = [mutate(rng, rng.choice(srcs)) for _ in range(count)]
        counts = {'pass': 0, 'fail': 0}
        msgdiff = 0
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            for status, detail, path in ex.map(lambda a: fuzz_one(binary, a[1], tmpdir, a[0]),
                                               enumerate(jobs)):
                counts[status] += 1
                if status == 'fail':
                    keep = path + '.keep'
                    os.rename(path, keep)
                    print('FAIL %s: %s' % (keep, detail))
                elif detail.startswith('msgdiff'):
                    msgdiff += 1
                    if os.environ.get('FUZZ_VERBOSE'):
                        os.rename(path, path + '.diff')
                        print('DIFF %s.diff: %s' % (path, detail))
        print('%d mutants with a different error message or line (informational)' % msgdiff)
        print('%d passed, %d failed' % (counts['pass'], counts['fail']))
        return 1 if counts['fail'] else 0
    if mode in ('astmod', 'astcompile'):
        if binary == DEFAULT_BIN:
            binary = os.path.join(HERE, '..', 'tpy')
        batches = [files[i:i + 40] for i in range(0, len(files), 40)]
        counts = {'pass': 0, 'fail': 0, 'skip': 0}
        if mode == 'astmod':
            check = lambda b: check_astmod_batch(binary, b, attrs)
        else:
            check = lambda b: check_astcompile_batch(binary, b)
        with ThreadPoolExecutor(max_workers=2) as ex:
            for res in ex.map(check, batches):
                for f, status, detail in res:
                    counts[status] += 1
                    if status == 'fail':
                        print('FAIL %s: %s' % (f, detail))
        print('%d passed, %d failed, %d skipped' % (counts['pass'], counts['fail'], counts['skip']))
        return 1 if counts['fail'] else 0
    if mode == 'ast':
        work = lambda f: (f, check_ast(binary, f, attrs))
    else:
        work = lambda f: (f, check_error(binary, f))
    counts = {'pass': 0, 'fail': 0, 'skip': 0}
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for f, (status, detail) in ex.map(work, files):
            counts[status] += 1
            if status == 'fail':
                print('FAIL %s: %s' % (f, detail))
            elif status == 'skip':
                print('skip %s (CPython cannot parse it)' % f)
    print('%d passed, %d failed, %d skipped' % (counts['pass'], counts['fail'], counts['skip']))
    return 1 if counts['fail'] else 0


if __name__ == '__main__':
    sys.exit(main())
