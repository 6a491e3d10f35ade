"""jitprof: the report of tpy's JIT-aware profiler (docs/profiler.md).

Reads the PYPYLOG file that `tpy --jit-profile` writes and prints where
the time went; HELP below is what `tpy -m jitprof --help` prints, with the
log forms it reads. It runs under CPython too: python3 lib/jitprof.py LOG.

Accounting. In the per-event form, events form a stack: entering
compiled code from the interpreter pushes, a jump into another loop (or,
when bridges are profiled, into a bridge) replaces the top, an exit pops.
The time between two events goes to the top of the stack. The summary
form carries the same accounting, done by tpy as it ran. Tracing and
compiling (the jit-tracing section, its nested jit-optimize and
jit-backend) are taken out of whatever runs around them. The interpreter
gets the rest.
"""
import sys

PROG = "jitprof"
# wrapped where argparse wraps it (at 80 columns)
USAGE = "usage: jitprof [-h] [--json | --folded | --lines | --html FILE] [--top N]\n               LOGFILE"

HELP = USAGE + """

The report of tpy's JIT-aware profiler: the share of a run's time spent in
each compiled loop and bridge (with its function, file and line, how often
compiled code entered it and the mean time per entry), in the interpreter,
in machine code, tracing and compiling.

positional arguments:
  LOGFILE     the log of a profiled run: tpy --jit-profile PROG writes
              jitprof.log (--jit-profile-out FILE elsewhere)

options:
  -h, --help  show this help message and exit
  --json      the same report as JSON
  --folded    folded stacks for flame-graph tools ("tpy;machine code;loop 1
              f (prog.py:3) 1234": one line per loop, bridge and phase,
              counts in microseconds)
  --lines     the sampled source lines: for the hottest loops and bridges
              (by samples; 10, or --top N), the share of each source line
              (inlined functions' lines included), then the interpreter's
              hottest lines and the samples' split between interpreter,
              machine code, C called from it, tracing, compiling, collector
  --top N     only the N hottest loops and bridges (N a positive integer)
  --html FILE the viewer: one self-contained HTML page (lib/jitprof_html.py)
              with every loop and bridge, its source lines, operations and
              machine code, guards, bridges and aborts

The log is a PYPYLOG file in one of the two forms tpy writes:
  summaries   (the default) jit-profile-summary sections: for each batch
              of events, each loop's and bridge's clock ticks and entries
              ("loop 1 ticks=159120 entries=164"), the number of events
              and the sampling interval
  per event   (tpy --jit-profile-events, or PYPYLOG=jit-profile-enter,
              jit-profile-exit:LOG) a jit-profile-enter or jit-profile-exit
              section for every entry into and exit from compiled code
A jit-profile-samples section holds the sampling profiler's counts
(tpy --jit-profile-hz N: N a CPU-second, default 1000), which --lines maps
to source lines through the jit-profile-lines sections (each trace's code
offsets and their bytecodes' locations) or the jit-log-opt sections.
Either form comes with jit-profile-trace sections (where each loop and
bridge is in the source) and a jit-profile-calibration section (the
clock's ticks per second); the jit-tracing, jit-optimize and jit-backend
sections give the time spent tracing and compiling. Sections of other
kinds are ignored. A log without jit-profile-summary, -enter or -exit
sections holds no profile: jitprof says so and exits with status 1.
"""


class LogError(Exception):
    pass


def parse_line(line):
    """('start'|'stop'|'body', ts, name or text)"""
    if line.startswith('[') and '] ' in line:
        end = line.index('] ')
        stamp = line[1:end]
        rest = line[end + 2:]
        try:
            ts = int(stamp, 16)
        except ValueError:
            return ('body', 0, line)
        if rest.startswith('{'):
            return ('start', ts, rest[1:])
        if rest.endswith('}'):
            return ('stop', ts, rest[:-1])
    return ('body', 0, line)


