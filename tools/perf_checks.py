#!/usr/bin/env python3
"""Checks of tpy's support for the Linux perf profiler (-X perf, -X perf_jit).

Without perf: a program with loops, bridges and a function trace runs with
both options and PYPYLOG; every loop and bridge PYPYLOG lists must have a
perf map line named as docs/profiler.md says (number, function, the line of
the loop header or of the guard a bridge starts at) covering exactly the
code jit-backend-dump shows, the lines must not overlap, and the jitdump
file must parse record by record (header, sizes, a debug-info record before
each code load, with lines for the guards' exit stubs, the code bytes equal to jit-backend-dump's, the names equal
to the map's, a close record last) and be mapped executable while the
program runs. The environment variables and -E, the help texts, a forked
child's own files, and no files without the options.

With perf (where `perf record -e cpu-clock -k 1` works; skipped with the
reason printed otherwise): bench/float_loops.py recorded with each form;
of the samples that fall in the JIT's machine code, at least 95% must be
attributed to a named loop or bridge (`perf report` with the map; `perf
inject --jit` with the jitdump file), and perf annotate must show the
program's source lines.

Prints PASS/FAIL/SKIP lines and "N passed, N failed" last.

Usage: python3 tools/perf_checks.py [--tpy ./tpy] [-v]
"""
import argparse
import glob
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402
import jit_extras  # noqa: E402  (its PYPYLOG parser)

# a loop with bridges (the two branches), an inner loop, a function traced
# from its entry (called from a loop-less driver many times), and at the
# end its own mappings, for the check that the dump file is mapped
PROG = '''
def branchy(n):
    s = 0
    for i in range(n):
        if i % 3:
            s += i
        else:
            s -= i
    return s

def nested(n):
    t = 0
    for r in range(n):
        for i in range(20):
            t += i ^ r
    return t

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(branchy(30000), nested(3000), fib(20))
with open("/proc/self/maps") as f:
    for line in f:
        if "jit-" in line and ".dump" in line:
            print("MAPPED", line.split()[1])
'''

PROG_OUT = "150015000 89971024 6765\n"

NAME = re.compile(r"py::(loop|entry bridge|bridge) (\d+) (?:of (loop|entry bridge) (\d+) )?(\S+) \((.+):(\d+)\)$")

# jitdump (tools/perf/Documentation/jitdump-specification.txt)
JITDUMP_MAGIC = 0x4A695444
EM_X86_64 = 62
JIT_CODE_LOAD, JIT_CODE_MOVE, JIT_CODE_DEBUG_INFO, JIT_CODE_CLOSE = 0, 1, 2, 3


