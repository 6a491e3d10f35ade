/* sampler.c: the sampling profiler (sampler.h).
 *
 * The ring: the signal handler is its only producer (on the main thread;
 * a sample that lands on another thread only counts in `foreign`), and
 * sampler_drain its only consumer (the main thread, or whichever thread
 * collects; a second one at the same time does nothing). The handler writes a
 * record, then publishes it by advancing `head`; the consumer reads up to
 * the head it loaded and then advances `tail`. A full ring drops the
 * sample (counted as other).
 *
 * Invariant: a record names something that still exists. A code address
 * names a trace whose code is not freed (sampler_code_freed drains first)
 * and a CodeObject * one the collector has not taken (every collection
 * drains first, from its start event): drained samples are counts by
 * text, which outlive everything.
 */
#include "sampler.h"

#include <errno.h>
#include <gc/gc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "../jit/mcode.h"
#include "../jit/trace.h"
#include "../runtime.h"
#include "../util/buf.h"
#include "jitevents.h"
#include "pypylog.h"

volatile uint8_t tpy_vmstate;
void *volatile sampler_interp_fp;
int sampler_hz;

static const char *const kind_words[SAMPLE__COUNT] = {
#define SAMPLE_KIND_WORD(e, word) word,
    SAMPLE_KIND_DEF(SAMPLE_KIND_WORD)
#undef SAMPLE_KIND_WORD
};

/* ---- the handler's side ---------------------------------------------------------------- */

typedef struct Sample {
    uintptr_t addr;     /* mcode: RIP; helper: the return address; interp: CodeObject * */
    int32_t instr;      /* interp: the instruction's index (-1: unknown) */
    uint16_t periods;   /* timer periods it stands for (1 + the overrun) */
    uint8_t kind;       /* SampleKind */
} Sample;

#define RING_SIZE (1u << 16)    /* 65 s at 1 kHz between drains */
static Sample *ring;
static volatile uint32_t head, tail;
static volatile uint32_t foreign;       /* periods of samples of other threads, dropped ones */
static volatile uint8_t in_collection;
static uintptr_t code_lo, code_hi;      /* the JIT's code region */
static uintptr_t stack_lo, stack_hi;    /* the main thread's stack */
static bool started;
static timer_t timer;
static pid_t owner;     /* a forked child has no timer and writes no samples */

static bool in_code(uintptr_t p) { return p >= code_lo && p < code_hi; }
static bool on_stack(uintptr_t p, uintptr_t lo) { return p >= lo && p + 16 <= stack_hi && (p & 7) == 0; }

/* The return address into machine code of the C it called: along the
 * frame-pointer chain, then (a function that has not set up its frame
 * yet, or a library one without frame pointer) among the stack words
 * above RSP. 0 if neither finds one. */
static uintptr_t return_into_code(uintptr_t rsp, uintptr_t rbp) {
    uintptr_t fp = rbp;
    for (int depth = 0; depth < 256 && on_stack(fp, rsp); depth++) {
        const uintptr_t *frame = (const uintptr_t *)fp;
        if (in_code(frame[1])) return frame[1];
        if (frame[0] <= fp) break;   /* the chain only goes up the stack */
        fp = frame[0];
    }
    for (uintptr_t p = rsp; p < rsp + 4096 && on_stack(p, rsp); p += 8)
        if (in_code(*(const uintptr_t *)p)) return *(const uintptr_t *)p;
    return 0;
}

/* The interpreter's `ip` for code `co`: a word pointing into its
 * instructions (after the first: ip points after the instruction being
 * run), in the interrupted registers first, then among the stack words
 * up to the innermost eval_frame activation (registers the C it called
 * saved). -1 if none. */
static int32_t interp_instr(const CodeObject *co, const greg_t *regs, uintptr_t rsp) {
    uintptr_t lo = (uintptr_t)co->code, hi = lo + 4 * (uintptr_t)co->ncode;
    static const int gpr[] = {REG_RBX, REG_R12, REG_R13, REG_R14, REG_R15, REG_RBP, REG_RAX, REG_RCX,
                              REG_RDX, REG_RSI,  REG_RDI, REG_R8,  REG_R9,  REG_R10, REG_R11};
    for (size_t i = 0; i < sizeof gpr / sizeof gpr[0]; i++) {
        uintptr_t v = (uintptr_t)regs[gpr[i]];
        if (v > lo && v <= hi && (v - lo) % 4 == 0) return (int32_t)((v - lo) / 4) - 1;
    }
    uintptr_t top = (uintptr_t)sampler_interp_fp;
    for (uintptr_t p = rsp; p < top && on_stack(p, rsp); p += 8) {
        uintptr_t v = *(const uintptr_t *)p;
        if (v > lo && v <= hi && (v - lo) % 4 == 0) return (int32_t)((v - lo) / 4) - 1;
    }
    return -1;
}

