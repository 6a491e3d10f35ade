/* profiler.c: the JIT-aware profiler's recording side (profiler.h).
 *
 * The program's side: timed events go to a buffer (C writes them: entries
 * and exits, and the machine code's sampled events through its cold path;
 * with every event timed the machine code appends its own); each trace's
 * count of machine-code events is its countdown's progress, read when a
 * buffer is handed over.
 *
 * Two forms of log. By default, each time a buffer of events fills (on the
 * writer thread, started then) or another log section is due (in place),
 * the accounting the report would do is done here and written as one
 * jit-profile-summary section: each trace's ticks and entries since the
 * last one. When PYPYLOG names the seed's sections (jit-profile-enter,
 * jit-profile-exit) and not the summaries, or TPY_JIT_PROFILE_EVENTS says
 * so (tpy --jit-profile-events), every event is timed and written as its
 * own section: exact, but a program that crosses between loops millions
 * of times a second then writes hundreds of megabytes, which costs more
 * than the program. Either form comes with the profiler's own sections
 * (jit-profile-trace, jit-profile-calibration), whatever PYPYLOG selects:
 * the events and summaries name traces by number, and times need the
 * clock's rate.
 *
 * Writing the events as PYPYLOG text is the expensive part, so it happens
 * on a writer thread: the program fills one event buffer while the writer
 * formats and writes full ones. The writer touches no collected memory
 * (events and trace names are malloc'd), so the collector need not know
 * it. Before the program writes any other log section, it hands over its
 * buffer and waits until the writer is idle: the log stays in time order.
 */
#include "profiler.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../jit/mcode.h"
#include "../jit/trace.h"
#include "../runtime.h"
#include "../util/buf.h"
#include "jitevents.h"
#include "pypylog.h"
#include "sampler.h"

#define PROF_CAPACITY (1u << 16)    /* events per buffer */
#define PROF_BUFFERS 4
#define NAMES_CHUNK 1024

static uint64_t *route_far;
uint64_t **jit_prof_route = &route_far;
bool jit_prof_route_near;
int jit_profile_mode;
int jit_prof_sample = 1;

/* Sampled timing: a trace's mean number of events between timed ones. A
 * timed pair costs ~80 ns (the cold path's calls and the time stamp
 * counter), so 1 in 1024 keeps it under 0.1 ns per event while a trace run
 * a million times still gets a thousand samples (docs/profiler.md,
 * "Sampled timing"; measured on bench/richards_lite.py, 12 million events
 * in 0.1 s: 1 in 64 cost 15% more time than 1 in 1024). */
#define PROF_DEFAULT_SAMPLE 1024

/* Trace names by uid, in chunks that never move (the writer reads them
 * while the program adds more). */
typedef struct TraceText {
    char *name;             /* "loop 3", "bridge 17", "entry bridge 5" */
    char *description;      /* the name and the trace's source location */
    uint8_t described;      /* writer: its jit-profile-trace section is out */
} TraceText;
static TraceText *text_chunks[1 << 16];
static uint32_t ntraces;

static TraceText *text_of(uint32_t uid) {
    uint32_t i = uid - 1;
    return &text_chunks[i / NAMES_CHUNK][i % NAMES_CHUNK];
}

/* buffers: the one being filled (current), full ones queued for the
 * writer, free ones */
static ProfEvent *bufs[PROF_BUFFERS];
static size_t full_len[PROF_BUFFERS];
/* with each buffer: the machine code's events per trace since the last
 * one (in the order of uids) */
typedef struct ProfCount {
    uint32_t uid;
    uint64_t n;
} ProfCount;
static ProfCount *counts[PROF_BUFFERS];
static size_t ncounts[PROF_BUFFERS], counts_cap[PROF_BUFFERS];
static int queue[PROF_BUFFERS], qhead, qcount;
static bool is_free[PROF_BUFFERS];
static int current = -1;
static bool writing;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv_work = PTHREAD_COND_INITIALIZER, cv_idle = PTHREAD_COND_INITIALIZER;
static bool writer_started, writer_failed;

static const PypylogSection event_section[PROF__COUNT] = {
#define PROF_EVENT_SECTION(e, section, text) section,
    PROF_EVENT_DEF(PROF_EVENT_SECTION)
#undef PROF_EVENT_SECTION
};
static const char *const event_text[PROF__COUNT] = {
#define PROF_EVENT_TEXT(e, section, text) text,
    PROF_EVENT_DEF(PROF_EVENT_TEXT)
#undef PROF_EVENT_TEXT
};