def split_location(text):
    """'work_a;prog.py:1-3~#12 FOR_ITER' -> ('work_a', 'prog.py', 3); an
    instruction without a line ('f;p.py:5--1~#62 JUMP_ABSOLUTE', a loop's
    closing jump) -> line -1"""
    func, _, rest = text.partition(';')
    where = rest.split('~')[0]
    path, _, lines = where.rpartition(':')
    line = lines.partition('-')[2] or lines
    try:
        line = int(line)
    except ValueError:
        line = 0
    return func, path, line


def parse_event_body(body):
    """'loop 1 f;p.py:1-3~#12 FOR_ITER (from the interpreter)' ->
    (name, kind, number, location, how)"""
    how = ''
    if body.endswith(')') and ' (' in body:
        cut = body.rindex(' (')
        how = body[cut + 2:-1]
        body = body[:cut]
    words = body.split(' ')
    if words[0] == 'entry' and len(words) > 2:
        kind = 'entry bridge'
        number = words[2]
        rest = words[3:]
    elif words[0] == 'bridge':
        kind = 'bridge'
        number = words[1]
        # "bridge N of loop M <location>"
        rest = words[2:]
        if len(rest) >= 3 and rest[0] == 'of':
            rest = rest[3:] if rest[1] != 'entry' else rest[4:]
    else:
        kind = words[0]
        number = words[1] if len(words) > 1 else '?'
        rest = words[2:]
    location = ' '.join(rest)
    name = body[:len(body) - len(location)].strip() if location else body
    return name, kind, number, location, how


class Profile:
    def __init__(self):
        self.first = None
        self.last = None
        self.ticks_per_second = None
        self.sampling = 1
        self.trace_ticks = {}
        self.entries = {}
        self.info = {}
        self.tracing = 0
        self.compiling = 0
        self.machine = 0
        self.nevents = 0
        self.data_sections = 0  # jit-profile-summary, -enter and -exit
        self.profiled = False   # any jit-profile-* section at all

    def stamp(self, ts):
        if self.first is None or ts < self.first:
            self.first = ts
        if self.last is None or ts > self.last:
            self.last = ts


class NumberedLines:
    """The lines of a log, counting them for error messages."""
    def __init__(self, lines):
        self.lines = lines
        self.n = 0

    def __iter__(self):
        for line in self.lines:
            self.n += 1
            yield line


def read_log(lines):
    numbered = NumberedLines(lines)
    try:
        return read_sections(numbered)
    except LogError as e:
        if numbered.n and not e.args[0].startswith(('no JIT profile', 'the profile holds')):
            raise LogError("line %d: %s" % (numbered.n, e))
        raise
    except UnicodeDecodeError:
        raise       # main() says the file is not text
    except ValueError:
        # a number that does not parse in a jit-profile section's body
        raise LogError("line %d: not a line of tpy's profile format" % numbered.n)


