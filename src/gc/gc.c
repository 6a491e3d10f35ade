/* gc.c: the allocation interface (gc.h) on top of the Boehm collector. */
#include "gc.h"

/* threads are created through Boehm, which then scans their stacks */
#define GC_THREADS

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* ---- out of memory --------------------------------------------------------------------
 *
 * Allocation never fails for its callers (gc.h). When the collector cannot
 * satisfy a request (after collecting and failing to grow the heap), a
 * reserve block held since start-up is given back and the request retried;
 * the runtime then raises MemoryError at the next safe point
 * (vm/pending.h), and the program can catch it, drop what it holds and go
 * on. The reserve is taken again after a collection that leaves enough
 * free. Only a request the freed reserve cannot cover (a large one while
 * memory is exhausted) is fatal; requests whose size the program chooses
 * (a string repeated n times, a list that grows) go through gc_try_alloc*()
 * instead and raise MemoryError at once, as in CPython.
 *
 * Under an address-space limit (ulimit -v) the heap stops short of the
 * limit (gc_init): the collector needs address space outside its heap for
 * block headers when it reuses freed blocks, and so do malloc, thread
 * stacks and the JIT's code region. Boehm never gives heap address space
 * back, so a reserve outside the heap could serve only once. */
#define GC_RESERVE ((size_t)4 << 20)
#define FIRST_SECTION ((size_t)64 << 20)
#define GC_OUTSIDE_MARGIN ((size_t)64 << 20)   /* for what is not heap */
#define JIT_CODE_REGION ((size_t)260 << 20)    /* mcode.c's region and its data page */
static void *reserve;
static bool memory_error_asked;

static void (*memory_error_hook)(void);   /* the runtime's (gc_set_memory_error_hook) */

void gc_set_memory_error_hook(void (*fn)(void)) { memory_error_hook = fn; }

static void fatal_out_of_memory(size_t size) {
    fprintf(stderr, "tpy: out of memory (allocating %zu bytes)\n", size);
    abort();
}

/* A failed request: give the reserve back (once), ask for the MemoryError,
 * and say whether a retry may succeed. */
static bool release_reserve(void) {
    if (!reserve) return false;
    GC_FREE(reserve);
    reserve = NULL;
    memory_error_asked = true;
    if (memory_error_hook) memory_error_hook();
    return true;
}

/* After a collection: take the reserve again once there is room. */
static void retake_reserve(void) {
    if (reserve || !memory_error_asked || GC_get_free_bytes() < 4 * GC_RESERVE) return;
    reserve = GC_MALLOC_ATOMIC(GC_RESERVE);
    if (reserve) memory_error_asked = false;
}

/* The heap's limit under an address-space limit: what the process does
 * not use yet, less the JIT's code region and a margin for what is not
 * heap. */
static void limit_heap(void) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return;
    size_t mapped = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        unsigned long pages;
        if (fscanf(f, "%lu", &pages) == 1) mapped = pages * (size_t)sysconf(_SC_PAGESIZE);
        fclose(f);
    }
    size_t limit = (size_t)rl.rlim_cur, outside = mapped + GC_OUTSIDE_MARGIN + JIT_CODE_REGION;
    size_t heap = limit > outside + limit / 4 ? limit - outside : limit / 4;
    GC_set_max_heap_size(heap);
}

/* Boehm warns on stderr when the heap cannot grow; that is reported as a
 * MemoryError instead. Other warnings still go out. */
static void gc_warn(char *msg, GC_word arg) {
    if (strstr(msg, "Failed to expand heap") || strstr(msg, "Out of Memory") || strstr(msg, "Out of memory") ||
        strstr(msg, "Header allocation failed"))
        return;
    fprintf(stderr, msg, (unsigned long)arg);
}

/* A failed request: Boehm gives up without collecting when the heap
 * cannot grow, so collect and retry; then use the reserve. */
#define OOM_RETRY(p, call, size)                                   \
    do {                                                           \
        if (!(p)) {                                                \
            GC_gcollect();                                         \
            (p) = (call);                                          \
        }                                                          \
        if (!(p) && release_reserve()) (p) = (call);               \
        if (!(p)) fatal_out_of_memory(size);                       \
    } while (0)

/* The same for gc_try_alloc*: collect and retry, then report. */
#define TRY_RETRY(p, call)      \
    do {                        \
        if (!(p)) {             \
            GC_gcollect();      \
            (p) = (call);       \
        }                       \
    } while (0)

void *gc_freelist[GC_NLISTS][GC_SMALL_GRANULES + 1];

