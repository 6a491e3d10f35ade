"""jitprof_html: the JIT viewer, one self-contained HTML page built from a
profile log (docs/profiler.md, "The viewer").

    tpy -m jitprof --html report.html jitprof.log
    tpy --jit-profile=html prog.py          (writes jitprof.log, then report.html)

The page has no external resources: its CSS and JavaScript are inline, its
data one JSON document in a <script type="application/json"> element, and
the script renders each trace's panel only when it is opened, so a program
with hundreds of loops stays usable. It runs under tpy and CPython.

What it reads from the log (PyPy's PYPYLOG format, as tpy writes it):
  jit-log-opt-loop/-bridge   each trace's operations with "+N:" machine-code
                             offsets (from the start of its code) and the
                             debug_merge_point before them, which gives the
                             function, file and source line
  jit-backend-dump/-addr     each trace's machine code and addresses
  jit-backend-counts         runs of loops ("entry"), iterations
                             ("TargetToken") and of bridges ("bridge G":
                             G is the guard the bridge starts at); tpy adds
                             "guard G": G's failures into the interpreter
  jit-tracing                aborted traces ("~~~ ABORTING TRACING reason"),
                             jit-disableinlining for traces too long
  jit-mem-looptoken-free     freed loops and bridges
  jit-profile-*              the exact per-trace times (lib/jitprof.py)
  jit-profile-samples        sampled program counters: per machine-code
                             offset of a trace, per interpreted line, and
                             tracing, compiling, collector
A machine-code offset belongs to the operation whose "+N:" offset is the
greatest not above it. A sample (read by jitprof.read_samples) is charged
to the instruction that ends at its offset, as jitprof --lines does: for a
"helper" sample the offset is a return address (the call before it); for
an "mcode" one the sampled pc, past the last instruction retired.

Every string taken from a log or a source file reaches the page as JSON
data and is put into the DOM as text (textContent), never as markup; the
JSON is written with "<", ">" and "&" escaped so no log text can close the
script element.
"""
import bisect
import json
import os
import sys

try:
    import jitprof
except ImportError:     # python3 lib/jitprof_html.py: jitprof.py is beside it
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import jitprof


# ---- reading the log ---------------------------------------------------------------------

class Trace:
    """A compiled loop, entry bridge (function trace) or bridge."""
    def __init__(self, key, kind, number):
        self.key = key              # "loop 3", "entry bridge 5", "bridge 36"
        self.kind = kind            # "loop", "entry bridge", "bridge"
        self.number = number
        self.location = ''          # debug_merge_point text of its start
        self.ops = []               # [offset or None, text, dmp index or None]
        # (depth, function, file, firstline, line, bytecode offset, opname,
        # from the header): the debug_merge_points, and first, for a loop,
        # its header's location, which the ops before the first merge point
        # (the entry's loads) are charged to, as jitprof --lines does
        self.dmps = []
        self.end_offset = None      # "+N: --end of the loop--"
        self.code = b''
        self.address = 0
        self.parent_guard = None    # bridges: the guard they start at
        self.guards = []            # (guard number, op index)
        self.freed = False


def parse_location(text):
    """'f;/p/x.py:4-7~#26 POP_JUMP_IF_FALSE' -> (function, file, firstline, line,
    bytecode offset, opname); None when it is not one."""
    func, sep, rest = text.partition(';')
    if not sep:
        return None
    where, sep, tail = rest.partition('~#')
    path, sep2, lines = where.rpartition(':')
    if not sep or not sep2:
        return None
    first, _, line = lines.partition('-')
    off, _, opname = tail.partition(' ')
    try:
        return func, path, int(first), int(line), int(off), opname
    except ValueError:
        return None


def dmp_location(op_text):
    """The location string of a debug_merge_point(depth, depth, 'loc') line,
    with its depth; None for other operations."""
    if not op_text.startswith('debug_merge_point('):
        return None
    q = op_text.find("'")
    r = op_text.rfind("'")
    if q < 0 or r <= q:
        return None
    head = op_text[len('debug_merge_point('):q].split(',')
    try:
        depth = int(head[0])
    except ValueError:
        depth = 0
    return depth, op_text[q + 1:r]


def guard_number(op_text):
    """The G of descr=<Guard0xG> in a guard operation, else None."""
    i = op_text.find('descr=<Guard0x')
    if i < 0:
        return None
    j = op_text.find('>', i)
    try:
        return int(op_text[i + 14:j], 16)
    except ValueError:
        return None


class ViewerLog:
    def __init__(self):
        self.traces = {}            # key -> Trace
        self.order = []             # keys in the order compiled
        self.counts = {}            # "entry 3" / "TargetToken(3)" / "bridge 36" -> int
        self.aborts = []            # dicts: reason, location, too_long, disabled
        self.freed = []             # text lines of jit-mem-looptoken-free
        self.summary = []           # (label, value) of jit-summary


