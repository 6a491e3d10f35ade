/* _tracemalloc.c: the _tracemalloc module under CPython's tracemalloc.py:
 * a record of every block of collected memory allocated while tracing,
 * with its size and the Python traceback that allocated it.
 *
 * The collector reports allocations through gc_set_alloc_hook (gc.h); no
 * hook is set while not tracing, and the allocation fast path does not
 * look at it. Blocks are not freed explicitly but collected: at the first
 * trace or query after a collection, the records of blocks it did not
 * mark are dropped and their sizes taken off the traced total (before
 * anything is recorded, so every record is of a block allocated before
 * that collection, whose mark bit tells). Not with disappearing links
 * (one per record): Boehm collects before growing its table of links,
 * and while most of them die young that collection frees enough to stay
 * under the limit, so the program collected every 2048 allocations.
 *
 * Everything here lives in malloc'd memory, which the collector does not
 * scan and the hook does not report: records, interned filenames (copied
 * as UTF-8) and interned tracebacks. Python objects are made only when
 * asked for (_get_traces, _get_object_traceback), from a copy of the
 * records, since making them allocates and so adds records.
 *
 * Line numbers come from each frame's saved instruction pointer: while
 * tracing, the interpreter saves it before every instruction and the JIT
 * stays out (interp.h, interp_save_ip). Sizes are tpy's blocks: small
 * ones rounded up to 16-byte granules, and objects laid out as tpy lays
 * them out, so they differ from CPython's. */
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../vm/pending.h"
#include "modules.h"

#define MAX_NFRAME 65535   /* CPython's limit (frame counts are 16-bit) */

/* ---- interned filenames and tracebacks ------------------------------------------------- */

typedef struct FileName {
    uint64_t hash;
    size_t len;
    char data[];   /* UTF-8, NUL-terminated */
} FileName;

typedef struct TraceFrame {
    const FileName *file;
    int lineno;
} TraceFrame;

typedef struct Traceback {
    uint64_t hash;
    int nframe, total_nframe;
    TraceFrame frames[];   /* innermost first */
} Traceback;

/* An open-addressing set of pointers (FileName* or Traceback*), keyed by
 * the hash stored first in each; empty slots are NULL. Never shrinks;
 * emptied as a whole by clear_all(). */
typedef struct PtrSet {
    void **slots;
    size_t cap, n;   /* cap: a power of two, or 0 */
} PtrSet;

static PtrSet filenames, tracebacks;
static size_t interned_bytes;   /* the FileName and Traceback blocks */

static uint64_t fnv1a_bytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ULL;   /* FNV-1a */
    return h;
}

static uint64_t entry_hash(void *e) { return *(uint64_t *)e; }

static void ptrset_insert_new(PtrSet *s, void *e) {
    size_t mask = s->cap - 1, i = (size_t)entry_hash(e) & mask;
    while (s->slots[i]) i = (i + 1) & mask;
    s->slots[i] = e;
    s->n++;
}

/* Room for one more entry (load at most 1/2); false when malloc fails. */
static bool ptrset_reserve(PtrSet *s) {
    if ((s->n + 1) * 2 <= s->cap) return true;
    size_t cap = s->cap ? s->cap * 2 : 256;
    void **old = s->slots;
    size_t oldcap = s->cap;
    s->slots = calloc(cap, sizeof(void *));
    if (!s->slots) {
        s->slots = old;
        return false;
    }
    s->cap = cap;
    s->n = 0;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i]) ptrset_insert_new(s, old[i]);
    free(old);
    return true;
}

static void ptrset_clear(PtrSet *s) {
    for (size_t i = 0; i < s->cap; i++) free(s->slots[i]);
    free(s->slots);
    s->slots = NULL;
    s->cap = s->n = 0;
}

static const FileName *unknown_file;   /* "<unknown>": code without a str filename */

static const FileName *intern_filename(const char *data, size_t len) {
    uint64_t h = fnv1a_bytes(0xcbf29ce484222325ULL, data, len);
    if (filenames.cap) {
        size_t mask = filenames.cap - 1;
        for (size_t i = (size_t)h & mask; filenames.slots[i]; i = (i + 1) & mask) {
            FileName *f = filenames.slots[i];
            if (f->hash == h && f->len == len && memcmp(f->data, data, len) == 0) return f;
        }
    }
    if (!ptrset_reserve(&filenames)) return NULL;
    FileName *f = malloc(sizeof(FileName) + len + 1);
    if (!f) return NULL;
    f->hash = h;
    f->len = len;
    memcpy(f->data, data, len);
    f->data[len] = 0;
    ptrset_insert_new(&filenames, f);
    interned_bytes += sizeof(FileName) + len + 1;
    return f;
}