/* Exact-size scanned objects.
 *
 * Boehm (Debian's build: GC_all_interior_pointers on) adds one byte to
 * every request so that a pointer just past an object's end still keeps
 * it alive, and for that rounding it also stops tracing the last word of
 * each object of its NORMAL kind (gc_inline.h: "the collector ... does not
 * trace the last word"). GC_MALLOC(n) and GC_malloc_many(n) so handed out
 * n + 16 bytes for every n that is a multiple of the 16-byte granule: a
 * 48-byte instance took 64, a 24-byte list iterator 48, a 128-byte set
 * table 144, and a 2048-byte one (a set of 19-76 items) a whole 4 KiB heap
 * block through Boehm's large-object path. tools/gc_checks.py measured the
 * strides.
 *
 * Scanned objects come instead from a kind of our own (exact_kind) whose
 * descriptor is the whole object, requested with the byte taken off
 * (request_size()), so an object of n bytes occupies n and all of its
 * words are traced. What is given up is the one-past-the-end rule: a
 * pointer to p + n points at the next object, not at p. Atomic objects
 * have had exact sizes all along (GC_generic_malloc_many of PTRFREE adds
 * nothing), and nothing in tpy keeps an object alive by an end pointer
 * alone: the interpreter's stack pointer and C loops' end pointers live
 * beside the object's own pointer. */
static int exact_kind = -1;
/* Python objects and classes: the same as exact_kind, in kinds of their
 * own (see "walking the heap") */
static int object_kind = -1, type_kind = -1;
static size_t extra_bytes;   /* Boehm's EXTRA_BYTES: 1 with interior pointers, else 0 */

/* What to ask Boehm for so that the object is `size` bytes rounded up to
 * a granule and no more (Boehm adds extra_bytes, then rounds up). Sizes
 * beyond PTRDIFF_MAX go through unchanged: Boehm refuses them. */
static inline size_t request_size(size_t size) {
    if (size > PTRDIFF_MAX) return size;
    size_t rounded = (size + GC_GRANULE - 1) & ~(size_t)(GC_GRANULE - 1);
    return rounded > extra_bytes ? rounded - extra_bytes : rounded;
}

static void *malloc_scanned(size_t size) { return GC_generic_malloc(request_size(size), exact_kind); }
static void *malloc_atomic(size_t size) { return GC_MALLOC_ATOMIC(request_size(size)); }
static void *malloc_object(size_t size) { return GC_generic_malloc(request_size(size), object_kind); }
static void *malloc_type(size_t size) { return GC_generic_malloc(request_size(size), type_kind); }

/* Allocation tracing (gc.h): while alloc_hook is set, the batches of small
 * objects go to traced_list instead of gc_freelist, so that gc_alloc's
 * inline pop always finds its list empty and calls gc_refill, which
 * reports. */
static GcAllocHook alloc_hook;
static void *traced_list[GC_NLISTS][GC_SMALL_GRANULES + 1];
#define REPORT(old, p, size)                                   \
    do {                                                       \
        if (__builtin_expect(alloc_hook != NULL, 0)) alloc_hook((old), (p), (size)); \
    } while (0)

void gc_set_alloc_hook(GcAllocHook fn) {
    if (fn && !alloc_hook) {
        memcpy(traced_list, gc_freelist, sizeof gc_freelist);
        memset(gc_freelist, 0, sizeof gc_freelist);
    } else if (!fn && alloc_hook) {
        memcpy(gc_freelist, traced_list, sizeof gc_freelist);
        memset(traced_list, 0, sizeof traced_list);
    }
    alloc_hook = fn;
}

/* Never collect after less than this much allocation (see gc_init). */
#define GC_MIN_INTERVAL ((size_t)32 << 20)
static int collected;         /* set by each collection, cleared by retune() */
static size_t kind_bytes[2];  /* bytes taken from the collector since the
                                 last retune(): [0] scanned, [1] atomic */

/* Boehm collects after allocating about (2 * scanned bytes in use +
 * atomic bytes in use / 4 + roots) / divisor, so a heap made mostly of
 * small atomic objects (strings) is collected after allocating a small
 * fraction of it. But marking such a heap costs nearly as much per object
 * as marking scanned objects: each one is reached through a pointer, its
 * block header looked up and its mark bit set. bench/strings.py keeps
 * 700,000 strings alive (45 MiB atomic, 8 MiB scanned) and was collected
 * after every 16 MiB of allocation, 69 times in all, each marking the
 * whole heap.
 *
 * So after each collection the interval is at least half of the atomic
 * part of the in-use heap (heap minus free blocks: the blocks holding
 * live objects). Boehm does not tell how much of it is atomic; the share
 * of atomic bytes in what was allocated since the previous collection
 * stands for it. Heaps of scanned objects keep Boehm's interval (with
 * divisor 2 about their scanned bytes in use: longer already), and so do
 * fragmented heaps of mixed objects, whose in-use blocks are much larger
 * than their live data. bench/strings.py (3/4 of its allocation atomic)
 * makes 59 collections instead of 69 (40 instead of 56 without the JIT),
 * ~10% faster, for ~15% more peak RSS; a larger fraction than 1/2 saves
 * more collections for more memory (2/3: 44 collections, +25% RSS). */