def read_sections(lines):
    prof = Profile()
    stack = []          # names of running compiled code
    last_event = None   # when the top of the stack started being charged
    open_sections = []  # (name, start ts)
    paused_at = None    # ts when tracing/compiling took over
    pending = None      # a profile section waiting for its body
    jit_depth = 0       # nesting of jit-tracing (and similar) sections

    def charge(ts):
        if stack and last_event is not None and paused_at is None and ts > last_event:
            d = ts - last_event
            name = stack[-1]
            prof.trace_ticks[name] = prof.trace_ticks.get(name, 0) + d
            prof.machine += d

    for raw in lines:
        line = raw.rstrip('\n')
        what, ts, text = parse_line(line)
        if what == 'start':
            prof.stamp(ts)
            open_sections.append((text, ts))
            if text.startswith('jit-profile-'):
                prof.profiled = True
                if text in ('jit-profile-enter', 'jit-profile-exit', 'jit-profile-summary'):
                    prof.data_sections += 1
            if text in ('jit-profile-enter', 'jit-profile-exit', 'jit-profile-calibration', 'jit-profile-trace',
                        'jit-profile-summary'):
                pending = (text, ts)
            elif text == 'jit-tracing':
                jit_depth += 1
                if jit_depth == 1:
                    charge(ts)
                    paused_at = ts
            continue
        if what == 'stop':
            prof.stamp(ts)
            if not open_sections:
                raise LogError("section %s ends but was not started" % text)
            name, start = open_sections.pop()
            if name != text:
                raise LogError("section %s ends inside %s" % (text, name))
            if name in ('jit-optimize', 'jit-backend') and jit_depth and len(
                    [s for s in open_sections if s[0] in ('jit-optimize', 'jit-backend')]) == 0:
                prof.compiling += ts - start
            elif name == 'jit-tracing':
                jit_depth -= 1
                if jit_depth == 0:
                    prof.tracing += ts - start
                    paused_at = None
                    if stack:
                        last_event = ts
            pending = None
            continue
        # a body line
        if pending is None:
            continue
        section, ts = pending
        if section == 'jit-profile-summary':
            # the writer's own accounting of a batch of events (the default
            # form): "NAME ticks=T entries=E" lines, then "events=N"
            if text.startswith('events='):
                prof.nevents += int(text[7:])
                continue
            if text.startswith('sampling='):
                # times split between traces from a sample of 1 in N
                prof.sampling = max(prof.sampling, int(text[9:]))
                continue
            head, sep, rest = text.rpartition(' ticks=')
            if not sep:
                raise LogError("bad jit-profile-summary line: %r" % text)
            ticks_s, _, entries_s = rest.partition(' entries=')
            name = head.strip()
            kind, _, number = name.partition(' ')
            if name not in prof.info:
                prof.info[name] = {'name': name, 'kind': kind, 'number': number,
                                   'function': '', 'file': '', 'line': 0}
            t = int(ticks_s)
            if t:
                prof.trace_ticks[name] = prof.trace_ticks.get(name, 0) + t
                prof.machine += t
            prof.entries[name] = prof.entries.get(name, 0) + int(entries_s)
            continue
        pending = None
        if section == 'jit-profile-calibration':
            parts = text.split()
            if len(parts) == 2 and parts[0] == 'ticks_per_second':
                prof.ticks_per_second = float(parts[1])
            continue
        if section == 'jit-profile-trace':
            # "loop 3 f;prog.py:10-12~#24 FOR_ITER", "bridge 17 of loop 3 ..."
            name, kind, number, location, how = parse_event_body(text)
            name = "%s %s" % (kind, number)
            func, path, lineno = split_location(location)
            prof.info[name] = {'name': name, 'kind': kind, 'number': number,
                               'function': func, 'file': path, 'line': lineno}
            continue
        name, kind, number, location, how = parse_event_body(text)
        prof.nevents += 1
        if name not in prof.info:
            prof.info[name] = {'name': name, 'kind': kind, 'number': number,
                               'function': '', 'file': '', 'line': 0}
        if section == 'jit-profile-enter':
            charge(ts)
            prof.entries[name] = prof.entries.get(name, 0) + 1
            if how == 'from the interpreter' or not stack:
                stack.append(name)
            else:
                stack[-1] = name
            last_event = ts
        else:
            charge(ts)
            if stack:
                stack.pop()
            last_event = ts
    if not prof.data_sections:
        if prof.profiled:
            raise LogError("the profile holds no events: no compiled code ran (nothing ran hot enough to "
                           "be compiled)")
        raise LogError("no JIT profile in this log (no jit-profile-summary, jit-profile-enter or "
                       "jit-profile-exit section); tpy --jit-profile PROG writes one")
    # tracing includes the compiling nested in it
    prof.tracing = max(prof.tracing - prof.compiling, 0)
    return prof


def build_report(prof, top=None):
    total = max(prof.last - prof.first, 1)
    interp = max(total - prof.machine - prof.tracing - prof.compiling, 0)
    rows = []
    for name, ticks in prof.trace_ticks.items():
        info = dict(prof.info.get(name, {'name': name}))
        n = prof.entries.get(name, 0)
        info['ticks'] = ticks
        info['share'] = 100.0 * ticks / total
        info['entries'] = n
        info['mean_ticks'] = ticks / n if n else float(ticks)
        rows.append(info)
    for name, info in prof.info.items():
        if name not in prof.trace_ticks:
            row = dict(info)
            row.update(ticks=0, share=0.0, entries=prof.entries.get(name, 0), mean_ticks=0.0)
            rows.append(row)
    rows.sort(key=lambda r: (-r['ticks'], r['name']))
    if top is not None:
        rows = rows[:top]
    phases = {
        'interpreter': 100.0 * interp / total,
        'machine code': 100.0 * prof.machine / total,
        'tracing': 100.0 * prof.tracing / total,
        'compiling': 100.0 * prof.compiling / total,
    }
    return {'total_ticks': total, 'ticks_per_second': prof.ticks_per_second,
            'events': prof.nevents, 'sampling': prof.sampling, 'phases': phases, 'traces': rows,
            'phase_ticks': {'interpreter': interp, 'machine code': prof.machine,
                            'tracing': prof.tracing, 'compiling': prof.compiling}}