static int max_nframe = 1;      /* the last start()'s nframe, kept after stop() as CPython */
static Traceback *scratch;      /* room for max_nframe frames: the traceback being made */
/* the ("<unknown>", 0) traceback: allocations outside any Python frame */
static Traceback empty_traceback_storage;

/* The traceback of the running code, interned; NULL when malloc fails.
 * Without any Python frame: the one-frame ("<unknown>", 0) traceback, as
 * CPython. */
static Traceback *capture_traceback(void) {
    Traceback *t = scratch;
    t->nframe = 0;
    int total = 0;
    for (Frame *f = tstate.frame; f; f = f->back) {
        if (total < MAX_NFRAME) total++;
        if (t->nframe == max_nframe) continue;
        CodeObject *co = f->code;
        const FileName *file = unknown_file;
        if (co->filename && str_check(co->filename)) {
            file = intern_filename(str_data(co->filename), (size_t)str_nbytes(co->filename));
            if (!file) return NULL;
        }
        int line = code_line(co, frame_lasti(f));
        t->frames[t->nframe].file = file;
        t->frames[t->nframe].lineno = line < 0 ? 0 : line;
        t->nframe++;
    }
    t->total_nframe = total;
    if (t->nframe == 0) return NULL;   /* caller uses the empty traceback */
    uint64_t h = 0x345678ULL;
    for (int i = 0; i < t->nframe; i++) {
        h = (h ^ t->frames[i].file->hash ^ (uint64_t)(unsigned)t->frames[i].lineno) * 0x100000001b3ULL;
    }
    h = fnv1a_bytes(h, &t->total_nframe, sizeof t->total_nframe);
    t->hash = h;
    size_t size = sizeof(Traceback) + sizeof(TraceFrame) * (size_t)t->nframe;
    if (tracebacks.cap) {
        size_t mask = tracebacks.cap - 1;
        for (size_t i = (size_t)h & mask; tracebacks.slots[i]; i = (i + 1) & mask) {
            Traceback *o = tracebacks.slots[i];
            /* the frames' filenames are interned: compared by address */
            if (o->hash != h || o->nframe != t->nframe || o->total_nframe != t->total_nframe) continue;
            int k = 0;
            while (k < t->nframe && o->frames[k].file == t->frames[k].file && o->frames[k].lineno == t->frames[k].lineno)
                k++;
            if (k == t->nframe) return o;
        }
    }
    if (!ptrset_reserve(&tracebacks)) return NULL;
    Traceback *copy = malloc(size);
    if (!copy) return NULL;
    memcpy(copy, t, size);
    ptrset_insert_new(&tracebacks, copy);
    interned_bytes += size;
    return copy;
}

/* ---- the traces ------------------------------------------------------------------------ */

/* One traced block. addr is the key (0: empty slot, TOMB: a removed
 * record, which probes pass over). The block was allocated since the last
 * purge_dead(); it may be dead since, but its size counts until then. */
typedef struct Trace {
    uintptr_t addr;
    size_t size;
    Traceback *tb;
} Trace;
#define TOMB ((uintptr_t)1)

static Trace *traces;          /* cap slots; NULL until the first trace */
static size_t traces_cap, traces_used, traces_live;   /* used: live + dead + tombs */
static size_t traced_memory, peak_memory;
static size_t seen_collections;   /* gc_collections() at the last purge_dead() */
static bool tracing;

static int traces_shift;   /* 64 - log2(traces_cap) */

/* Fibonacci hashing: the top bits of the product (blocks are 16-byte
 * aligned and often consecutive, which the low bits would cluster) */
static size_t addr_slot(uintptr_t a) { return (size_t)(((uint64_t)a * 0x9E3779B97F4A7C15ULL) >> traces_shift); }