static uint64_t start_tsc;
static struct timespec start_time;

/* ---- formatting (on the writer thread) ------------------------------------------------- */

static char *hex_u64(char *p, uint64_t v) {
    char tmp[16];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    while (n) *p++ = tmp[--n];
    return p;
}

static char *put(char *p, const char *s) {
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* "[ts] {section\n" and "[ts] section}\n" */
static char *section_open(char *p, uint64_t ts, const char *name) {
    *p++ = '[';
    p = hex_u64(p, ts);
    p = put(p, "] {");
    p = put(p, name);
    *p++ = '\n';
    return p;
}
static char *section_close(char *p, uint64_t ts, const char *name) {
    *p++ = '[';
    p = hex_u64(p, ts);
    p = put(p, "] ");
    p = put(p, name);
    p = put(p, "}\n");
    return p;
}

/* "[ts] {section\nbody\n[ts] section}\n" */
static char *section(char *p, uint64_t ts, const char *name, const char *body1, const char *body2) {
    p = section_open(p, ts, name);
    p = put(p, body1);
    if (body2) {
        p = put(p, " (");
        p = put(p, body2);
        *p++ = ')';
    }
    *p++ = '\n';
    return section_close(p, ts, name);
}

/* ---- the summary form (on the writer thread) ---------------------------------------------- */

static bool events_mode;
static uint64_t sum_last;           /* the last timed event's time */
static bool sum_last_from_code;     /* ... and it was the machine code's */
static int sum_paused;              /* nesting of tracing */
static uint64_t sum_stretches;      /* time of the intervals not timed one by one */
/* by uid: since the last summary */
static uint64_t *sum_ticks, *sum_entries;
static uint64_t *sum_code_events;   /* the machine code's events (each starts an interval) */
static uint64_t *sum_code_exact;    /* ... whose interval was timed exactly */
/* by uid, over the whole run: the samples (exactly timed intervals that
 * the machine code started) and their mean */
static uint64_t *est_ticks, *est_count;
static double *est_mean;
static uint64_t est_all_ticks, est_all_count;
/* by uid: what the summaries wrote so far, added up (tpyjit's times) */
static uint64_t *total_ticks;
static uint32_t sum_cap;
/* A growing array of uids (the writer's dirty list and stack, the
 * program's outer entries). */
typedef struct UidStack {
    uint32_t *v;
    size_t n, cap;
} UidStack;

static void uid_push(UidStack *st, uint32_t uid) {
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 64;
        uint32_t *v = realloc(st->v, sizeof(uint32_t) * cap);
        if (!v) abort();
        st->v = v;
        st->cap = cap;
    }
    st->v[st->n++] = uid;
}

/* the uids with something to write or to split since the last summary
   (a program with thousands of traces writes a summary before each of its
   tracing and compiling sections: those do not go through them all) */
static UidStack dirty;
static uint8_t *is_dirty;           /* by uid */

static void mark(uint32_t uid) {
    if (is_dirty[uid]) return;
    is_dirty[uid] = 1;
    uid_push(&dirty, uid);
}

static bool sum_grow(uint32_t uid) {
    if (uid < sum_cap) return true;
    uint32_t cap = sum_cap ? sum_cap : 256;
    while (cap <= uid) cap *= 2;
    /* all 8-byte elements, zero-filled (0.0 is all zero bits) */
    void **arrays[] = {(void **)&sum_ticks,  (void **)&sum_entries, (void **)&sum_code_events,
                       (void **)&sum_code_exact, (void **)&est_ticks, (void **)&est_count,
                       (void **)&est_mean,  (void **)&total_ticks};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++) {
        char *n = realloc(*arrays[k], 8 * (size_t)cap);
        if (!n) return false;
        memset(n + 8 * (size_t)sum_cap, 0, 8 * (size_t)(cap - sum_cap));
        *arrays[k] = n;
    }
    uint8_t *d = realloc(is_dirty, cap);
    if (!d) return false;
    memset(d + sum_cap, 0, cap - sum_cap);
    is_dirty = d;
    sum_cap = cap;
    return true;
}

