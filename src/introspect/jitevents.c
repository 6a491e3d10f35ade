/* jitevents.c: the JIT's events (jitevents.h) -> counters, timers,
 * PYPYLOG sections, Python and C hooks.
 *
 * PYPYLOG sections of one loop, as PyPy nests them:
 *
 *   {jit-tracing
 *     location of every bytecode traced
 *     {jit-log-noopt-loop  "# Loop 1 (loc) : noopt with N ops", [inputargs], ops}
 *     {jit-optimize}
 *     {jit-backend
 *       {jit-mem-looptoken-alloc} {jit-backend-dump} {jit-backend-addr}
 *     jit-backend}
 *     {jit-log-opt-loop   "# Loop 1 (loc) : loop with N ops", "+ofs: op"...}
 *   jit-tracing}
 *
 * and for an abort: "~~~ ABORTING TRACING reason" and {jit-abort-log} with
 * the ops recorded so far, inside jit-tracing (a too long trace also gets
 * {jit-abort-longest-function} and {jit-disableinlining}). At exit:
 * {jit-backend-counts} (when runs were counted) and {jit-summary}.
 *
 * Operations are written in PyPy's vocabulary (pypyform.h): the
 * operations PyPy lacks (tpy's values are tagged words: box_int,
 * guard_is_int ...) in the PyPy form IROP_PYPY_DEF gives them, as the
 * hooks show them too.
 */
#include "jitevents.h"
#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../jit/params.h"
#include "../runtime.h"
#include "../vm/config.h"
#include "../vm/opcodes.h"
#include "hooks.h"
#include "perf.h"
#include "pypylog.h"
#include "pypyform.h"

/* The run counts of every trace compiled while counting, freed or not
 * (an uncollectable array: the records' only reference once their trace
 * is gone). */
TraceCounts **jitev_counts;
int32_t jitev_ncounts;
static int32_t jitev_capcounts;
double jitev_time_tracing, jitev_time_backend;
static double t_trace_start, t_backend_start, t_process_start;
static bool tracing_open, backend_open;
static bool counting_used;      /* some trace counted its runs */
static uint64_t recorded_calls;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *jitev_kind_name(TraceKind k) {
    switch (k) {
    case TRACE_LOOP: return "loop";
    case TRACE_FUNCTION: return "entry bridge";
    default: return "bridge";
    }
}

void jitev_location(CodeObject *co, int32_t pc, void *bufp) {
    Buf *b = bufp;
    int op = pc >= 0 && pc < co->ncode ? INSTR_OP(co->code[pc]) : 0;
    buf_printf(b, "%s;%s:%d-%d~#%d %s", str_data(co->name), str_data(co->filename), co->firstlineno,
               code_line(co, pc), jitev_offset(co, pc), opcode_names[op]);
}

uint32_t jitev_loop_no(const Trace *t) {
    while (t->kind == TRACE_BRIDGE && t->parent) t = t->parent;
    return t->kind == TRACE_BRIDGE ? 0 : t->number;
}

bool jitev_profile_cli;

void jitev_set_debug(bool on) {
    /* tpy --jit-profile selects jit-backend for its timing, not for the
       run counts that section prefix would also turn on */
    jit.debug_counters = on || (pypylog_wants(PL_BACKEND_COUNTS) && !jitev_profile_cli);
    if (jit.debug_counters) counting_used = true;
}

void jitev_init(void) {
    t_process_start = now();
    pypylog_init();
    /* PYPYLOG selecting a jit-profile section turns the profiler on, in the
       form it selects; TPY_JIT_PROFILE picks the mode (loops: bridges
       charged to their loop; bridges) */
    int form = prof_form_wanted();
    if (form != PROF_FORM_NONE) {
        const char *m = getenv("TPY_JIT_PROFILE");
        prof_start(m && strcmp(m, "bridges") == 0 ? PROF_BRIDGES : PROF_LOOPS, form);
    }
    jitev_set_debug(false);
    atexit(jitev_exit);
}

/* ---- PYPYLOG text of traces ------------------------------------------------------------ */

