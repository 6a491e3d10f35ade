/* safepoint.c: loops that leave when an action is pending, by patching
 * (see safepoint.h). */
#include "safepoint.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct Site {
    uint8_t *at;
    uint8_t orig[6];    /* jcc rel32 */
    uint8_t tripped[6]; /* jmp rel32 to the stub's exit; nop */
} Site;

static Site *sites;
static size_t nsites, capsites;
static volatile sig_atomic_t busy, deferred, tripped;

/* Write 6 bytes of code, keeping pages never writable and executable at
 * once. Async-signal-safe (mprotect is a plain system call). */
static void write_code(uint8_t *at, const uint8_t *bytes) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = (uintptr_t)at & ~(page - 1), hi = ((uintptr_t)at + 6 + page - 1) & ~(page - 1);
    if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE) != 0) return;   /* the loop keeps running: no worse than before */
    memcpy(at, bytes, 6);
    mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC);
}

static void trip_now(void) {
    tripped = 1;
    for (size_t i = 0; i < nsites; i++) write_code(sites[i].at, sites[i].tripped);
}

void safepoint_trip(void) {
    if (tripped) return;
    if (busy) {
        deferred = 1;   /* done by safepoint_busy_end() */
        return;
    }
    trip_now();
}

void safepoint_clear(void) {
    if (!tripped) return;
    safepoint_busy_begin();
    for (size_t i = 0; i < nsites; i++) write_code(sites[i].at, sites[i].orig);
    tripped = 0;
    safepoint_busy_end();
}

bool safepoint_tripped(void) { return tripped != 0; }

void safepoint_busy_begin(void) { busy++; }

void safepoint_busy_end(void) {
    if (--busy > 0) return;
    /* a signal arriving from here on trips by itself */
    if (deferred) {
        deferred = 0;
        if (!tripped) trip_now();
    }
}

bool safepoint_reserve(void) {
    if (nsites < capsites) return true;
    size_t cap = capsites ? capsites * 2 : 64;
    Site *ns = malloc(sizeof(Site) * cap);
    if (!ns) return false;
    safepoint_busy_begin();
    if (nsites) memcpy(ns, sites, sizeof(Site) * nsites);
    Site *old = sites;
    sites = ns;
    capsites = cap;
    safepoint_busy_end();
    free(old);
    return true;
}

void safepoint_register(uint8_t *jcc) {
    safepoint_busy_begin();
    Site *s = &sites[nsites];
    s->at = jcc;
    memcpy(s->orig, jcc, 6);
    int32_t rel;
    memcpy(&rel, jcc + 2, 4);
    uint8_t *stub = jcc + 6 + rel;
    int32_t to_exit = (int32_t)((stub + 5) - (jcc + 5));   /* past the stub's bridge jump */
    s->tripped[0] = 0xE9;
    memcpy(s->tripped + 1, &to_exit, 4);
    s->tripped[5] = 0x90;
    nsites++;
    if (tripped) write_code(jcc, s->tripped);   /* compiled while an action waits */
    safepoint_busy_end();
}

void safepoint_forget(const uint8_t *start, size_t len) {
    safepoint_busy_begin();
    size_t j = 0;
    for (size_t i = 0; i < nsites; i++)
        if (!(sites[i].at >= start && sites[i].at < start + len)) sites[j++] = sites[i];
    nsites = j;
    safepoint_busy_end();
}
