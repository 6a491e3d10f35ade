/* profiler.c: the JIT-aware profiler's recording side (profiler.h).
 *
 * Two forms of log. By default, each time a buffer of events fills (on the
 * writer thread, started then) or another log section is due (in place),
 * the accounting the report would do is done here (a stack of running traces; the time between two events
 * goes to its top) and writes, per buffer of events, one
 * jit-profile-summary section: each trace's ticks and entries. With
 * TPY_JIT_PROFILE_EVENTS (tpy --jit-profile-events) it writes every event
 * as the seed's jit-profile-enter / jit-profile-exit sections: exact, but
 * a program that crosses between loops millions of times a second then
 * writes hundreds of megabytes, which costs more than the program.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../jit/trace.h"
#include "../runtime.h"
#include "../util/buf.h"
#include "jitevents.h"
#include "pypylog.h"

#define PROF_CAPACITY (1u << 16)    /* events per buffer */
#define PROF_BUFFERS 4
#define NAMES_CHUNK 1024

ProfBuffer jit_prof_buf;
int jit_profile_mode;

int prof_suppress_depth;
ProfEvent *prof_buf_limit;

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
static int queue[PROF_BUFFERS], qhead, qcount;
static bool is_free[PROF_BUFFERS];
static int current = -1;
static bool writing;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv_work = PTHREAD_COND_INITIALIZER, cv_idle = PTHREAD_COND_INITIALIZER;
static bool writer_started, writer_failed;
static bool with_body;

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
    if (with_body) {
        p = put(p, body1);
        if (body2) {
            p = put(p, " (");
            p = put(p, body2);
            *p++ = ')';
        }
        *p++ = '\n';
    }
    return section_close(p, ts, name);
}

/* ---- the summary form (on the writer thread) ---------------------------------------------- */

static bool events_mode;
static uint32_t *sum_stack;         /* uids of running compiled code */
static size_t sum_depth, sum_stack_cap;
static uint64_t sum_last;           /* when the top started being charged */
static int sum_paused;              /* nesting of tracing */
static uint64_t *sum_ticks, *sum_entries;   /* by uid, since the last summary */
static uint32_t sum_cap;

static void sum_charge(uint64_t ts) {
    if (sum_depth && !sum_paused && ts > sum_last) sum_ticks[sum_stack[sum_depth - 1]] += ts - sum_last;
}

static bool sum_grow(uint32_t uid) {
    if (uid >= sum_cap) {
        uint32_t cap = sum_cap ? sum_cap : 256;
        while (cap <= uid) cap *= 2;
        uint64_t *t = realloc(sum_ticks, sizeof(uint64_t) * cap), *e = realloc(sum_entries, sizeof(uint64_t) * cap);
        if (t) sum_ticks = t;
        if (e) sum_entries = e;
        if (!t || !e) return false;
        memset(sum_ticks + sum_cap, 0, sizeof(uint64_t) * (cap - sum_cap));
        memset(sum_entries + sum_cap, 0, sizeof(uint64_t) * (cap - sum_cap));
        sum_cap = cap;
    }
    if (sum_depth == sum_stack_cap) {
        size_t cap = sum_stack_cap ? sum_stack_cap * 2 : 64;
        uint32_t *st = realloc(sum_stack, sizeof(uint32_t) * cap);
        if (!st) return false;
        sum_stack = st;
        sum_stack_cap = cap;
    }
    return true;
}