static bool is_inputarg(int opc) { return opc == IR_inputarg_i || opc == IR_inputarg_f || opc == IR_inputarg_r; }

static int count_ops(const IRBuf *b) {
    int n = 0;
    for (int i = 0; i < b->nops; i++)
        if (!is_inputarg(b->ops[i].opcode)) n++;
    return n;
}

/* "[p0, i1]" then the operations; offsets (or NULL) prefix "+ofs: ". */
static void log_ops(const IRBuf *b, const int32_t *offsets, size_t end_offset) {
    Buf line;
    buf_init(&line, 128);
    buf_putc(&line, '[');
    bool first = true;
    for (int i = 0; i < b->nops; i++) {
        if (!is_inputarg(b->ops[i].opcode)) continue;
        if (!first) buf_puts(&line, ", ");
        first = false;
        buf_printf(&line, "%c%d", b->ops[i].type == 'r' ? 'p' : b->ops[i].type, i);
    }
    buf_putc(&line, ']');
    pypylog_print("%.*s", (int)line.len, line.data);
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (is_inputarg(op->opcode)) continue;
        line.len = 0;
        if (offsets && op->opcode != IR_debug_merge_point && offsets[i] >= 0) buf_printf(&line, "+%d: ", offsets[i]);
        pypyform_format_op(b, i, &line);
        pypylog_print("%.*s", (int)line.len, line.data);
    }
    if (offsets) pypylog_print("+%zu: --end of the loop--", end_offset);
}

/* The bytecodes a trace went through, one location per line (PyPy prints
 * them while tracing). */
static void log_locations(const IRBuf *b) {
    if (!pypylog_printing()) return;
    Buf line;
    buf_init(&line, 96);
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i].opcode != IR_debug_merge_point || !b->ops[i].descr) continue;
        const PosDescr *p = (const PosDescr *)b->ops[i].descr;
        line.len = 0;
        jitev_location(p->code, p->pc, &line);
        pypylog_print("%.*s", (int)line.len, line.data);
    }
}

/* "# Loop 3 (loc) : loop with 12 ops" / "# bridge out of Guard 0x1f with 7 ops" */
static void log_header(const Trace *t, const char *what, int nops) {
    Buf b;
    buf_init(&b, 128);
    if (t->kind == TRACE_BRIDGE) {
        buf_printf(&b, "# bridge out of Guard 0x%x with %d ops", t->from_guard ? t->from_guard->id : t->number, nops);
    } else {
        buf_printf(&b, "# Loop %u (", t->number);
        jitev_location(t->code, t->pc, &b);
        buf_printf(&b, ") : %s with %d ops", what, nops);
    }
    pypylog_print("%.*s", (int)b.len, b.data);
}

static void open_tracing(void) {
    if (!tracing_open) {
        pypylog_start(PL_TRACING);
        tracing_open = true;
    }
}

static void close_tracing(void) {
    if (backend_open) {
        pypylog_stop(PL_BACKEND);
        backend_open = false;
    }
    if (tracing_open) {
        pypylog_stop(PL_TRACING);
        tracing_open = false;
    }
}

/* The state of the trace an event is about, kept while its hooks run:
 * code they run may trace and compile code of its own, whose events
 * open their own log sections (nested in this trace's open ones) and
 * keep their own times. */
typedef struct EventState {
    bool tracing_open, backend_open;
    double t_trace_start, t_backend_start;
} EventState;

static void hooks_begin(EventState *s) {
    *s = (EventState){tracing_open, backend_open, t_trace_start, t_backend_start};
    tracing_open = backend_open = false;
}

static void hooks_end(const EventState *s) {
    close_tracing();   /* a nested trace left unreported */
    tracing_open = s->tracing_open;
    backend_open = s->backend_open;
    t_trace_start = s->t_trace_start;
    t_backend_start = s->t_backend_start;
}