static void retune(void) {
    collected = 0;
    retake_reserve();
    size_t heap = GC_get_heap_size(), free_bytes = GC_get_free_bytes() + (reserve ? GC_RESERVE : 0);
    size_t used = heap > free_bytes ? heap - free_bytes : 0;
    size_t total = kind_bytes[0] + kind_bytes[1];
    size_t min = total ? (size_t)((double)used * (double)kind_bytes[1] / (double)total / 2) : 0;
    kind_bytes[0] = kind_bytes[1] = 0;
    GC_set_min_bytes_allocd(min > GC_MIN_INTERVAL ? min : GC_MIN_INTERVAL);
}

void *gc_alloc_large(size_t size) {
    kind_bytes[0] += size;
    void *p = malloc_scanned(size);
    OOM_RETRY(p, malloc_scanned(size), size);
    if (collected) retune();
    REPORT(NULL, p, size);
    return p;
}

void *gc_alloc_object_large(size_t size) {
    kind_bytes[0] += size;
    void *p = malloc_object(size);
    OOM_RETRY(p, malloc_object(size), size);
    if (collected) retune();
    REPORT(NULL, p, size);
    return p;
}

/* Classes are few and large: no free list */
void *gc_alloc_type(size_t size) {
    kind_bytes[0] += size;
    void *p = malloc_type(size);
    OOM_RETRY(p, malloc_type(size), size);
    if (collected) retune();
    REPORT(NULL, p, size);
    return p;
}

void *gc_alloc_atomic_large(size_t size) {
    kind_bytes[1] += size;
    void *p = malloc_atomic(size);
    OOM_RETRY(p, malloc_atomic(size), size);
    if (collected) retune();
    REPORT(NULL, p, size);
    return p;
}

/* Take a new batch of objects of `granules` granules. Scanned objects come
 * back zeroed except for the link word; atomic ones are not zeroed. */
static void *take_batch(int which, size_t size) {
    /* GC_generic_malloc_many adds no extra byte: objects of exactly `size` */
    int kind = which == GC_LIST_ATOMIC ? GC_I_PTRFREE : which == GC_LIST_OBJECT ? object_kind : exact_kind;
    void *list = NULL;
    GC_generic_malloc_many(size, kind, &list);
    if (!list) {
        GC_gcollect();
        GC_generic_malloc_many(size, kind, &list);
    }
    if (!list && release_reserve()) GC_generic_malloc_many(size, kind, &list);
    if (!list) fatal_out_of_memory(size);
    kind_bytes[which == GC_LIST_ATOMIC] += 4096;   /* a batch: about a heap block */
    return list;
}

void *gc_refill(int list, size_t granules) {
    size_t size = granules * GC_GRANULE;
    void **lists = alloc_hook ? traced_list[list] : gc_freelist[list];
    void *p = lists[granules];   /* NULL unless tracing */
    if (!p) p = take_batch(list, size);
    lists[granules] = *(void **)p;
    *(void **)p = NULL;
    if (collected) retune();
    REPORT(NULL, p, size);
    return p;
}

void *gc_realloc(void *p, size_t size) {
    void *q = GC_REALLOC(p, size);
    OOM_RETRY(q, GC_REALLOC(p, size), size);
    if (collected) retune();
    REPORT(p, q, size);
    return q;
}

void gc_free(void *p) {
    if (p) REPORT(p, NULL, 0);
    GC_FREE(p);
}

int gc_thread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg) {
    return GC_pthread_create(t, attr, fn, arg);
}
int gc_thread_sigmask(int how, const sigset_t *set, sigset_t *old) { return GC_pthread_sigmask(how, set, old); }

void *gc_alloc_uncollectable(size_t size) {
    void *p = GC_MALLOC_UNCOLLECTABLE(size);
    OOM_RETRY(p, GC_MALLOC_UNCOLLECTABLE(size), size);
    REPORT(NULL, p, size);
    return p;
}