def read_viewer_log(lines):
    """Everything but the exact per-trace times (jitprof.read_log's) and the
    samples (jitprof.read_samples')."""
    log = ViewerLog()
    stack = []                  # open section names
    pending_code = None         # (address, code) of the last jit-backend-dump
    cur = None                  # the trace whose jit-log-opt body is being read
    tracing_locs = []           # locations seen in the open jit-tracing section
    last_abort = None
    for raw in lines:
        line = raw.rstrip('\n')
        what, ts, text = jitprof.parse_line(line)
        if what == 'start':
            stack.append(text)
            if text == 'jit-tracing':
                tracing_locs = []
            elif text in ('jit-log-opt-loop', 'jit-log-opt-bridge'):
                cur = None
            continue
        if what == 'stop':
            if stack:
                stack.pop()
            if text in ('jit-log-opt-loop', 'jit-log-opt-bridge'):
                cur = None
            continue
        if not stack:
            continue
        section = stack[-1]
        if section in ('jit-log-opt-loop', 'jit-log-opt-bridge'):
            if cur is None:
                cur = start_trace(log, text, pending_code)
                pending_code = None
            else:
                add_op(cur, text)
        elif section == 'jit-backend-dump':
            if text.startswith('CODE_DUMP @'):
                parts = text.split()
                addr = int(parts[1][1:], 16) + int(parts[2].lstrip('+'))
                data = bytes.fromhex(parts[3]) if len(parts) > 3 else b''
                pending_code = (addr, data)
        elif section == 'jit-backend-counts':
            name, _, n = text.rpartition(':')
            if name:
                log.counts[name] = log.counts.get(name, 0) + int(n)
        elif section == 'jit-tracing':
            if text.startswith('~~~ ABORTING TRACING '):
                reason = text[len('~~~ ABORTING TRACING '):]
                last_abort = {'reason': reason, 'location': tracing_locs[-1] if tracing_locs else '',
                              'start': tracing_locs[0] if tracing_locs else '', 'disabled': ''}
                log.aborts.append(last_abort)
            elif parse_location(text):
                tracing_locs.append(text)
        elif section == 'jit-disableinlining':
            if last_abort is not None:
                last_abort['disabled'] = text
        elif section == 'jit-mem-looptoken-free':
            log.freed.append(text)
        elif section == 'jit-summary':
            label, _, value = text.partition(':')
            log.summary.append((label.strip(), value.split()))
    for text in log.freed:
        # "freeing Loop # 3 with 2 attached bridges" / "freeing Bridge of Loop # 3"
        words = text.split()
        if text.startswith('freeing Loop #') and len(words) > 3:
            for key in ('loop ' + words[3], 'entry bridge ' + words[3]):
                if key in log.traces:
                    log.traces[key].freed = True
    return log


def start_trace(log, header, code):
    """A jit-log-opt header ("# Loop 3 (loc) : loop with 12 ops", "# bridge out
    of Guard 0x24 with 7 ops"): a new Trace, with the machine code of the
    jit-backend-dump section just before it."""
    if header.startswith('# bridge out of Guard 0x'):
        g = int(header[len('# bridge out of Guard 0x'):].split()[0], 16)
        t = Trace('bridge %d' % g, 'bridge', g)
        t.parent_guard = g
    else:
        words = header.split()
        number = int(words[2]) if len(words) > 2 and words[2].isdigit() else 0
        kind = 'entry bridge' if ') : entry bridge with' in header else 'loop'
        t = Trace('%s %d' % (kind, number), kind, number)
        if '(' in header and ') : ' in header:
            t.location = header[header.index('(') + 1:header.rindex(') : ')]
            loc = parse_location(t.location)
            if loc is not None:
                t.dmps.append((0,) + loc + (True,))
    if code is not None:
        t.address, t.code = code
    if t.key not in log.traces:
        log.order.append(t.key)
    log.traces[t.key] = t
    return t


def add_op(t, text):
    if text.startswith('[') and not t.ops and all(d[7] for d in t.dmps):
        return      # the input arguments
    offset = None
    if text.startswith('+') and ': ' in text:
        head, _, rest = text.partition(': ')
        try:
            offset = int(head[1:])
            text = rest
        except ValueError:
            pass
    if text == '--end of the loop--':
        t.end_offset = offset
        return
    d = dmp_location(text)
    if d is not None:
        loc = parse_location(d[1])
        if loc is not None:
            t.dmps.append((d[0],) + loc + (False,))
            if not t.location:
                t.location = d[1]
        return
    g = guard_number(text)
    if g is not None:
        t.guards.append((g, len(t.ops)))
    t.ops.append([offset, text, len(t.dmps) - 1 if t.dmps else None])


# ---- disassembly -------------------------------------------------------------------------

def find_disassembler():
    """(function(code, address) -> [(address, size, mnemonic, op_str)], its
    name), or (None, why not)."""
    try:
        import _disasm      # tpy's, on libcapstone
        try:
            _disasm.x86_64(b'\x90', 0)
            return _disasm.x86_64, 'Capstone (tpy _disasm)'
        except (ImportError, OSError) as e:
            return None, 'tpy could not load Capstone: %s' % e
    except ImportError:
        pass
    try:
        import capstone
    except ImportError:
        return None, 'no disassembler: the capstone Python package is not installed (pip install capstone)'
    md = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)

    def x86_64(code, address):
        return [(i.address, i.size, i.mnemonic, i.op_str) for i in md.disasm(code, address)]
    return x86_64, 'Capstone (Python package)'


def listing(code, address, disasm, cuts=()):
    """[(offset, size, text)] of the whole trace; raw bytes where the
    disassembler is missing or stops, in runs of at most 8 that never
    cross an offset of `cuts` (the operations' starts)."""
    out = []
    pos = 0
    if disasm is not None:
        for a, size, mnem, ops in disasm(code, address):
            out.append((a - address, size, (mnem + ' ' + ops).strip()))
        if out:
            pos = out[-1][0] + out[-1][1]
    cuts = sorted(c for c in set(cuts) if c > pos)
    k = 0
    while pos < len(code):
        while k < len(cuts) and cuts[k] <= pos:
            k += 1
        n = min(8, len(code) - pos, (cuts[k] - pos) if k < len(cuts) else 8)
        out.append((pos, n, '.byte ' + ' '.join('%02x' % b for b in code[pos:pos + n])))
        pos += n
    return out


# ---- the page's data ---------------------------------------------------------------------

def op_ranges(t):
    """For each op, its machine-code range [start, end) (None without code):
    up to the next op with an offset, the last up to the end of the loop."""
    offs = [(o[0], i) for i, o in enumerate(t.ops) if o[0] is not None]
    ranges = [None] * len(t.ops)
    for k, (start, i) in enumerate(offs):
        end = offs[k + 1][0] if k + 1 < len(offs) else (t.end_offset if t.end_offset is not None else len(t.code))
        ranges[i] = (start, max(end, start))
    return ranges


def read_source(path, cache):
    if path not in cache:
        try:
            with open(path, encoding='utf-8', errors='replace') as f:
                cache[path] = f.read().split('\n')
        except OSError:
            cache[path] = None
    return cache[path]