/* With every event timed, the machine code does not say which trace ran
 * until an event: a stack of running traces does (lib/jitprof.py's
 * read_log, in C). Entering from the interpreter pushes (compiled code can
 * call the interpreter, which can enter other compiled code), a jump or a
 * bridge entry replaces the top, an exit pops. */
static UidStack stack;

static void stack_event(const ProfEvent *e) {
    if (e->kind == PROF_ENTER || ((e->kind == PROF_JUMP || e->kind == PROF_BRIDGE) && stack.n == 0)) {
        uid_push(&stack, e->uid);
    } else if (e->kind == PROF_JUMP || e->kind == PROF_BRIDGE) {
        stack.v[stack.n - 1] = e->uid;
    } else if (e->kind != PROF_PAUSE && e->kind != PROF_RESUME && stack.n) {
        stack.n--;
    }
}

/* One timed event into the accounting: the interval it ends goes to the
 * trace that ran it if timed exactly, else into the stretches. */
static void sum_event(const ProfEvent *e) {
    uint64_t dt = sum_last && e->tsc > sum_last ? e->tsc - sum_last : 0;
    uint32_t top = e->top;
    if (jit_prof_sample == 1) {
        top = stack.n ? stack.v[stack.n - 1] : 0;
        stack_event(e);
    }
    if (dt && !sum_paused) {
        if (!e->exact) {
            sum_stretches += dt;
        } else if (top) {
            sum_ticks[top] += dt;
            mark(top);
            if (sum_last_from_code) {
                /* a sample: an interval the machine code started. The mean
                   is what matters, and a few samples interrupted by the
                   system (a page fault, another process) would swamp it:
                   past 8 samples, one counts at most 8 times the mean */
                uint64_t n = est_count[top];
                if (n >= 8 && (double)dt > 8.0 * est_mean[top]) dt = (uint64_t)(8.0 * est_mean[top]);
                sum_code_exact[top]++;
                est_ticks[top] += dt;
                est_count[top]++;
                est_mean[top] = (double)est_ticks[top] / (double)est_count[top];
                est_all_ticks += dt;
                est_all_count++;
            }
        }
    }
    if (e->kind == PROF_PAUSE) sum_paused++;
    else if (e->kind == PROF_RESUME && sum_paused > 0) sum_paused--;
    else if (e->kind == PROF_ENTER) {
        sum_entries[e->uid]++;
        mark(e->uid);
    }
    sum_last = e->tsc;
    sum_last_from_code = e->kind == PROF_JUMP || e->kind == PROF_BRIDGE;
}

static double mean_interval(uint32_t uid) {
    if (est_mean[uid] > 0) return est_mean[uid];
    if (est_all_count) return (double)est_all_ticks / (double)est_all_count;
    return 1.0;
}

/* The stretches' time goes to the intervals not timed one by one: each
 * trace's count of them times its mean interval, scaled to add up. Done
 * when counts come (they come with some of the buffers: the stretches and
 * samples before wait for them). */
static void sum_split_stretches(void) {
    double total = 0;
    for (size_t k = 0; k < dirty.n; k++) {
        uint32_t uid = dirty.v[k];
        if (sum_code_events[uid] > sum_code_exact[uid])
            total += (double)(sum_code_events[uid] - sum_code_exact[uid]) * mean_interval(uid);
    }
    if (total > 0 && sum_stretches) {
        double cum = 0;
        uint64_t given = 0;
        for (size_t k = 0; k < dirty.n; k++) {
            uint32_t uid = dirty.v[k];
            if (sum_code_events[uid] <= sum_code_exact[uid]) continue;
            /* cumulative rounding: the parts add up exactly */
            cum += (double)(sum_code_events[uid] - sum_code_exact[uid]) * mean_interval(uid);
            uint64_t upto = (uint64_t)((double)sum_stretches * (cum / total) + 0.5);
            if (upto > sum_stretches) upto = sum_stretches;
            if (upto > given) sum_ticks[uid] += upto - given;
            given = upto;
        }
        sum_stretches = 0;
    }
    /* (with no untimed interval to give them to, the stretches wait for
       the next counts) */
    for (size_t k = 0; k < dirty.n; k++) sum_code_events[dirty.v[k]] = sum_code_exact[dirty.v[k]] = 0;
}

static char *dec_u64(char *p, uint64_t v) {
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) *p++ = tmp[--n];
    return p;
}

