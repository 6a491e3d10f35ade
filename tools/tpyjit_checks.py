#!/usr/bin/env python3
"""Checks of the tpyjit module (tpy-only: no CPython output to compare
with); run by tools/check.sh. The last line is "N passed, N failed".

A program whose loop has a guard that fails often enough for a bridge
(`if i % 3:` in a loop recorded on the other branch) reports
tpyjit.traces() and tpyjit.guards() as JSON at its end, while it also
writes PYPYLOG=jit-log-opt,jit-backend-counts. Checked, in the default and
eager JIT modes:

  the loop      one loop of function f, the program's file, the line of
                its `for`; its op count and machine-code size are the log's
                ("# Loop N ... with K ops", jit-backend-addr's range)
  the guards    each guard's name and operation is one of the loop's log
                lines (guard_true(..., descr=<Guard0x..>)); the guard the
                bridge starts at names the bridge, is on the `if` line
  the bridge    kind bridge, loop = the loop's number, parent_guard = that
                guard, and it starts on the `if` line
  the counts    entries and iterations equal jit-backend-counts'
                "entry N:", "TargetToken(N):" and "bridge N:" lines (run
                counters on: pypyjit.enable_debug()); without the
                counters they are None
  errors        guards() of something not from traces() is a TypeError, of
                a trace no longer compiled a ValueError
  times         each trace's time is None without the profiler, and with
                --jit-profile (either form) the time the report gives it
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EAGER = "threshold=1,function_threshold=1,trace_eagerness=1"
results = []

PROGRAM = r'''
import json, sys, tpyjit, pypyjit
if sys.argv[1] == "counted":
    pypyjit.enable_debug()

def f(n):
    s = 0
    for i in range(n):          # LOOP_LINE
        if i % 3:               # IF_LINE
            s += i
        else:
            s -= 1
    return s

print(f(30000))
errors = []
try:
    tpyjit.guards({"kind": "loop"})
except TypeError as e:
    errors.append("TypeError")
try:
    tpyjit.guards({"kind": "loop", "number": 10 ** 6})
except ValueError as e:
    errors.append("ValueError")
traces = tpyjit.traces()
out = {"traces": traces, "guards": {"%s %d" % (t["kind"], t["number"]): tpyjit.guards(t) for t in traces},
       "errors": errors}
print(json.dumps(out))
'''


def check(name, ok, detail=""):
    results.append(bool(ok))
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n    " + str(detail)[:600]))


def line_of(marker):
    for n, line in enumerate(PROGRAM.splitlines(), 1):
        if marker in line:
            return n


def run(tpy, prog, mode, counted, log):
    e = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "PYPYLOG"}
    # (selecting jit-backend-counts turns the run counters on)
    e["PYPYLOG"] = "jit-log-opt,jit-backend-addr%s:%s" % (",jit-backend-counts" if counted else "", log)
    cmd = [tpy] + (["--jit", EAGER] if mode == "eager" else []) + [prog, "counted" if counted else "plain"]
    p = subprocess.run(cmd, env=e, capture_output=True, text=True, timeout=300)
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    args = ap.parse_args()
    loop_line, if_line = line_of("# LOOP_LINE"), line_of("# IF_LINE")
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "prog.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        log = os.path.join(tmp, "log")
        for mode in ("default", "eager"):
            for counted in (True, False):
                what = "%s, %s" % (mode, "counted" if counted else "not counted")
                p = run(args.tpy, prog, mode, counted, log)
                lines = p.stdout.splitlines()
                check("%s: the program runs" % what, p.returncode == 0 and len(lines) == 2, p.stderr[-500:])
                if p.returncode != 0 or len(lines) != 2:
                    continue
                data = json.loads(lines[1])
                with open(log) as f:
                    text = f.read()
                traces, guards = data["traces"], data["guards"]
                check("%s: guards() of a dict not from traces() raises TypeError, of no live trace ValueError"
                      % what, data["errors"] == ["TypeError", "ValueError"], data["errors"])
                loops = [t for t in traces if t["kind"] == "loop" and t["function"] == "f"]
                check("%s: one loop of f, at its for line, in the program's file" % what,
                      len(loops) == 1 and loops[0]["line"] == loop_line and loops[0]["file"] == prog, loops)
                if len(loops) != 1:
                    continue
                loop = loops[0]
                m = re.search(r"# Loop %d \(.*\) : loop with (\d+) ops" % loop["number"], text)
                addr = re.search(r"Loop %d \(.*\) has address 0x([0-9a-f]+) to 0x([0-9a-f]+)" % loop["number"], text)
                # (the log's address range starts at the loop's entry from
                # the interpreter, after its start)
                check("%s: the loop's op count is the log's; its machine code holds the log's address range" % what,
                      m and addr and int(m.group(1)) == loop["ops"] and
                      loop["mcode_size"] >= int(addr.group(2), 16) - int(addr.group(1), 16) > 0,
                      (loop, m and m.group(0), addr and addr.group(0)))
                body = text.split("# Loop %d (" % loop["number"], 1)[-1].split("jit-log-opt-loop}", 1)[0]
                lg = guards["loop %d" % loop["number"]]
                check("%s: the loop has %d guards, each named with its operation as in the log" % (what, len(lg)),
                      lg and len(lg) == loop["guards"] and all(
                          re.search(r"^\+\d+: %s\(.*descr=<%s>\)" % (g["op"], g["name"]), body, re.M) for g in lg),
                      [(g["op"], g["name"]) for g in lg])
                bridges = [t for t in traces if t["kind"] == "bridge" and t["loop"] == loop["number"]]
                parents = {g["id"]: g for g in lg}
                first = [b for b in bridges if b["parent_guard"] in parents]
                check("%s: a bridge of the loop starts at one of its guards" % what, first, bridges)
                if not first:
                    continue
                b = max(first, key=lambda t: t["entries"] or 0)
                g = parents[b["parent_guard"]]
                check("%s: that guard names the bridge, failed before it was compiled, is on the if line, "
                      "and so is the bridge" % what,
                      g["bridge"] == b["number"] and g["failures"] >= 1 and g["line"] == if_line
                      and b["line"] == if_line and b["function"] == "f", (g, b))
                counts = dict(re.findall(r"^(entry \d+|TargetToken\(\d+\)|bridge \d+):(\d+)$", text, re.M))
                if counted:
                    # f's traces only: nothing runs them after traces() (json.dumps may run others)
                    ok = (loop["entries"] == int(counts.get("entry %d" % loop["number"], -1))
                          and loop["iterations"] == int(counts.get("TargetToken(%d)" % loop["number"], -1))
                          and all(t["entries"] == int(counts.get("bridge %d" % t["number"], -1)) for t in bridges)
                          and loop["iterations"] > 0 and sum(t["entries"] for t in bridges) > 0)
                    check("%s: the loop's and its bridges' entries and iterations are jit-backend-counts'" % what,
                          ok, (loop, bridges, counts))
                else:
                    check("%s: without the run counters, entries and iterations are None" % what,
                          all(t["entries"] is None and t["iterations"] is None for t in traces), traces[:2])
        check_times(args.tpy, tmp)
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


TIMED = r'''
import json, tpyjit
def f(n):
    s = 0
    for i in range(n):
        if i % 3: s += i
        else: s -= 1
    return s
def g(n):
    t = 0.0
    for i in range(n): t += i * 0.5
    return t
f(2000000); g(300000)
print(json.dumps(tpyjit.traces()))
'''


def check_times(tpy, tmp):
    """Each trace's time: None without the profiler; with --jit-profile
    (and with =bridges), what the report gives it, as traces() is called
    after the program's loops have run."""
    prog = os.path.join(tmp, "timed.py")
    with open(prog, "w") as f:
        f.write(TIMED)
    p = subprocess.run([tpy, prog], capture_output=True, text=True, timeout=120)
    traces = json.loads(p.stdout) if p.returncode == 0 else []
    check("times: without --jit-profile every trace's time is None",
          traces and all(t["time"] is None for t in traces), p.stderr[-300:] or traces[:2])
    for form in ("--jit-profile", "--jit-profile=bridges"):
        log = os.path.join(tmp, "timed.log")
        p = subprocess.run([tpy, form, "--jit-profile-out", log, prog], capture_output=True, text=True, timeout=120)
        traces = json.loads(p.stdout) if p.returncode == 0 else []
        r = subprocess.run([tpy, "-m", "jitprof", log, "--json"], capture_output=True, text=True, timeout=120)
        report = json.loads(r.stdout) if r.returncode == 0 else {"traces": [], "ticks_per_second": 1}
        tps = report["ticks_per_second"]
        reported = {(t["kind"], int(t["number"])): t["ticks"] / tps for t in report["traces"]}
        mine = {(t["kind"], t["number"]): t["time"] for t in traces}
        # the report's times are the same ticks; the clock's rate is read a
        # little later, at exit
        ok = bool(reported) and all(isinstance(v, float) and v >= 0 for v in mine.values()) and all(
            k in mine and abs(mine[k] - v) <= 0.02 * v + 1e-6 for k, v in reported.items())
        check("times: with %s each trace's time is the report's (within 2%%), the loops' above 0" % form,
              ok and all(mine[k] > 0 for k in reported if k[0] == "loop"), (mine, reported))


if __name__ == "__main__":
    sys.exit(main())