def function_lines(src, first, seen):
    """The source lines of the function that starts at line `first` (its
    def, decorators before it not included): while lines are blank or more
    indented than the def; at least up to the greatest line the trace saw."""
    if src is None or first < 1 or first > len(src):
        return first, max(seen) if seen else first
    def_line = src[first - 1]
    indent = len(def_line) - len(def_line.lstrip())
    last = first
    for n in range(first + 1, min(len(src), first + 2000) + 1):
        text = src[n - 1]
        if text.strip() and len(text) - len(text.lstrip()) <= indent:
            break
        if text.strip():
            last = n
    return first, max([last] + [s for s in seen if s <= first + 2000])


def samples_by_trace(smp):
    """{trace: {offset: n}} of the machine code's samples and those of the
    C it called: both charged to the instruction that ends at the offset
    (jitprof.trace_lines' rule: the call before a return address; in
    machine code, the last instruction retired when the timer fired)."""
    out = {}
    for table in (smp.mcode, smp.helper):
        for (trace, offset), n in table.items():
            per = out.setdefault(trace, {})
            per[offset] = per.get(offset, 0) + n
    return out


def trace_data(t, log, disasm, sources, samples):
    """The JSON of one trace's panel."""
    ranges = op_ranges(t)
    code_len = len(t.code)
    # function traces: the samples may name them either way
    offsets = samples.get(t.key) or (samples.get('loop %d' % t.number) if t.kind == 'entry bridge' else None) or {}
    insns = listing(t.code, t.address, disasm, [r[0] for r in ranges if r]) if t.code else []
    # samples per instruction: the one that ends at the sampled offset
    ends = {}
    for k, (off, size, _) in enumerate(insns):
        ends[off + size] = k
    insn_samples = [0] * len(insns)
    unplaced = 0
    for off, n in offsets.items():
        k = ends.get(off)
        if k is None:
            unplaced += n
        else:
            insn_samples[k] += n
    # each instruction to its op: -1 before the first op (the entry), -2
    # after the end (guard exits and slow paths, which the log does not
    # map to their ops); "--end of the loop--" comes after those, so the
    # last op (the jump or finish) ends at its first unconditional jmp
    owner = [-1] * len(insns)
    by_start = sorted((r[0], r[1], i) for i, r in enumerate(ranges) if r and r[1] > r[0])
    j = 0
    first_op_start = by_start[0][0] if by_start else code_len
    end = t.end_offset if t.end_offset is not None else code_len
    last_op = by_start[-1][2] if by_start else None
    past_jump = False
    for k, (off, size, text) in enumerate(insns):
        while j < len(by_start) and by_start[j][1] <= off:
            j += 1
        if past_jump or off >= end:
            owner[k] = -2
        elif j < len(by_start) and by_start[j][0] <= off < by_start[j][1]:
            owner[k] = by_start[j][2]
            if owner[k] == last_op and (text == 'jmp' or text.startswith('jmp ')) and \
                    t.ops[last_op][1].startswith(('jump(', 'finish(')):
                past_jump = True
        elif off < first_op_start:
            owner[k] = -1
    ops = []
    op_samples = [0] * len(t.ops)
    op_insns = [[] for _ in t.ops]
    prologue = []
    epilogue = []
    for k, o in enumerate(owner):
        row = [insns[k][0], insns[k][1], insns[k][2], insn_samples[k]]
        if o >= 0:
            op_insns[o].append(row)
            op_samples[o] += insn_samples[k]
        elif o == -1:
            prologue.append(row)
        else:
            epilogue.append(row)
    if not insns and offsets:
        # no machine code in the log: charge each sample to the op whose
        # range holds the byte before its offset (jitprof --lines' rule)
        unplaced = 0
        spans = sorted((r[0], r[1], i) for i, r in enumerate(ranges) if r and r[1] > r[0])
        starts = [sp[0] for sp in spans]
        for off, n in offsets.items():
            k = bisect.bisect_right(starts, off - 1) - 1
            if k >= 0 and spans[k][0] <= off - 1 < spans[k][1]:
                op_samples[spans[k][2]] += n
            else:
                unplaced += n
    guard_ops = {i: g for g, i in t.guards}
    for i, (off, text, dmp) in enumerate(t.ops):
        # bytes: of its instructions; without the code (a log with no
        # jit-backend-dump), from the offsets
        size = sum(x[1] for x in op_insns[i]) if t.code else (ranges[i][1] - ranges[i][0] if ranges[i] else 0)
        ops.append({'o': off, 't': text, 'd': dmp, 'b': size, 's': op_samples[i],
                    'i': op_insns[i], 'g': guard_ops.get(i)})
    # per source line: (file, line) -> samples, ops, bytes
    lines = {}
    for op in ops:
        if op['d'] is None:
            continue
        dm = t.dmps[op['d']]
        key = (dm[2], dm[4])
        st = lines.setdefault(key, [0, 0, 0])
        st[0] += op['s']
        st[1] += 1
        st[2] += op['b']
    # the functions of the trace, each with its source
    funcs = []
    seen_funcs = {}
    for dm in t.dmps:
        fkey = (dm[1], dm[2], dm[3])
        if fkey not in seen_funcs:
            seen_funcs[fkey] = []
        if dm[4] > 0:
            seen_funcs[fkey].append(dm[4])
    for (func, path, first), seen in seen_funcs.items():
        src = read_source(path, sources)
        lo, hi = function_lines(src, first, seen)
        rows = []
        for n in range(lo, hi + 1):
            text = src[n - 1] if src is not None and n - 1 < len(src) else ''
            st = lines.get((path, n), [0, 0, 0])
            rows.append([n, text, st[0], st[1], st[2]])
        # operations of instructions without a line (line -1: a loop's
        # closing JUMP_ABSOLUTE) get a row of their own
        for (p, n), st in sorted(lines.items()):
            if p == path and n < 1 and (func, path, first) == next(
                    ((d[1], d[2], d[3]) for d in t.dmps if d[2] == path and d[4] == n), None):
                rows.append([n, '(no source line: the loop\'s closing jump)', st[0], st[1], st[2]])
        funcs.append({'function': func, 'file': path, 'first': first, 'lines': rows,
                      'missing': src is None})
    guards = []
    for g, i in t.guards:
        dmp = t.ops[i][2]
        dm = t.dmps[dmp] if dmp is not None else None
        bridge = 'bridge %d' % g
        # failures: into the interpreter ("guard G", while it had no
        # bridge) and into its bridge (the bridge's runs); None when the log
        # has no counts (a run without them)
        into_interp = log.counts.get('guard %d' % g)
        into_bridge = log.counts.get(bridge) if bridge in log.traces else None
        failures = None if into_interp is None and into_bridge is None else (into_interp or 0) + (into_bridge or 0)
        if failures is None and log.counts:
            failures = 0
        guards.append({'guard': g, 'op': i, 'file': dm[2] if dm else '', 'line': dm[4] if dm else 0,
                       'function': dm[1] if dm else '',
                       'bridge': bridge if bridge in log.traces else None,
                       'failures': failures})
    total_samples = sum(offsets.values())
    cold_samples = sum(x[3] for x in epilogue)
    return {
        'key': t.key, 'kind': t.kind, 'number': t.number, 'location': t.location,
        'address': t.address, 'bytes': code_len or (t.end_offset or 0), 'has_code': bool(t.code),
        'freed': t.freed,
        'dmps': [list(d) for d in t.dmps], 'ops': ops, 'prologue': prologue, 'epilogue': epilogue,
        'functions': funcs, 'guards': guards, 'samples': total_samples, 'unplaced': unplaced,
        'cold_samples': cold_samples, 'cold_bytes': sum(x[1] for x in epilogue),
        'entry_bytes': sum(x[1] for x in prologue),
        'parent_guard': t.parent_guard,
    }


