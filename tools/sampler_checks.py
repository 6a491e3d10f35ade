#!/usr/bin/env python3
"""Checks of the sampling profiler (tpy --jit-profile-hz, tpy -m jitprof --lines).

Programs whose split of CPU time between source lines is known by
construction run under tpy --jit-profile; the sampled shares, mapped to
lines through the log's jit-log-opt listings by lib/jitprof.py, must agree
with the split:
  - one compiled loop, two lines doing 3:1 work: 75/25 within 5 points;
  - two small functions inlined into one loop, equal work: 50/50 within 5;
  - a loop whose time is in a C helper (dict lookups): the helper's samples
    charged to the line that calls it;
  - the interpreter (--jit off): two identical lines 50/50 within 5, and
    the samples on the loop's lines;
  - bad --jit-profile-hz values refused, 0 turning the samples off, the
    same --lines report from tpy and CPython.
The two split checks and the interpreter's take >= 2000 samples each
(sampling noise < 2 points, one standard deviation under 1.1): the kernel
delivers CPU-time signals at its tick (250 Hz here), so each runs about
8 s of CPU. Prints PASS/FAIL
lines and "N passed, N failed" last.

Usage: python3 tools/sampler_checks.py [--tpy ./tpy] [-v]
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))
import checklib  # noqa: E402  (tools/, this file's directory)
import jitprof  # noqa: E402  (lib/jitprof.py, the report under test)

# the rate the split checks sample at: the kernel's tick, so that each
# count is one signal (the noise depends on the signals, not the periods)
SPLIT_HZ = 250
MIN_SAMPLES = 2000

# One serial chain of float operations through both lines (each operation
# waits for the one before, so the out-of-order core cannot overlap the
# lines): line A does three multiply-divide pairs, line B one. The values
# stay 1.0 (no denormals, no overflow).
THREE_TO_ONE = '''
def work(n):
    s = 1.0
    for i in range(n):
        s = s * 1.1 / 1.1 * 1.2 / 1.2 * 1.3 / 1.3
        s = s * 1.4 / 1.4
    return s

print(work(%d))
'''

# two functions inlined into the loop, the same work each
INLINED = '''
def first(s):
    return s * 1.1 / 1.1 * 1.2 / 1.2


def second(s):
    return s * 1.3 / 1.3 * 1.4 / 1.4


def work(n):
    s = 1.0
    for i in range(n):
        s = first(s)
        s = second(s)
    return s

print(work(%d))
'''

# the loop's time is in the dict lookup helper (string keys not known to
# the trace)
HELPER = '''
def work(n, d, keys):
    s = 0
    for i in range(n):
        k = keys[i & 1023]
        s += d[k]
    return s

keys = ["key%%d" %% i for i in range(1024)]
d = dict((k, i) for i, k in enumerate(keys))
print(work(%d, d, keys))
'''

# a loop and its bridge (the `if` taken one time in three): both have
# listings, and the bridge's samples are on its lines
BRIDGE = '''
def words(n):
    parts = []
    for i in range(n):
        if i %% 3 == 0:
            parts.append(str(i * 3) + "fizz" + str(i * 7))
        else:
            parts.append(str(i))
    return len("".join(parts))

print(words(%d))
'''

# the interpreter: two identical lines (then one that takes the loop's
# backward jump, which runs the interpreter's loop header checks). A sample
# lands where the core waits, and the first operation of a line waits for
# the last one of the line before: with four operations a line, the second
# line got 54% (the first one's last division charged to it), so each line
# has twelve, which leaves that boundary a third as much weight.
INTERPRETED = '''
def work(n):
    s = 1.0
    for i in range(n):
        s = s * 1.1 / 1.1 * 1.2 / 1.2 * 1.3 / 1.3 * 1.4 / 1.4 * 1.5 / 1.5 * 1.6 / 1.6
        s = s * 1.1 / 1.1 * 1.2 / 1.2 * 1.3 / 1.3 * 1.4 / 1.4 * 1.5 / 1.5 * 1.6 / 1.6
        t = i
    return s

print(work(%d))
'''


def line_of(source, text):
    """The 1-based line of the first line of source containing text."""
    for n, line in enumerate(source.split('\n'), 1):
        if text in line:
            return n
    raise ValueError(text)


class Checker(checklib.Checks):
    def __init__(self, tpy, verbose):
        super().__init__(tpy, verbose, tmp_prefix="sampler-checks-")
        sys.stdout.flush()

    def profile(self, name, source, extra=()):
        """Run source under tpy --jit-profile; -> (program path, log path,
        Samples, Profile) or None (the failure is reported)."""
        prog = os.path.join(self.tmp, name + ".py")
        log = os.path.join(self.tmp, name + ".log")
        with open(prog, "w") as f:
            f.write(source)
        r = subprocess.run([self.tpy, "--jit-profile", "--jit-profile-out", log] + list(extra) + [prog],
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            self.check(name + ": the program runs", False, r.stderr.strip()[-300:])
            return None
        with open(log) as f:
            lines = f.readlines()
        try:
            prof = jitprof.read_log(lines)
        except jitprof.LogError:
            prof = None     # (no compiled code ran: --jit off)
        return prog, log, jitprof.read_samples(lines), prof

    def lines_of(self, smp, prog):
        """{line: samples} of prog's compiled code (all traces)."""
        out = {}
        for lines in jitprof.trace_lines(smp).values():
            for (func, path, line), n in lines.items():
                if path == prog:
                    out[line] = out.get(line, 0) + n
        return out

    def split(self, name, counts, a, b, expected, tolerance):
        total = counts.get(a, 0) + counts.get(b, 0)
        share = 100.0 * counts.get(a, 0) / total if total else 0.0
        self.check("%s: %.1f%% (of %d samples) within %g points of %g%%" % (name, share, total, tolerance, expected),
                   total >= MIN_SAMPLES and abs(share - expected) <= tolerance,
                   "counts %r" % (counts,))
        return total

    def check_three_to_one(self):
        src = THREE_TO_ONE % 450000000
        got = self.profile("three_to_one", src, ["--jit-profile-hz", str(SPLIT_HZ)])
        if not got:
            return
        prog, log, smp, prof = got
        counts = self.lines_of(smp, prog)
        a, b = line_of(src, "* 1.3 / 1.3"), line_of(src, "* 1.4 / 1.4")
        total = self.split("one loop, lines doing 3:1 work", counts, a, b, 75.0, 5.0)
        self.check("three_to_one: >= %d samples on the two lines" % MIN_SAMPLES, total >= MIN_SAMPLES,
                   "%d" % total)
        # nearly all of the run is the loop: the lines of work() get it
        loop = sum(counts.values())
        self.check("three_to_one: the loop's lines get >= 95% of the samples", loop >= 0.95 * smp.total(),
                   "%d of %d" % (loop, smp.total()))
        self.check("three_to_one: hz=%d in the section" % SPLIT_HZ, smp.hz == SPLIT_HZ, str(smp.hz))
        # the table still comes from the exact profile, beside the samples
        rep = jitprof.build_report(prof)
        self.check("three_to_one: the exact per-trace table is unchanged (loop 1 the hottest)",
                   rep['traces'] and rep['traces'][0]['function'] == 'work')
        self.log_for_same_report = log

    def check_inlined(self):
        src = INLINED % 450000000
        got = self.profile("inlined", src, ["--jit-profile-hz", str(SPLIT_HZ)])
        if not got:
            return
        prog, log, smp, prof = got
        counts = self.lines_of(smp, prog)
        a, b = line_of(src, "* 1.1 / 1.1"), line_of(src, "* 1.3 / 1.3")
        self.split("two functions inlined into one loop, 1:1 work", counts, a, b, 50.0, 5.0)
        # the samples name the inlined functions, in the loop's trace
        funcs = {}
        for lines in jitprof.trace_lines(smp).values():
            for (func, path, line), n in lines.items():
                funcs[func] = funcs.get(func, 0) + n
        self.check("inlined: the samples name first() and second() (inlined: no trace of their own)",
                   funcs.get('first', 0) > 0 and funcs.get('second', 0) > 0 and
                   all(not t.startswith('entry bridge') for t in jitprof.trace_lines(smp)),
                   "%r" % (funcs,))

    def check_helper(self):
        src = HELPER % 40000000
        got = self.profile("helper", src)
        if not got:
            return
        prog, log, smp, prof = got
        with open(log) as f:
            text = f.read()
        self.check("--jit-profile writes each trace's jit-profile-lines (code offsets -> lines), not jit-log-opt",
                   any(lst.offsets for lst in smp.listings.values()) and "{jit-log-opt" not in text)
        calling = line_of(src, "s += d[k]")
        in_helper = {}
        for (trace, offset), n in smp.helper.items():
            where = jitprof.listing_of(smp, trace).location_at(offset - 1) or jitprof.COLD_CODE
            in_helper[where[2]] = in_helper.get(where[2], 0) + n
        helper_total = sum(in_helper.values())
        self.check("helper: C called from the loop gets >= 30% of the samples", helper_total >= 0.3 * smp.total(),
                   "%d of %d" % (helper_total, smp.total()))
        on_line = in_helper.get(calling, 0)
        self.check("helper: >= 90%% of the helper's samples charged to the calling line %d" % calling,
                   helper_total and on_line >= 0.9 * helper_total, "%r" % (in_helper,))

    def check_bridge(self):
        src = BRIDGE % 3000000
        got = self.profile("bridge", src)
        if not got:
            return
        prog, log, smp, prof = got
        per_trace = jitprof.trace_lines(smp)
        unlisted = [t for t, lines in per_trace.items() if jitprof.NO_LISTING in lines]
        self.check("bridge: every sampled loop and bridge has its jit-profile-lines map", not unlisted,
                   "%r" % unlisted)
        bridges = dict((t, lines) for t, lines in per_trace.items() if t.startswith('bridge '))
        fizz = line_of(src, '"fizz"')
        on_fizz = sum(lines.get(k, 0) for lines in bridges.values() for k in lines if k[2] == fizz)
        self.check("bridge: the bridge's samples name its line %d" % fizz, on_fizz > 0, "%r" % (bridges,))

    def check_maps_agree(self):
        """PYPYLOG selecting jit-log-opt too: the operations' listings and
        the jit-profile-lines map every sample to the same line."""
        prog = os.path.join(self.tmp, "maps.py")
        log = os.path.join(self.tmp, "maps.log")
        with open(prog, "w") as f:
            f.write(BRIDGE % 1000000)
        env = dict(os.environ, PYPYLOG="jit-profile,jit-log-opt:" + log)
        r = subprocess.run([self.tpy, prog], capture_output=True, text=True, timeout=300, env=env)
        with open(log) as f:
            lines = f.readlines()
        # each map alone: drop the other's sections
        def without(name):
            out, skip = [], False
            for line in lines:
                if line.startswith('[') and ('{' + name) in line:
                    skip = True
                if not skip:
                    out.append(line)
                if line.startswith('[') and line.rstrip().endswith('}') and name in line:
                    skip = False
            return out
        by_lines = jitprof.trace_lines(jitprof.read_samples(without('jit-log-opt')))
        by_ops = jitprof.trace_lines(jitprof.read_samples(without('jit-profile-lines')))
        self.check("jit-profile-lines and jit-log-opt map the samples to the same lines",
                   r.returncode == 0 and by_lines and by_lines == by_ops, "%r\n%r" % (by_lines, by_ops))

    def check_interpreted(self):
        # At SPLIT_HZ, as the split checks: at a faster rate a signal
        # stands for several periods, and the counts (in periods) overstate
        # how many independent samples there are (at 500 Hz, 1550 periods
        # were 775 signals, and the share spread +-5 points from run to
        # run). About 10 s of CPU here for the MIN_SAMPLES asked below.
        src = INTERPRETED % 65000000
        got = self.profile("interpreted", src, ["--jit", "off", "--jit-profile-hz", str(SPLIT_HZ)])
        if not got:
            return
        prog, log, smp, prof = got
        counts = {}
        for (path, line, func), n in smp.interp.items():
            if path == prog:
                counts[line] = counts.get(line, 0) + n
        lines = src.split('\n')
        a = line_of(src, "s = s * 1.1")
        b = a + 1
        assert lines[a - 1] == lines[b - 1]
        total = counts.get(a, 0) + counts.get(b, 0)
        share = 100.0 * counts.get(a, 0) / total if total else 0.0
        self.check("interpreter (--jit off): two identical lines %.1f%% (of %d samples) within 5 points of 50%%" % (share, total),
                   total >= MIN_SAMPLES and abs(share - 50.0) <= 5.0, "%r" % (counts,))
        loop = sum(n for line, n in counts.items() if a - 1 <= line <= b + 1)
        self.check("interpreter: the loop's lines get >= 90% of the samples", loop >= 0.9 * smp.total(),
                   "%d of %d: %r" % (loop, smp.total(), counts))
        self.check("interpreter: no compiled code, no samples in it", not smp.mcode and not smp.helper)

    def check_options(self):
        for bad in ("abc", "-1", "100001", "", "1.5", "12x"):
            r = subprocess.run([self.tpy, "--jit-profile-hz", bad, "-c", "pass"], capture_output=True, text=True,
                               timeout=60)
            self.check("--jit-profile-hz %r refused" % bad,
                       r.returncode == 2 and "--jit-profile-hz takes a whole number from 0 (off) to 100000"
                       in r.stderr, r.stderr.strip())
        r = subprocess.run([self.tpy, "--jit-profile-hz", "-c", "pass"], capture_output=True, text=True, timeout=60)
        self.check("--jit-profile-hz without a number refused", r.returncode == 2, r.stderr.strip())
        log = os.path.join(self.tmp, "env.log")
        env = dict(os.environ, PYPYLOG="jit-profile,jit-log-opt:" + log, TPY_JIT_PROFILE_HZ="fast")
        r = subprocess.run([self.tpy, "-c", "pass"], capture_output=True, text=True, timeout=60, env=env)
        self.check("TPY_JIT_PROFILE_HZ='fast' warned about, the default used",
                   r.returncode == 0 and "TPY_JIT_PROFILE_HZ must be a whole number" in r.stderr and
                   "hz=1000\n" in open(log).read(), r.stderr.strip())
        got = self.profile("hz0", THREE_TO_ONE % 1000000, ["--jit-profile-hz", "0"])
        if got:
            prog, log, smp, prof = got
            self.check("--jit-profile-hz 0: no jit-profile-samples section", smp.sections == 0)
            r = subprocess.run([self.tpy, "-m", "jitprof", log, "--lines"], capture_output=True, text=True,
                               timeout=60)
            self.check("--lines on a log without samples: status 1, says so",
                       r.returncode == 1 and "no sampled lines" in r.stderr, r.stderr.strip())
            self.check("--jit-profile-hz 0: no jit-profile-lines either (they are for the samples)",
                       not smp.listings)

    def check_same_report(self):
        log = getattr(self, "log_for_same_report", None)
        if not log:
            return
        a = subprocess.run([self.tpy, "-m", "jitprof", log, "--lines"], capture_output=True, text=True, timeout=120)
        b = subprocess.run([sys.executable, os.path.join(ROOT, "lib", "jitprof.py"), log, "--lines"],
                           capture_output=True, text=True, timeout=120)
        self.check("--lines: the same report under tpy and CPython", a.returncode == 0 and a.stdout == b.stdout,
                   a.stderr + b.stderr)
        self.check("--lines names the lines with their source text", "s = s * 1.4 / 1.4" in a.stdout)

    def run(self):
        self.check_options()
        self.check_helper()
        self.check_bridge()
        self.check_maps_agree()
        self.check_interpreted()
        self.check_three_to_one()
        self.check_inlined()
        self.check_same_report()
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    return Checker(os.path.abspath(args.tpy), args.verbose).run()


if __name__ == '__main__':
    sys.exit(main())