/* The kernel checks CPU-time timers at its scheduler tick (250 Hz on the
 * machines we measured): a faster rate gets one signal per tick, whose
 * overrun says how many periods went by. A sample stands for them all,
 * so the counts are in periods (CPU time) whatever the tick. */
static void on_sigprof(int sig, siginfo_t *info, void *ucontext) {
    (void)sig;
    int saved_errno = errno;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    uint32_t h = head;
    int overrun = info->si_code == SI_TIMER && info->si_overrun > 0 ? info->si_overrun : 0;
    uint16_t periods = (uint16_t)(overrun < 65534 ? 1 + overrun : 65535);
    if (here < stack_lo || here >= stack_hi || h - tail >= RING_SIZE) {
        __atomic_fetch_add(&foreign, periods, __ATOMIC_RELAXED);
        errno = saved_errno;
        return;
    }
    const greg_t *regs = ((const ucontext_t *)ucontext)->uc_mcontext.gregs;
    uintptr_t rip = (uintptr_t)regs[REG_RIP], rsp = (uintptr_t)regs[REG_RSP], rbp = (uintptr_t)regs[REG_RBP];
    Sample s = {0, -1, periods, SAMPLE_OTHER};
    if (in_collection) {
        s.kind = SAMPLE_GC;
    } else if (in_code(rip)) {
        s.kind = SAMPLE_MCODE;
        s.addr = rip;
    } else if (tpy_vmstate == VM_MCODE) {
        s.addr = return_into_code(rsp, rbp);
        if (s.addr) s.kind = SAMPLE_HELPER;
    } else if (tpy_vmstate == VM_COMPILING) {
        s.kind = SAMPLE_COMPILING;
    } else if (jit.recording) {
        s.kind = SAMPLE_TRACING;
    } else if (tstate.frame && tstate.frame->code) {
        const CodeObject *co = tstate.frame->code;
        s.kind = SAMPLE_INTERP;
        s.addr = (uintptr_t)co;
        s.instr = interp_instr(co, regs, rsp);
        /* (not found: the frame's saved ip, right whenever it called) */
        if (s.instr < 0 && tstate.frame->ip) s.instr = frame_lasti(tstate.frame);
    }
    ring[h % RING_SIZE] = s;
    __atomic_store_n(&head, h + 1, __ATOMIC_RELEASE);
    errno = saved_errno;
}

/* ---- resolving (outside the handler) ----------------------------------------------------- */

/* The code of the traces, by start address (sorted), with their names as
 * jit-profile-trace writes them ("loop 3", "bridge 17"). */
typedef struct CodeRange {
    uintptr_t start, end;
    char name[40];
} CodeRange;
static CodeRange *ranges;
static size_t nranges, capranges;

static const CodeRange *range_of(uintptr_t pc) {
    size_t lo = 0, hi = nranges;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ranges[mid].start <= pc) lo = mid + 1;
        else hi = mid;
    }
    return lo && pc < ranges[lo - 1].end ? &ranges[lo - 1] : NULL;
}

/* Counts by (kind, text), summed since the start: open addressing. */
typedef struct SampleCount {
    char *text;         /* "loop 3 +0x1c", "/path/prog.py:14 words", "" */
    uint64_t n;
    uint8_t kind;
} SampleCount;
static SampleCount *counts;
static size_t ncounts, capcounts;

