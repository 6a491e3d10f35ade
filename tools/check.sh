#!/bin/sh
# check.sh: run every test and print one combined "N passed, N failed" line.
#   C unit tests (build/unit/*), the .py suite in three JIT modes with ./tpy,
#   the profilers (tools/profile_checks.py, tools/sampler_checks.py),
#   the JIT introspection extras (tools/jit_extras.py: the embedding example,
#   PYPYLOG, PyPy's probe programs), the JIT's inline allocation
#   (tools/gc_checks.py), perf's map and jitdump
#   (tools/perf_checks.py), operation names in logs and hooks against PyPy's
#   (tools/pypy_vocab_check.py), the tpyjit module (tools/tpyjit_checks.py),
#   bench/'s programs and the steady-state harness (tools/bench_checks.py),
#   the compiler on CPython's library
#   (tools/compile_stdlib.py), the parser's ast.dump against CPython's on
#   the same files (tools/parsetest_compare.py), SIGINT sent to running programs
#   (tools/signal_checks.py), out of memory (tools/oom_checks.py), wrong
#   arguments to every C function and method (tools/fuzz_args.py), the
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

# step TITLE LOG LINES PATTERN COMMAND...: run COMMAND with its output in
# build/LOG, show the lines matching PATTERN (its failures) and its last
# LINES lines, and add its result line's counts
step() {
    title=$1 log=build/$2 lines=$3 pattern=$4
    shift 4
    echo "== $title"
    "$@" > "$log" 2>&1
    grep -E "$pattern" "$log" | head -50
    tail -n "$lines" "$log"
    count "$(tail -n 1 "$log" | sed 's/, [0-9]* skipped$//')"
}

for t in build/unit/*; do
    [ -x "$t" ] || continue
    echo "== unit test $t"
    out=$("$t" 2>&1)
    last=$(echo "$out" | tail -n 1)
    echo "$last"
    count "$last"
done

step "JIT profiler: tpy --jit-profile and tpy -m jitprof" profile-checks.log 1 '^FAIL' \
    python3 tools/profile_checks.py --tpy ./tpy

step "perf: -X perf's map, -X perf_jit's jitdump, perf record where allowed (tools/perf_checks.py)" perf-checks.log 1 '^(FAIL|SKIP)' \
    python3 tools/perf_checks.py --tpy ./tpy

step "sampling profiler: tpy --jit-profile-hz and tpy -m jitprof --lines" sampler-checks.log 1 '^FAIL' \
    python3 tools/sampler_checks.py --tpy ./tpy

step "JIT viewer: tpy --jit-profile=html, the page in headless Chromium, _disasm" viewer-checks.log 1 '^(FAIL|SKIP)' \
    python3 tools/viewer_checks.py --tpy ./tpy

step "JIT introspection: embedding example, PYPYLOG, PyPy's probe programs" jit-extras.log 1 '^FAIL' \
    python3 tools/jit_extras.py --tpy ./tpy

step "JIT inline allocation: trace shape, free-list batches, tracemalloc (tools/gc_checks.py)" gc-checks.log 1 '^FAIL' \
    python3 tools/gc_checks.py --tpy ./tpy

step "PyPy's vocabulary: every operation name in logs and hooks is one of PyPy's (tools/pypy_vocab_check.py)" pypy-vocab.log 1 '^FAIL' \
    python3 tools/pypy_vocab_check.py --tpy ./tpy

step "tpyjit: traces and guards as Python data (tools/tpyjit_checks.py)" tpyjit-checks.log 1 '^FAIL' \
    python3 tools/tpyjit_checks.py --tpy ./tpy

step "bench/: bench() in every program, the steady-state harness and runner (tools/bench_checks.py)" bench-checks.log 1 '^FAIL' \
    python3 tools/bench_checks.py --tpy ./tpy

step "compiler: every file of CPython's library and tests (tools/compile_stdlib.py)" compile-stdlib.log 2 '^FAIL' \
    python3 tools/compile_stdlib.py --tpy ./tpy

step "the parser: ast.dump of every file of /usr/lib/python3.11 against CPython's (tools/parsetest_compare.py)" parse-ast.log 1 '^FAIL' \
    python3 tools/parsetest_compare.py ast --attrs --parsetest build/parsetest /usr/lib/python3.11

step "Ctrl-C from outside, compared with CPython (tools/signal_checks.py)" signal-checks.log 1 '^FAIL' \
    python3 tools/signal_checks.py --tpy ./tpy

step "out of memory under ulimit -v, compared with CPython (tools/oom_checks.py)" oom-checks.log 1 '^FAIL' \
    python3 tools/oom_checks.py --tpy ./tpy
step "wrong arguments to every C function and method: no crash (tools/fuzz_args.py)" fuzz-args.log 2 '^(CRASH|HANG)' \
    python3 tools/fuzz_args.py --tpy ./tpy

step "test suite, ./tpy, modes off/default/eager" suite.log 4 '^(FAIL|CRASH|TIMEOUT)' \
    python3 tests/run.py --tpy ./tpy

step "CPython's own regression tests: the core modules of tests/cpython/expect.txt (default mode)" cpython-core.log 2 'CRASH|failed +[1-9]' \
    python3 tests/cpython/run.py --tpy ./tpy --core -j 2

step "the command line, the prompt (pseudo-terminal) and error output against CPython (tests/cli)" cli.log 1 '^FAIL' \
    python3 tests/cli/run.py --tpy ./tpy

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
step "differential fuzzer: 400 programs, seeds 10001-10400 (tools/fuzz.py)" fuzz-batch.log 2 '^FAIL' \
    python3 tools/fuzz.py --seed 10001 --count 400 --modes $fuzz_modes --asan-every 3 --avoid known \
    --quiet -j 2

step "hooks fuzzer: 150 programs, seeds 20001-20150 (tools/fuzz.py --target hooks)" fuzz-hooks.log 2 '^FAIL' \
    python3 tools/fuzz.py --target hooks --seed 20001 --count 150 --modes $hook_modes --asan-every 3 \
    --avoid known --quiet -j 2

if [ "$asan" = 1 ]; then
    asan_env="ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1
              UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
    # $asan_env splits into its two assignments on purpose
    step "test suite, ./tpy-asan (AddressSanitizer + UndefinedBehaviorSanitizer)" suite-asan.log 4 \
        '^(FAIL|CRASH|TIMEOUT)' env $asan_env python3 tests/run.py --tpy ./tpy-asan --timeout 300

    step "tests/cli, ./tpy-asan, mode off" cli-asan.log 1 '^FAIL' \
        env $asan_env python3 tests/cli/run.py --tpy ./tpy-asan --modes off
fi

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
