#!/bin/sh
# check.sh: run every test and print one combined "N passed, N failed" line.
#   C unit tests (build/unit/*), the .py suite in three JIT modes with ./tpy,
#   the profilers (tools/profile_checks.py, tools/sampler_checks.py),
#   the JIT introspection extras (tools/jit_extras.py: the embedding example,
#   PYPYLOG, PyPy's probe programs), perf's map and jitdump
#   (tools/perf_checks.py), operation names in logs and hooks against PyPy's
#   (tools/pypy_vocab_check.py), the tpyjit module (tools/tpyjit_checks.py),
#   bench/'s programs and the steady-state harness (tools/bench_checks.py),
#   the compiler on CPython's library
#   (tools/compile_stdlib.py), the parser's ast.dump against CPython's on
#   the same files (tools/parsetest_compare.py), SIGINT sent to running programs
#   (tools/signal_checks.py), out of memory (tools/oom_checks.py), the
#   differential fuzzer's fixed-seed batches (tools/fuzz.py), the
#   command-line cases of tests/cli against CPython, the core of CPython's own
#   regression tests (tests/cpython), and (unless --no-asan)
#   the suite again with ./tpy-asan (ASan + UBSan).
cd "$(dirname "$0")/.." || exit 2
asan=1
[ "${1:-}" = "--no-asan" ] && asan=0
total_pass=0
total_fail=0