static void log_dump(const Trace *t) {
    if (!pypylog_start(PL_BACKEND_DUMP)) {
        pypylog_stop(PL_BACKEND_DUMP);
        return;
    }
    static char exe[1024];
    if (!exe[0]) {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) strcpy(exe, "tpy");
        else exe[n] = 0;
    }
    pypylog_print("BACKEND x86_64");
    pypylog_print("SYS_EXECUTABLE %s", exe);
    Buf hex;
    buf_init(&hex, t->mcode_len * 2 + 64);
    buf_printf(&hex, "CODE_DUMP @%llx +0  ", (unsigned long long)(uintptr_t)t->mcode);
    for (size_t i = 0; i < t->mcode_len; i++) buf_printf(&hex, "%02X", t->mcode[i]);
    pypylog_print("%.*s", (int)hex.len, hex.data);
    pypylog_stop(PL_BACKEND_DUMP);
}

static void log_addr(const Trace *t) {
    if (!pypylog_start(PL_BACKEND_ADDR)) {
        pypylog_stop(PL_BACKEND_ADDR);
        return;
    }
    unsigned long long start = (unsigned long long)(uintptr_t)t->mcode;
    unsigned long long end = start + t->mcode_len;
    unsigned long long entry = t->entry ? (unsigned long long)(uintptr_t)t->entry : start;
    Buf b;
    buf_init(&b, 128);
    if (t->kind == TRACE_BRIDGE) {
        buf_printf(&b, "bridge out of Guard 0x%x has address 0x%llx to 0x%llx", t->number, start, end);
    } else {
        buf_printf(&b, "Loop %u (", t->number);
        jitev_location(t->code, t->pc, &b);
        buf_printf(&b, ") has address 0x%llx to 0x%llx (bootstrap 0x%llx)", entry, end, entry);
    }
    pypylog_print("%.*s", (int)b.len, b.data);
    pypylog_stop(PL_BACKEND_ADDR);
}

/* ---- too long traces: which inlined function to blame -------------------------------- */

/* The inlined function with the most operations (PyPy's rule); NULL if
 * the trace inlined nothing. Unfinished calls count up to the end. */
static CodeObject *longest_inlined(const IRBuf *b, int *size_out) {
    enum { MAXD = 64 };
    CodeObject *code[MAXD];
    int start[MAXD];
    int depth = 0;
    CodeObject *best = NULL;
    int best_size = 0;
    Buf line;
    buf_init(&line, 96);
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (op->opcode == IR_enter_portal_frame && depth < MAXD) {
            code[depth] = NULL;
            start[depth] = i;
            depth++;
        } else if (op->opcode == IR_debug_merge_point && depth > 0 && !code[depth - 1] && op->descr) {
            const PosDescr *p = (const PosDescr *)op->descr;
            if (p->call_depth == depth) code[depth - 1] = p->code;
        } else if (op->opcode == IR_leave_portal_frame && depth > 0) {
            depth--;
            int size = i - start[depth];
            if (code[depth] && size > best_size) {
                best_size = size;
                best = code[depth];
                line.len = 0;
                jitev_location(best, 0, &line);
                pypylog_print("found new longest: %.*s %d", (int)line.len, line.data, size);
            }
        }
    }
    if (depth > 0 && code[0] && b->nops - start[0] > best_size) {
        best_size = b->nops - start[0];
        best = code[0];
        line.len = 0;
        jitev_location(best, 0, &line);
        pypylog_print("found new longest: %.*s %d", (int)line.len, line.data, best_size);
    }
    *size_out = best_size;
    return best;
}

/* ---- the events ---------------------------------------------------------------------------- */

void jitev_trace_start(TraceKind kind, CodeObject *code, int32_t pc, GuardDescr *from_guard) {
    (void)kind;
    (void)code;
    (void)pc;
    (void)from_guard;
    close_tracing();   /* a previous trace that ended unreported */
    t_trace_start = now();
    open_tracing();
}

static void count_recorded(const IRBuf *b) {
    int n = 0, guards = 0, calls = 0;
    for (int i = 0; i < b->nops; i++) {
        int opc = b->ops[i].opcode;
        if (is_inputarg(opc)) continue;
        n++;
        if (irop_is_guard(opc)) guards++;
        if (irop_info[opc].flags & IRF_CALL) calls++;
    }
    jit.counters[CNT_OPS] += (uint64_t)n;
    jit.counters[CNT_RECORDED_OPS] += (uint64_t)n;
    jit.counters[CNT_GUARDS] += (uint64_t)guards;
    recorded_calls += (uint64_t)calls;
}