void *gc_try_alloc(size_t size) {
    if (size <= GC_SMALL_GRANULES * GC_GRANULE) return gc_alloc(size);   /* small: as any other */
    if (size > PTRDIFF_MAX) return NULL;
    kind_bytes[0] += size;
    void *p = malloc_scanned(size);
    TRY_RETRY(p, malloc_scanned(size));
    if (collected) retune();
    if (p) REPORT(NULL, p, size);
    return p;
}

void *gc_try_alloc_atomic(size_t size) {
    if (size <= GC_SMALL_GRANULES * GC_GRANULE) return gc_alloc_atomic(size);
    if (size > PTRDIFF_MAX) return NULL;
    kind_bytes[1] += size;
    void *p = malloc_atomic(size);
    TRY_RETRY(p, malloc_atomic(size));
    if (collected) retune();
    if (p) REPORT(NULL, p, size);
    return p;
}

void *gc_try_realloc(void *p, size_t size) {
    if (size > PTRDIFF_MAX) return NULL;
    void *q = GC_REALLOC(p, size);
    TRY_RETRY(q, GC_REALLOC(p, size));
    if (collected) retune();
    if (q) REPORT(p, q, size);
    return q;
}

void *gc_grow_uncollectable(void *old, size_t old_size, size_t new_size) {
    void *p = gc_alloc_uncollectable(new_size);
    memset(p, 0, new_size);
    if (old) {
        memcpy(p, old, old_size < new_size ? old_size : new_size);
        REPORT(old, NULL, 0);
        GC_FREE(old);
    }
    return p;
}

/* ---- weak lists ------------------------------------------------------------------------ */

/* The slots hold hidden pointers (~p: low bits all ones) in memory the
 * collector does not scan, so they keep nothing alive; each is a
 * disappearing link, cleared when its object is collected. An object
 * outside the heap (a builtin type, static) is never collected: its slot
 * holds the plain pointer (low bits zero) and no link. Growing moves the
 * links; cleared slots are dropped then. One thread: nothing collects
 * between reading a slot and using it. */
static bool weak_slot_linked(GC_hidden_pointer h) { return (h & 7) == 7; }
struct GcWeakList {
    size_t n, cap;
    GC_hidden_pointer *slots;
};

GcWeakList *gc_weak_list_new(void) { return gc_alloc(sizeof(GcWeakList)); }

void gc_weak_list_add(GcWeakList *w, void *obj) {
    if (w->n == w->cap) {
        size_t live = 0;
        for (size_t i = 0; i < w->n; i++) live += w->slots[i] != 0;
        size_t cap = live * 2 + 4;
        GC_hidden_pointer *ns = gc_alloc_atomic(sizeof(GC_hidden_pointer) * cap);
        size_t j = 0;
        for (size_t i = 0; i < w->n; i++) {
            if (!w->slots[i]) continue;
            ns[j] = w->slots[i];
            if (weak_slot_linked(ns[j])) GC_move_disappearing_link((void **)&w->slots[i], (void **)&ns[j]);
            j++;
        }
        w->slots = ns;
        w->n = j;
        w->cap = cap;
    }
    if (GC_base(obj) == obj) {
        w->slots[w->n] = GC_HIDE_POINTER(obj);
        GC_general_register_disappearing_link((void **)&w->slots[w->n], obj);
    } else {
        w->slots[w->n] = (GC_hidden_pointer)obj;   /* static: never collected */
    }
    w->n++;
}

size_t gc_weak_list_len(const GcWeakList *w) { return w ? w->n : 0; }

/* Drop obj's slot (its link too); the list keeps its order. */
void gc_weak_list_remove(GcWeakList *w, void *obj) {
    for (size_t i = 0; w && i < w->n; i++) {
        if (gc_weak_list_get(w, i) != obj) continue;
        if (weak_slot_linked(w->slots[i])) GC_unregister_disappearing_link((void **)&w->slots[i]);
        w->slots[i] = 0;
    }
}

void *gc_weak_list_get(const GcWeakList *w, size_t i) {
    GC_hidden_pointer h = w->slots[i];
    if (!h) return NULL;
    return weak_slot_linked(h) ? GC_REVEAL_POINTER(h) : (void *)h;
}

void gc_weak_set(uintptr_t *slot, void *obj) {
    if (GC_base(obj) == obj) {
        *slot = GC_HIDE_POINTER(obj);
        GC_general_register_disappearing_link((void **)slot, obj);
    } else {
        *slot = (uintptr_t)obj;   /* static: never collected */
    }
}

void *gc_weak_get(const uintptr_t *slot) {
    GC_hidden_pointer h = *slot;
    if (!h) return NULL;
    return weak_slot_linked(h) ? GC_REVEAL_POINTER(h) : (void *)h;
}