/* The slot holding addr, or NULL. */
static Trace *find_trace(uintptr_t addr) {
    if (!traces_cap) return NULL;
    size_t mask = traces_cap - 1;
    for (size_t i = addr_slot(addr) & mask;; i = (i + 1) & mask) {
        Trace *t = &traces[i];
        if (t->addr == addr) return t;
        if (t->addr == 0) return NULL;
    }
}

static void remove_trace(Trace *t) {
    traced_memory -= t->size;
    t->addr = TOMB;
    t->tb = NULL;
    t->size = 0;
    traces_live--;
}

static bool rehash(size_t cap);

static void purge_locked(void *arg) {
    (void)arg;
    for (size_t i = 0; i < traces_cap; i++) {
        Trace *t = &traces[i];
        if (t->addr > TOMB && !gc_survived((void *)t->addr)) remove_trace(t);
    }
}

/* Take the sizes of collected blocks off the total and drop their records. */
static void purge_dead(void) {
    seen_collections = gc_collections();
    gc_with_lock(purge_locked, NULL);
    /* mostly tombs: probes would be long */
    if (traces_used > 2 * traces_live + 1024) {
        size_t cap = 1024;
        while ((traces_live + 1) * 4 > cap) cap *= 2;
        rehash(cap);
    }
}

static inline void purge_if_collected(void) {
    if (gc_collections() != seen_collections) purge_dead();
}

/* Rehash into a table of cap slots (a power of two), without tombs;
 * false when malloc fails. */
static bool rehash(size_t cap) {
    Trace *nt = calloc(cap, sizeof(Trace));
    if (!nt) return false;
    size_t mask = cap - 1;
    traces_shift = 64 - __builtin_ctzll((unsigned long long)cap);
    for (size_t i = 0; i < traces_cap; i++) {
        Trace *t = &traces[i];
        if (t->addr <= TOMB) continue;
        size_t j = addr_slot(t->addr) & mask;
        while (nt[j].addr) j = (j + 1) & mask;
        nt[j] = *t;
    }
    free(traces);
    traces = nt;
    traces_cap = cap;
    traces_used = traces_live;
    return true;
}

static void add_trace(void *p, size_t size) {
    purge_if_collected();
    Traceback *tb = capture_traceback();
    if (!tb) {
        if (scratch->nframe != 0) return;   /* out of malloc memory: not traced */
        tb = &empty_traceback_storage;
    }
    /* No record of addr is there: a block let go explicitly lost its
       record then (on_alloc), and one collected lost it at the purge
       above, which comes before anything reuses the address. */
    if ((traces_used + 1) * 2 > traces_cap) {   /* load (tombs included) at most 1/2 */
        size_t cap = 1024;
        while ((traces_live + 1) * 4 > cap) cap *= 2;
        if (!rehash(cap)) return;
    }
    uintptr_t addr = (uintptr_t)p;
    size_t mask = traces_cap - 1, i = addr_slot(addr) & mask;
    while (traces[i].addr > TOMB) i = (i + 1) & mask;   /* the first free slot */
    Trace *t = &traces[i];
    if (t->addr == 0) traces_used++;
    t->addr = addr;
    traces_live++;
    t->size = size;
    t->tb = tb;
    traced_memory += size;
    if (traced_memory > peak_memory) peak_memory = traced_memory;
}

/* gc.h's allocation hook */
static void on_alloc(void *old, void *p, size_t size) {
    if (old) {
        Trace *t = find_trace((uintptr_t)old);
        if (t) remove_trace(t);
    }
    if (p) add_trace(p, size);
}

/* Drop every record, filename and traceback. */
static void clear_all(void) {
    free(traces);
    traces = NULL;
    traces_cap = traces_used = traces_live = 0;
    traced_memory = peak_memory = 0;
    ptrset_clear(&tracebacks);
    ptrset_clear(&filenames);
    interned_bytes = 0;
    unknown_file = NULL;
}

/* Start tracing (or change the limit while tracing); -1 with an exception. */
int tracemalloc_start(int nframe) {
    if (nframe < 1 || nframe > MAX_NFRAME) {
        err_format(&exc_ValueError, "the number of frames must be in range [1; %d]", MAX_NFRAME);
        return -1;
    }
    if (tracing) return 0;   /* as CPython: the limit stays until stop() */
    Traceback *s = realloc(scratch, sizeof(Traceback) + sizeof(TraceFrame) * (size_t)nframe);
    if (!s) {
        err_no_memory();
        return -1;
    }
    scratch = s;
    max_nframe = nframe;
    if (!unknown_file) unknown_file = intern_filename("<unknown>", 9);
    if (!unknown_file) {
        err_no_memory();
        return -1;
    }
    tracing = true;
    seen_collections = gc_collections();
    interp_save_ip = true;
    sys_jit_suspend(true);
    pending_request();   /* running loops switch to the ip-saving dispatch */
    gc_set_alloc_hook(on_alloc);
    return 0;
}