void jitev_abort(AbortReason reason, TraceKind kind, CodeObject *code, int32_t pc, GuardDescr *from_guard,
                 const IRBuf *ops) {
    (void)kind;
    if (backend_open) {
        jitev_time_backend += now() - t_backend_start;
    } else {
        jitev_time_tracing += now() - t_trace_start;
        count_recorded(ops);
    }
    open_tracing();
    if (!backend_open) log_locations(ops);
    if (backend_open) {
        pypylog_stop(PL_BACKEND);
        backend_open = false;
    }
    pypylog_print("~~~ ABORTING TRACING %s", abort_names[reason]);
    CodeObject *blame = NULL;
    if (reason == ABORT_TOO_LONG) {
        pypylog_start(PL_ABORT_LONGEST_FUNCTION);
        int size;
        blame = longest_inlined(ops, &size);
        pypylog_start(PL_ABORT_LOG);
        if (pypylog_printing()) log_ops(ops, NULL, 0);
        pypylog_stop(PL_ABORT_LOG);
        pypylog_stop(PL_ABORT_LONGEST_FUNCTION);
        pypylog_start(PL_DISABLE_INLINING);
        if (blame) {
            /* the next trace through it calls it instead of inlining it */
            jit_cell(blame, 0)->flags |= JC_DONT_TRACE_HERE;
            Buf b;
            buf_init(&b, 96);
            jitev_location(blame, 0, &b);
            pypylog_print("disabled inlining %.*s", (int)b.len, b.data);
        } else {
            pypylog_print("no inlinable function found!");
        }
        pypylog_stop(PL_DISABLE_INLINING);
    } else {
        pypylog_start(PL_ABORT_LOG);
        if (pypylog_printing()) log_ops(ops, NULL, 0);
        pypylog_stop(PL_ABORT_LOG);
    }
    close_tracing();
    EventState es;
    hooks_begin(&es);
    if (pyhooks_any()) pyhooks_abort(reason, code, pc, from_guard, ops);
    if (chooks_any()) chooks_abort(reason, code, pc, from_guard, ops);
    if (blame) {
        if (pyhooks_any()) pyhooks_too_long(blame, 0);
        if (chooks_any()) chooks_too_long(blame, 0);
    }
    hooks_end(&es);
}

void jitev_trace_done(Trace *t) {
    jitev_time_tracing += now() - t_trace_start;
    count_recorded(&t->noopt);
    open_tracing();
    if (!pypylog_enabled) return;
    log_locations(&t->noopt);
    PypylogSection s = t->kind == TRACE_BRIDGE ? PL_LOG_NOOPT_BRIDGE : PL_LOG_NOOPT_LOOP;
    if (pypylog_start(s)) {
        log_header(t, "noopt", count_ops(&t->noopt));
        log_ops(&t->noopt, NULL, 0);
    }
    pypylog_stop(s);
}

void jitev_before_assemble(Trace *t) {
    t_backend_start = now();
    /* the profiler's name for it, known to the machine code's events */
    if (t->profile_mode) prof_register(t);
    jit.counters[CNT_BACKEND]++;
    open_tracing();
    pypylog_start(PL_OPTIMIZE);
    pypylog_stop(PL_OPTIMIZE);
    /* the optimize hook sees the optimized trace before the backend does */
    EventState es;
    hooks_begin(&es);
    if (pyhooks_any()) pyhooks_optimize(t);
    if (chooks_any()) chooks_optimize(t);
    hooks_end(&es);
    /* a hook's replacement may not be seen by the debug counter decision */
    t->counting = jit.debug_counters;
    if (t->counting) {
        /* the machine code counts into it */
        t->counts = gc_alloc(sizeof *t->counts);
        t->counts->kind = t->kind;
        t->counts->number = t->number;
    }
    pypylog_start(PL_BACKEND);
    backend_open = true;
}

