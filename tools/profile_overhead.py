#!/usr/bin/env python3
"""Measure the JIT profiler's overhead on bench/: every program runs under
tpy (JIT on) without profiling, with --jit-profile=loops and with
--jit-profile=bridges, interleaved, --reps times each; medians and the
overhead of each mode are printed (and the size of the profile log).
With --instructions, each runs once under valgrind's callgrind instead and
the overhead in instructions executed is printed: repeatable where times
on a shared machine are not, but blind to the cost of each instruction
(the time stamp counter's above all).

With --sampler, the sampling profiler's cost instead: every program under
--jit-profile with sampling off (--jit-profile-hz 0) and at the default
1 kHz (with the jit-log-opt listings the samples need), interleaved;
overheads of the medians and minimums, the samples taken and the log's
growth.

With --sampler --instructions, the same in instructions (callgrind).

Usage: python3 tools/profile_overhead.py [--tpy ./tpy] [--reps 5] [-k NAME] [--instructions] [--sampler]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODES = [("plain", []), ("loops", ["--jit-profile=loops"]), ("bridges", ["--jit-profile=bridges"])]


def run(cmd, env):
    """Wall time, CPU time (user + system, all threads) and exit status."""
    # a blocking wait: subprocess's wait with a timeout polls, which rounds
    # times up to 50 ms steps; a timer thread enforces the time limit
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    timer = threading.Timer(600, p.kill)
    timer.start()
    try:
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, p.returncode


def instructions(cmd, out, env):
    """Instructions executed by cmd under callgrind (JIT code included)."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--smc-check=all", "--callgrind-out-file=" + out] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, timeout=3600)
    for line in r.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    raise RuntimeError("callgrind failed: " + r.stderr[-300:])


def count_instructions(tpy, progs, tmp, env):
    print("%-16s %14s %8s %8s" % ("program", "plain instrs", "+loops", "+bridges"))
    for p in progs:
        n = {}
        for m, flags in MODES:
            log = os.path.join(tmp, "%s.%s.log" % (os.path.basename(p), m))
            extra = flags + (["--jit-profile-out", log] if flags else [])
            n[m] = instructions([tpy] + extra + [p], os.path.join(tmp, "cg.out"), env)
        print("%-16s %14d %7.1f%% %7.1f%%" % (os.path.basename(p)[:-3], n["plain"],
                                               100.0 * (n["loops"] / n["plain"] - 1.0),
                                               100.0 * (n["bridges"] / n["plain"] - 1.0)), flush=True)
    return 0


SAMPLER_MODES = [("off", ["--jit-profile", "--jit-profile-hz", "0"]), ("1khz", ["--jit-profile"])]


def samples_in(log):
    """The timer periods a log's jit-profile-samples sections count."""
    n = 0
    inside = False
    with open(log) as f:
        for line in f:
            if line.startswith('[') and '{jit-profile-samples' in line:
                inside = True
            elif line.startswith('[') and 'jit-profile-samples}' in line:
                inside = False
            elif inside and not line.startswith('hz='):
                words = line.split()
                n += int(words[-1] if words[0] in ('mcode', 'helper') else words[1])
    return n


def count_sampler_instructions(tpy, progs, tmp, env):
    """Instructions executed (callgrind) with sampling off and on. Under
    valgrind a program runs about 50 times slower and the CPU-time timer
    runs on valgrind's time: at 5 Hz it takes as many signals per unit of
    the program's work as 1 kHz natively (where the kernel's 250 Hz tick
    delivers 250 a second), with the same listings. The kernel's side of
    each signal (a few microseconds) is not counted."""
    modes = [("off", ["--jit-profile", "--jit-profile-hz", "0"]), ("on", ["--jit-profile", "--jit-profile-hz", "5"])]
    print("%-16s %14s %8s %8s" % ("program", "off instrs", "+on", "signals"))
    for p in progs:
        n = {}
        for m, flags in modes:
            log = os.path.join(tmp, "%s.%s.log" % (os.path.basename(p), m))
            n[m] = instructions([tpy] + flags + ["--jit-profile-out", log, p], os.path.join(tmp, "cg.out"), env)
        print("%-16s %14d %7.2f%% %8d" % (os.path.basename(p)[:-3], n["off"], 100.0 * (n["on"] / n["off"] - 1.0),
                                           samples_in(log)), flush=True)
    return 0