static void tracemalloc_stop(void) {
    if (!tracing) return;
    gc_set_alloc_hook(NULL);
    tracing = false;
    interp_save_ip = false;
    sys_jit_suspend(false);
    clear_all();
}

/* ---- Python objects -------------------------------------------------------------------- */

/* (filename, lineno) tuples, innermost first */
static Value traceback_tuple(const Traceback *tb) {
    if (tb == &empty_traceback_storage) {
        Value fr = tuple_pack(2, str_from_cstr("<unknown>"), v_int(0));
        return tuple_pack(1, fr);
    }
    Value t = tuple_new(tb->nframe);
    for (int i = 0; i < tb->nframe; i++) {
        const FileName *f = tb->frames[i].file;
        tuple_items(t)[i] = tuple_pack(2, str_new(f->data, f->len), v_int(tb->frames[i].lineno));
    }
    return t;
}

static int traceback_total(const Traceback *tb) { return tb == &empty_traceback_storage ? 1 : tb->total_nframe; }

static Value tm_is_tracing(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.is_tracing", kwnames) < 0 || arg_count("_tracemalloc.is_tracing", nargs, 0, 0) < 0) return VNULL;
    return v_bool(tracing);
}

static Value tm_clear_traces(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.clear_traces", kwnames) < 0 || arg_count("_tracemalloc.clear_traces", nargs, 0, 0) < 0) return VNULL;
    if (!tracing) return V_NONE;
    gc_set_alloc_hook(NULL);   /* nothing is traced while the tables go */
    clear_all();
    unknown_file = intern_filename("<unknown>", 9);
    if (!unknown_file) {
        tracemalloc_stop();
        return err_no_memory();
    }
    seen_collections = gc_collections();
    gc_set_alloc_hook(on_alloc);
    return V_NONE;
}