def fmt_time(ticks, tps):
    if not tps:
        return "%.3g ticks" % ticks
    s = ticks / tps
    if s >= 1.0:
        return "%.3f s" % s
    if s >= 1e-3:
        return "%.3f ms" % (s * 1e3)
    return "%.3f us" % (s * 1e6)


def where(r):
    if not r.get('function'):
        return ''
    path = r.get('file', '')
    base = path.split('/')[-1]
    return "%s (%s:%d)" % (r['function'], base, r.get('line', 0))


def print_table(rep, out):
    tps = rep['ticks_per_second']
    out.write("JIT profile: %s in total, %d events\n" % (fmt_time(rep['total_ticks'], tps), rep['events']))
    ph = rep['phases']
    out.write("interpreter %.1f%%, machine code %.1f%%, tracing %.1f%%, compiling %.1f%%\n\n"
              % (ph['interpreter'], ph['machine code'], ph['tracing'], ph['compiling']))
    if rep.get('sampling', 1) > 1:
        out.write("(entries exact; times of loops and bridges estimated, about 1 in %d of each one's "
                  "transitions timed)\n\n" % rep['sampling'])
    out.write("%7s  %12s  %9s  %12s  %-22s %s\n" % ("share", "time", "entries", "per entry", "loop or bridge", "where"))
    for r in rep['traces']:
        out.write("%6.1f%%  %12s  %9d  %12s  %-22s %s\n" % (
            r['share'], fmt_time(r['ticks'], tps), r['entries'], fmt_time(r['mean_ticks'], tps),
            r['name'], where(r)))


def json_string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == '\\':
            out.append('\\\\')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        elif o < 0x20 or o > 0x7e:
            if o > 0xffff:
                o -= 0x10000
                out.append('\\u%04x\\u%04x' % (0xd800 + (o >> 10), 0xdc00 + (o & 0x3ff)))
            else:
                out.append('\\u%04x' % o)
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def to_json(v, level=0):
    """json.dumps(v, indent=2, sort_keys=True), for the types a report has
    (tpy has no json module)."""
    pad = '  ' * (level + 1)
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json_string(v)
    if isinstance(v, dict):
        if not v:
            return '{}'
        items = [pad + json_string(k) + ': ' + to_json(v[k], level + 1) for k in sorted(v)]
        return '{\n' + ',\n'.join(items) + '\n' + '  ' * level + '}'
    if isinstance(v, (list, tuple)):
        if not v:
            return '[]'
        return '[\n' + ',\n'.join(pad + to_json(x, level + 1) for x in v) + '\n' + '  ' * level + ']'
    raise TypeError("cannot write %r as JSON" % (v,))


def print_json(rep, out):
    out.write(to_json(rep))
    out.write("\n")


def print_folded(rep, out):
    # counts in microseconds when the log says how fast ticks go, else ticks
    tps = rep['ticks_per_second']
    scale = 1e6 / tps if tps else 1.0
    for phase in ('interpreter', 'tracing', 'compiling'):
        n = int(rep['phase_ticks'][phase] * scale)
        if n > 0:
            out.write("tpy;%s %d\n" % (phase, n))
    for r in rep['traces']:
        n = int(r['ticks'] * scale)
        if n > 0:
            label = "%s %s" % (r['name'], where(r))
            out.write("tpy;machine code;%s %d\n" % (label.strip().replace(';', ':'), n))


# ---- the sampled source lines (jit-profile-samples, jit-log-opt) ----------------

