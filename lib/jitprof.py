"""jitprof: the report of tpy's JIT-aware profiler.

    tpy --jit-profile prog.py          (or PYPYLOG=jit-profile,...:LOG)
    tpy -m jitprof jitprof.log [--json | --folded] [--top N]

reads a PYPYLOG file with jit-profile-enter / jit-profile-exit sections
(PyPy's profiler design) and prints where the time went: the share of each
compiled loop and bridge with its source location, how often it was
entered and the mean time per entry; and the shares of the interpreter,
the machine code, tracing and compiling. --json prints the same as JSON;
--folded prints folded stacks ("phase;loop count" lines) for flame-graph
tools. It runs under CPython too: python3 lib/jitprof.py LOG.

Accounting. Events form a stack: entering compiled code from the
interpreter pushes, a jump into another loop (or, when bridges are
profiled, into a bridge) replaces the top, an exit pops. The time between
two events goes to the top of the stack. Tracing and compiling (the
jit-tracing section, its nested jit-optimize and jit-backend) are taken
out of whatever runs around them. The interpreter gets the rest.
"""
import sys

USAGE = "usage: jitprof LOGFILE [--json | --folded] [--top N]"


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
    """'work_a;prog.py:1-3~#12 FOR_ITER' -> ('work_a', 'prog.py', 3)"""
    func, _, rest = text.partition(';')
    where = rest.split('~')[0]
    path, _, lines = where.rpartition(':')
    line = lines.split('-')[-1]
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

    def stamp(self, ts):
        if self.first is None or ts < self.first:
            self.first = ts
        if self.last is None or ts > self.last:
            self.last = ts


def read_log(lines):
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
    if prof.first is None:
        raise LogError("no timestamps in the log")
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


def main(argv):
    path = None
    mode = 'table'
    top = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--json':
            mode = 'json'
        elif a == '--folded':
            mode = 'folded'
        elif a == '--top':
            i += 1
            if i >= len(argv):
                sys.stderr.write(USAGE + "\n")
                return 2
            top = int(argv[i])
        elif a in ('-h', '--help'):
            sys.stdout.write(__doc__)
            return 0
        elif path is None:
            path = a
        else:
            sys.stderr.write(USAGE + "\n")
            return 2
        i += 1
    if path is None:
        sys.stderr.write(USAGE + "\n")
        return 2
    try:
        f = open(path)
    except OSError as e:
        sys.stderr.write("jitprof: cannot read %s: %s\n" % (path, e.strerror))
        return 1
    try:
        prof = read_log(f)
    except LogError as e:
        sys.stderr.write("jitprof: %s: %s\n" % (path, e))
        return 1
    finally:
        f.close()
    rep = build_report(prof, top)
    if mode == 'json':
        print_json(rep, sys.stdout)
    elif mode == 'folded':
        print_folded(rep, sys.stdout)
    else:
        print_table(rep, sys.stdout)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