/* One event into the accounting (lib/jitprof.py's read_log, in C). */
static void sum_event(const ProfEvent *e) {
    if (e->kind == PROF_PAUSE) {
        if (sum_paused++ == 0) sum_charge(e->tsc);
        return;
    }
    if (e->kind == PROF_RESUME) {
        if (sum_paused > 0 && --sum_paused == 0) sum_last = e->tsc;
        return;
    }
    if (!sum_grow(e->uid)) return;
    sum_charge(e->tsc);
    if (e->kind == PROF_ENTER || e->kind == PROF_JUMP || e->kind == PROF_BRIDGE) {
        sum_entries[e->uid]++;
        if (e->kind == PROF_ENTER || sum_depth == 0) sum_stack[sum_depth++] = e->uid;
        else sum_stack[sum_depth - 1] = e->uid;
    } else if (sum_depth) {
        sum_depth--;
    }
    sum_last = e->tsc;
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
static void write_summary(const ProfEvent *ev, size_t n) {
    static char *out;
    static size_t cap;
    uint64_t ts = 0;
    size_t nevents = 0;
    for (size_t k = 0; k < n; k++) {
        if (ev[k].uid > ntraces || ev[k].kind >= PROF__COUNT) continue;
        sum_event(&ev[k]);
        if (ev[k].tsc > ts) ts = ev[k].tsc;
        if (ev[k].uid) nevents++;
    }
    if (!nevents) return;
    size_t need = 256;
    for (uint32_t uid = 1; uid < sum_cap && uid <= ntraces; uid++)
        if (sum_ticks[uid] || sum_entries[uid]) {
            TraceText *tt = text_of(uid);
            need += 64 + strlen(tt->name) + (tt->described ? 0 : strlen(tt->description) + 100);
        }
    if (need > cap) {
        cap = need * 2;
        out = realloc(out, cap);
        if (!out) abort();
    }
    char *p = out;
    for (uint32_t uid = 1; uid < sum_cap && uid <= ntraces; uid++) {
        TraceText *tt = text_of(uid);
        if ((sum_ticks[uid] || sum_entries[uid]) && !tt->described) {
            tt->described = 1;
            p = section(p, ts, pypylog_section_names[PL_PROFILE_TRACE], tt->description, NULL);
        }
    }
    const char *name = pypylog_section_names[PL_PROFILE_SUMMARY];
    p = section_open(p, ts, name);
    for (uint32_t uid = 1; uid < sum_cap && uid <= ntraces; uid++) {
        if (!sum_ticks[uid] && !sum_entries[uid]) continue;
        p = put(p, text_of(uid)->name);
        p = put(p, " ticks=");
        p = dec_u64(p, sum_ticks[uid]);
        p = put(p, " entries=");
        p = dec_u64(p, sum_entries[uid]);
        *p++ = '\n';
        sum_ticks[uid] = sum_entries[uid] = 0;
    }
    p = put(p, "events=");
    p = dec_u64(p, nevents);
    *p++ = '\n';
    p = section_close(p, ts, name);
    pypylog_write_raw(out, (size_t)(p - out));
}

static void write_events(const ProfEvent *ev, size_t n) {
    static char *out;
    static size_t cap;
    size_t len = 0;
    if (!events_mode) {
        write_summary(ev, n);
        return;
    }
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
    pthread_mutex_lock(&mu);
    for (;;) {
        while (qcount == 0) pthread_cond_wait(&cv_work, &mu);
        int b = queue[qhead];
        qhead = (qhead + 1) % PROF_BUFFERS;
        qcount--;
        writing = true;
        pthread_mutex_unlock(&mu);
        write_events(bufs[b], full_len[b]);
        pthread_mutex_lock(&mu);
        writing = false;
        is_free[b] = true;
        pthread_cond_broadcast(&cv_idle);
    }
    return NULL;
}

/* ---- the program's side ----------------------------------------------------------------- */

static void open_current(void) {
    jit_prof_buf.pos = bufs[current];
    prof_buf_limit = bufs[current] + PROF_CAPACITY;
    jit_prof_buf.end = prof_suppress_depth ? bufs[current] : prof_buf_limit;
}

/* Hand the filled buffer to the writer and take a free one; with `drain`,
 * also wait until everything is written. */
static void start_writer(void) {
    pthread_t th;
    writer_started = pthread_create(&th, NULL, writer_main, NULL) == 0;
    if (writer_started) pthread_detach(th);
    else writer_failed = true;
}

static void hand_off(bool drain) {
    if (current < 0) return;
    size_t n = (size_t)(jit_prof_buf.pos - bufs[current]);
    /* a full buffer: from now on a thread sums or writes them, in parallel
       with the program (short runs never fill one, and need no thread) */
    if (!drain && !writer_started && !writer_failed) start_writer();
    if (!writer_started || writer_failed) {
        /* no thread: write here */
        write_events(bufs[current], n);
        open_current();
        return;
    }
    if (drain && !events_mode) {
        /* before another log section: summing a buffer is cheap, so do it
           here once the writer is idle, without a round trip through it */
        pthread_mutex_lock(&mu);
        while (qcount > 0 || writing) pthread_cond_wait(&cv_idle, &mu);
        pthread_mutex_unlock(&mu);
        if (n) write_events(bufs[current], n);
        open_current();
        return;
    }
    pthread_mutex_lock(&mu);
    if (n) {
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

void prof_start(int mode) {
    const char *ev = getenv("TPY_JIT_PROFILE_EVENTS");
    events_mode = ev && *ev && strcmp(ev, "0") != 0;
    start_tsc = pypylog_timestamp();
    clock_gettime(CLOCK_MONOTONIC, &start_time);
    if (current < 0) {
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
    }
    with_body = pypylog_wants(PL_PROFILE_ENTER);
    jit_profile_mode = mode;
    open_current();
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
    if (t->uid || ntraces >= NAMES_CHUNK * (1u << 16)) return;
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
    /* published to the writer by the lock of the next hand-off */
    t->uid = ++ntraces;
}

void prof_event(Trace *t, ProfEventKind kind) {
    if (!jit_profile_mode || prof_suppress_depth || current < 0 || !t->uid) return;
    if (jit_prof_buf.pos >= jit_prof_buf.end) hand_off(false);
    ProfEvent *e = jit_prof_buf.pos++;
    e->tsc = pypylog_timestamp();
    e->uid = t->uid;
    e->kind = kind;
}

void prof_slow_event(uint64_t uid_kind) {
    if (prof_suppress_depth || current < 0 || !jit_profile_mode) return;
    uint32_t uid = (uint32_t)uid_kind;
    if (uid == 0 || uid > ntraces) return;
    if (jit_prof_buf.pos >= jit_prof_buf.end) hand_off(false);
    ProfEvent *e = jit_prof_buf.pos++;
    e->tsc = pypylog_timestamp();
    e->uid = uid;
    e->kind = (uint32_t)(uid_kind >> 32);
}


void prof_flush(void) { hand_off(true); }

void prof_tracing(bool start) {
    if (current < 0 || !jit_profile_mode) return;
    if (jit_prof_buf.pos >= bufs[current] + PROF_CAPACITY) hand_off(false);
    if (jit_prof_buf.pos >= bufs[current] + PROF_CAPACITY) return;
    /* (a suppressed stretch keeps end at pos: write past it, within the buffer) */
    ProfEvent *e = jit_prof_buf.pos++;
    e->tsc = pypylog_timestamp();
    e->uid = 0;
    e->kind = start ? PROF_PAUSE : PROF_RESUME;
}

void prof_finish(void) {
    if (!jit_profile_mode) return;
    prof_flush();
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t tsc = pypylog_timestamp();
    double secs = (double)(now.tv_sec - start_time.tv_sec) + 1e-9 * (double)(now.tv_nsec - start_time.tv_nsec);
    if (secs > 0) {
        char body[64];
        snprintf(body, sizeof body, "ticks_per_second %.0f", (double)(tsc - start_tsc) / secs);
        pypylog_section_at(PL_PROFILE_CALIBRATION, tsc, body);
    }
}
