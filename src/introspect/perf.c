/* perf.c: the perf map and the jitdump file (perf.h has the names).
 *
 * The jitdump file, as tools/perf/Documentation/jitdump-specification.txt
 * in the Linux tree describes it (all fields native-endian):
 *
 *   file header (40 bytes)
 *     u32 magic 'JiTD' (0x4A695444)   u32 version (1)   u32 header size
 *     u32 ELF machine (EM_X86_64)     u32 padding       u32 pid
 *     u64 timestamp                   u64 flags (0)
 *   records, each starting with
 *     u32 id   u32 total size (this header included)   u64 timestamp
 *   JIT_CODE_DEBUG_INFO (2), before the load of the same code:
 *     u64 code address   u64 number of entries
 *     entries: u64 address   u32 line   u32 discriminator   file name NUL
 *   JIT_CODE_LOAD (0):
 *     u32 pid   u32 tid   u64 vma   u64 code address   u64 code size
 *     u64 code index (unique per load)   name NUL   the code bytes
 *   JIT_CODE_CLOSE (3), at exit: the header only.
 *
 * `perf inject --jit` finds the file by its mmap in the recorded process:
 * it is mapped once, executable, for the process's life. Timestamps are
 * CLOCK_MONOTONIC in nanoseconds, the clock `perf record -k 1` samples
 * with, so perf orders loads against samples: a trace compiled where a
 * freed one was is a later load at the same address and wins from then
 * on. What the records do not follow: a guard's 4-byte jump patched when
 * a bridge attaches, and a loop's back-edge patched by a safepoint
 * request; perf annotate shows those jumps as they were at load. The
 * format has no unload record: freed code simply stops being sampled.
 *
 * The perf map cannot say when code was freed either; perf takes its
 * lines as symbols of one unchanging image, so where code was freed and
 * the place reused, samples there may take the older name. The jitdump
 * form has no such ambiguity.
 */
#include "perf.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../runtime.h"
#include "../util/buf.h"
#include "../vm/config.h"
#include "jitevents.h"

enum {
    JITDUMP_MAGIC = 0x4A695444,
    JITDUMP_VERSION = 1,
    JIT_CODE_LOAD = 0,
    JIT_CODE_DEBUG_INFO = 2,
    JIT_CODE_CLOSE = 3,
};

typedef struct JitdumpHeader {
    uint32_t magic, version, total_size, elf_mach, pad1, pid;
    uint64_t timestamp, flags;
} JitdumpHeader;

typedef struct JitdumpRecord {
    uint32_t id, total_size;
    uint64_t timestamp;
} JitdumpRecord;

typedef struct JitdumpCodeLoad {
    JitdumpRecord r;
    uint32_t pid, tid;
    uint64_t vma, code_addr, code_size, code_index;
} JitdumpCodeLoad;

typedef struct JitdumpDebugInfo {
    JitdumpRecord r;
    uint64_t code_addr, nr_entry;
} JitdumpDebugInfo;

typedef struct JitdumpDebugEntry {
    uint64_t addr;
    uint32_t line, discrim;
} JitdumpDebugEntry;

/* the layout is the specification's, with no padding of the compiler's */
_Static_assert(sizeof(JitdumpHeader) == 40, "jitdump file header");
_Static_assert(sizeof(JitdumpRecord) == 16, "jitdump record header");
_Static_assert(sizeof(JitdumpCodeLoad) == 56, "jitdump JIT_CODE_LOAD");
_Static_assert(sizeof(JitdumpDebugInfo) == 32, "jitdump JIT_CODE_DEBUG_INFO");
_Static_assert(sizeof(JitdumpDebugEntry) == 16, "jitdump debug entry");

/* One output file. A forked child writes its own (named by its pid):
 * files opened by another pid are the parent's and are left alone. */
typedef struct PerfFile {
    FILE *f;
    pid_t pid;          /* the process that opened it */
    bool failed;        /* could not be opened in this process: do not retry */
} PerfFile;

static PerfFile map_file, dump_file;
static uint64_t code_index;

static uint64_t monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- names ------------------------------------------------------------------------------ */

/* The line of instruction pc, or of the nearest one before it that has
 * one (jumps the compiler adds belong to no line). */
static int known_line(CodeObject *co, int32_t pc) {
    for (int32_t i = pc; i >= 0; i--) {
        int line = code_line(co, i);
        if (line > 0) return line;
    }
    return co->firstlineno;
}