static size_t text_hash(int kind, const char *s) {
    size_t h = 1469598103934665603u ^ (size_t)kind;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static bool count_grow(void) {
    size_t cap = capcounts ? capcounts * 2 : 256;
    SampleCount *n = calloc(cap, sizeof(SampleCount));
    if (!n) return false;
    for (size_t i = 0; i < capcounts; i++) {
        if (!counts[i].text) continue;
        size_t j = text_hash(counts[i].kind, counts[i].text) & (cap - 1);
        while (n[j].text) j = (j + 1) & (cap - 1);
        n[j] = counts[i];
    }
    free(counts);
    counts = n;
    capcounts = cap;
    return true;
}

static void count_add(int kind, const char *text, uint64_t n) {
    if (2 * (ncounts + 1) > capcounts && !count_grow()) return;
    size_t j = text_hash(kind, text) & (capcounts - 1);
    while (counts[j].text && (counts[j].kind != kind || strcmp(counts[j].text, text) != 0)) j = (j + 1) & (capcounts - 1);
    if (!counts[j].text) {
        counts[j].text = strdup(text);
        if (!counts[j].text) return;
        counts[j].kind = (uint8_t)kind;
        ncounts++;
    }
    counts[j].n += n;
}

/* (no collector memory here: a collection's start drains) */
static void resolve(const Sample *s) {
    char text[1024] = "";
    int kind = s->kind;
    if (kind == SAMPLE_MCODE || kind == SAMPLE_HELPER) {
        const CodeRange *r = range_of(s->addr);
        if (r) snprintf(text, sizeof text, "%s +0x%lx", r->name, (unsigned long)(s->addr - r->start));
        else kind = SAMPLE_OTHER;   /* (code of no trace: trampolines) */
    } else if (kind == SAMPLE_INTERP) {
        CodeObject *co = (CodeObject *)s->addr;
        snprintf(text, sizeof text, "%s:%d %s", str_data(co->filename), code_line(co, s->instr), str_data(co->name));
    }
    count_add(kind, text, s->periods);
}

/* One consumer at a time: a thread that collects without the interpreter
 * lock (C code that released it) may drain while the main thread does. */
static bool draining;

void sampler_drain(void) {
    if (!ring || __atomic_test_and_set(&draining, __ATOMIC_ACQUIRE)) return;
    uint32_t h = __atomic_load_n(&head, __ATOMIC_ACQUIRE);
    for (uint32_t i = tail; i != h; i++) resolve(&ring[i % RING_SIZE]);
    __atomic_store_n(&tail, h, __ATOMIC_RELEASE);
    __atomic_clear(&draining, __ATOMIC_RELEASE);
}

/* The trace's map from code offsets to source locations, for the report
 * (a jit-profile-lines section): the offset of the first operation with
 * code after each debug_merge_point, and that point's location (as
 * jit-log-opt writes it: function, file, first line and line, bytecode).
 * jit-log-opt itself would do (lib/jitprof.py reads either), but
 * formatting every operation cost up to 3.7% of the instructions of a
 * program that compiles many traces (bench/sim_classes.py). */
static void write_line_map(const Trace *t) {
    if (!pypylog_start(PL_PROFILE_LINES) || !t->op_offsets) {
        pypylog_stop(PL_PROFILE_LINES);
        return;
    }
    Buf line;
    buf_init(&line, 160);
    pypylog_print("%s %u", jitev_kind_name(t->kind), t->number);
    const PosDescr *at = NULL;
    for (int32_t i = 0; i < t->ir.nops; i++) {
        const IROp *op = &t->ir.ops[i];
        if (op->opcode == IR_debug_merge_point) {
            if (op->descr) at = (const PosDescr *)op->descr;
            continue;
        }
        if (!at || t->op_offsets[i] < 0) continue;
        line.len = 0;
        jitev_location(at->code, at->pc, &line);
        pypylog_print("+%d %s", t->op_offsets[i], line.data);
        at = NULL;
    }
    pypylog_print("+%zu end", t->mcode_len);
    pypylog_stop(PL_PROFILE_LINES);
}

void sampler_code_added(const Trace *t) {
    if (!ring || !t->mcode) return;
    write_line_map(t);
    if (nranges == capranges) {
        size_t cap = capranges ? capranges * 2 : 64;
        CodeRange *n = realloc(ranges, sizeof(CodeRange) * cap);
        if (!n) return;
        ranges = n;
        capranges = cap;
    }
    uintptr_t start = (uintptr_t)t->mcode;
    size_t at = 0;
    while (at < nranges && ranges[at].start < start) at++;
    memmove(&ranges[at + 1], &ranges[at], sizeof(CodeRange) * (nranges - at));
    CodeRange *r = &ranges[at];
    r->start = start;
    r->end = start + t->mcode_len;
    snprintf(r->name, sizeof r->name, "%s %u", jitev_kind_name(t->kind), t->number);
    nranges++;
}

void sampler_code_freed(const Trace *t) {
    if (!ring || !t->mcode) return;
    sampler_drain();
    for (size_t i = 0; i < nranges; i++) {
        if (ranges[i].start == (uintptr_t)t->mcode) {
            memmove(&ranges[i], &ranges[i + 1], sizeof(CodeRange) * (nranges - i - 1));
            nranges--;
            return;
        }
    }
}

/* ---- starting and writing ------------------------------------------------------------------ */

static GC_on_collection_event_proc chained_event;

/* A collection may take the code objects samples name: drain first. */
static void on_collection_event(GC_EventType e) {
    if (e == GC_EVENT_START) {
        sampler_drain();
        in_collection = 1;
    } else if (e == GC_EVENT_END) {
        in_collection = 0;
    }
    if (chained_event) chained_event(e);
}

int sampler_parse_hz(const char *text) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < 0 || v > SAMPLER_MAX_HZ) return -1;
    return (int)v;
}