SAMPLE_PHASES = ('tracing', 'compiling', 'gc', 'other')


class Samples:
    """What the jit-profile-samples sections say, summed, and the maps from
    the traces' code offsets to source lines: the jit-profile-lines
    sections (what tpy --jit-profile writes) or the optimized traces'
    listings (jit-log-opt, when PYPYLOG selects it).
    Counts are in timer periods (1/hz of a CPU-second each).

      mcode   {(trace, offset): n}  the sampled instruction in machine code
      helper  {(trace, offset): n}  C called from machine code: the offset
                                    of the return address into the trace
      interp  {(path, line, function): n}
      phases  {'tracing'|'compiling'|'gc'|'other': n}
      listings {trace: Listing}     trace names as in the samples: 'loop 3',
                                    'entry bridge 5', 'bridge 17'
    """
    def __init__(self):
        self.hz = 0
        self.sections = 0
        self.mcode = {}
        self.helper = {}
        self.interp = {}
        self.phases = dict((p, 0) for p in SAMPLE_PHASES)
        self.listings = {}

    def total(self):
        return (sum(self.mcode.values()) + sum(self.helper.values()) + sum(self.interp.values())
                + sum(self.phases.values()))


class Listing:
    """One trace's jit-profile-lines or jit-log-opt section: code offsets
    and the source location of the operation there (the debug_merge_point
    before it). `where` is the
    trace's own location, for the operations before the first merge point;
    `end` the offset of the code's end (past it: guard exits and the
    profiler's cold paths)."""
    def __init__(self, where):
        self.where = where
        self.offsets = []      # ascending
        self.locations = []    # (function, path, line) of the op at each offset
        self.end = None

    def add(self, offset, location):
        # ops that emitted nothing share the next one's offset: the code
        # there is the last one's
        if self.offsets and self.offsets[-1] == offset:
            self.locations[-1] = location
        else:
            self.offsets.append(offset)
            self.locations.append(location)

    def location_at(self, offset):
        """(function, path, line) of the code at offset; None past the end."""
        if self.end is not None and offset >= self.end:
            return None
        lo, hi = 0, len(self.offsets)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.offsets[mid] <= offset:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            return self.where
        return self.locations[lo - 1]


def merge_point_location(text):
    """"debug_merge_point(0, 0, 'f;p.py:1-3~#12 LOAD_FAST')" -> ('f', 'p.py', 3)"""
    q = text.find("'")
    if q < 0:
        return None
    return split_location(text[q + 1:text.rfind("'")])


def listing_name(header):
    """'# Loop 3 (...) : loop with 9 ops' -> 'loop 3'; '# bridge out of Guard
    0x1f with 7 ops' -> 'bridge 31'. (Function traces print as Loops:
    'entry bridge N' is looked up as 'loop N' too.)"""
    words = header.split()
    if len(words) >= 3 and words[1] == 'Loop':
        return 'loop ' + words[2], split_location(header[header.find('(') + 1:header.rfind(')')])
    if len(words) >= 6 and words[1] == 'bridge' and words[5].startswith('0x'):
        return 'bridge %d' % int(words[5], 16), None
    return None, None