static void code_location(CodeObject *co, int32_t pc, Buf *b) {
    Value name = str_check(co->qualname) ? co->qualname : co->name;
    buf_printf(b, "%s (%s:%d)", str_data(name), str_data(co->filename), known_line(co, pc));
}

void perf_trace_name(const Trace *t, void *bufp) {
    Buf *b = bufp;
    buf_printf(b, "py::%s %u ", jitev_kind_name(t->kind), t->number);
    if (t->kind != TRACE_BRIDGE) {
        code_location(t->code, t->pc, b);
        return;
    }
    if (t->root) buf_printf(b, "of %s %u ", jitev_kind_name(t->root->kind), t->root->number);
    const Snapshot *s = t->from_guard ? t->from_guard->snap : NULL;
    if (s && s->nframes > 0) {
        const SnapFrame *sf = &s->frames[s->nframes - 1];
        code_location(sf->code, sf->pc, b);
    } else {
        code_location(t->code, t->pc, b);
    }
}

/* ---- the perf map ----------------------------------------------------------------------- */

static bool open_here(PerfFile *pf) {
    pid_t pid = getpid();
    if (pf->pid != pid) {
        /* the parent's: every record was flushed, the stream holds nothing */
        if (pf->f) fclose(pf->f);
        *pf = (PerfFile){NULL, pid, false};
    }
    return !pf->failed;
}

static void map_write(const Trace *t, const char *name, size_t name_len) {
    if (!open_here(&map_file)) return;
    if (!map_file.f) {
        char path[64];
        snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)map_file.pid);
        map_file.f = fopen(path, "a");
        if (!map_file.f) {
            map_file.failed = true;
            fprintf(stderr, "tpy: -X perf: cannot write %s\n", path);
            return;
        }
    }
    fprintf(map_file.f, "%llx %zx %.*s\n", (unsigned long long)(uintptr_t)t->mcode, t->mcode_len, (int)name_len,
            name);
    fflush(map_file.f);
}

/* ---- the jitdump file ------------------------------------------------------------------- */

static void dump_close(void) {
    if (!dump_file.f || dump_file.pid != getpid()) return;
    JitdumpRecord r = {JIT_CODE_CLOSE, sizeof r, monotonic_ns()};
    fwrite(&r, sizeof r, 1, dump_file.f);
    fclose(dump_file.f);
    dump_file.f = NULL;
}

static bool dump_open(void) {
    if (!open_here(&dump_file)) return false;
    if (dump_file.f) return true;
    dump_file.failed = true;   /* until it works */
    const char *dir = getenv("TPY_JITDUMP_DIR");
    Buf path;
    buf_init(&path, 128);
    buf_printf(&path, "%s/jit-%d.dump", dir && *dir ? dir : ".", (int)dump_file.pid);
    int fd = open(path.data, O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "tpy: -X perf_jit: cannot write %s\n", path.data);
        return false;
    }
    /* the mapping perf record sees; it stays for the process's life */
    long page = sysconf(_SC_PAGESIZE);
    if (mmap(NULL, (size_t)page, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0) == MAP_FAILED) {
        fprintf(stderr, "tpy: -X perf_jit: cannot map %s\n", path.data);
        close(fd);
        return false;
    }
    dump_file.f = fdopen(fd, "w");
    if (!dump_file.f) {
        close(fd);
        return false;
    }
    JitdumpHeader h = {JITDUMP_MAGIC, JITDUMP_VERSION, sizeof h, EM_X86_64, 0, (uint32_t)dump_file.pid,
                       monotonic_ns(), 0};
    fwrite(&h, sizeof h, 1, dump_file.f);
    fflush(dump_file.f);
    static bool exit_hooked;
    if (!exit_hooked) atexit(dump_close);
    exit_hooked = true;
    dump_file.failed = false;
    return true;
}

/* Where a debug entry's line starts: code and instruction. */
typedef struct LinePoint {
    uintptr_t addr;
    CodeObject *code;
    int32_t pc;
} LinePoint;

/* Add a point unless it repeats the line before it; a point at the same
 * address as the last replaces it (no code between them). */
static int32_t add_point(LinePoint *out, int32_t n, LinePoint lp) {
    LinePoint *last = &out[n - 1];
    if (lp.addr == last->addr) *last = lp;
    else if (lp.code != last->code || known_line(lp.code, lp.pc) != known_line(last->code, last->pc)) out[n++] = lp;
    return n;
}