/* The batch's summary: trace descriptions first seen, then one section
 * with "NAME ticks=T entries=E" per trace charged since the last one. */
static int cmp_uid(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void write_summary(const ProfEvent *ev, size_t n, const ProfCount *cn, size_t ncn) {
    static char *out;
    static size_t cap;
    uint64_t ts = 0;
    size_t nevents = 0;
    uint32_t known = ntraces;
    if (!sum_grow(known)) return;
    for (size_t k = 0; k < n; k++) {
        const ProfEvent *e = &ev[k];
        if (e->uid > known || e->top > known || e->kind >= PROF__COUNT) continue;
        sum_event(e);
        /* the machine code's events are in the counts */
        if (e->uid && e->kind != PROF_JUMP && e->kind != PROF_BRIDGE) nevents++;
        if (e->tsc > ts) ts = e->tsc;
    }
    for (size_t k = 0; k < ncn; k++) {
        if (cn[k].uid > known) continue;
        sum_code_events[cn[k].uid] += cn[k].n;
        sum_entries[cn[k].uid] += cn[k].n;
        mark(cn[k].uid);
        nevents += cn[k].n;
    }
    if (ncn) sum_split_stretches();
    if (!nevents) return;
    if (!ts) ts = pypylog_timestamp();
    size_t need = 256;
    for (size_t k = 0; k < dirty.n; k++) {
        uint32_t uid = dirty.v[k];
        if (sum_ticks[uid] || sum_entries[uid]) {
            TraceText *tt = text_of(uid);
            need += 64 + strlen(tt->name) + (tt->described ? 0 : strlen(tt->description) + 100);
        }
    }
    if (need > cap) {
        cap = need * 2;
        out = realloc(out, cap);
        if (!out) abort();
    }
    char *p = out;
    /* in the order of uids, as the report's ties are */
    qsort(dirty.v, dirty.n, sizeof(uint32_t), cmp_uid);
    for (size_t k = 0; k < dirty.n; k++) {
        uint32_t uid = dirty.v[k];
        TraceText *tt = text_of(uid);
        if ((sum_ticks[uid] || sum_entries[uid]) && !tt->described) {
            tt->described = 1;
            p = section(p, ts, pypylog_section_names[PL_PROFILE_TRACE], tt->description, NULL);
        }
    }
    const char *name = pypylog_section_names[PL_PROFILE_SUMMARY];
    p = section_open(p, ts, name);
    size_t keep = 0;
    for (size_t k = 0; k < dirty.n; k++) {
        uint32_t uid = dirty.v[k];
        /* (samples and stretches still waiting for counts stay dirty) */
        if (sum_code_events[uid] || sum_code_exact[uid]) dirty.v[keep++] = uid;
        else is_dirty[uid] = 0;
        if (!sum_ticks[uid] && !sum_entries[uid]) continue;
        p = put(p, text_of(uid)->name);
        p = put(p, " ticks=");
        p = dec_u64(p, sum_ticks[uid]);
        p = put(p, " entries=");
        p = dec_u64(p, sum_entries[uid]);
        *p++ = '\n';
        total_ticks[uid] += sum_ticks[uid];
        sum_ticks[uid] = sum_entries[uid] = 0;
    }
    dirty.n = keep;
    p = put(p, "events=");
    p = dec_u64(p, nevents);
    *p++ = '\n';
    if (jit_prof_sample > 1) {
        /* the report says that the split was estimated, and how */
        p = put(p, "sampling=");
        p = dec_u64(p, (uint64_t)jit_prof_sample);
        *p++ = '\n';
    }
    p = section_close(p, ts, name);
    pypylog_write_raw(out, (size_t)(p - out));
}

static void write_events(const ProfEvent *ev, size_t n, const ProfCount *cn, size_t ncn) {
    static char *out;
    static size_t cap;
    size_t len = 0;
    if (!events_mode) {
        write_summary(ev, n, cn, ncn);
        return;
    }
    /* (every event is timed: they are all here, and the counts add nothing) */
    for (size_t k = 0; k < n; k++) {
        const ProfEvent *e = &ev[k];
        if (e->uid == 0 || e->uid > ntraces || e->kind >= PROF__COUNT) continue;
        TraceText *tt = text_of(e->uid);
        const char *sec = pypylog_section_names[event_section[e->kind]];
        size_t need = 200 + strlen(tt->name) + (tt->described ? 0 : strlen(tt->description) + 100);
        if (len + need > cap) {
            cap = (len + need) * 2 + (1u << 20);
            out = realloc(out, cap);
            if (!out) abort();
        }
        char *p = out + len;
        if (!tt->described) {
            tt->described = 1;
            p = section(p, e->tsc, pypylog_section_names[PL_PROFILE_TRACE], tt->description, NULL);
        }
        p = section(p, e->tsc, sec, tt->name, event_text[e->kind]);
        len = (size_t)(p - out);
    }
    if (len) pypylog_write_raw(out, len);
}

static void *writer_main(void *arg) {
    (void)arg;
    /* the sampler's timer signal is for the program's thread */
    sigset_t prof;
    sigemptyset(&prof);
    sigaddset(&prof, SIGPROF);
    pthread_sigmask(SIG_BLOCK, &prof, NULL);
    pthread_mutex_lock(&mu);
    for (;;) {
        while (qcount == 0) pthread_cond_wait(&cv_work, &mu);
        int b = queue[qhead];
        qhead = (qhead + 1) % PROF_BUFFERS;
        qcount--;
        writing = true;
        pthread_mutex_unlock(&mu);
        write_events(bufs[b], full_len[b], counts[b], ncounts[b]);
        pthread_mutex_lock(&mu);
        writing = false;
        is_free[b] = true;
        pthread_cond_broadcast(&cv_idle);
    }
    return NULL;
}

/* ---- the program's side ----------------------------------------------------------------- */

/* The buffer being filled (profiler.h) */
ProfBuffer jit_prof_buf;

/* The machine code's countdowns (profiler.h): live, the sink it uses
 * while every event must come to C, the mute one while suppressed */
uint64_t *prof_live, *prof_sink, *prof_mute;
/* by uid: the countdown last set in live, the machine code's events that
 * came to C or whose countdown ran out, what was handed to the writer */
static uint64_t *gap_set, *counted, *reported;
static bool prof_force_next;
static uint64_t rng = 0x9E3779B97F4A7C15u;
#define PROF_NEVER (UINT64_C(1) << 62)      /* a countdown that never runs out */
/* The trace that runs now, as far as C knows: the last timed event's (or
 * 0, the interpreter); RUNNING_UNKNOWN when untimed events may have
 * followed (the next timed event ends a stretch, not an exact interval). */
#define RUNNING_UNKNOWN UINT32_MAX
static uint32_t running;
/* what ran when compiled code was entered from the interpreter, by
   nesting of entries (running again when the entry exits) */
static UidStack outer_running;

static void route(void) {
    /* (suppressed, it stays mute: the end of the suppression restores) */
    if (!prof_suppressed()) *jit_prof_route = prof_force_next && jit_prof_sample > 1 ? prof_sink : prof_live;
}

/* The countdown after a trace's timed event: random (a fixed one could
 * beat in step with a program's loops and time always the same kind of
 * interval), of mean jit_prof_sample - 1, but shorter for a trace's first
 * events (mean counted / 16): every trace gets samples early, also one
 * entered rarely that runs long each time. */
static uint64_t random_gap(uint64_t counted_so_far) {
    uint64_t mean = 1 + counted_so_far / 16;
    if (mean > (uint64_t)jit_prof_sample) mean = (uint64_t)jit_prof_sample;
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng % (2 * mean - 1);
}

static void start_writer(void) {
    pthread_t th;
    writer_started = pthread_create(&th, NULL, writer_main, NULL) == 0;
    if (writer_started) pthread_detach(th);
    else writer_failed = true;
}

static void open_current(void) {
    jit_prof_buf.pos = bufs[current];
    jit_prof_buf.end = bufs[current] + PROF_CAPACITY;
}

/* With the current buffer: each trace's count of machine-code events since
 * the last hand-off (read here, on the program's thread, from the
 * countdowns' progress). */
static bool finishing;
static uint64_t last_take;
/* Counts before a log section: at most about once a millisecond (2^21
 * ticks) and at the end; reading them goes through all traces. */
#define TAKE_INTERVAL_TICKS (1u << 21)

static void take_counts(bool drain) {
    ncounts[current] = 0;
    uint64_t now = pypylog_timestamp();
    if (drain && !finishing && now - last_take < TAKE_INTERVAL_TICKS) return;
    last_take = now;
    uint32_t last = ntraces < PROF_MAX_UIDS ? ntraces : PROF_MAX_UIDS - 1;
    for (uint32_t uid = 1; uid <= last; uid++) {
        uint64_t total = counted[uid] + gap_set[uid] - prof_live[uid];
        if (total == reported[uid]) continue;
        if (ncounts[current] == counts_cap[current]) {
            size_t cap = counts_cap[current] ? counts_cap[current] * 2 : 256;
            ProfCount *c = realloc(counts[current], sizeof(ProfCount) * cap);
            if (!c) return;   /* (counted next time) */
            counts[current] = c;
            counts_cap[current] = cap;
        }
        counts[current][ncounts[current]++] = (ProfCount){uid, total - reported[uid]};
        reported[uid] = total;
    }
}

/* Hand the filled buffer to the writer and take a free one; with `drain`,
 * also wait until everything is written. */
static void hand_off(bool drain) {
    if (current < 0) return;
    size_t n = (size_t)(jit_prof_buf.pos - bufs[current]);
    take_counts(drain);
    /* a full buffer: from now on a thread sums or writes them, in parallel
       with the program (short runs never fill one, and need no thread) */
    if (!drain && !writer_started && !writer_failed) start_writer();
    if (!writer_started || writer_failed) {
        /* no thread: write here */
        write_events(bufs[current], n, counts[current], ncounts[current]);
        open_current();
        return;
    }
    if (drain && !events_mode) {
        /* before another log section: summing a buffer is cheap, so do it
           here once the writer is idle, without a round trip through it */
        pthread_mutex_lock(&mu);
        while (qcount > 0 || writing) pthread_cond_wait(&cv_idle, &mu);
        pthread_mutex_unlock(&mu);
        if (n || ncounts[current]) write_events(bufs[current], n, counts[current], ncounts[current]);
        open_current();
        return;
    }
    pthread_mutex_lock(&mu);
    if (n || ncounts[current]) {
        full_len[current] = n;
        is_free[current] = false;
        queue[(qhead + qcount) % PROF_BUFFERS] = current;
        qcount++;
        pthread_cond_signal(&cv_work);
        int next = -1;
        while (next < 0) {
            for (int i = 0; i < PROF_BUFFERS; i++)
                if (is_free[i]) next = i;
            if (next < 0) pthread_cond_wait(&cv_idle, &mu);
        }
        is_free[next] = false;
        current = next;
    }
    while (drain && (qcount > 0 || writing)) pthread_cond_wait(&cv_idle, &mu);
    pthread_mutex_unlock(&mu);
    open_current();
}

/* PyPy's rule for PYPYLOG selects sections by name prefix; the profiler
 * writes one of two forms, so the selection picks one: naming the seed's
 * event sections (jit-profile-enter or jit-profile-exit, or a prefix of
 * theirs only, such as jit-profile-e) asks for them; any selection that
 * covers jit-profile-summary (jit-profile, jit, or all sections) keeps the
 * cheap summaries. TPY_JIT_PROFILE_EVENTS, when set, decides the form
 * (0: summaries), for a selection that covers both. */
int prof_form_wanted(void) {
    bool events = pypylog_wants(PL_PROFILE_ENTER) || pypylog_wants(PL_PROFILE_EXIT);
    bool summary = pypylog_wants(PL_PROFILE_SUMMARY);
    if (!events && !summary) return PROF_FORM_NONE;
    const char *ev = getenv("TPY_JIT_PROFILE_EVENTS");
    if (ev && *ev) return strcmp(ev, "0") != 0 ? PROF_FORM_EVENTS : PROF_FORM_SUMMARY;
    return events && !summary ? PROF_FORM_EVENTS : PROF_FORM_SUMMARY;
}

void prof_start(int mode, int form) {
    events_mode = form == PROF_FORM_EVENTS;
    const char *sample = getenv("TPY_JIT_PROFILE_SAMPLE");
    jit_prof_sample = PROF_DEFAULT_SAMPLE;
    if (sample && *sample) {
        char *end;
        long v = strtol(sample, &end, 10);
        if (*end || v < 1 || v > PROF_MAX_SAMPLE)
            fprintf(stderr, "tpy: TPY_JIT_PROFILE_SAMPLE must be a whole number from 1 to %d, not '%s'; using %d\n",
                    PROF_MAX_SAMPLE, sample, PROF_DEFAULT_SAMPLE);
        else
            jit_prof_sample = (int)v;
    }
    /* the per-event form shows each event's time: it times them all */
    if (events_mode) jit_prof_sample = 1;
    start_tsc = pypylog_timestamp();
    clock_gettime(CLOCK_MONOTONIC, &start_time);
    if (current >= 0) return;
    /* (by uid: large, but only the pages of traces that exist are touched) */
    prof_live = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    prof_sink = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    prof_mute = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    gap_set = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    counted = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    reported = calloc(PROF_MAX_UIDS, sizeof(uint64_t));
    if (!prof_live || !prof_sink || !prof_mute || !gap_set || !counted || !reported) return;
    uint64_t **near = mcode_near_data(sizeof(uint64_t *));
    if (near) {
        jit_prof_route = near;
        jit_prof_route_near = true;
    }
    for (int i = 0; i < PROF_BUFFERS; i++) {
        bufs[i] = malloc(sizeof(ProfEvent) * PROF_CAPACITY);
        if (!bufs[i]) return;
        is_free[i] = true;
    }
    current = 0;
    is_free[0] = false;
    /* text is worth a thread from the start; summaries once a buffer
       fills (hand_off) */
    if (events_mode) start_writer();
    jit_profile_mode = mode;
    route();
    open_current();
    /* the sampled source lines come with the exact profile */
    sampler_start();
}

static char *dup_buf(Buf *b) {
    char *s = malloc(b->len + 1);
    if (s) {
        memcpy(s, b->data, b->len);
        s[b->len] = 0;
    }
    return s;
}

void prof_register(Trace *t) {
    if (t->uid || ntraces + 1 >= PROF_MAX_UIDS) return;
    uint32_t i = ntraces;
    if (!text_chunks[i / NAMES_CHUNK]) {
        text_chunks[i / NAMES_CHUNK] = calloc(NAMES_CHUNK, sizeof(TraceText));
        if (!text_chunks[i / NAMES_CHUNK]) return;
    }
    TraceText *tt = &text_chunks[i / NAMES_CHUNK][i % NAMES_CHUNK];
    Buf b;
    buf_init(&b, 32);
    buf_printf(&b, "%s %u", jitev_kind_name(t->kind), t->number);
    tt->name = dup_buf(&b);
    buf_init(&b, 96);
    if (t->kind == TRACE_BRIDGE) {
        buf_printf(&b, "%s of %s %u ", tt->name, jitev_kind_name(t->root->kind), t->root->number);
        Snapshot *s = t->from_guard->snap;
        SnapFrame *sf = &s->frames[s->nframes - 1];
        jitev_location(sf->code, sf->pc, &b);
    } else {
        buf_printf(&b, "%s ", tt->name);
        jitev_location(t->code, t->pc, &b);
    }
    tt->description = dup_buf(&b);
    if (!tt->name || !tt->description) return;
    /* sampled: its countdown starts at 0 (its first event is timed) and,
       muted, never runs out (2^62 events would take a century); every
       event timed: live, it never runs out, muted, every event goes to C */
    if (jit_prof_sample > 1) prof_mute[ntraces + 1] = PROF_NEVER;
    else gap_set[ntraces + 1] = prof_live[ntraces + 1] = PROF_NEVER;
    /* published to the writer by the lock of the next hand-off */
    t->uid = ++ntraces;
}

/* A timed event: it ends an exact interval, run by `running`, when
 * nothing untimed can have happened since the last one. */
static ProfEvent *timed_event(uint32_t uid, ProfEventKind kind) {
    bool handed = jit_prof_buf.pos >= jit_prof_buf.end;
    if (handed) hand_off(false);
    ProfEvent *e = jit_prof_buf.pos++;
    e->tsc = pypylog_timestamp();
    e->uid = uid;
    /* (a hand-off's wait is nobody's time: no sample of it) */
    if ((!prof_force_next || handed) && jit_prof_sample > 1) running = RUNNING_UNKNOWN;
    e->exact = running != RUNNING_UNKNOWN;
    e->top = e->exact ? running : 0;
    e->kind = (uint8_t)kind;
    return e;
}

void prof_event(Trace *t, ProfEventKind kind) {
    if (!jit_profile_mode || prof_suppressed() || current < 0 || !t->uid) return;
    if (kind == PROF_ENTER && outer_running.n == 0) {
        /* no compiled code runs outside the outermost entry: what ran
           until now is the interpreter, whatever came before */
        running = 0;
        prof_force_next = true;
    }
    ProfEvent *e = timed_event(t->uid, kind);
    if (kind == PROF_ENTER) {
        uid_push(&outer_running, running);
        running = t->uid;
    } else {
        running = outer_running.n ? outer_running.v[--outer_running.n] : 0;
    }
    prof_force_next = true;
    route();
    /* the interval starts now, as the compiled code does: the time this
       took is not the trace's */
    if (kind == PROF_ENTER) e->tsc = pypylog_timestamp();
}

void prof_slow_event(uint64_t uid_kind) {
    uint32_t uid = (uint32_t)uid_kind;
    ProfEventKind kind = (ProfEventKind)(uid_kind >> 32);
    if (uid == 0 || uid >= PROF_MAX_UIDS || !prof_live) return;
    if (*jit_prof_route == prof_mute) {
        /* suppressed: drop it (sampled: only a trace registered late) */
        prof_mute[uid] = jit_prof_sample > 1 ? PROF_NEVER : 0;
        return;
    }
    bool forced = *jit_prof_route == prof_sink;
    /* (every event comes to the sink: undo the machine code's decrement) */
    if (forced) prof_sink[uid] = 0;
    if (current < 0 || !jit_profile_mode || uid > ntraces) return;
    if (jit_prof_sample == 1) {
        /* the machine code found the buffer full (it counted the event) */
        timed_event(uid, kind);
        return;
    }
    if (forced) {
        /* the event after a timed one: timed too */
        counted[uid]++;
        timed_event(uid, kind);
        prof_force_next = false;
        running = uid;
        route();
        return;
    }
    /* its countdown ran out: this event and the next one are timed */
    counted[uid] += gap_set[uid] + 1;
    gap_set[uid] = prof_live[uid] = random_gap(counted[uid]);
    ProfEvent *e = timed_event(uid, kind);
    prof_force_next = true;
    running = uid;
    route();
    /* the sample starts now, as the machine code goes on: the time this
       took is not the trace's (it goes to the stretch before) */
    e->tsc = pypylog_timestamp();
}

void prof_flush(void) { hand_off(true); }

void prof_tracing(bool start) {
    if (current < 0 || !jit_profile_mode) return;
    timed_event(0, start ? PROF_PAUSE : PROF_RESUME);
    if (prof_suppressed()) {
        /* the end of the suppression restores the countdowns it found,
           which this cannot change: untimed events may follow */
        prof_force_next = false;
        running = RUNNING_UNKNOWN;
        return;
    }
    prof_force_next = true;
    route();
}

/* The clock's ticks per second since prof_start (0: not known yet). */
static double ticks_per_second(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t tsc = pypylog_timestamp();
    double secs = (double)(now.tv_sec - start_time.tv_sec) + 1e-9 * (double)(now.tv_nsec - start_time.tv_nsec);
    return secs > 0 && tsc > start_tsc ? (double)(tsc - start_tsc) / secs : 0;
}

double prof_trace_seconds(const Trace *t) {
    /* the per-event form writes each event as text and sums nothing */
    if (!jit_profile_mode || current < 0 || events_mode || !t->uid) return -1;
    /* what the buffers hold, summed and written first */
    prof_flush();
    double tps = ticks_per_second();
    if (tps <= 0) return -1;
    return t->uid < sum_cap ? (double)total_ticks[t->uid] / tps : 0.0;
}

void prof_finish(void) {
    if (!jit_profile_mode) return;
    finishing = true;
    prof_flush();
    sampler_finish();
    double tps = ticks_per_second();
    uint64_t tsc = pypylog_timestamp();
    if (tps > 0) {
        char body[64], text[256];
        snprintf(body, sizeof body, "ticks_per_second %.0f", tps);
        /* written whatever PYPYLOG selects, as the other profile sections */
        char *end = section(text, tsc, pypylog_section_names[PL_PROFILE_CALIBRATION], body, NULL);
        pypylog_write_raw(text, (size_t)(end - text));
    }
}