def build_data(lines_iter, title):
    """The page's JSON document from a log's lines (a list: read twice)."""
    lines = list(lines_iter)
    report = None
    try:
        prof = jitprof.read_log(iter(lines))
        report = jitprof.build_report(prof)
    except jitprof.LogError:
        pass
    log = read_viewer_log(lines)
    smp = jitprof.read_samples(lines)
    samples = samples_by_trace(smp)
    disasm, disasm_name = find_disassembler()
    sources = {}
    times = {}
    if report:
        for r in report['traces']:
            times[r['name']] = r
    # which trace holds each guard, to find a bridge's parent
    guard_owner = {}
    for key in log.order:
        for g, _ in log.traces[key].guards:
            guard_owner[g] = key
    traces = []
    for key in log.order:
        t = log.traces[key]
        d = trace_data(t, log, disasm, sources, samples)
        r = times.get(key)
        d['share'] = r['share'] if r else None
        d['ticks'] = r['ticks'] if r else None
        d['entries'] = r['entries'] if r else None
        if t.kind == 'bridge':
            d['parent'] = guard_owner.get(t.parent_guard)
            d['runs'] = log.counts.get(key)
        else:
            d['runs'] = log.counts.get('entry %d' % t.number)
            d['iterations'] = log.counts.get('TargetToken(%d)' % t.number)
        traces.append(d)
    # traces the profile names but the log has no listing of
    listed = set(log.order)
    unlisted = []
    if report:
        for r in report['traces']:
            if r['name'] not in listed:
                unlisted.append({'key': r['name'], 'share': r['share'], 'ticks': r['ticks'],
                                 'entries': r['entries'], 'samples': sum(samples.get(r['name'], {}).values()),
                                 'function': r.get('function', ''),
                                 'file': r.get('file', ''), 'line': r.get('line', 0)})
    mc_total = sum(smp.mcode.values()) + sum(smp.helper.values())
    interp_lines = sorted((['%s:%d' % (path, line), func, n] for (path, line, func), n in smp.interp.items()),
                          key=lambda x: -x[2])
    tps = report['ticks_per_second'] if report else None
    data = {
        'title': title,
        'generator': 'tpy jitprof_html',
        'disassembler': disasm_name if disasm else None,
        'disassembler_note': None if disasm else disasm_name,
        'phases': report['phases'] if report else None,
        'total_seconds': (report['total_ticks'] / tps) if report and tps else None,
        'ticks_per_second': tps,
        'sampling': report['sampling'] if report else None,
        'samples': {'hz': smp.hz, 'sections': smp.sections, 'machine code': mc_total,
                    'interpreter': sum(smp.interp.values()), 'tracing': smp.phases.get('tracing', 0),
                    'compiling': smp.phases.get('compiling', 0), 'collector': smp.phases.get('gc', 0),
                    'other': smp.phases.get('other', 0)},
        'interp_lines': interp_lines[:200],
        'traces': traces,
        'unlisted': unlisted,
        'aborts': log.aborts,
        'freed': log.freed,
        'summary': log.summary,
    }
    return data


def json_for_script(data):
    """JSON safe inside <script>: no "<", ">" or "&" (so no "</script>" or
    "<!--" from a log), and no U+2028/2029."""
    text = json.dumps(data, separators=(',', ':'), ensure_ascii=True)
    return text.replace('<', '\\u003c').replace('>', '\\u003e').replace('&', '\\u0026')