def read_samples(lines):
    """Samples from a log's lines (an iterable of str). The sampled lines'
    parser, shared with the HTML report (lib/jitprof_html.py)."""
    smp = Samples()
    section = None
    listing = None
    location = None
    for raw in lines:
        line = raw.rstrip('\n')
        what, ts, text = parse_line(line)
        if what == 'start':
            section = text
            if text == 'jit-profile-samples':
                smp.sections += 1
            listing = None
            location = None
            continue
        if what == 'stop':
            section = None
            continue
        if section == 'jit-profile-samples':
            words = text.split(' ')
            kind = words[0]
            if kind.startswith('hz='):
                smp.hz = int(kind[3:])
            elif kind in ('mcode', 'helper') and len(words) >= 4:
                # "mcode loop 3 +0x1c 12", "mcode entry bridge 5 +0x40 3"
                key = (' '.join(words[1:-2]), int(words[-2][1:], 16))
                table = smp.mcode if kind == 'mcode' else smp.helper
                table[key] = table.get(key, 0) + int(words[-1])
            elif kind == 'interp' and len(words) >= 3:
                # "interp 40 /path/prog.py:14 words" (the path may hold spaces)
                rest = text.split(' ', 2)[2]
                where, _, func = rest.rpartition(' ')
                path, _, lineno = where.rpartition(':')
                key = (path, int(lineno), func)
                smp.interp[key] = smp.interp.get(key, 0) + int(words[1])
            elif kind in smp.phases and len(words) == 2:
                smp.phases[kind] += int(words[1])
            elif text.strip():
                raise LogError("bad jit-profile-samples line: %r" % text)
        elif section == 'jit-profile-lines':
            # "loop 3", then "+71 f;p.py:3-6~#20 FOR_ITER" per bytecode
            # with code, then "+1122 end"
            if not text.startswith('+'):
                listing = smp.listings[text] = Listing(None)
                continue
            if listing is None:
                continue
            offset, _, where = text[1:].partition(' ')
            if where == 'end':
                listing.end = int(offset)
                continue
            location = split_location(where)
            if listing.where is None:
                listing.where = location
            listing.add(int(offset), location)
        elif section in ('jit-log-opt-loop', 'jit-log-opt-bridge'):
            if text.startswith('# '):
                name, where = listing_name(text)
                listing = Listing(where) if name else None
                if name:
                    smp.listings[name] = listing
                continue
            if listing is None:
                continue
            if text.startswith('debug_merge_point('):
                location = merge_point_location(text)
                if listing.where is None:
                    listing.where = location
                continue
            if text.startswith('+') and ': ' in text:
                offset, _, op = text[1:].partition(': ')
                if op.startswith('--end of the loop--'):
                    listing.end = int(offset)
                else:
                    listing.add(int(offset), location or listing.where)
    return smp


def listing_of(smp, trace):
    if trace in smp.listings:
        return smp.listings[trace]
    if trace.startswith('entry bridge '):
        return smp.listings.get('loop ' + trace[len('entry bridge '):])
    return None


# how a sample that no source line explains shows
NO_LISTING = ('', '(no jit-profile-lines or jit-log-opt section)', 0)
COLD_CODE = ('', '(guard exits and cold paths)', 0)


def trace_lines(smp):
    """{trace: {(function, path, line): n}}: the machine code's samples and
    those of the C it called by source line. Both are charged to the
    instruction that ends just before the sampled address: for C, the
    call before the return address; in machine code, the last instruction
    retired when the timer's interrupt was taken (on the machines we
    measured, a sample in a chain of divisions lands on the instruction
    after each division: docs/profiler.md, "Sampled source lines")."""
    out = {}
    for table in (smp.mcode, smp.helper):
        for (trace, offset), n in table.items():
            lst = listing_of(smp, trace)
            if lst is None:
                where = NO_LISTING
            else:
                where = lst.location_at(offset - 1) or COLD_CODE
            lines = out.setdefault(trace, {})
            lines[where] = lines.get(where, 0) + n
    return out


def sample_report(smp, prof=None, top=10):
    """The --lines view as data: the split by phase, the hottest traces
    with their lines (shares of the trace's samples), the interpreter's
    hottest lines."""
    total = smp.total() or 1
    per_trace = trace_lines(smp)
    helper_total = sum(smp.helper.values())
    phases = {
        'interpreter': sum(smp.interp.values()),
        'machine code': sum(smp.mcode.values()),
        'C called from machine code': helper_total,
    }
    phases.update(smp.phases)
    traces = []
    for trace, lines in per_trace.items():
        n = sum(lines.values())
        info = prof.info.get(trace, {}) if prof is not None else {}
        if not info.get('function'):
            # (a bridge charged to its loop by the exact profile has no
            # jit-profile-trace: where its listing starts)
            lst = listing_of(smp, trace)
            if lst is not None and lst.where:
                info = {'function': lst.where[0], 'file': lst.where[1], 'line': lst.where[2]}
        rows = [{'function': k[0], 'file': k[1], 'line': k[2], 'samples': v, 'share': 100.0 * v / n}
                for k, v in lines.items()]
        rows.sort(key=lambda r: (-r['samples'], r['file'], r['line']))
        traces.append({'name': trace, 'samples': n, 'share': 100.0 * n / total,
                       'function': info.get('function', ''), 'file': info.get('file', ''),
                       'line': info.get('line', 0), 'lines': rows})
    traces.sort(key=lambda t: (-t['samples'], t['name']))
    interp = [{'function': k[2], 'file': k[0], 'line': k[1], 'samples': v, 'share': 100.0 * v / total}
              for k, v in smp.interp.items()]
    interp.sort(key=lambda r: (-r['samples'], r['file'], r['line']))
    return {'hz': smp.hz, 'samples': smp.total(),
            'phases': dict((k, 100.0 * v / total) for k, v in phases.items()),
            'traces': traces[:top], 'interpreter': interp[:top]}