void gc_weak_unset(uintptr_t *slot) {
    if (weak_slot_linked(*slot)) GC_unregister_disappearing_link((void **)slot);
    *slot = 0;
}

int gc_heap_object(const void *p) { return GC_base((void *)p) == p; }

void *gc_base(const void *p) { return GC_base((void *)p); }

void gc_collect(void) { GC_gcollect(); }

/* ---- walking the heap (gc.get_objects) --------------------------------------------------
 *
 * Boehm knows every block it handed out and, after a collection, which of
 * them the collection reached (their mark bits, valid until the next
 * collection starts). What it does not know is which blocks are Python
 * objects: item arrays, dict tables, the JIT's records are scanned memory
 * as objects are, and the first word of an item array may well be a
 * pointer to a class. So objects and classes come from kinds of their own
 * (object_kind: obj_alloc and compiled code's inline allocation; type_kind:
 * classes made at run time), and only their blocks are walked.
 *
 * The invariant gc.get_objects() relies on: the first word of a block of
 * the object kind is
 *   - NULL (a free block: Boehm clears the blocks of these kinds when it
 *     sweeps them and when it hands them out), or
 *   - a free-list link, which points to another block of the same kind
 *     (Boehm's and tpy's free lists link blocks of one kind and size), or
 *   - the object's type: a static Type in tpy's image, or a block of the
 *     type kind.
 * So a block whose first word is a static address or a type-kind block is
 * an object, and never a free one. A type-kind block is a class when its
 * first word is a valid type (its metaclass) and its mro is set (a tuple
 * that starts with the class itself; the mro is set when the class is
 * complete, and a free block is zero there). gcmodule.c checks both; a
 * block that does not pass is skipped, whatever its words hold.
 *
 * Marked blocks include what the conservative collector keeps alive
 * through a stale word (dead to the program), as Boehm keeps it. */
typedef struct {
    void (*fn)(void *block, GcBlockKind kind, void *arg);
    void *arg;
} WalkRequest;

static GcBlockKind kind_of(int kind) {
    if (kind == object_kind) return GC_BLOCK_OBJECT;
    if (kind == type_kind) return GC_BLOCK_TYPE;
    if (kind == exact_kind || kind == GC_I_NORMAL) return GC_BLOCK_SCANNED;
    if (kind == GC_I_PTRFREE) return GC_BLOCK_ATOMIC;
    return GC_BLOCK_OTHER;
}

GcBlockKind gc_block_kind(const void *p, size_t *size) {
    if (!p || GC_base((void *)p) != p) return GC_BLOCK_NONE;
    size_t n = 0;
    GcBlockKind k = kind_of(GC_get_kind_and_size(p, &n));
    if (size) *size = n;
    return k;
}

static void GC_CALLBACK walk_one(void *block, size_t bytes, void *request) {
    (void)bytes;
    WalkRequest *r = request;
    int kind = GC_get_kind_and_size(block, NULL);
    if (kind == object_kind) r->fn(block, GC_BLOCK_OBJECT, r->arg);
    else if (kind == type_kind) r->fn(block, GC_BLOCK_TYPE, r->arg);
}

static void *walk_locked(void *request) {
    GC_enumerate_reachable_objects_inner(walk_one, request);
    return NULL;
}

void gc_walk_marked(void (*fn)(void *block, GcBlockKind kind, void *arg), void *arg) {
    WalkRequest r = {fn, arg};
    GC_call_with_alloc_lock(walk_locked, &r);
}

size_t gc_collect_and_walk(void (*fn)(void *block, GcBlockKind kind, void *arg), void *arg) {
    GC_gcollect();
    size_t number = (size_t)GC_get_gc_no();
    gc_walk_marked(fn, arg);
    return number;
}

size_t gc_heap_size(void) { return GC_get_heap_size(); }

size_t gc_collections(void) { return (size_t)GC_get_gc_no(); }

typedef struct {
    void (*fn)(void *);
    void *arg;
} LockedCall;

static void *locked_call(void *lc) {
    ((LockedCall *)lc)->fn(((LockedCall *)lc)->arg);
    return NULL;
}

void gc_with_lock(void (*fn)(void *arg), void *arg) {
    LockedCall lc = {fn, arg};
    GC_call_with_alloc_lock(locked_call, &lc);
}

/* A block freed since (explicitly, or its whole heap block given back)
 * has no base any more; one swept and reused keeps its clear mark bit. */
bool gc_survived(const void *p) { return GC_base((void *)p) == p && GC_is_marked(p); }