void jitev_compiled(Trace *t) {
    if (tpy_config.perf_map || tpy_config.perf_jitdump) perf_code_compiled(t);
    jitev_time_backend += now() - t_backend_start;
    if (t->counting) counting_used = true;
    int nopt = 0, nguards = 0;
    for (int i = 0; i < t->ir.nops; i++) {
        if (is_inputarg(t->ir.ops[i].opcode)) continue;
        nopt++;
        if (irop_is_guard(t->ir.ops[i].opcode)) nguards++;
    }
    jit.counters[CNT_OPT_OPS] += (uint64_t)nopt;
    jit.counters[CNT_OPT_GUARDS] += (uint64_t)nguards;
    if (t->counts) {
        t->counts->label = t->target ? t->target->id : 0;
        if (jitev_ncounts == jitev_capcounts) {
            int32_t cap = jitev_capcounts ? jitev_capcounts * 2 : 64;
            jitev_counts = gc_grow_uncollectable(jitev_counts, sizeof(TraceCounts *) * (size_t)jitev_capcounts,
                                                 sizeof(TraceCounts *) * (size_t)cap);
            jitev_capcounts = cap;
        }
        jitev_counts[jitev_ncounts++] = t->counts;
    }
    if (pypylog_enabled) {
        open_tracing();
        if (!backend_open) {
            pypylog_start(PL_BACKEND);
            backend_open = true;
        }
        pypylog_start(PL_MEM_LOOPTOKEN_ALLOC);
        if (t->kind == TRACE_BRIDGE) {
            int nb = 0;
            uint32_t loop = jitev_loop_no(t);
            /* a tree's traces live and die together: its bridges are live */
            for (int32_t i = 0; i < jit.nlive; i++)
                if (jit.live[i]->kind == TRACE_BRIDGE && jitev_loop_no(jit.live[i]) == loop) nb++;
            pypylog_print("allocating Bridge # %d of Loop # %u", nb, loop);
        } else {
            pypylog_print("allocating Loop # %u", t->number);
        }
        pypylog_stop(PL_MEM_LOOPTOKEN_ALLOC);
        log_dump(t);
        log_addr(t);
        pypylog_stop(PL_BACKEND);
        backend_open = false;
        PypylogSection s = t->kind == TRACE_BRIDGE ? PL_LOG_OPT_BRIDGE : PL_LOG_OPT_LOOP;
        if (pypylog_start(s)) {
            log_header(t, jitev_kind_name(t->kind), count_ops(&t->ir));
            log_ops(&t->ir, t->op_offsets, t->mcode_len);
        }
        pypylog_stop(s);
    }
    close_tracing();
    EventState es;
    hooks_begin(&es);
    if (pyhooks_any()) pyhooks_compiled(t);
    if (chooks_any()) chooks_compiled(t);
    hooks_end(&es);
}

void jitev_freed(Trace *t) {
    jit.counters[t->kind == TRACE_BRIDGE ? CNT_TOTAL_FREED_BRIDGES : CNT_TOTAL_FREED_LOOPS]++;
    if (!pypylog_enabled) return;
    pypylog_start(PL_MEM_LOOPTOKEN_FREE);
    if (t->kind == TRACE_BRIDGE) {
        pypylog_print("freeing Bridge of Loop # %u", jitev_loop_no(t));
    } else {
        int nb = 0;
        /* its bridges were released with it */
        for (int32_t i = 0; i < jit.ndoomed; i++)
            if (jit.doomed[i]->kind == TRACE_BRIDGE && jitev_loop_no(jit.doomed[i]) == t->number) nb++;
        pypylog_print("freeing Loop # %u with %d attached bridges", t->number, nb);
    }
    pypylog_stop(PL_MEM_LOOPTOKEN_FREE);
}

void jitev_releaseall(int32_t ntraces) {
    if (!pypylog_enabled) return;
    pypylog_start(PL_MEM_RELEASEALL);
    pypylog_print("Loop tokens cleared: %d", (int)ntraces);
    pypylog_stop(PL_MEM_RELEASEALL);
}

/* ---- at exit ---------------------------------------------------------------------------- */

static void summary_time(const char *label, uint64_t n, double secs) {
    int pad = 13 - (int)strlen(label);
    pypylog_print("%s:%*s\t%llu\t%f", label, pad > 0 ? pad : 0, "", (unsigned long long)n, secs);
}