def measure_sampler(tpy, progs, reps, tmp, env):
    times = {(p, m): [] for p in progs for m, _ in SAMPLER_MODES}
    cpu = {(p, m): [] for p in progs for m, _ in SAMPLER_MODES}
    sizes, samples = {}, {}
    for rep in range(reps):
        for p in progs:
            for m, flags in SAMPLER_MODES:
                log = os.path.join(tmp, "%s.%s.log" % (os.path.basename(p), m))
                t, c, rc = run([tpy] + flags + ["--jit-profile-out", log, p], env)
                if rc != 0:
                    print("FAIL %s %s exit %d" % (os.path.basename(p), m, rc), file=sys.stderr)
                times[(p, m)].append(t)
                cpu[(p, m)].append(c)
                sizes[(p, m)] = os.path.getsize(log)
                if m == "1khz":
                    samples[p] = samples_in(log)
                print("  rep %d %-16s %-5s %.3fs" % (rep + 1, os.path.basename(p), m, t), file=sys.stderr)

    def pct(a, b):
        return 100.0 * (a / b - 1.0)

    print("%-16s %8s %8s %8s %8s %8s %8s" % ("program", "wall med", "wall min", "cpu med", "cpu min", "samples",
                                            "log +KB"))
    all_med = []
    for p in progs:
        row = []
        for series in (times, cpu):
            row.append(pct(statistics.median(series[(p, "1khz")]), statistics.median(series[(p, "off")])))
            row.append(pct(min(series[(p, "1khz")]), min(series[(p, "off")])))
        all_med.append(row[2])
        print("%-16s %7.1f%% %7.1f%% %7.1f%% %7.1f%% %8d %8.1f" % (
            (os.path.basename(p)[:-3],) + tuple(row) +
            (samples[p], (sizes[(p, "1khz")] - sizes[(p, "off")]) / 1e3)))
    print("(sampling at 1 kHz against --jit-profile-hz 0, both under --jit-profile: overheads of the medians "
          "and minimums of %d interleaved runs, wall and CPU time; median of the CPU medians %.1f%%; load "
          "average %s)" % (reps, statistics.median(all_med), os.getloadavg()))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--sampler", action="store_true")
    args = ap.parse_args()
    progs = sorted(glob.glob(os.path.join(ROOT, "bench", "*.py")))
    if args.k:
        progs = [p for p in progs if any(k in os.path.basename(p) for k in args.k)]
    tmp = tempfile.mkdtemp(prefix="tpy-prof-ovh-")
    env = dict(os.environ)
    env.pop("PYPYLOG", None)
    if args.instructions and args.sampler:
        return count_sampler_instructions(args.tpy, progs, tmp, env)
    if args.instructions:
        return count_instructions(args.tpy, progs, tmp, env)
    if args.sampler:
        return measure_sampler(args.tpy, progs, args.reps, tmp, env)
    times = {(p, m): [] for p in progs for m, _ in MODES}
    cpu = {(p, m): [] for p in progs for m, _ in MODES}
    sizes = {}
    for rep in range(args.reps):
        for p in progs:
            for m, flags in MODES:
                log = os.path.join(tmp, "%s.%s.log" % (os.path.basename(p), m))
                extra = flags + (["--jit-profile-out", log] if flags else [])
                t, c, rc = run([args.tpy] + extra + [p], env)
                if rc != 0:
                    print("FAIL %s %s exit %d" % (os.path.basename(p), m, rc), file=sys.stderr)
                times[(p, m)].append(t)
                cpu[(p, m)].append(c)
                if flags and os.path.exists(log):
                    sizes[(p, m)] = os.path.getsize(log)
                print("  rep %d %-16s %-8s %.3fs" % (rep + 1, os.path.basename(p), m, t), file=sys.stderr)
    # medians, and the fastest runs: on a shared machine a run is slowed by
    # others far more often than sped up, so the minimum is the steadier
    # estimate of what the profiler itself costs. CPU time (the writer
    # thread's included) does not count the time a virtual machine's host
    # takes away, which wall time does.
    def pct(a, b):
        return 100.0 * (a / b - 1.0)

    print("%-16s %8s %8s %8s %8s | %8s %8s %8s %8s | %8s" % (
        "", "wall", "wall", "wall", "wall", "cpu", "cpu", "cpu", "cpu", ""))
    print("%-16s %8s %8s %8s %8s | %8s %8s %8s %8s | %8s" % (
        "program", "med+lps", "med+brd", "min+lps", "min+brd", "med+lps", "med+brd", "min+lps", "min+brd",
        "log(brd)"))
    for p in progs:
        row = []
        for series in (times, cpu):
            med = {m: statistics.median(series[(p, m)]) for m, _ in MODES}
            low = {m: min(series[(p, m)]) for m, _ in MODES}
            row += [pct(med["loops"], med["plain"]), pct(med["bridges"], med["plain"]),
                    pct(low["loops"], low["plain"]), pct(low["bridges"], low["plain"])]
        size = sizes.get((p, "bridges"), 0)
        print("%-16s %7.1f%% %7.1f%% %7.1f%% %7.1f%% | %7.1f%% %7.1f%% %7.1f%% %7.1f%% | %7.2fM" % (
            (os.path.basename(p)[:-3],) + tuple(row) + (size / 1e6,)))
    print("(overheads of the medians and of the minimums of %d interleaved runs, in wall and in CPU time; "
          "load average %s)" % (args.reps, os.getloadavg()))


if __name__ == "__main__":
    sys.exit(main())