/* ---- finalization ----------------------------------------------------------------------- */

/* Every registered object has an entry in a doubly linked list of malloc'd
 * records (invisible to the collector, so they keep nothing alive), passed
 * to Boehm as the finalizer's client data. Boehm runs finalizers only on
 * demand (GC_set_finalize_on_demand): its notifier just sets a flag, and
 * GC_invoke_finalizers() runs them at the runtime's safe points. */
typedef struct FinEntry {
    struct FinEntry *prev, *next;
    uintptr_t hidden;       /* ~address of the object */
    GcFinalizer fn;
    /* Boehm keeps one finalizer per object: a second registration (weak
       references to an object with __del__) chains the first, which runs
       first */
    struct FinEntry *chain, *chained_by;
} FinEntry;

static FinEntry fin_list = {&fin_list, &fin_list, 0, NULL};
static int fin_running, fin_closed;   /* closed: gc_finalize_all has run */
volatile int gc_finalizers_pending;

static void fin_unlink(FinEntry *e) {
    e->prev->next = e->next;
    e->next->prev = e->prev;
}

static void fin_callback(void *obj, void *cd) {
    FinEntry *e = cd;
    if (e->chain) fin_callback(obj, e->chain);
    GcFinalizer fn = e->fn;
    fin_unlink(e);
    free(e);
    fn(obj);
}

static void fin_notify(void) { gc_finalizers_pending = 1; }

void gc_register_finalizer(void *obj, GcFinalizer fn) {
    FinEntry *e = malloc(sizeof *e);
    if (!e) fatal_out_of_memory(sizeof *e);
    e->hidden = ~(uintptr_t)obj;
    e->fn = fn;
    e->next = fin_list.next;
    e->prev = &fin_list;
    fin_list.next->prev = e;
    fin_list.next = e;
    GC_finalization_proc old_fn = NULL;
    void *old_cd = NULL;
    GC_register_finalizer_no_order(obj, fin_callback, e, &old_fn, &old_cd);
    e->chain = old_fn == fin_callback ? old_cd : NULL;
    e->chained_by = NULL;
    if (e->chain) e->chain->chained_by = e;
}

void gc_run_finalizers_slow(void) {
    if (fin_running || fin_closed) return;
    fin_running = 1;
    while (gc_finalizers_pending) {
        gc_finalizers_pending = 0;
        GC_invoke_finalizers();
    }
    fin_running = 0;
}

void gc_finalize_all(void) {
    gc_finalizers_pending = 1;
    gc_run_finalizers_slow();
    fin_running = 1;
    /* finalizers may register more objects: a few rounds, oldest first */
    for (int round = 0; round < 8 && fin_list.prev != &fin_list; round++) {
        FinEntry *stop = fin_list.next;
        for (;;) {
            FinEntry *e = fin_list.prev;
            bool last = e == stop;
            void *obj = (void *)~e->hidden;
            GcFinalizer fn = e->fn;
            GC_register_finalizer_no_order(obj, NULL, NULL, NULL, NULL);
            /* the chained entries are in the list too: each runs on its own */
            if (e->chained_by) e->chained_by->chain = NULL;
            if (e->chain) e->chain->chained_by = NULL;
            fin_unlink(e);
            free(e);
            fn(obj);
            if (last || fin_list.prev == &fin_list) break;
        }
    }
    fin_running = 0;
    fin_closed = 1;   /* what a collection queued meanwhile must not run */
}

/* GMP's memory is scanned, although limbs hold no pointers: GMP keeps
 * pointers inside blocks it allocates (its heap temporaries are chained
 * through a `next` field in each block; FFT multiplication keeps arrays of
 * pointers to other temporaries), and in atomic memory the collector would
 * not see them and free blocks GMP still uses (bench/bigint.py crashed in
 * mpn_mul_fft about one run in ten). */
static void *gmp_alloc(size_t size) { return gc_alloc(size); }
static void *gmp_realloc(void *p, size_t old, size_t size) {
    (void)old;
    return gc_realloc(p, size);
}
static void gmp_free(void *p, size_t size) { (void)p; (void)size; }

/* Collections start by dropping the free lists: the atomic ones are linked
 * through memory the collector does not scan, so their objects would look
 * free to it; dropping both kinds also returns unused batches. Runs with
 * the allocation lock held: must not allocate. */
#define MAX_COLLECT_HOOKS 4
static void (*collect_hooks[MAX_COLLECT_HOOKS])(void);
static int ncollect_hooks;