void sampler_start(void) {
    if (started) return;
    const char *env = getenv("TPY_JIT_PROFILE_HZ");
    sampler_hz = SAMPLER_DEFAULT_HZ;
    if (env && *env) {
        int hz = sampler_parse_hz(env);
        if (hz < 0)
            fprintf(stderr, "tpy: TPY_JIT_PROFILE_HZ must be a whole number from 0 (off) to %d, not '%s'; using %d\n",
                    SAMPLER_MAX_HZ, env, SAMPLER_DEFAULT_HZ);
        else
            sampler_hz = hz;
    }
    if (sampler_hz == 0) return;
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    int got = pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
    if (got != 0) return;
    stack_lo = (uintptr_t)addr;
    stack_hi = (uintptr_t)addr + size;
    if (!mcode_region(&code_lo, &code_hi)) code_lo = code_hi = 0;
    ring = calloc(RING_SIZE, sizeof(Sample));
    if (!ring) return;
    chained_event = GC_get_on_collection_event();
    GC_set_on_collection_event(on_collection_event);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_RESTART | SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGPROF, &sa, NULL) != 0) return;
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGPROF;
    if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &timer) != 0) {
        fprintf(stderr, "tpy: --jit-profile: no CPU-time timer (%s): no samples\n", strerror(errno));
        return;
    }
    long period = 1000000000L / sampler_hz;
    struct itimerspec its = {{period / 1000000000L, period % 1000000000L}, {period / 1000000000L, period % 1000000000L}};
    started = true;
    owner = getpid();
    timer_settime(timer, 0, &its, NULL);
}

static int cmp_count(const void *a, const void *b) {
    const SampleCount *x = a, *y = b;
    if (x->kind != y->kind) return x->kind - y->kind;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return strcmp(x->text, y->text);
}

void sampler_finish(void) {
    if (!started || getpid() != owner) return;
    timer_delete(timer);
    started = false;
    sampler_drain();
    uint32_t lost = __atomic_exchange_n(&foreign, 0, __ATOMIC_RELAXED);
    if (lost) count_add(SAMPLE_OTHER, "", lost);
    SampleCount *sorted = malloc(sizeof(SampleCount) * (ncounts + 1));
    if (!sorted) return;
    size_t n = 0;
    for (size_t i = 0; i < capcounts; i++)
        if (counts[i].text) sorted[n++] = counts[i];
    qsort(sorted, n, sizeof(SampleCount), cmp_count);
    Buf out;
    buf_init(&out, 256 + 64 * n);
    uint64_t ts = pypylog_timestamp();
    const char *name = pypylog_section_names[PL_PROFILE_SAMPLES];
    buf_printf(&out, "[%llx] {%s\nhz=%d\n", (unsigned long long)ts, name, sampler_hz);
    for (size_t i = 0; i < n; i++) {
        const SampleCount *c = &sorted[i];
        if (c->kind == SAMPLE_MCODE || c->kind == SAMPLE_HELPER)
            buf_printf(&out, "%s %s %llu\n", kind_words[c->kind], c->text, (unsigned long long)c->n);
        else if (c->kind == SAMPLE_INTERP)
            buf_printf(&out, "%s %llu %s\n", kind_words[c->kind], (unsigned long long)c->n, c->text);
        else
            buf_printf(&out, "%s %llu\n", kind_words[c->kind], (unsigned long long)c->n);
    }
    buf_printf(&out, "[%llx] %s}\n", (unsigned long long)ts, name);
    pypylog_write_raw(out.data, out.len);
    free(sorted);
}
