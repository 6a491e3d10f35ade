/* pypylog.h: PYPYLOG, PyPy's log of JIT events, in PyPy's format.
 *
 *   PYPYLOG=file            profiling: every section's markers, no bodies
 *   PYPYLOG=+file           the same
 *   PYPYLOG=pre1,pre2:file  sections whose name starts with one of the
 *                           prefixes, with their bodies; `:file` = all
 *
 * `file` may be `-` (stderr); a `%d` in it becomes the pid (and then
 * PYPYLOG stays in the environment; otherwise it is removed). A section is
 *
 *   [2f1a3b4c5d6e] {jit-log-opt-loop
 *   body lines...
 *   [2f1a3b4c6f00] jit-log-opt-loop}
 *
 * with raw TSC timestamps in hex. Sections nest; as in PyPy, a nested
 * section is shown only when its own name is selected, and a body line is
 * written only when its innermost section is shown. PyPy's readers
 * (rpython/tool/logparser.py, jitlogparser, jit/tool/jitoutput.py) read it.
 */
#ifndef TPY_INTROSPECT_PYPYLOG_H
#define TPY_INTROSPECT_PYPYLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every section tpy writes, defined once: enum name, section name. */
#define PYPYLOG_SECTION_DEF(_)                                    \
    _(TRACING, "jit-tracing")                                     \
    _(OPTIMIZE, "jit-optimize")                                   \
    _(BACKEND, "jit-backend")                                     \
    _(LOG_NOOPT_LOOP, "jit-log-noopt-loop")                       \
    _(LOG_NOOPT_BRIDGE, "jit-log-noopt-bridge")                   \
    _(LOG_OPT_LOOP, "jit-log-opt-loop")                           \
    _(LOG_OPT_BRIDGE, "jit-log-opt-bridge")                       \
    _(BACKEND_DUMP, "jit-backend-dump")                           \
    _(BACKEND_ADDR, "jit-backend-addr")                           \
    _(BACKEND_COUNTS, "jit-backend-counts")                       \
    _(ABORT_LOG, "jit-abort-log")                                 \
    _(ABORT_LONGEST_FUNCTION, "jit-abort-longest-function")       \
    _(DISABLE_INLINING, "jit-disableinlining")                    \
    _(SUMMARY, "jit-summary")                                     \
    _(MEM_LOOPTOKEN_ALLOC, "jit-mem-looptoken-alloc")             \
    _(MEM_LOOPTOKEN_FREE, "jit-mem-looptoken-free")               \
    _(MEM_RELEASEALL, "jit-mem-releaseall")                       \
    _(PROFILE_ENTER, "jit-profile-enter")                         \
    _(PROFILE_EXIT, "jit-profile-exit")                           \
    _(PROFILE_CALIBRATION, "jit-profile-calibration")             \
    _(PROFILE_TRACE, "jit-profile-trace")                         \
    _(PROFILE_SUMMARY, "jit-profile-summary")                     \
    _(PROFILE_SAMPLES, "jit-profile-samples")                     \
    _(PROFILE_LINES, "jit-profile-lines")

typedef enum PypylogSection {
#define PYPYLOG_SECTION_ENUM(e, name) PL_##e,
    PYPYLOG_SECTION_DEF(PYPYLOG_SECTION_ENUM)
#undef PYPYLOG_SECTION_ENUM
    PL__COUNT
} PypylogSection;

extern const char *const pypylog_section_names[PL__COUNT];

/* tpy --jit-profile: the other sections (tracing, compiling) are there for
 * their times; their bodies would cost the profiled program time. */
extern bool pypylog_profile_bodies_only;

/* Read PYPYLOG (once, at start-up). */
void pypylog_init(void);
/* Is anything logged at all? (Cheap test before building log text.) */
extern bool pypylog_enabled;

/* Open a section; returns whether its body lines are written. */
bool pypylog_start(PypylogSection s);
void pypylog_stop(PypylogSection s);
/* A body line of the innermost open section (newline added). */
void pypylog_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Would a section of this name have its body written? (PyPy's
 * have_debug_prints_for: decides e.g. whether to count loop runs.) */
bool pypylog_wants(PypylogSection s);
/* Is a body being written now (innermost section shown)? */
bool pypylog_printing(void);
void pypylog_flush(void);
/* Text already in the log's format (the profiler's formatted events). */
void pypylog_write_raw(const char *text, size_t len);

/* The raw timestamp PYPYLOG writes (rdtsc on x86-64). */
uint64_t pypylog_timestamp(void);

#endif