static void summary_int(const char *label, uint64_t n) {
    int pad = 16 - (int)strlen(label);
    pypylog_print("%s:%*s\t%llu", label, pad > 0 ? pad : 0, "", (unsigned long long)n);
}

/* jit-summary: the lines PyPy's jitoutput.py parses, in its order. */
#define SUMMARY_DEF(_)                                                  \
    _("ops", OPS) _("heapcached ops", HEAPCACHED_OPS)                  \
    _("recorded ops", RECORDED_OPS) _("  calls", CALLS_LINE)                   \
    _("guards", GUARDS) _("opt ops", OPT_OPS)                          \
    _("opt guards", OPT_GUARDS) _("opt guards shared", OPT_GUARDS_SHARED) \
    _("forcings", OPT_FORCINGS)                                        \
    _("abort: trace too long", ABORT_TOO_LONG)                         \
    _("abort: compiling", ABORT_BRIDGE)                                \
    _("abort: vable escape", ABORT_ESCAPE)                             \
    _("abort: bad loop", ABORT_BAD_LOOP)                               \
    _("abort: force quasi-immut", ABORT_FORCE_QUASIIMMUT)              \
    _("abort: segmenting trace", ABORT_SEGMENTED_TRACE)                \
    _("virtualizables forced", FORCE_VIRTUALIZABLES)                   \
    _("nvirtuals", NVIRTUALS) _("nvholes", NVHOLES) _("nvreused", NVREUSED) \
    _("vecopt tried", OPT_VECTORIZE_TRY) _("vecopt success", OPT_VECTORIZED) \
    _("Total # of loops", TOTAL_COMPILED_LOOPS)                        \
    _("Total # of bridges", TOTAL_COMPILED_BRIDGES)                    \
    _("Freed # of loops", TOTAL_FREED_LOOPS)                           \
    _("Freed # of bridges", TOTAL_FREED_BRIDGES)

enum { CNT_CALLS_LINE = -1 };

static uint64_t summary_value(int which) {
    if (which == CNT_CALLS_LINE) return recorded_calls;
    return jit.counters[which];
}

void jitev_exit(void) {
    if (!pypylog_enabled) return;
    close_tracing();
    prof_finish();
    if (counting_used || pypylog_wants(PL_BACKEND_COUNTS)) {
        pypylog_start(PL_BACKEND_COUNTS);
        for (int32_t i = 0; i < jitev_ncounts; i++) {
            TraceCounts *c = jitev_counts[i];
            if (c->kind == TRACE_BRIDGE) {
                pypylog_print("bridge %u:%llu", c->number, (unsigned long long)c->passes);
            } else {
                pypylog_print("entry %u:%llu", c->number, (unsigned long long)c->runs);
                if (c->label) pypylog_print("TargetToken(%u):%llu", c->label, (unsigned long long)c->passes);
            }
        }
        /* tpy's addition: failures of each live trace's guards into the
           interpreter (those before its bridge, if it has one, which then
           takes them: "bridge N"), for the viewer; PyPy's log readers skip
           keys they do not know */
        for (int32_t i = 0; i < jit.nlive; i++)
            for (int32_t k = 0; k < jit.live[i]->nguards; k++) {
                const GuardDescr *g = jit.live[i]->guards[k];
                if (g->fail_count) pypylog_print("guard %u:%u", g->id, g->fail_count);
            }
        pypylog_stop(PL_BACKEND_COUNTS);
    }
    if (pypylog_start(PL_SUMMARY)) {
        summary_time("Tracing", jit.counters[CNT_TRACING], jitev_time_tracing);
        summary_time("Backend", jit.counters[CNT_BACKEND], jitev_time_backend);
        pypylog_print("TOTAL:      \t\t%f", now() - t_process_start);
#define SUMMARY_LINE(label, cnt) summary_int(label, summary_value(CNT_##cnt));
        SUMMARY_DEF(SUMMARY_LINE)
#undef SUMMARY_LINE
    }
    pypylog_stop(PL_SUMMARY);
    pypylog_flush();
}