class SourceCache:
    def __init__(self):
        self.files = {}

    def line(self, path, n):
        if path not in self.files:
            try:
                with open(path) as f:
                    self.files[path] = f.read().split('\n')
            except (OSError, UnicodeDecodeError):
                self.files[path] = []
        text = self.files[path]
        return text[n - 1].strip() if 0 < n <= len(text) else ''


def print_lines(rep, out, exact=None):
    src = SourceCache()
    hz = rep['hz'] or 1
    out.write("Sampled source lines: %.3f s of CPU sampled at %d Hz (counts in periods of 1/%d s)\n"
              % (rep['samples'] / float(hz), rep['hz'], rep['hz']))
    ph = rep['phases']
    out.write(', '.join('%s %.1f%%' % (k, ph[k]) for k in (
        'interpreter', 'machine code', 'C called from machine code', 'tracing', 'compiling', 'gc', 'other')))
    out.write('\n')
    for t in rep['traces']:
        head = "%s  %s" % (t['name'], where(t)) if t.get('function') else t['name']
        extra = ''
        if exact is not None and t['name'] in exact:
            extra = ", %.1f%% of the run timed exactly" % exact[t['name']]
        out.write("\n%s: %.1f%% of the samples%s\n" % (head, t['share'], extra))
        for r in t['lines']:
            base = r['file'].split('/')[-1]
            loc = "%s:%d" % (base, r['line']) if r['line'] else base
            out.write("%7.1f%%  %7d  %-24s %-16s %s\n" % (r['share'], r['samples'], loc, r['function'],
                                                         src.line(r['file'], r['line'])))
        if not t['lines']:
            out.write("  (no samples)\n")
    if rep['interpreter']:
        out.write("\ninterpreter, hottest lines (share of all samples):\n")
        for r in rep['interpreter']:
            base = r['file'].split('/')[-1]
            out.write("%7.1f%%  %7d  %-24s %-16s %s\n" % (r['share'], r['samples'], "%s:%d" % (base, r['line']),
                                                         r['function'], src.line(r['file'], r['line'])))


class UsageError(Exception):
    pass


OPTIONS = ('--json', '--folded', '--lines', '--top', '--help', '--html')


def long_option(arg):
    """The option a long argument names, given whole or as an unambiguous
    prefix (as argparse takes them); None if it names none."""
    name = arg.partition('=')[0]
    if name in OPTIONS:
        return name
    found = [o for o in OPTIONS if o.startswith(name)]
    if len(found) > 1:
        raise UsageError("ambiguous option: %s could match %s" % (name, ', '.join(found)))
    return found[0] if found else None


def positive_int(text):
    if text and all('0' <= ch <= '9' for ch in text) and int(text) > 0:
        return int(text)
    raise UsageError("argument --top: invalid positive integer: %r" % text)