void gc_set_collect_hook(void (*fn)(void)) {
    if (ncollect_hooks == MAX_COLLECT_HOOKS) abort();   /* a fixed, small set: the runtime's */
    collect_hooks[ncollect_hooks++] = fn;
}

static void drop_free_lists(void) {
    memset(gc_freelist, 0, sizeof gc_freelist);
    memset(traced_list, 0, sizeof traced_list);
    collected = 1;   /* the next allocation out of the collector retunes */
    for (int i = 0; i < ncollect_hooks; i++) collect_hooks[i]();
}

/* ---- statistics (TPY_GC_STATS) ---------------------------------------------------------
 *
 * With TPY_GC_STATS set in the environment, the process prints one line to
 * stderr at exit: collections, milliseconds spent in them (Boehm's own
 * measurement: the stopped-world marking and the sweeping it does then;
 * lazy sweeping during allocation is not counted), bytes handed out by the
 * collector (batches of small objects count whole when taken) and the
 * heap's size, the process's CPU time and the wall time since start-up
 * (Boehm's clock is a wall clock: compare gc_ms with wall_ms, not cpu_ms,
 * on a loaded machine). tools/gc_share.py reads it. The measurement costs two clock
 * reads per collection, and nothing when the variable is unset. */
static struct timespec stats_start;

static void print_gc_stats(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double wall_ms = (double)(now.tv_sec - stats_start.tv_sec) * 1e3 + (double)(now.tv_nsec - stats_start.tv_nsec) / 1e6;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu_ms = (double)ru.ru_utime.tv_sec * 1e3 + (double)ru.ru_utime.tv_usec / 1e3 +
                    (double)ru.ru_stime.tv_sec * 1e3 + (double)ru.ru_stime.tv_usec / 1e3;
    fprintf(stderr,
            "tpy-gc-stats: collections=%zu gc_ms=%lu cpu_ms=%.0f allocated_bytes=%zu heap_bytes=%zu wall_ms=%.0f\n",
            (size_t)GC_get_gc_no(), GC_get_full_gc_total_time(), cpu_ms, GC_get_total_bytes(), GC_get_heap_size(),
            wall_ms);
}

/* ---- transparent huge pages for the first heap section ----------------------------------
 *
 * Each 4 KiB page the heap touches for the first time costs a page fault,
 * on this project's virtual machines 3-18 us: the kernel's share of
 * `tpy -c pass` was larger than tpy's own, and 540 of its 900 faults were
 * the collector handing out fresh memory of the first heap section, which
 * gc_init makes 64 MiB (FIRST_SECTION; docs/gc.md "9."). Where the kernel gives transparent huge pages on
 * request (/sys/kernel/mm/transparent_hugepage/enabled "madvise", Debian's
 * default), that section is advised MADV_HUGEPAGE: a fault then maps a
 * whole 2 MiB (`tpy -c pass`: 897 -> 359 faults, 5.7 -> 4.2 ms of system
 * time). Only the first section: for the sections a growing heap adds
 * later, the same advice cost more than it saved (bench/strings.py 0.19 ->
 * 0.27 s of system time, binary_trees 0.03 -> 0.09: the kernel compacts
 * memory to find huge pages, and Boehm unmapping free blocks splits them).
 * The price is memory: a huge page is resident once one byte of it is
 * touched (`tpy -c pass`: 10 MB maximum resident set instead of 8).
 *
 * Boehm does not say where a section is, only the heap's new size (the
 * resize callback): the section is the first heap page of a mapping of
 * about that size in /proc/self/maps (read once, about 60 lines), and the
 * size from there. TPY_HUGE_PAGES=0 turns it off. */
#define HUGE_PAGE ((uintptr_t)2 << 20)
#define SECTION_SLACK ((uintptr_t)1 << 20)   /* merged neighbours, at most */
static GC_word heap_size_seen, heap_size_added;

static void GC_CALLBACK heap_resized(GC_word new_size) {
    heap_size_added = new_size > heap_size_seen ? new_size - heap_size_seen : 0;
    heap_size_seen = new_size;
}

