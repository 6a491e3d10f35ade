/* profiler.c: the JIT-aware profiler's recording side (profiler.h). */
#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../jit/trace.h"
#include "../runtime.h"
#include "../util/buf.h"
#include "jitevents.h"
#include "pypylog.h"

#define PROF_CAPACITY (1u << 16)    /* events between flushes */

ProfBuffer jit_prof_buf;
int jit_profile_mode;

static ProfEvent *events;
static int suppress;
static struct Trace **traces;       /* by uid - 1 */
static char **trace_names;          /* by uid - 1: the trace's name in events */
static uint8_t *described;          /* by uid - 1: its jit-profile-trace is out */
static uint32_t ntraces, captraces;

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

static void open_buffer(void) {
    jit_prof_buf.pos = events;
    jit_prof_buf.end = suppress ? events : events + PROF_CAPACITY;
}

static uint64_t start_tsc;
static struct timespec start_time;

void prof_start(int mode) {
    start_tsc = pypylog_timestamp();
    clock_gettime(CLOCK_MONOTONIC, &start_time);
    if (!events) {
        events = malloc(sizeof(ProfEvent) * PROF_CAPACITY);
        if (!events) return;
    }
    jit_profile_mode = mode;
    open_buffer();
}

/* A trace's short name in events ("loop 3", "bridge 17", "entry bridge 5")
 * and, once per trace in a jit-profile-trace section, the name with the
 * trace's source location ("loop 3 f;prog.py:10-12~#24 FOR_ITER"): events
 * stay short, which matters when bridges are profiled. */
static char *dup_buf(Buf *b) {
    char *s = malloc(b->len + 1);
    if (s) {
        memcpy(s, b->data, b->len);
        s[b->len] = 0;
    }
    return s;
}

static char *trace_name(Trace *t) {
    Buf b;
    buf_init(&b, 32);
    buf_printf(&b, "%s %u", jitev_kind_name(t->kind), t->number);
    return dup_buf(&b);
}

static char *trace_description(Trace *t, const char *name) {
    Buf b;
    buf_init(&b, 96);
    if (t->kind == TRACE_BRIDGE) {
        buf_printf(&b, "%s of %s %u ", name, jitev_kind_name(t->root->kind), t->root->number);
        Snapshot *s = t->from_guard->snap;
        SnapFrame *sf = &s->frames[s->nframes - 1];
        jitev_location(sf->code, sf->pc, &b);
    } else {
        buf_printf(&b, "%s ", name);
        jitev_location(t->code, t->pc, &b);
    }
    return dup_buf(&b);
}

void prof_register(Trace *t) {
    if (ntraces == captraces) {
        captraces = captraces ? captraces * 2 : 64;
        traces = realloc(traces, sizeof(Trace *) * captraces);
        trace_names = realloc(trace_names, sizeof(char *) * captraces);
        described = realloc(described, captraces);
        if (!traces || !trace_names || !described) abort();
    }
    traces[ntraces] = t;
    trace_names[ntraces] = NULL;
    described[ntraces] = 0;
    t->uid = ++ntraces;
}

void prof_event(Trace *t, ProfEventKind kind) {
    if (!jit_profile_mode || suppress || !events) return;
    if (jit_prof_buf.pos >= jit_prof_buf.end) prof_flush();
    ProfEvent *e = jit_prof_buf.pos++;
    e->tsc = pypylog_timestamp();
    e->uid = t->uid;
    e->kind = kind;
}

void prof_slow_event(uint64_t uid_kind) {
    if (suppress || !events || !jit_profile_mode) return;
    uint32_t uid = (uint32_t)uid_kind;
    if (uid == 0 || uid > ntraces) return;
    prof_event(traces[uid - 1], (ProfEventKind)(uid_kind >> 32));
}

void prof_suppress_begin(void) {
    suppress++;
    /* the machine code then takes its cold path, which drops events */
    jit_prof_buf.end = jit_prof_buf.pos;
}

void prof_suppress_end(void) {
    if (--suppress == 0 && events) jit_prof_buf.end = events + PROF_CAPACITY;
}

/* Writing is the profiler's main cost: sections are formatted by hand into
 * one buffer and written with one call per flush. */
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

void prof_flush(void) {
    if (!events) return;
    ProfEvent *end = jit_prof_buf.pos;
    jit_prof_buf.pos = events;
    static char *out;
    static size_t cap;
    size_t len = 0;
    bool body = pypylog_wants(PL_PROFILE_ENTER);
    for (ProfEvent *e = events; e < end; e++) {
        if (e->uid == 0 || e->uid > ntraces || e->kind >= PROF__COUNT) continue;
        uint32_t i = e->uid - 1;
        if (!trace_names[i]) trace_names[i] = trace_name(traces[i]);
        const char *name = trace_names[i] ? trace_names[i] : "?";
        const char *sec = pypylog_section_names[event_section[e->kind]];
        char *desc = NULL;
        if (!described[i]) {
            described[i] = 1;
            desc = trace_description(traces[i], name);
        }
        size_t need = 4 * 24 + 2 * strlen(sec) + strlen(name) + strlen(event_text[e->kind]) + 64 +
                      (desc ? strlen(desc) : 0);
        if (len + need > cap) {
            cap = (len + need) * 2 + (1u << 16);
            out = realloc(out, cap);
            if (!out) abort();
        }
        char *p = out + len;
        if (desc) {
            const char *tsec = pypylog_section_names[PL_PROFILE_TRACE];
            *p++ = '[';
            p = hex_u64(p, e->tsc);
            p += sprintf(p, "] {%s\n", tsec);
            if (body) p += sprintf(p, "%s\n", desc);
            *p++ = '[';
            p = hex_u64(p, e->tsc);
            p += sprintf(p, "] %s}\n", tsec);
            free(desc);
        }
        *p++ = '[';
        p = hex_u64(p, e->tsc);
        p += sprintf(p, "] {%s\n", sec);
        if (body) p += sprintf(p, "%s (%s)\n", name, event_text[e->kind]);
        *p++ = '[';
        p = hex_u64(p, e->tsc);
        p += sprintf(p, "] %s}\n", sec);
        len = (size_t)(p - out);
    }
    if (len) pypylog_write_raw(out, len);
    open_buffer();
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