def parse_args(argv):
    """-> (path, mode, top), or None after --help; UsageError on a bad
    command line (argparse's rules: options anywhere, -- ends them)."""
    path = None
    mode = None         # the option that chose it: --json or --folded
    top = None
    html = None
    extra = []
    i = 0
    only_positional = False
    while i < len(argv):
        a = argv[i]
        i += 1
        if only_positional or a == '-' or not a.startswith('-'):
            if path is None:
                path = a
            else:
                extra.append(a)
            continue
        if a == '--':
            only_positional = True
            continue
        opt = long_option(a) if a.startswith('--') else ('--help' if a == '-h' else None)
        if opt is None:
            extra.append(a)
            continue
        value = a.partition('=')[2] if '=' in a else None
        if opt == '--top':
            if value is None:
                if i >= len(argv) or (argv[i].startswith('-') and not argv[i][1:].isdigit()):
                    raise UsageError("argument --top: expected one argument")
                value = argv[i]
                i += 1
            top = positive_int(value)
            continue
        if opt == '--html':
            if value is None:
                if i >= len(argv) or argv[i].startswith('-'):
                    raise UsageError("argument --html: expected one argument")
                value = argv[i]
                i += 1
            if mode is not None:
                raise UsageError("argument --html: not allowed with argument %s" % mode)
            html = value
            mode = opt
            continue
        if value is not None:
            raise UsageError("argument %s: ignored explicit argument %r" % (opt, value))
        if opt == '--help':
            return None
        if mode is not None and mode != opt:
            raise UsageError("argument %s: not allowed with argument %s" % (opt, mode))
        mode = opt
    if path is None:
        raise UsageError("the following arguments are required: LOGFILE")
    if extra:
        raise UsageError("unrecognized arguments: %s" % ' '.join(extra))
    if html is not None:
        return path, ('html', html), top
    return path, {'--json': 'json', '--folded': 'folded', '--lines': 'lines'}.get(mode, 'table'), top


def main(argv):
    try:
        args = parse_args(argv)
    except UsageError as e:
        sys.stderr.write("%s\n%s: error: %s\n" % (USAGE, PROG, e))
        return 2
    if args is None:
        sys.stdout.write(HELP)
        return 0
    path, mode, top = args
    if isinstance(mode, tuple):
        return write_html(path, mode[1])
    try:
        f = open(path)
    except OSError as e:
        sys.stderr.write("%s: cannot read %s: %s\n" % (PROG, path, e.strerror))
        return 1
    try:
        if mode == 'lines':
            # the samples stand without the exact profile (a run with the
            # JIT off has no compiled code, so no events)
            lines = f.readlines()
            smp = read_samples(lines)
            try:
                prof = read_log(lines)
            except LogError:
                if not smp.sections:
                    raise
                prof = None
        else:
            prof = read_log(f)
    except LogError as e:
        sys.stderr.write("%s: %s: %s\n" % (PROG, path, e))
        return 1
    except UnicodeDecodeError:
        sys.stderr.write("%s: %s: not a PYPYLOG file (not UTF-8 text)\n" % (PROG, path))
        return 1
    finally:
        f.close()
    if mode == 'lines':
        if not smp.sections:
            sys.stderr.write("%s: %s: no sampled lines in this log (no jit-profile-samples section; "
                             "tpy --jit-profile-hz 0 turns them off)\n" % (PROG, path))
            return 1
        exact = None
        if prof is not None:
            exact = dict((r['name'], r['share']) for r in build_report(prof)['traces'])
        print_lines(sample_report(smp, prof, top or 10), sys.stdout, exact)
        return 0
    rep = build_report(prof, top)
    if mode == 'json':
        print_json(rep, sys.stdout)
    elif mode == 'folded':
        print_folded(rep, sys.stdout)
    else:
        print_table(rep, sys.stdout)
    return 0


def write_html(path, out):
    """--html: the viewer's page (jitprof_html.py, imported only here)."""
    try:
        import jitprof_html
    except ImportError:     # python3 lib/jitprof.py: the viewer is beside it
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import jitprof_html
    try:
        size = jitprof_html.write_html(path, out)
    except OSError as e:
        sys.stderr.write("%s: %s: %s\n" % (PROG, e.filename or path, e.strerror))
        return 1
    except UnicodeDecodeError:
        sys.stderr.write("%s: %s: not a PYPYLOG file (not UTF-8 text)\n" % (PROG, path))
        return 1
    except LogError as e:
        sys.stderr.write("%s: %s: %s\n" % (PROG, path, e))
        return 1
    sys.stderr.write("%s: viewer written to %s (%d KB)\n" % (PROG, out, (size + 1023) // 1024))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