static void advise_huge_pages(uintptr_t start, uintptr_t end) {
    start = (start + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    end &= ~(HUGE_PAGE - 1);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
}

/* advise the section the last heap expansion added (heap_size_added bytes) */
static void advise_last_section(void) {
    uintptr_t size = heap_size_added;
    if (size < HUGE_PAGE) return;
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    char buf[16384];
    size_t len = 0;
    ssize_t n;
    while (len < sizeof buf - 1 && (n = read(fd, buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)n;
    close(fd);
    buf[len] = 0;
    for (char *line = buf; *line;) {
        unsigned long lo, hi;
        /* the kernel may have merged the section with Boehm's small
           mappings beside it into one: look for its first page within */
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && hi - lo >= size && hi - lo <= size + SECTION_SLACK) {
            for (uintptr_t page = lo; page + size <= hi; page += 4096) {
                if (GC_is_heap_ptr((void *)page)) {
                    advise_huge_pages(page, page + size);
                    return;
                }
            }
        }
        char *next = strchr(line, '\n');
        if (!next) break;
        line = next + 1;
    }
}

/* the initial stack pointer of the process (glibc's, which Boehm itself
 * reads when it has no pthread_getattr_np) */
extern void *__libc_stack_end;

void gc_init(void) {
    /* Boehm's initial collection finds nothing in an empty heap but
       scans every root segment: 40% of `tpy -c pass`'s collector time */
    GC_set_dont_precollect(1);
    /* On the main thread the stack's cold end is known: else Boehm asks
       pthread_getattr_np, which parses /proc/self/maps (4% of the
       instructions of `tpy -c pass`, and the kernel's work to print it).
       An embedder may initialise from another thread: Boehm finds it. */
    if (getpid() == gettid()) GC_set_stackbottom(NULL, &(struct GC_stack_base){.mem_base = __libc_stack_end});
    const char *huge_pages = getenv("TPY_HUGE_PAGES");
    bool use_huge_pages = !huge_pages || strcmp(huge_pages, "0") != 0;
    if (use_huge_pages) GC_set_on_heap_resize(heap_resized);
    /* Boehm gives free blocks back to the kernel after they stayed free
       for 6 collections (GC_UNMAP_THRESHOLD): that splits the first
       section's huge pages, and the blocks come back page fault by page
       fault when the program allocates again; tpy keeps them unless the
       variable is set (read by GC_INIT only; not left in the environment
       that the program sees) */
    bool set_unmap = !getenv("GC_UNMAP_THRESHOLD");
    if (set_unmap) setenv("GC_UNMAP_THRESHOLD", "0", 1);
    GC_INIT();
    if (set_unmap) unsetenv("GC_UNMAP_THRESHOLD");
    /* descriptor GC_DS_LENGTH plus the object's size: every word traced;
       objects cleared when handed out, as NORMAL ones */
    exact_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 1, 1);
    object_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 1, 1);
    type_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 1, 1);
    extra_bytes = GC_get_all_interior_pointers() ? 1 : 0;
    GC_set_start_callback(drop_free_lists);
    /* Collect less often than Boehm's default (divisor 3): programs keep
       large live heaps that every full collection has to mark. */
    GC_set_free_space_divisor(2);
    /* ... and never after less than 16 MiB of allocation: with a small
       live heap Boehm would collect every few hundred KiB, and each
       collection costs at least a scan of the roots and the live heap
       (bench/bigint.py made ~4800 collections of a 2 MiB heap and spent a
       third of its time in the collector). 32 MiB (docs/gc.md has the
       figures, "2."): at steady state every full collection marks the
       whole live heap, the traces' data included, and halving their number
       halved the marking (go 252 -> 122 collections per run, binary_trees
       38 -> 20), for a peak RSS about PyPy's on the same programs (go: 67
       MB, PyPy 64 MB, 40 MB with 16 MiB). */
    GC_set_min_bytes_allocd(GC_MIN_INTERVAL);
    GC_set_finalize_on_demand(1);
    GC_set_finalizer_notifier(fin_notify);
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
    GC_set_warn_proc(gc_warn);
    limit_heap();
    /* The first section holds the reserve (taken from a 64 KiB heap it
       would cost a collection at start-up and shift every later one) and
       room for the first collection interval: a program that allocates
       GC_MIN_INTERVAL before its first collection grows the heap to about
       that much plus what it keeps, and each section Boehm adds later is
       faulted in page by page, 14-18 us a page on this project's virtual
       machines (docs/gc.md, "9."). As one advised section it is faulted
       in 2 MiB at a time, and only where touched: `tpy -c pass` keeps its
       resident set. A heap limit below it gets the small section. */
    if (!GC_expand_hp(FIRST_SECTION)) GC_expand_hp(2 * GC_RESERVE);
    if (use_huge_pages) {
        GC_set_on_heap_resize(NULL);
        advise_last_section();
    }
    reserve = GC_MALLOC_ATOMIC(GC_RESERVE);
    const char *stats = getenv("TPY_GC_STATS");
    if (stats && *stats) {
        clock_gettime(CLOCK_MONOTONIC, &stats_start);
        GC_start_performance_measurement();
        atexit(print_gc_stats);
    }
}
