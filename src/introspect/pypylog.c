/* pypylog.c: the PYPYLOG writer (see pypylog.h).
 *
 * Nesting follows PyPy's rule: a stack of "shown" bits, one per open
 * section. A section is shown when its name starts with one of the
 * selected prefixes (in profiling mode every section is shown, bodies
 * never are); a body line is written when the innermost section is shown.
 */
#include "pypylog.h"
#include "profiler.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *const pypylog_section_names[PL__COUNT] = {
#define PYPYLOG_SECTION_NAME(e, name) name,
    PYPYLOG_SECTION_DEF(PYPYLOG_SECTION_NAME)
#undef PYPYLOG_SECTION_NAME
};

bool pypylog_enabled;
static FILE *log_file;
static bool profiling;          /* PYPYLOG=file: markers only */
static char *prefixes;          /* "a,b,c" (conditional mode) */
static uint64_t shown_bits;     /* bit 0: innermost open section shown */
static uint64_t body_bits;      /* bit 0: ... with its body */
bool pypylog_profile_bodies_only;
static const char *color_start = "", *color_start2 = "", *color_stop = "";

uint64_t pypylog_timestamp(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* Does name start with one of the comma-separated prefixes? ("" matches
 * everything, as `PYPYLOG=:file` means all sections.) */
static bool starts_with_one_of(const char *name, const char *list) {
    const char *p = list;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (strncmp(name, p, n) == 0) return true;
        if (!e) return false;
        p = e + 1;
    }
}

/* Does one of the prefixes start with `name`? */
static bool one_starts_with(const char *list, const char *name) {
    size_t n = strlen(name);
    const char *p = list;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len >= n && strncmp(p, name, n) == 0) return true;
        if (!e) return false;
        p = e + 1;
    }
}

void pypylog_init(void) {
    const char *spec = getenv("PYPYLOG");
    if (!spec || !spec[0]) return;
    char *copy = strdup(spec);
    if (!copy) return;
    char *filename = copy;
    char *colon = strchr(copy, ':');
    if (filename[0] == '+') {
        filename++;
        colon = NULL;
    }
    if (!colon) {
        profiling = true;
    } else {
        *colon = 0;
        prefixes = strdup(filename);
        filename = colon + 1;
    }
    char *pct = strstr(filename, "%d");
    char path[4096];
    if (pct) {
        snprintf(path, sizeof path, "%.*s%ld%s", (int)(pct - filename), filename, (long)getpid(), pct + 2);
    } else {
        snprintf(path, sizeof path, "%s", filename);
        unsetenv("PYPYLOG");   /* as PyPy: not inherited unless per-pid */
    }
    if (strcmp(path, "-") != 0) log_file = fopen(path, "w");
    if (!log_file) {
        log_file = stderr;
        if (isatty(2)) {
            color_start = "\033[1m\033[31m";
            color_start2 = "\033[31m";
            color_stop = "\033[0m";
        }
    }
    free(copy);
    pypylog_enabled = true;
}

static void marker(const char *pre, const char *name, const char *post, const char *color) {
    fprintf(log_file, "%s[%llx] %s%s%s\n%s", color, (unsigned long long)pypylog_timestamp(), pre, name, post,
            color_stop);
}

/* tpy --jit-profile: only the profiler's own sections have bodies */
static bool body_allowed(const char *name) {
    return !pypylog_profile_bodies_only || strncmp(name, "jit-profile", 11) == 0;
}

bool pypylog_start(PypylogSection s) {
    shown_bits <<= 1;
    body_bits <<= 1;
    if (!pypylog_enabled) return false;
    /* buffered profiler events are older than this section */
    if (jit_profile_mode) {
        if (s == PL_TRACING) prof_tracing(true);
        prof_flush();
    }
    const char *name = pypylog_section_names[s];
    if (!profiling) {
        if (!prefixes || !starts_with_one_of(name, prefixes)) return false;
        shown_bits |= 1;
    }
    marker("{", name, "", color_start);
    bool body = !profiling && body_allowed(name);
    body_bits |= body;
    return body;
}

void pypylog_stop(PypylogSection s) {
    if (jit_profile_mode && s == PL_TRACING) prof_tracing(false);
    if (pypylog_enabled && (profiling || (shown_bits & 1))) {
        marker("", pypylog_section_names[s], "}", color_start2);
        fflush(log_file);
    }
    shown_bits >>= 1;
    body_bits >>= 1;
}

bool pypylog_printing(void) { return pypylog_enabled && (body_bits & 1); }

void pypylog_print(const char *fmt, ...) {
    if (!pypylog_printing()) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(log_file, fmt, ap);
    va_end(ap);
    fputc('\n', log_file);
}

bool pypylog_wants(PypylogSection s) {
    if (!pypylog_enabled || profiling || !prefixes) return false;
    const char *name = pypylog_section_names[s];
    if (!body_allowed(name)) return false;
    return one_starts_with(prefixes, name) || starts_with_one_of(name, prefixes);
}

void pypylog_flush(void) {
    if (jit_profile_mode) prof_flush();
    if (log_file) fflush(log_file);
}

void pypylog_write_raw(const char *text, size_t len) {
    if (pypylog_enabled && log_file) fwrite(text, 1, len, log_file);
}