# add the counts from a line "N passed, M failed"
count() {
    p=$(echo "$1" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(echo "$1" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then
        echo "check.sh: no result line from the last step" >&2
        total_fail=$((total_fail + 1))
        return
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
}

for t in build/unit/*; do
    [ -x "$t" ] || continue
    echo "== unit test $t"
    out=$("$t" 2>&1)
    last=$(echo "$out" | tail -n 1)
    echo "$last"
    count "$last"
done

echo "== JIT profiler: tpy --jit-profile and tpy -m jitprof"
python3 tools/profile_checks.py --tpy ./tpy > build/profile-checks.log 2>&1
grep -E '^FAIL' build/profile-checks.log | head -20
tail -n 1 build/profile-checks.log
count "$(tail -n 1 build/profile-checks.log)"

echo "== perf: -X perf's map, -X perf_jit's jitdump, perf record where allowed (tools/perf_checks.py)"
python3 tools/perf_checks.py --tpy ./tpy > build/perf-checks.log 2>&1
grep -E '^(FAIL|SKIP)' build/perf-checks.log | head -20
tail -n 1 build/perf-checks.log
count "$(tail -n 1 build/perf-checks.log)"

echo "== sampling profiler: tpy --jit-profile-hz and tpy -m jitprof --lines"
python3 tools/sampler_checks.py --tpy ./tpy > build/sampler-checks.log 2>&1
grep -E '^FAIL' build/sampler-checks.log | head -20
tail -n 1 build/sampler-checks.log
count "$(tail -n 1 build/sampler-checks.log)"

echo "== JIT viewer: tpy --jit-profile=html, the page in headless Chromium, _disasm"
python3 tools/viewer_checks.py --tpy ./tpy > build/viewer-checks.log 2>&1
grep -E '^(FAIL|SKIP)' build/viewer-checks.log | head -20
tail -n 1 build/viewer-checks.log
count "$(tail -n 1 build/viewer-checks.log)"

echo "== JIT introspection: embedding example, PYPYLOG, PyPy's probe programs"
python3 tools/jit_extras.py --tpy ./tpy > build/jit-extras.log 2>&1
grep -E '^FAIL' build/jit-extras.log | head -20
tail -n 1 build/jit-extras.log
count "$(tail -n 1 build/jit-extras.log)"

echo "== PyPy's vocabulary: every operation name in logs and hooks is one of PyPy's (tools/pypy_vocab_check.py)"
python3 tools/pypy_vocab_check.py --tpy ./tpy > build/pypy-vocab.log 2>&1
grep -E '^FAIL' build/pypy-vocab.log | head -20
tail -n 1 build/pypy-vocab.log
count "$(tail -n 1 build/pypy-vocab.log)"

echo "== tpyjit: traces and guards as Python data (tools/tpyjit_checks.py)"
python3 tools/tpyjit_checks.py --tpy ./tpy > build/tpyjit-checks.log 2>&1
grep -E '^FAIL' build/tpyjit-checks.log | head -20
tail -n 1 build/tpyjit-checks.log
count "$(tail -n 1 build/tpyjit-checks.log)"
echo "== bench/: bench() in every program, the steady-state harness and runner (tools/bench_checks.py)"
python3 tools/bench_checks.py --tpy ./tpy > build/bench-checks.log 2>&1
grep -E '^FAIL' build/bench-checks.log | head -20
tail -n 1 build/bench-checks.log
count "$(tail -n 1 build/bench-checks.log)"

echo "== compiler: every file of CPython's library and tests (tools/compile_stdlib.py)"
python3 tools/compile_stdlib.py --tpy ./tpy > build/compile-stdlib.log 2>&1
grep -E '^FAIL' build/compile-stdlib.log | head -20
tail -n 2 build/compile-stdlib.log
count "$(tail -n 1 build/compile-stdlib.log)"

echo "== the parser: ast.dump of every file of /usr/lib/python3.11 against CPython's (tools/parsetest_compare.py)"
python3 tools/parsetest_compare.py ast --attrs --parsetest build/parsetest /usr/lib/python3.11 > build/parse-ast.log 2>&1
grep -E '^FAIL' build/parse-ast.log | head -20
tail -n 1 build/parse-ast.log
count "$(tail -n 1 build/parse-ast.log | sed 's/, [0-9]* skipped$//')"

echo "== Ctrl-C from outside, compared with CPython (tools/signal_checks.py)"
python3 tools/signal_checks.py --tpy ./tpy > build/signal-checks.log 2>&1
grep -E '^FAIL' build/signal-checks.log | head -20
tail -n 1 build/signal-checks.log
count "$(tail -n 1 build/signal-checks.log)"

echo "== out of memory under ulimit -v, compared with CPython (tools/oom_checks.py)"
python3 tools/oom_checks.py --tpy ./tpy > build/oom-checks.log 2>&1
grep -E '^FAIL' build/oom-checks.log | head -20
tail -n 1 build/oom-checks.log
count "$(tail -n 1 build/oom-checks.log)"

echo "== test suite, ./tpy, modes off/default/eager"
python3 tests/run.py --tpy ./tpy > build/suite.log 2>&1
grep -E '^(FAIL|CRASH|TIMEOUT)' build/suite.log | head -50
tail -n 4 build/suite.log
count "$(tail -n 1 build/suite.log)"

echo "== CPython's own regression tests: the core modules of tests/cpython/expect.txt (default mode)"
python3 tests/cpython/run.py --tpy ./tpy --core -j 2 > build/cpython-core.log 2>&1
grep -E 'CRASH|failed +[1-9]' build/cpython-core.log | head -20
tail -n 2 build/cpython-core.log
count "$(tail -n 1 build/cpython-core.log)"

echo "== the command line, the prompt (pseudo-terminal) and error output against CPython (tests/cli)"
python3 tests/cli/run.py --tpy ./tpy > build/cli.log 2>&1
grep -E '^FAIL' build/cli.log | head -20
tail -n 1 build/cli.log
count "$(tail -n 1 build/cli.log)"

# The differential fuzzer's fixed-seed batches (tests/README.md, "The
# differential fuzzer"): random programs against CPython in the three JIT
# modes (and, one program in three, under tpy-asan), then programs that
# misuse the pypyjit hooks. --avoid known keeps the generator away from the
# bugs still open (listed there).
fuzz_modes=off,default,eager
hook_modes=default,eager
if [ "$asan" = 1 ]; then
    fuzz_modes=$fuzz_modes,asan-default,asan-eager
    hook_modes=$hook_modes,asan-default,asan-eager
fi
echo "== differential fuzzer: 400 programs, seeds 10001-10400 (tools/fuzz.py)"
python3 tools/fuzz.py --seed 10001 --count 400 --modes $fuzz_modes --asan-every 3 --avoid known \
    --quiet -j 2 > build/fuzz-batch.log 2>&1
grep -E '^FAIL' build/fuzz-batch.log | head -20
tail -n 2 build/fuzz-batch.log
count "$(tail -n 1 build/fuzz-batch.log)"

echo "== hooks fuzzer: 150 programs, seeds 20001-20150 (tools/fuzz.py --target hooks)"
python3 tools/fuzz.py --target hooks --seed 20001 --count 150 --modes $hook_modes --asan-every 3 \
    --avoid known --quiet -j 2 > build/fuzz-hooks.log 2>&1
grep -E '^FAIL' build/fuzz-hooks.log | head -20
tail -n 2 build/fuzz-hooks.log
count "$(tail -n 1 build/fuzz-hooks.log)"

if [ "$asan" = 1 ]; then
    echo "== test suite, ./tpy-asan (AddressSanitizer + UndefinedBehaviorSanitizer)"
    ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        python3 tests/run.py --tpy ./tpy-asan --timeout 300 > build/suite-asan.log 2>&1
    grep -E '^(FAIL|CRASH|TIMEOUT)' build/suite-asan.log | head -50
    tail -n 4 build/suite-asan.log
    count "$(tail -n 1 build/suite-asan.log)"

    echo "== tests/cli, ./tpy-asan, mode off"
    ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        python3 tests/cli/run.py --tpy ./tpy-asan --modes off > build/cli-asan.log 2>&1
    grep -E '^FAIL' build/cli-asan.log | head -20
    tail -n 1 build/cli-asan.log
    count "$(tail -n 1 build/cli-asan.log)"
fi

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