static const ArgSpec tm_start_spec = {"start", 1, 0, 0, {"nframe=1", NULL}};
static Value tm_start(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_nokw("_tracemalloc.start", kwnames) < 0 || arg_parse(&tm_start_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t n = 1;
    if (a[0]) {
        Value i = obj_index(a[0]);
        if (!i) return VNULL;
        n = int_as_i64(i);
        if ((n == -1 && err_occurred()) || n < INT32_MIN || n > INT32_MAX) {
            err_clear();
            return err_set(&exc_OverflowError, "Python int too large to convert to C int");
        }
    }
    if (tracemalloc_start((int)n) < 0) return VNULL;
    return V_NONE;
}

static Value tm_stop(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.stop", kwnames) < 0 || arg_count("_tracemalloc.stop", nargs, 0, 0) < 0) return VNULL;
    tracemalloc_stop();
    return V_NONE;
}

static Value tm_get_traceback_limit(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.get_traceback_limit", kwnames) < 0 || arg_count("_tracemalloc.get_traceback_limit", nargs, 0, 0) < 0)
        return VNULL;
    return v_int(max_nframe);
}

static Value tm_get_traced_memory(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.get_traced_memory", kwnames) < 0 || arg_count("_tracemalloc.get_traced_memory", nargs, 0, 0) < 0)
        return VNULL;
    if (!tracing) return tuple_pack(2, v_int(0), v_int(0));
    purge_if_collected();
    size_t cur = traced_memory, peak = peak_memory;
    return tuple_pack(2, int_from_u64(cur), int_from_u64(peak));
}

static Value tm_reset_peak(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.reset_peak", kwnames) < 0 || arg_count("_tracemalloc.reset_peak", nargs, 0, 0) < 0) return VNULL;
    if (!tracing) return V_NONE;
    purge_if_collected();
    peak_memory = traced_memory;
    return V_NONE;
}

static Value tm_get_tracemalloc_memory(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc.get_tracemalloc_memory", kwnames) < 0 || arg_count("_tracemalloc.get_tracemalloc_memory", nargs, 0, 0) < 0)
        return VNULL;
    size_t n = traces_cap * sizeof(Trace) + (filenames.cap + tracebacks.cap) * sizeof(void *) + interned_bytes;
    if (scratch) n += sizeof(Traceback) + sizeof(TraceFrame) * (size_t)max_nframe;
    return int_from_u64(n);
}

/* A traceback's tuple, made once per _get_traces call (CPython shares
 * them too: equal tracebacks are the same tuple). */
typedef struct TbCache {
    const Traceback **keys;
    Value *vals;   /* also held by the result list: no need to be scanned */
    size_t cap;
} TbCache;

static Value cached_traceback_tuple(TbCache *c, const Traceback *tb) {
    size_t mask = c->cap - 1, i = (size_t)(((uintptr_t)tb >> 4) * 0x9E3779B97F4A7C15ULL >> 24) & mask;
    while (c->keys[i] && c->keys[i] != tb) i = (i + 1) & mask;
    if (!c->keys[i]) {
        Value v = traceback_tuple(tb);
        c->keys[i] = tb;
        c->vals[i] = v;
    }
    return c->vals[i];
}

static Value tm_get_traces(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_tracemalloc._get_traces", kwnames) < 0 || arg_count("_tracemalloc._get_traces", nargs, 0, 0) < 0) return VNULL;
    Value result = list_new(0);
    if (!tracing) return result;
    purge_if_collected();
    /* a copy of the live records first: making the tuples adds records */
    size_t n = 0;
    Trace *copy = malloc(sizeof(Trace) * (traces_live + 1));
    if (!copy) return err_no_memory();
    for (size_t i = 0; i < traces_cap; i++) {
        Trace *t = &traces[i];
        if (t->addr > TOMB) copy[n++] = *t;
    }
    /* the interned tracebacks stay while the hook adds records (clear_all
       runs only from Python code) */
    TbCache c = {NULL, NULL, 16};
    while (c.cap < (tracebacks.n + 1) * 2) c.cap *= 2;
    c.keys = calloc(c.cap, sizeof *c.keys);
    c.vals = calloc(c.cap, sizeof *c.vals);
    if (!c.keys || !c.vals) {
        free(copy);
        free(c.keys);
        free(c.vals);
        return err_no_memory();
    }
    for (size_t i = 0; i < n; i++) {
        Value tb = cached_traceback_tuple(&c, copy[i].tb);
        list_append(result, tuple_pack(4, v_int(0), int_from_u64(copy[i].size), tb,
                                       v_int(traceback_total(copy[i].tb))));
    }
    free(copy);
    free(c.keys);
    free(c.vals);
    return result;
}

static Value tm_get_object_traceback(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_tracemalloc._get_object_traceback", kwnames) < 0 || arg_count("_tracemalloc._get_object_traceback", nargs, 1, 1) < 0)
        return VNULL;
    Value obj = args[0];
    if (!tracing || !v_is_ptr(obj) || !obj) return V_NONE;
    purge_if_collected();
    Trace *t = find_trace((uintptr_t)V_OBJ(obj));
    if (!t) return V_NONE;
    return traceback_tuple(t->tb);
}

static const MethodDef tracemalloc_functions[] = {
    {"is_tracing", tm_is_tracing, MF_KEYWORDS, NULL},
    {"clear_traces", tm_clear_traces, MF_KEYWORDS, NULL},
    {"start", tm_start, MF_KEYWORDS, NULL, &tm_start_spec},
    {"stop", tm_stop, MF_KEYWORDS, NULL},
    {"get_traceback_limit", tm_get_traceback_limit, MF_KEYWORDS, NULL},
    {"get_traced_memory", tm_get_traced_memory, MF_KEYWORDS, NULL},
    {"reset_peak", tm_reset_peak, MF_KEYWORDS, NULL},
    {"get_tracemalloc_memory", tm_get_tracemalloc_memory, MF_KEYWORDS, NULL},
    {"_get_traces", tm_get_traces, MF_KEYWORDS, NULL},
    {"_get_object_traceback", tm_get_object_traceback, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _tracemalloc_module_create(void) {
    Value m = module_new_cstr("_tracemalloc");
    module_add_functions(m, tracemalloc_functions);
    return m;
}