class Checker(checklib.Checks):
    detail_limit = 800

    def __init__(self, tpy, verbose):
        super().__init__(tpy, verbose, tmp_prefix="tpy-perf-")

    def skip(self, what, why):
        print("SKIP %s: %s" % (what, why))

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def spawn(self, args, env_extra=None, cwd=None):
        """Run tpy; returns (pid, returncode, stdout, stderr)."""
        env = dict(os.environ)
        for k in ("PYTHONPERFSUPPORT", "PYTHON_PERF_JIT_SUPPORT", "PYPYLOG", "TPY_JITDUMP_DIR"):
            env.pop(k, None)
        env.update(env_extra or {})
        p = subprocess.Popen([self.tpy] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                             cwd=cwd or self.tmp)
        out, err = p.communicate(timeout=300)
        return p.pid, p.returncode, out.decode(errors="replace"), err.decode(errors="replace")

    @staticmethod
    def take_map(pid):
        """The lines of /tmp/perf-PID.map (removed), or None."""
        path = "/tmp/perf-%d.map" % pid
        if not os.path.exists(path):
            return None
        with open(path) as f:
            lines = f.read().splitlines()
        os.unlink(path)
        return lines

    # ---- PYPYLOG: what the JIT compiled ---------------------------------------------------

    @staticmethod
    def compiled(log_text):
        """{(kind, number): {...}} for every trace PYPYLOG's backend sections list."""
        secs, _, _ = jit_extras.parse_log(log_text)
        traces = {}
        for name, body, sub in jit_extras.all_sections(secs):
            if name != "jit-backend":
                continue
            dump = addr = None
            for n2, b2, _ in sub:
                if n2 == "jit-backend-dump":
                    m = re.match(r"CODE_DUMP @([0-9a-f]+) \+0  ([0-9A-F]*)$", b2[2])
                    dump = (int(m.group(1), 16), bytes.fromhex(m.group(2)))
                elif n2 == "jit-backend-addr":
                    addr = b2[0]
            m = re.match(r"Loop (\d+) \(([^;]*);(.*):\d+-(\d+)~.*\) has address 0x([0-9a-f]+) to 0x([0-9a-f]+)",
                         addr)
            if m:
                key = ("loop", int(m.group(1)))
                info = {"func": m.group(2), "file": m.group(3), "line": int(m.group(4)),
                        "entry": int(m.group(5), 16), "end": int(m.group(6), 16)}
            else:
                m = re.match(r"bridge out of Guard 0x([0-9a-f]+) has address 0x([0-9a-f]+) to 0x([0-9a-f]+)", addr)
                key = ("bridge", int(m.group(1), 16))
                info = {"entry": int(m.group(2), 16), "end": int(m.group(3), 16)}
            info["start"], info["code"] = dump
            traces[key] = info
        # a bridge's guard: the location of the last debug_merge_point before
        # the guard in the trace it leaves
        for name, body, _ in jit_extras.all_sections(secs):
            if name not in ("jit-log-opt-loop", "jit-log-opt-bridge"):
                continue
            m = re.match(r"# (?:Loop (\d+) |bridge out of Guard 0x([0-9a-f]+) )", body[0])
            key = ("loop", int(m.group(1))) if m.group(1) else ("bridge", int(m.group(2), 16))
            if key in traces:
                # where the body's last operation starts: the exit stubs follow
                offsets = [int(x) for x in re.findall(r"^\+(\d+): (?!--end)", "\n".join(body), re.M)]
                traces[key]["last_op"] = traces[key]["start"] + max(offsets)
            loc = None
            for line in body:
                m = re.search(r"debug_merge_point\(\d+, \d+, '([^;]*);(.*):\d+-(-?\d+)~", line)
                if m:
                    loc = (m.group(1), m.group(2), int(m.group(3)))
                m = re.search(r"(\w+)\(.*descr=<Guard0x([0-9a-f]+)>", line)
                if m and ("bridge", int(m.group(2), 16)) in traces and loc:
                    # a guard resumes at the instruction of the merge point before it;
                    # a loop's exit (finish) after it, on a line of its own
                    exact = m.group(1).startswith("guard_") and loc[2] > 0
                    traces[("bridge", int(m.group(2), 16))]["guard_at"] = loc if exact else loc[:2] + (None,)
        return traces

    # ---- the map and the dump without perf ---------------------------------------------------

    def parse_jitdump(self, data):
        """(header dict, [records]) or raises ValueError with what is wrong."""
        if len(data) < 40:
            raise ValueError("shorter than its header")
        magic, version, size, mach, _pad, pid, ts, flags = struct.unpack_from("<IIIIIIQQ", data, 0)
        header = {"magic": magic, "version": version, "size": size, "mach": mach, "pid": pid, "ts": ts,
                  "flags": flags}
        records = []
        off = size
        while off < len(data):
            if off + 16 > len(data):
                raise ValueError("a record header cut at %d" % off)
            rid, rsize, rts = struct.unpack_from("<IIQ", data, off)
            if rsize < 16 or off + rsize > len(data):
                raise ValueError("record %d at %d: size %d" % (rid, off, rsize))
            body = data[off + 16:off + rsize]
            rec = {"id": rid, "ts": rts}
            if rid == JIT_CODE_LOAD:
                rpid, tid, vma, addr, csize, index = struct.unpack_from("<IIQQQQ", body, 0)
                end = body.index(b"\0", 40)
                rec.update(pid=rpid, tid=tid, vma=vma, addr=addr, size=csize, index=index,
                           name=body[40:end].decode(), code=body[end + 1:])
                if len(rec["code"]) != csize:
                    raise ValueError("code load %s: %d code bytes for size %d" % (rec["name"], len(rec["code"]),
                                                                                 csize))
            elif rid == JIT_CODE_DEBUG_INFO:
                addr, n = struct.unpack_from("<QQ", body, 0)
                p = 16
                entries = []
                for _ in range(n):
                    a, line, _disc = struct.unpack_from("<QII", body, p)
                    end = body.index(b"\0", p + 16)
                    entries.append((a, line, body[p + 16:end].decode()))
                    p = end + 1
                if p != len(body):
                    raise ValueError("debug info at %x: %d bytes left over" % (addr, len(body) - p))
                rec.update(addr=addr, entries=entries)
            elif rid == JIT_CODE_CLOSE:
                if body:
                    raise ValueError("close record with a body")
            else:
                raise ValueError("unexpected record id %d" % rid)
            records.append(rec)
            off += rsize
        return header, records

    def check_files(self):
        prog = self.write("prog.py", PROG)
        log = os.path.join(self.tmp, "prog.log")
        dumpdir = os.path.join(self.tmp, "dump")
        os.makedirs(dumpdir, exist_ok=True)
        pid, rc, out, err = self.spawn(["-X", "perf", "-X", "perf_jit", prog],
                                       {"PYPYLOG": "jit-backend,jit-log-opt:" + log, "TPY_JITDUMP_DIR": dumpdir})
        lines = self.take_map(pid) or []
        self.check("-X perf -X perf_jit: the program runs as without them",
                   rc == 0 and out.startswith(PROG_OUT) and err == "", (rc, out, err))
        self.check("-X perf_jit: the dump file is mapped executable while the program runs",
                   re.search(r"^MAPPED r-x", out, re.M), out)
        traces = self.compiled(open(log).read())
        kinds = {k for k, _ in traces}
        self.check("the program compiles loops and bridges", kinds == {"loop", "bridge"} and len(traces) >= 4,
                   sorted(traces))

        # the map
        entries = []
        bad = []
        for line in lines:
            m = re.match(r"([0-9a-f]+) ([0-9a-f]+) (.*)$", line)
            n = m and NAME.match(m.group(3))
            if not n:
                bad.append(line)
                continue
            entries.append((int(m.group(1), 16), int(m.group(2), 16), m.group(3), n))
        self.check("map: every line is 'START SIZE py::KIND N [of KIND N] FUNC (FILE:LINE)'",
                   lines and not bad, bad[:3])
        by_key = {}
        for start, size, name, n in entries:
            kind = "bridge" if n.group(1) == "bridge" else "loop"
            by_key[(kind, int(n.group(2)))] = (start, size, name, n)
        missing = sorted(set(traces) - set(by_key))
        self.check("map: every loop and bridge PYPYLOG lists has a line (%d)" % len(traces),
                   not missing and len(entries) == len(traces), "missing %s; %d lines" % (missing, len(entries)))
        wrong = []
        for key, t in traces.items():
            if key not in by_key:
                continue
            start, size, name, n = by_key[key]
            if start != t["start"] or size != len(t["code"]) or not start <= t["entry"] < t["end"] <= start + size:
                wrong.append("%s: map %x+%x, dump %x+%x, entry %x-%x" % (name, start, size, t["start"],
                                                                          len(t["code"]), t["entry"], t["end"]))
        self.check("map: each line covers exactly the code jit-backend-dump shows", not wrong, wrong[:3])
        spans = sorted((s, s + z, name) for s, z, name, _ in entries)
        overlaps = [(a[2], b[2]) for a, b in zip(spans, spans[1:]) if a[1] > b[0]]
        self.check("map: the lines do not overlap", spans and not overlaps, overlaps[:3])
        wrong = []
        for key, t in traces.items():
            if key not in by_key:
                continue
            n = by_key[key][3]
            if key[0] == "loop":
                want = (t["func"], t["file"], t["line"])
            else:
                want = t.get("guard_at")
            got = (n.group(5), n.group(6), int(n.group(7)))
            if want and want[2] is None:
                got = got[:2] + (None,)
            if got != want:
                wrong.append("%s: want %s" % (by_key[key][2], want))
        self.check("map: names give the function and line of the loop header or the bridge's guard",
                   not wrong, wrong[:3])
        roots = {k for k, _ in traces if k == "loop"}
        wrong = [e[2] for e in entries if e[3].group(1) == "bridge" and
                 ("loop", int(e[3].group(4) or -1)) not in traces]
        self.check("map: a bridge names its loop", roots and not wrong, wrong[:3])
        self.check("map: an entry bridge (a function traced from its entry) is named so",
                   any(e[3].group(1) == "entry bridge" and e[3].group(5) == "fib" for e in entries),
                   [e[2] for e in entries])

        # the jitdump file
        path = os.path.join(dumpdir, "jit-%d.dump" % pid)
        try:
            with open(path, "rb") as f:
                data = f.read()
            header, records = self.parse_jitdump(data)
            problem = None
        except (OSError, ValueError, struct.error, UnicodeDecodeError) as e:
            header, records, problem = None, [], "%s: %s" % (path, e)
        self.check("jitdump: jit-PID.dump in $TPY_JITDUMP_DIR parses record by record", problem is None, problem)
        if problem:
            return
        self.check("jitdump: header (magic, version 1, 40 bytes, x86-64, the pid)",
                   (header["magic"], header["version"], header["size"], header["mach"], header["pid"]) ==
                   (JITDUMP_MAGIC, 1, 40, EM_X86_64, pid), header)
        stamps = [header["ts"]] + [r["ts"] for r in records]
        self.check("jitdump: timestamps never go back", stamps == sorted(stamps))
        self.check("jitdump: a close record last, and only there",
                   records and records[-1]["id"] == JIT_CODE_CLOSE and
                   all(r["id"] != JIT_CODE_CLOSE for r in records[:-1]))
        loads = [r for r in records if r["id"] == JIT_CODE_LOAD]
        names = {r["addr"]: r["name"] for r in loads}
        self.check("jitdump: a code load per map line, with the map's name",
                   len(loads) == len(entries) and all(names.get(s) == name for s, _, name, _ in entries),
                   [(hex(r["addr"]), r["name"]) for r in loads][:3])
        wrong = [r["name"] for r in loads if r["pid"] != pid or r["vma"] != r["addr"]]
        self.check("jitdump: loads carry the pid and vma == code address", not wrong, wrong[:3])
        self.check("jitdump: code indexes are unique",
                   len({r["index"] for r in loads}) == len(loads))
        dumps = {t["start"]: t["code"] for t in traces.values()}
        wrong = [r["name"] for r in loads if dumps.get(r["addr"]) != r["code"]]
        self.check("jitdump: code bytes equal jit-backend-dump's", not wrong, wrong[:3])
        wrong = []
        for i, r in enumerate(records):
            if r["id"] != JIT_CODE_LOAD:
                continue
            prev = records[i - 1] if i else None
            if not prev or prev["id"] != JIT_CODE_DEBUG_INFO or prev["addr"] != r["addr"]:
                wrong.append(r["name"] + ": no debug info before it")
                continue
            addrs = [a for a, _, _ in prev["entries"]]
            lines_ = [ln for _, ln, _ in prev["entries"]]
            if addrs != sorted(addrs) or addrs[0] != r["addr"] or addrs[-1] != r["addr"] + r["size"]:
                wrong.append(r["name"] + ": entry addresses %s" % [hex(a - r["addr"]) for a in addrs])
            if any(f != prog for _, _, f in prev["entries"]) or not all(2 <= ln <= 22 for ln in lines_):
                wrong.append(r["name"] + ": lines %s" % prev["entries"][:4])
            n = NAME.match(r["name"])
            if n and lines_[0] != int(n.group(7)):
                wrong.append(r["name"] + ": first line %d" % lines_[0])
        self.check("jitdump: debug info before each load: lines of the program from its start to its end",
                   not wrong, wrong[:3])
        starts = {t["start"]: t for t in traces.values()}
        wrong = []
        stubs = 0
        for i, r in enumerate(records):
            t = starts.get(r.get("addr"))
            if r["id"] != JIT_CODE_DEBUG_INFO or not t or "last_op" not in t:
                continue
            past = [a for a, _, _ in r["entries"][:-1] if a > t["last_op"]]
            stubs += len(past)
            # an exit stub starts with the jump a bridge is attached by (a stub
            # resuming on the line before it adds no entry)
            if any(t["code"][a - t["start"]] != 0xE9 for a in past):
                wrong.append("%x: entries past the body at %s" % (t["start"], [hex(a - t["start"]) for a in past]))
        self.check("jitdump: the guards' exit stubs have their own lines (%d)" % stubs, stubs and not wrong,
                   wrong[:3])
        lines_seen = {ln for r in records if r["id"] == JIT_CODE_DEBUG_INFO for _, ln, _ in r["entries"]}
        self.check("jitdump: the loop bodies' lines are all there", {5, 6, 8, 14, 15} <= lines_seen,
                   sorted(lines_seen))

    def check_switches(self):
        prog = self.write("small.py", "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n"
                          "    return s\nprint(f(5000))\n")
        cases = [
            ("no option: no map, no dump", [], {}, False, False),
            ("PYTHONPERFSUPPORT=1: the map", [], {"PYTHONPERFSUPPORT": "1"}, True, False),
            ("PYTHONPERFSUPPORT=0: nothing", [], {"PYTHONPERFSUPPORT": "0"}, False, False),
            ("PYTHON_PERF_JIT_SUPPORT=1: the dump", [], {"PYTHON_PERF_JIT_SUPPORT": "1"}, False, True),
            ("-E ignores both variables", ["-E"], {"PYTHONPERFSUPPORT": "1", "PYTHON_PERF_JIT_SUPPORT": "1"},
             False, False),
            ("-X perf: the map only", ["-X", "perf"], {}, True, False),
            ("-X perf_jit: the dump only", ["-X", "perf_jit"], {}, False, True),
        ]
        for what, args, env, want_map, want_dump in cases:
            d = tempfile.mkdtemp(dir=self.tmp)
            pid, rc, out, err = self.spawn(args + [prog], env, cwd=d)
            has_map = self.take_map(pid) is not None
            has_dump = os.path.exists(os.path.join(d, "jit-%d.dump" % pid))
            self.check(what, rc == 0 and out == "12497500\n" and (has_map, has_dump) == (want_map, want_dump),
                       (rc, out, err, has_map, has_dump))
        pid, rc, out, err = self.spawn(["-X", "perf_jit", prog], {"TPY_JITDUMP_DIR": "/nonexistent/dir"})
        self.check("-X perf_jit: an unwritable directory is reported once, the program runs",
                   rc == 0 and out == "12497500\n" and err.count("cannot write") == 1, (rc, out, err))
        _, _, xhelp, _ = self.spawn(["--help-xoptions"])
        _, _, ehelp, _ = self.spawn(["--help-env"])
        self.check("--help-xoptions and --help-env describe both forms",
                   "-X perf:" in xhelp and "-X perf_jit:" in xhelp and "PYTHONPERFSUPPORT" in ehelp and
                   "PYTHON_PERF_JIT_SUPPORT" in ehelp and "TPY_JITDUMP_DIR" in xhelp)

    def check_fork(self):
        prog = self.write("fork.py", '''
import os
def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
f(3000)
pid = os.fork()
if pid == 0:
    def g(n):
        t = 0
        for i in range(n):
            t += i * 2
        return t
    g(3000)
    print("CHILD", os.getpid(), flush=True)
    os._exit(0)
os.waitpid(pid, 0)
''')
        d = tempfile.mkdtemp(dir=self.tmp)
        pid, rc, out, err = self.spawn(["-X", "perf", "-X", "perf_jit", prog], cwd=d)
        m = re.search(r"CHILD (\d+)", out)
        child = int(m.group(1)) if m else -1
        parent_map = self.take_map(pid) or []
        child_map = self.take_map(child) or []
        ok = True
        for p in (pid, child):
            try:
                with open(os.path.join(d, "jit-%d.dump" % p), "rb") as f:
                    self.parse_jitdump(f.read())
            except (OSError, ValueError, struct.error) as e:
                ok = False
                err += " %d: %s" % (p, e)
        self.check("fork: the child writes its own map and dump, the parent's stay whole",
                   rc == 0 and ok and any(" f (" in l for l in parent_map) and not any(" g (" in l for l in parent_map)
                   and any(" g (" in l for l in child_map), (rc, err, parent_map, child_map))

    # ---- with perf -----------------------------------------------------------------------------

    def perf_usable(self):
        perf = shutil.which("perf")
        if not perf:
            return "no perf command"
        data = os.path.join(self.tmp, "probe.data")
        try:
            r = subprocess.run([perf, "record", "-e", "cpu-clock", "-k", "1", "-o", data, "--", "true"],
                               capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return "perf record failed: %s" % e
        if r.returncode != 0:
            try:
                with open("/proc/sys/kernel/perf_event_paranoid") as f:
                    paranoid = f.read().strip()
            except OSError:
                paranoid = "?"
            return "perf record cannot record here (perf_event_paranoid %s): %s" % (
                paranoid, r.stderr.strip().splitlines()[-1:] or r.returncode)
        return None

    @staticmethod
    def samples(perf_data, cwd):
        """[(pid, ip, symbol, dso)] of every sample."""
        r = subprocess.run(["perf", "script", "-i", perf_data, "-F", "pid,ip,sym,dso"], capture_output=True,
                           text=True, timeout=300, cwd=cwd)
        out = []
        for line in r.stdout.splitlines():
            m = re.match(r"\s*(\d+)\s+([0-9a-f]+) (.*) \(([^()]*)\)$", line)
            if m:
                out.append((int(m.group(1)), int(m.group(2), 16), m.group(3), m.group(4)))
        return out

    def named_share(self, samples, region):
        """(named, in JIT code): samples in the machine code, and of them
        those attributed to a named loop or bridge."""
        lo, hi = region
        in_jit = named = 0
        for _, ip, sym, dso in samples:
            anon = dso.startswith("/tmp/perf-") or "jitted-" in dso or dso in ("//anon", "[anon]", "[unknown]") \
                or dso.startswith("[JIT]")
            if not (lo <= ip < hi or (anon and not ip >> 63)):
                continue
            in_jit += 1
            if sym.startswith("py::"):
                named += 1
        return named, in_jit

    def check_perf(self):
        why = self.perf_usable()
        if why:
            self.skip("perf record on bench/float_loops.py", why)
            return
        bench = os.path.join(ROOT, "bench", "float_loops.py")
        for form in ("perf", "perf_jit"):
            d = tempfile.mkdtemp(dir=self.tmp)
            data = os.path.join(d, "perf.data")
            env = dict(os.environ)
            env.pop("PYPYLOG", None)
            r = subprocess.run(["perf", "record", "-e", "cpu-clock", "-k", "1", "-o", data, "--", self.tpy,
                                "-X", form, bench], capture_output=True, text=True, timeout=600, cwd=d, env=env)
            dumps = glob.glob(os.path.join(d, "jit-*.dump"))
            maps = []
            if r.returncode != 0:
                self.check("perf record -X %s bench/float_loops.py" % form, False, r.stderr[-500:])
                continue
            if form == "perf_jit":
                inj = os.path.join(d, "perf.jit.data")
                ri = subprocess.run(["perf", "inject", "--jit", "-i", data, "-o", inj], capture_output=True,
                                    text=True, timeout=600, cwd=d)
                self.check("perf inject --jit reads the dump", ri.returncode == 0 and dumps and
                           glob.glob(os.path.join(d, "jitted-*.so")), ri.stderr[-500:])
                data = inj
                with open(dumps[0], "rb") as f:
                    _, records = self.parse_jitdump(f.read())
                loads = [(x["addr"], x["addr"] + x["size"]) for x in records if x["id"] == JIT_CODE_LOAD]
            samples = self.samples(data, d)
            if form == "perf":
                # the map of the process most samples come from (tpy)
                pids = [s[0] for s in samples]
                pid = max(set(pids), key=pids.count) if pids else -1
                maps.append("/tmp/perf-%d.map" % pid)
                loads = []
                if os.path.exists(maps[0]):
                    with open(maps[0]) as f:
                        for line in f:
                            a, z = line.split()[:2]
                            loads.append((int(a, 16), int(a, 16) + int(z, 16)))
            region = (min(a for a, _ in loads), max(b for _, b in loads)) if loads else (0, 0)
            named, in_jit = self.named_share(samples, region)
            share = 100.0 * named / in_jit if in_jit else 0.0
            print("INFO -X %s: %d of %d samples in JIT code named (%.1f%%)" % (form, named, in_jit, share))
            self.check("perf report -X %s: >= 95%% of the samples in JIT code are named loops/bridges "
                       "(%.1f%% of %d)" % (form, share, in_jit), in_jit >= 50 and share >= 95.0,
                       "%d of %d" % (named, in_jit))
            if form == "perf_jit":
                rep = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "sym"], capture_output=True,
                                     text=True, timeout=300, cwd=d)
                top = next((l.split("[.] ", 1)[1] for l in rep.stdout.splitlines() if "[.] py::" in l), None)
                if top:
                    ann = subprocess.run(["perf", "annotate", "-i", data, "--stdio", "-l", top],
                                         capture_output=True, text=True, timeout=300, cwd=d)
                    self.check("perf annotate shows the program's source lines (%s)" % top,
                               re.search(r"^\s+\d+\.\d+ float_loops\.py:\d+$", ann.stdout, re.M) is not None
                               and "??:0" not in ann.stdout, ann.stdout[:600])
                else:
                    self.check("perf report lists a named loop", False, rep.stdout[:800])
            for p in maps:
                if os.path.exists(p):
                    os.unlink(p)

    def run(self):
        try:
            self.check_files()
            self.check_switches()
            self.check_fork()
            self.check_perf()
        finally:
            if not self.verbose:
                shutil.rmtree(self.tmp, ignore_errors=True)
            else:
                print("files kept in", self.tmp)
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpy", default=os.path.join(ROOT, "tpy"))
    ap.add_argument("-v", "--verbose", action="store_true", help="keep the temporary files")
    args = ap.parse_args()
    return Checker(os.path.abspath(args.tpy), args.verbose).run()


if __name__ == "__main__":
    sys.exit(main())