def html_text(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')


def write_html(log_path, out_path):
    """Read the log at log_path, write the page to out_path; returns its
    size in bytes. Raises OSError, UnicodeDecodeError."""
    with open(log_path, encoding='utf-8') as f:
        data = build_data(f, os.path.basename(log_path))
    page = PAGE.replace('@TITLE@', html_text('JIT profile: ' + os.path.basename(log_path)))
    page = page.replace('@CSS@', CSS).replace('@JS@', JS).replace('@DATA@', json_for_script(data))
    with open(out_path, 'w', encoding='utf-8') as f:
        f.write(page)
    return len(page.encode('utf-8'))


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>@CSS@</style>
</head><body>
<header><h1>@TITLE@</h1>
<nav><a href="#overview">overview</a> <a href="#guards">guards</a> <a href="#tree">tree</a>
<a href="#aborts">aborts</a></nav></header>
<main id="app"><p id="loading">Rendering... (this page needs JavaScript)</p></main>
<script type="application/json" id="jitprof-data">@DATA@</script>
<script>@JS@</script>
</body></html>
"""

CSS = r"""
body{font:14px/1.35 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#234;color:#fff;padding:6px 14px;display:flex;align-items:baseline;gap:24px;position:sticky;top:0;z-index:2}
header h1{font-size:16px;margin:0;font-weight:600}
header a{color:#cde;margin-right:12px}
main{padding:8px 14px}
h2{font-size:15px;margin:18px 0 6px;border-bottom:1px solid #ccc}
h3{font-size:14px;margin:12px 0 4px}
table{border-collapse:collapse;background:#fff}
th,td{padding:2px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
th{background:#eef;cursor:pointer;user-select:none;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:inline-block;height:10px;background:#e67e22;vertical-align:middle}
.barbox{display:inline-block;width:120px;background:#f3e5d8}
.chart{display:flex;flex-direction:column;gap:2px;max-width:900px}
.chart .row{display:flex;align-items:center;gap:6px}
.chart .lab{width:360px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.chart .val{width:70px;text-align:right}
.phases{display:flex;height:22px;max-width:900px;border:1px solid #999}
.phases div{height:100%;overflow:hidden;white-space:nowrap;font-size:11px;color:#fff;padding-left:2px}
.legend span{margin-right:14px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.src{font:12px/1.3 ui-monospace,monospace;white-space:pre}
.srcline{cursor:pointer}
.srcline:hover{background:#eef}
.srcline.sel{background:#fdebd0}
.srcline.hot td.code{font-weight:bold}
.split{display:flex;gap:14px;align-items:flex-start}
.split>div:first-child{flex:0 1 auto;max-width:55%;overflow-x:auto}
.split>div:last-child{flex:1 1 0;min-width:0;overflow-x:auto}
#ops-panel{position:sticky;top:44px;max-height:calc(100vh - 56px);overflow-y:auto}
#ops-panel h3{position:sticky;top:0;margin-top:0;background:#fafafa;z-index:1}
.ops .op.hotop{background:#fdebd0}
.ops{font:12px/1.3 ui-monospace,monospace}
.ops .dmp{color:#555;margin-top:6px;background:#f0f0f0;padding:1px 4px}
.ops .op{margin-left:14px;white-space:pre-wrap;word-break:break-all}
.ops .guard{color:#a40}
table.asm{margin-left:34px;background:transparent;font:12px/1.3 ui-monospace,monospace}
table.asm td{border:none;padding:0 6px;white-space:pre}
table.asm td.s{color:#c00;text-align:right;min-width:2em}
.muted{color:#888}
.note{background:#fff3cd;padding:4px 8px;border:1px solid #e0c36a;display:inline-block}
.tree ul{margin:0;padding-left:22px}
.pager button{margin:0 4px}
"""

JS = r"""
'use strict';
(function(){
const T0 = performance.now();
const D = JSON.parse(document.getElementById('jitprof-data').textContent);
const byKey = new Map();
D.traces.forEach(t => byKey.set(t.key, t));
const app = document.getElementById('app');

function el(tag, attrs, ...kids){
  const e = document.createElement(tag);
  if (attrs) for (const k in attrs){
    if (k === 'text') e.textContent = attrs[k];
    else if (k === 'cls') e.className = attrs[k];
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), attrs[k]);
    else e.setAttribute(k, attrs[k]);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}
function pct(x){ return x == null ? '' : x.toFixed(1) + '%'; }
function num(x){ return x == null ? '' : String(x); }
function secs(x){
  if (x == null) return '';
  if (x >= 1) return x.toFixed(3) + ' s';
  if (x >= 1e-3) return (x*1e3).toFixed(3) + ' ms';
  return (x*1e6).toFixed(3) + ' us';
}
function base(p){ const i = p.lastIndexOf('/'); return i < 0 ? p : p.slice(i+1); }
function where(t){
  const d = t.dmps && t.dmps.length ? t.dmps[0] : null;
  if (!d) return t.function ? t.function + ' (' + base(t.file) + ':' + t.line + ')' : '';
  return d[1] + ' (' + base(d[2]) + ':' + d[4] + ')';
}
function traceHash(key){
  const [kind, n] = key.startsWith('entry bridge ') ? ['entry', key.slice(13)] : key.split(' ');
  return '#' + kind + '=' + n;
}
function link(key){ return el('a', {href: traceHash(key), text: key}); }
function bar(frac){
  const w = Math.max(0, Math.min(1, frac || 0));
  return el('span', {cls: 'barbox'}, el('span', {cls: 'bar', style: 'width:' + (w*120).toFixed(1) + 'px'}));
}
function traceSamples(t){ return t.samples || 0; }

// a table sortable by clicking its headers; rows built lazily in pages
function sortableTable(id, cols, rows, pageSize){
  let sortCol = -1, dir = 1, page = 0;
  const tbody = el('tbody');
  const pager = el('div', {cls: 'pager'});
  const head = el('tr');
  cols.forEach((c, i) => head.append(el('th', {cls: c.num ? 'n' : '', title: 'sort',
      onclick: () => { dir = sortCol === i ? -dir : (c.num ? -1 : 1); sortCol = i; page = 0; fill(); }}, c.title)));
  function fill(){
    if (sortCol >= 0){
      const key = cols[sortCol].key;
      rows.sort((a, b) => { const x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * dir; });
    }
    tbody.textContent = '';
    const from = page * pageSize, to = Math.min(rows.length, from + pageSize);
    for (let r = from; r < to; r++){
      const tr = el('tr');
      cols.forEach(c => tr.append(el('td', {cls: c.num ? 'n' : ''}, c.cell(rows[r]))));
      tbody.append(tr);
    }
    pager.textContent = '';
    if (rows.length > pageSize){
      pager.append(el('button', {onclick: () => { if (page > 0){ page--; fill(); } }, text: 'previous'}),
                   el('span', {text: (from+1) + '-' + to + ' of ' + rows.length}),
                   el('button', {onclick: () => { if (to < rows.length){ page++; fill(); } }, text: 'next'}));
    }
  }
  fill();
  return el('div', null, el('table', {id: id}, el('thead', null, head), tbody), pager);
}

function overview(){
  const box = el('section', {id: 'overview'});
  box.append(el('h2', {text: 'Overview'}));
  const S = D.samples;
  if (D.phases){
    box.append(el('p', {text: 'Run time ' + secs(D.total_seconds) + ' (exact per-trace accounting' +
        (D.sampling > 1 ? ', about 1 in ' + D.sampling + ' transitions timed' : '') + ').'}));
  }
  // phases: the exact profiler's split, with the collector from samples when there are any
  const parts = [];
  const colors = {'interpreter': '#7f8c8d', 'machine code': '#e67e22', 'tracing': '#2980b9',
                  'compiling': '#8e44ad', 'collector': '#27ae60', 'other': '#bbb'};
  const sampleTotal = S['machine code'] + S.interpreter + S.tracing + S.compiling + S.collector + S.other;
  if (sampleTotal > 0){
    for (const k of ['interpreter', 'machine code', 'tracing', 'compiling', 'collector', 'other'])
      parts.push([k, 100 * S[k] / sampleTotal]);
    box.append(el('p', {text: 'Time by phase, from ' + sampleTotal + ' samples at ' + (S.hz || '?') + ' Hz:'}));
  } else if (D.phases){
    for (const k of ['interpreter', 'machine code', 'tracing', 'compiling']) parts.push([k, D.phases[k]]);
    box.append(el('p', {text: 'Time by phase (exact profiler; the log has no samples, so no collector share):'}));
  }
  if (parts.length){
    const strip = el('div', {cls: 'phases', id: 'phase-chart'});
    const legend = el('div', {cls: 'legend'});
    for (const [k, v] of parts){
      strip.append(el('div', {style: 'width:' + v.toFixed(2) + '%;background:' + colors[k], title: k + ' ' + pct(v)},
                      v > 8 ? k : ''));
      legend.append(el('span', null, el('i', {style: 'background:' + colors[k]}), k + ' ' + pct(v)));
    }
    box.append(strip, legend);
  }
  // loops and bridges by share: a chart of the hottest, a table of all
  const all = D.traces.map(t => ({key: t.key, share: t.share, ticks: t.ticks, entries: t.entries,
      samples: traceSamples(t), where: where(t), kind: t.kind, bytes: t.bytes, ops: t.ops.length,
      freed: t.freed, listed: true}))
    .concat(D.unlisted.map(u => ({key: u.key, share: u.share, ticks: u.ticks, entries: u.entries, samples: u.samples,
      where: where(u), kind: u.key.split(' ')[0], bytes: null, ops: null, freed: false, listed: false})));
  const totalMc = all.reduce((a, r) => a + r.samples, 0);
  const shareOf = r => r.share != null ? r.share : (totalMc ? 100 * r.samples / totalMc : 0);
  all.sort((a, b) => shareOf(b) - shareOf(a));
  box.append(el('h3', {text: 'Hottest loops and bridges'}));
  const chart = el('div', {cls: 'chart', id: 'trace-chart'});
  const top = all.slice(0, 25), maxShare = Math.max(1e-9, ...top.map(shareOf));
  for (const r of top){
    chart.append(el('div', {cls: 'row'}, el('span', {cls: 'lab'}, r.listed ? link(r.key) : r.key, ' ', r.where),
        el('span', {cls: 'val', text: pct(shareOf(r))}),
        el('span', {cls: 'bar', style: 'width:' + (500 * shareOf(r) / maxShare).toFixed(1) + 'px'})));
  }
  box.append(chart);
  box.append(el('h3', {text: 'All loops and bridges (' + all.length + '; click a header to sort)'}));
  const tps = D.ticks_per_second;
  box.append(sortableTable('trace-table', [
    {title: 'loop or bridge', key: r => r.key, cell: r => r.listed ? link(r.key) : r.key + ' (no listing)'},
    {title: 'where', key: r => r.where, cell: r => r.where},
    {title: 'share', num: true, key: r => shareOf(r), cell: r => el('span', null, bar(shareOf(r) / 100), ' ', pct(shareOf(r)))},
    {title: 'time', num: true, key: r => r.ticks || 0, cell: r => tps && r.ticks != null ? secs(r.ticks / tps) : ''},
    {title: 'entries', num: true, key: r => r.entries || 0, cell: r => num(r.entries)},
    {title: 'samples', num: true, key: r => r.samples, cell: r => num(r.samples)},
    {title: 'ops', num: true, key: r => r.ops || 0, cell: r => num(r.ops)},
    {title: 'bytes', num: true, key: r => r.bytes || 0, cell: r => num(r.bytes)},
    {title: 'freed', key: r => r.freed ? 1 : 0, cell: r => r.freed ? 'freed' : ''},
  ], all, 100));
  if (D.interp_lines.length){
    box.append(el('h3', {text: 'Hottest interpreted lines (samples)'}));
    box.append(sortableTable('interp-table', [
      {title: 'samples', num: true, key: r => r[2], cell: r => num(r[2])},
      {title: 'line', key: r => r[0], cell: r => r[0]},
      {title: 'function', key: r => r[1], cell: r => r[1]},
    ], D.interp_lines.slice(), 30));
  }
  if (D.disassembler_note) box.append(el('p', null, el('span', {cls: 'note', text: D.disassembler_note +
      '; machine code is shown as bytes.'})));
  return box;
}

function guardsSection(){
  const box = el('section', {id: 'guards'});
  box.append(el('h2', {text: 'Guards that failed or have a bridge'}));
  const rows = [];
  for (const t of D.traces) for (const g of t.guards) if (g.bridge || g.failures) rows.push([t, g]);
  rows.sort((a, b) => (b[1].failures || 0) - (a[1].failures || 0));
  if (!rows.length){ box.append(el('p', {cls: 'muted', text: 'No guard failed.'})); return box; }
  box.append(sortableTable('guard-table', [
    {title: 'guard', key: r => r[1].guard, cell: r => 'Guard0x' + r[1].guard.toString(16)},
    {title: 'in', key: r => r[0].key, cell: r => link(r[0].key)},
    {title: 'source line', key: r => r[1].file + ':' + r[1].line, cell: r => r[1].function + ' (' + base(r[1].file) + ':' + r[1].line + ')'},
    {title: 'failures', num: true, key: r => r[1].failures || 0, cell: r => num(r[1].failures)},
    {title: 'bridge', key: r => r[1].bridge || '', cell: r => r[1].bridge ?
        el('a', {href: traceHash(r[1].bridge), cls: 'bridge-link', text: r[1].bridge}) : ''},
  ], rows, 100));
  return box;
}

function treeSection(){
  const box = el('section', {id: 'tree', cls: 'tree'});
  box.append(el('h2', {text: 'Loops, entry bridges and their bridges'}));
  const kids = new Map();
  for (const t of D.traces) if (t.kind === 'bridge' && t.parent){
    if (!kids.has(t.parent)) kids.set(t.parent, []);
    kids.get(t.parent).push(t);
  }
  function node(t, depth){
    const li = el('li', null, link(t.key), ' ', where(t),
        t.kind === 'bridge' ? el('span', {cls: 'muted', text: ' from Guard0x' + t.parent_guard.toString(16)}) : null,
        t.share != null ? ' ' + pct(t.share) : '', t.freed ? ' (freed)' : '');
    const ch = kids.get(t.key);
    if (ch && depth < 50){ const ul = el('ul'); ch.forEach(c => ul.append(node(c, depth + 1))); li.append(ul); }
    return li;
  }
  const ul = el('ul');
  for (const t of D.traces) if (t.kind !== 'bridge' || !t.parent || !byKey.has(t.parent)) ul.append(node(t, 0));
  box.append(ul);
  return box;
}

function abortsSection(){
  const box = el('section', {id: 'aborts'});
  box.append(el('h2', {text: 'Aborted traces, traces too long, freed loops'}));
  if (D.aborts.length){
    box.append(sortableTable('abort-table', [
      {title: 'reason', key: r => r.reason, cell: r => r.reason},
      {title: 'where the trace started', key: r => r.start, cell: r => r.start},
      {title: 'where it stopped', key: r => r.location, cell: r => r.location},
      {title: 'inlining disabled', key: r => r.disabled, cell: r => r.disabled},
    ], D.aborts.slice(), 100));
  } else box.append(el('p', {cls: 'muted', text: 'No trace was aborted.'}));
  if (D.summary.length){
    // the JIT's own counters (PyPy's jitprof lines): traces, aborts by reason, freed
    const tb = el('tbody');
    D.summary.forEach(([label, values]) => tb.append(el('tr', null, el('td', {text: label}),
        el('td', {cls: 'n', text: values.join(' ')}))));
    box.append(el('details', null, el('summary', {text: 'JIT counters (jit-summary)'}), el('table', {id: 'jit-summary'}, tb)));
  }
  if (D.freed.length){
    box.append(el('h3', {text: 'Freed'}));
    const ul = el('ul', {id: 'freed-list'});
    D.freed.forEach(f => ul.append(el('li', {text: f})));
    box.append(ul);
  }
  return box;
}

// one trace: its functions' source with per-line shares; a line selected shows its ops
function tracePanel(t, selLine, selFile){
  const box = el('section', {id: 'trace-panel'});
  box.append(el('h2', {text: t.key + ' \u2014 ' + where(t)}));
  const facts = [];
  if (t.share != null) facts.push('share ' + pct(t.share));
  if (t.entries != null) facts.push(t.entries + ' entries');
  if (t.runs != null) facts.push(t.runs + ' runs');
  if (t.iterations != null) facts.push(t.iterations + ' iterations');
  facts.push(t.ops.length + ' operations', t.bytes + ' bytes of machine code (' + t.entry_bytes + ' entry, ' +
      t.cold_bytes + ' guard exits and slow paths)', t.samples + ' samples' +
      (t.cold_samples ? ' (' + t.cold_samples + ' in guard exits and slow paths)' : ''));
  if (t.freed) facts.push('freed');
  box.append(el('p', null, facts.join(', '),
      t.kind === 'bridge' && t.parent ? el('span', null, '; from Guard0x' + t.parent_guard.toString(16) + ' of ', link(t.parent)) : null));
  if (!t.has_code) box.append(el('p', null, el('span', {cls: 'note', text: 'This log has no machine code for ' +
      t.key + ' (no jit-backend-dump section); tpy --jit-profile=html writes it.'})));
  const split = el('div', {cls: 'split'});
  const left = el('div'), right = el('div', {id: 'ops-panel', cls: 'ops'});
  split.append(left, right);
  box.append(split);
  const total = t.samples;
  let hottest = null;
  for (const f of t.functions) for (const r of f.lines) if (r[2] > 0 && (!hottest || r[2] > hottest[1][2])) hottest = [f, r];
  let selectedRow = null;
  function select(f, r, tr){
    if (selectedRow) selectedRow.classList.remove('sel');
    selectedRow = tr; tr.classList.add('sel');
    showOps(t, f.file, r[0], right);
    history.replaceState(null, '', traceHash(t.key) + '&line=' + r[0] + '&file=' + encodeURIComponent(base(f.file)));
  }
  let toSelect = null;
  for (const f of t.functions){
    left.append(el('h3', {text: f.function + ' \u2014 ' + f.file + (f.missing ? ' (source not found)' : '')}));
    const tb = el('tbody');
    for (const r of f.lines){
      const share = total ? r[2] / total : 0;
      const tr = el('tr', {cls: 'srcline' + (hottest && hottest[1] === r ? ' hot' : ''), 'data-line': r[0]},
          el('td', {cls: 'n', text: r[0] < 1 ? '\u2014' : r[0]}),
          el('td', {cls: 'n share'}, r[2] ? el('span', null, bar(share), ' ' + pct(100 * share)) : ''),
          el('td', {cls: 'n', text: r[3] ? String(r[3]) : ''}),
          el('td', {cls: 'n', text: r[4] ? String(r[4]) : ''}),
          el('td', {cls: 'code src', text: r[1]}));
      if (r[3]) tr.addEventListener('click', () => select(f, r, tr));
      tb.append(tr);
      if (selLine === r[0] && !toSelect && (!selFile || base(f.file) === selFile)) toSelect = [f, r, tr];
    }
    left.append(el('table', {cls: 'source'}, el('thead', null, el('tr', null,
        el('th', {cls: 'n', text: 'line'}), el('th', {cls: 'n', text: 'samples'}), el('th', {cls: 'n', text: 'ops'}),
        el('th', {cls: 'n', text: 'bytes'}), el('th', {text: 'source'}))), tb));
  }
  if (t.guards.length){
    left.append(el('h3', {text: 'Guards (' + t.guards.length + ')'}));
    const gb = el('tbody');
    for (const g of t.guards)
      gb.append(el('tr', null, el('td', {text: 'Guard0x' + g.guard.toString(16)}),
          el('td', {text: base(g.file) + ':' + g.line}), el('td', {cls: 'n', text: num(g.failures)}),
          el('td', null, g.bridge ? el('a', {href: traceHash(g.bridge), cls: 'bridge-link', text: g.bridge}) : '')));
    left.append(el('table', {cls: 'trace-guards'}, el('thead', null, el('tr', null, el('th', {text: 'guard'}),
        el('th', {text: 'line'}), el('th', {cls: 'n', text: 'failures'}), el('th', {text: 'bridge'}))), gb));
  }
  // no line asked for: the hottest by samples
  if (!toSelect && selLine == null && hottest){
    const tr = left.querySelector('tr.srcline.hot');
    if (tr) toSelect = [hottest[0], hottest[1], tr];
  }
  left.append(codeDetails('Entry code (' + t.entry_bytes + ' bytes)', t.prologue),
              codeDetails('Guard exits and slow paths after the loop (' + t.cold_bytes + ' bytes, ' +
                          t.cold_samples + ' samples)', t.epilogue));
  if (toSelect) select(...toSelect);
  else right.append(el('p', {cls: 'muted', text: 'Select a source line to see its operations and machine code.'}));
  return box;
}

// machine code not under any op, listed when opened
function codeDetails(title, insns){
  const d = el('details', null, el('summary', {text: title}));
  let done = false;
  d.addEventListener('toggle', () => {
    if (done || !d.open) return;
    done = true;
    d.append(asmTable(insns));
  });
  return d;
}

function asmTable(insns){
  const tb = el('tbody');
  for (const ins of insns)
    tb.append(el('tr', null, el('td', {cls: 's', text: ins[3] ? String(ins[3]) : ''}),
        el('td', {cls: 'muted', text: '+' + ins[0]}), el('td', {text: ins[2]})));
  return el('table', {cls: 'asm'}, tb);
}

function showOps(t, file, line, box){
  box.textContent = '';
  box.append(el('h3', {text: 'Operations of ' + base(file) + ':' + line}));
  let lastDmp = -1, n = 0, hot = null, hotSamples = 0;
  for (const op of t.ops){
    if (op.d == null) continue;
    const dm = t.dmps[op.d];
    if (dm[2] !== file || dm[4] !== line) continue;
    if (op.d !== lastDmp){
      // every debug_merge_point of this line down to the op's, in PyPy's text form
      let first = op.d;
      while (first > 0 && first - 1 > lastDmp && t.dmps[first - 1][2] === file && t.dmps[first - 1][4] === line) first--;
      for (let k = first; k <= op.d; k++){
        const m = t.dmps[k];
        const loc = m[1] + ';' + m[2] + ':' + m[3] + '-' + m[4] + '~#' + m[5] + ' ' + m[6];
        box.append(el('div', {cls: 'dmp', text: m[7] ?
            '# the entry, before the first debug_merge_point: at the loop header, ' + loc :
            "debug_merge_point(" + m[0] + ", " + m[0] + ", '" + loc + "')"}));
      }
      lastDmp = op.d;
    }
    const text = (op.o != null ? '+' + op.o + ': ' : '') + op.t;
    const div = el('div', {cls: 'op' + (op.g != null ? ' guard' : '')}, text);
    if (op.g != null){
      const b = 'bridge ' + op.g;
      if (byKey.has(b)) div.append('  \u2192 ', el('a', {href: traceHash(b), cls: 'bridge-link', text: b}));
    }
    if (op.s) div.append(el('span', {cls: 'muted', text: '  (' + op.s + ' samples)'}));
    box.append(div);
    if (op.i.length) box.append(asmTable(op.i));
    if (op.s > hotSamples){ hot = div; hotSamples = op.s; }
    n++;
  }
  if (!n) box.append(el('p', {cls: 'muted', text: 'No operations.'}));
  // the panel scrolls on its own: bring the line's hottest op into view
  // (once the panel is in the document: a trace opened from the URL is
  // built before it is attached)
  if (hot) hot.classList.add('hotop');
  setTimeout(() => { box.scrollTop = hot ? Math.max(0, hot.offsetTop - 120) : 0; }, 0);
}

// URL fragment: #loop=3&line=14[&file=x.py], #bridge=36, #entry=5, or a section's id
function route(){
  const h = decodeURIComponent(location.hash.slice(1));
  const params = new Map(h.split('&').filter(p => p.includes('=')).map(p => p.split('=', 2)));
  let key = null;
  if (params.has('loop')) key = 'loop ' + params.get('loop');
  else if (params.has('bridge')) key = 'bridge ' + params.get('bridge');
  else if (params.has('entry')) key = 'entry bridge ' + params.get('entry');
  const old = document.getElementById('trace-panel');
  if (old) old.remove();
  if (key && byKey.has(key)){
    const line = params.has('line') ? parseInt(params.get('line'), 10) : null;
    const panel = tracePanel(byKey.get(key), line, params.get('file') || null);
    app.prepend(panel);
    window.scrollTo(0, 0);
  } else if (key){
    app.prepend(el('section', {id: 'trace-panel'}, el('p', {cls: 'note', text: 'No listing of ' + key +
        ' in this log (jit-log-opt); tpy --jit-profile=html writes the listings and the machine code.'})));
  }
}

app.textContent = '';
app.append(overview(), guardsSection(), treeSection(), abortsSection());
window.addEventListener('hashchange', route);
route();
document.body.setAttribute('data-ready', '1');
// how long parsing the data and rendering took (docs/profiler.md quotes it)
document.body.setAttribute('data-render-ms', String(Math.round(performance.now() - T0)));
})();
"""


def main(argv):
    """python3 lib/jitprof_html.py LOG OUT.html"""
    if len(argv) != 2:
        sys.stderr.write("usage: jitprof_html LOGFILE OUT.html\n")
        return 2
    size = write_html(argv[0], argv[1])
    sys.stderr.write("jitprof: wrote %s (%d bytes)\n" % (argv[1], size))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