/* The resume point of a guard (its snapshot's innermost frame), or NULL. */
static const SnapFrame *resume_frame(const GuardDescr *g) {
    return g && g->snap && g->snap->nframes > 0 ? &g->snap->frames[g->snap->nframes - 1] : NULL;
}

/* The machine code's source lines: from each debug_merge_point's offset
 * on, its bytecode's line; before the first (the exit path and the
 * entry), the trace's own location. Each guard's exit stub, after the
 * body, has the line its guard resumes at. Addresses never decrease: the
 * backend emits the body in order, then the stubs in the order of
 * t->guards (emit_x64.c: emit_stubs, collect_guards), each starting with
 * the 5-byte jump whose rel32 is the guard's patch_site.
 * out has room for the trace's operations + guards + 2. */
static int32_t line_points(const Trace *t, LinePoint *out) {
    int32_t n = 0;
    CodeObject *start_code = t->code;
    int32_t start_pc = t->pc;
    const SnapFrame *from = t->kind == TRACE_BRIDGE ? resume_frame(t->from_guard) : NULL;
    if (from) {
        start_code = from->code;
        start_pc = from->pc;
    }
    uintptr_t code = (uintptr_t)t->mcode, end = code + t->mcode_len;
    out[n++] = (LinePoint){code, start_code, start_pc};
    for (int32_t i = 0; i < t->ir.nops; i++) {
        const IROp *op = &t->ir.ops[i];
        if (op->opcode != IR_debug_merge_point || !op->descr || !t->op_offsets || t->op_offsets[i] < 0) continue;
        const PosDescr *p = (const PosDescr *)op->descr;
        n = add_point(out, n, (LinePoint){code + (uintptr_t)t->op_offsets[i], p->code, p->pc});
    }
    for (int32_t i = 0; i < t->nguards; i++) {
        const SnapFrame *f = resume_frame(t->guards[i]);
        uintptr_t stub = (uintptr_t)t->guards[i]->patch_site - 1;
        if (f && stub > out[n - 1].addr && stub < end) n = add_point(out, n, (LinePoint){stub, f->code, f->pc});
    }
    /* perf's line table ends at the last entry's address: one at the end
       of the code keeps the last line's code in it */
    out[n] = out[n - 1];
    out[n++].addr = end;
    return n;
}

static void dump_write(const Trace *t, const char *name, size_t name_len) {
    if (!dump_open()) return;
    uint64_t addr = (uintptr_t)t->mcode;
    LinePoint *points = malloc(sizeof(LinePoint) * (size_t)(t->ir.nops + t->nguards + 2));
    Buf rec;
    buf_init(&rec, 256 + t->mcode_len);
    if (points) {
        int32_t n = line_points(t, points);
        JitdumpDebugInfo di = {{JIT_CODE_DEBUG_INFO, 0, monotonic_ns()}, addr, (uint64_t)n};
        buf_put(&rec, (const char *)&di, sizeof di);
        for (int32_t i = 0; i < n; i++) {
            JitdumpDebugEntry e = {points[i].addr, (uint32_t)known_line(points[i].code, points[i].pc), 0};
            buf_put(&rec, (const char *)&e, sizeof e);
            const char *file = str_data(points[i].code->filename);
            buf_put(&rec, file, strlen(file) + 1);
        }
        di.r.total_size = (uint32_t)rec.len;
        memcpy(rec.data, &di, sizeof di);
        free(points);
    }
    JitdumpCodeLoad load = {{JIT_CODE_LOAD, 0, monotonic_ns()},
                            (uint32_t)dump_file.pid,
                            (uint32_t)syscall(SYS_gettid),
                            addr,
                            addr,
                            t->mcode_len,
                            code_index++};
    load.r.total_size = (uint32_t)(sizeof load + name_len + 1 + t->mcode_len);
    buf_put(&rec, (const char *)&load, sizeof load);
    buf_put(&rec, name, name_len);
    buf_putc(&rec, 0);
    buf_put(&rec, (const char *)t->mcode, t->mcode_len);
    fwrite(rec.data, 1, rec.len, dump_file.f);
    fflush(dump_file.f);
}

void perf_code_compiled(const Trace *t) {
    if (!t->mcode) return;
    Buf name;
    buf_init(&name, 128);
    perf_trace_name(t, &name);
    if (tpy_config.perf_map) map_write(t, name.data, name.len);
    if (tpy_config.perf_jitdump) dump_write(t, name.data, name.len);
}
