/* gc.h: every allocation of the runtime goes through these functions.
 *
 * Today they sit on the Boehm-Demers-Weiser conservative collector: C
 * stacks, registers and machine code need no stack maps, and any word that
 * looks like a pointer into an object keeps it alive. Keeping every
 * allocation behind this interface means a precise collector can replace
 * Boehm later without touching callers.
 *
 * Contract:
 *  - gc_alloc() returns zeroed memory that the collector scans for pointers.
 *  - gc_alloc_atomic() returns memory that is never scanned (string bytes,
 *    float payloads, GMP limbs); it is NOT zeroed.
 *  - Memory is never freed explicitly; gc_free() is only a hint.
 *  - A pointer kept only in memory the collector cannot see (malloc'd
 *    buffers, machine code) must also be stored in a gc_root_* region.
 */
#ifndef TPY_GC_H
#define TPY_GC_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void gc_init(void);

/* Threads running tpy code are made here, so that the collector knows
 * them (their stacks are roots) and its stop-the-world signals stay
 * deliverable whatever the thread blocks. */
int gc_thread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int gc_thread_sigmask(int how, const sigset_t *set, sigset_t *old);

/* Small objects come from free lists of 16-byte granule size classes,
 * refilled in batches from the collector (GC_generic_malloc_many, objects
 * of exactly their class's size: gc.c, exact_kind): the fast path is a
 * pop, with no call and no thread-local lookup. The lists are global:
 * tpy runs Python code on one thread. */
#define GC_GRANULE 16
#define GC_SMALL_GRANULES 48
/* The free lists by kind of memory. Python objects (obj_alloc: every
 * object whose first word is its type, scanned) come from a kind of their
 * own, apart from other scanned memory (item arrays, dict tables, the
 * JIT's records), so that gc.get_objects() can tell them apart (gc.c,
 * "walking the heap"). */
enum { GC_LIST_SCANNED, GC_LIST_ATOMIC, GC_LIST_OBJECT, GC_NLISTS };
extern void *gc_freelist[GC_NLISTS][GC_SMALL_GRANULES + 1];
void *gc_refill(int list, size_t granules);
void *gc_alloc_large(size_t size);
void *gc_alloc_atomic_large(size_t size);
void *gc_alloc_object_large(size_t size);

static inline void *gc_alloc(size_t size) {
    size_t g = (size + GC_GRANULE - 1) / GC_GRANULE;
    if (__builtin_expect(g - 1 < GC_SMALL_GRANULES, 1)) {
        void *p = gc_freelist[0][g];
        if (__builtin_expect(p != NULL, 1)) {
            gc_freelist[0][g] = *(void **)p;
            *(void **)p = NULL;   /* the rest is already zero */
            return p;
        }
        return gc_refill(0, g);
    }
    return gc_alloc_large(size);
}

static inline void *gc_alloc_atomic(size_t size) {
    size_t g = (size + GC_GRANULE - 1) / GC_GRANULE;
    if (__builtin_expect(g - 1 < GC_SMALL_GRANULES, 1)) {
        void *p = gc_freelist[1][g];
        if (__builtin_expect(p != NULL, 1)) {
            gc_freelist[1][g] = *(void **)p;
            return p;
        }
        return gc_refill(1, g);
    }
    return gc_alloc_atomic_large(size);
}

/* A Python object: scanned and zeroed as gc_alloc's, from the object
 * kind. The caller stores the object's type in its first word at once. */
static inline void *gc_alloc_object(size_t size) {
    size_t g = (size + GC_GRANULE - 1) / GC_GRANULE;
    if (__builtin_expect(g - 1 < GC_SMALL_GRANULES, 1)) {
        void *p = gc_freelist[GC_LIST_OBJECT][g];
        if (__builtin_expect(p != NULL, 1)) {
            gc_freelist[GC_LIST_OBJECT][g] = *(void **)p;
            *(void **)p = NULL;
            return p;
        }
        return gc_refill(GC_LIST_OBJECT, g);
    }
    return gc_alloc_object_large(size);
}

/* A class (a Type made at run time: class statements, metaclasses' instances,
 * the runtime's own heap types): zeroed, scanned, from a kind of its own. */
void *gc_alloc_type(size_t size);

/* What a block of the collected heap holds, by the kind it was allocated
 * from (gc.c, "walking the heap"). */
typedef enum {
    GC_BLOCK_NONE,      /* not the start of a heap block */
    GC_BLOCK_SCANNED,   /* gc_alloc, gc_try_alloc, gc_realloc: not an object */
    GC_BLOCK_ATOMIC,
    GC_BLOCK_OBJECT,    /* gc_alloc_object: a Python object, or a free one */
    GC_BLOCK_TYPE,      /* gc_alloc_type: a class, or a free one */
    GC_BLOCK_OTHER,     /* uncollectable, Boehm's own */
} GcBlockKind;
/* The kind of the heap block that starts at p (and its size in *size
 * when not NULL); GC_BLOCK_NONE when p is not a block's start. */
GcBlockKind gc_block_kind(const void *p, size_t *size);
/* Collect, then call fn(block, kind, arg) for each block of the object
 * and type kinds that the collection found reachable, with the
 * collector's lock held: fn must not allocate. Returns the number of the
 * collection, which the caller compares with gc_collections() to know
 * that nothing collected since (the mark bits it read are still those). */
size_t gc_collect_and_walk(void (*fn)(void *block, GcBlockKind kind, void *arg), void *arg);
/* The same walk without collecting first: valid only while
 * gc_collections() is still what gc_collect_and_walk returned. */
void gc_walk_marked(void (*fn)(void *block, GcBlockKind kind, void *arg), void *arg);

void *gc_realloc(void *p, size_t size);
/* For sizes the program chooses: NULL when the memory is not there (the
 * caller raises MemoryError), instead of the reserve and a MemoryError at
 * the next safe point (gc.c, "out of memory"). Memory as gc_alloc /
 * gc_alloc_atomic / gc_realloc give it. */
void *gc_try_alloc(size_t size);
void *gc_try_alloc_atomic(size_t size);
void *gc_try_realloc(void *p, size_t size);
void gc_free(void *p);
/* Memory that is scanned but never collected: roots held outside the heap. */
void *gc_alloc_uncollectable(size_t size);
/* Grow an uncollectable array from old_size to new_size bytes (old may be
 * NULL): the contents are copied, the rest is zeroed and the old block is
 * freed (an uncollectable block is a root until freed). */
void *gc_grow_uncollectable(void *old, size_t old_size, size_t new_size);
/* Weak references: a list whose entries do not keep their objects alive;
 * the collector clears an entry when its object is collected (Boehm's
 * disappearing links). Order of addition is kept. */
typedef struct GcWeakList GcWeakList;
GcWeakList *gc_weak_list_new(void);
void gc_weak_list_add(GcWeakList *w, void *obj);
size_t gc_weak_list_len(const GcWeakList *w);
void *gc_weak_list_get(const GcWeakList *w, size_t i);   /* NULL once collected */
void gc_weak_list_remove(GcWeakList *w, void *obj);
/* One weak pointer in a scanned object (a weakref's referent): the slot
 * holds it hidden, and is cleared (0) once the object is collected. */
void gc_weak_set(uintptr_t *slot, void *obj);
void *gc_weak_get(const uintptr_t *slot);   /* NULL once collected */
/* Drop a slot's link (before its memory is reused or let go): 0 after. */
void gc_weak_unset(uintptr_t *slot);
/* Is p an object of the collected heap (not static)? */
int gc_heap_object(const void *p);
/* The start of the heap object that p points into, or NULL when p is not
 * in the collected heap (static data, malloc). */
void *gc_base(const void *p);
void gc_collect(void);
/* fn runs at the start of every collection, before marking: it may clear
 * stale pointers from scanned memory but must not allocate. (A few may be
 * set: the frame stack's and the method cache's.) */
void gc_set_collect_hook(void (*fn)(void));
/* fn runs when an allocation succeeded only by giving back the reserve
 * (gc.c, "out of memory"): the runtime raises MemoryError at its next safe
 * point. */
void gc_set_memory_error_hook(void (*fn)(void));
size_t gc_heap_size(void);
/* How many collections have run. */
size_t gc_collections(void);
/* fn(arg) runs with the collector's lock held: no collection, no
 * allocation by another thread. */
void gc_with_lock(void (*fn)(void *arg), void *arg);
/* Under gc_with_lock: did the block at p (its start), allocated before
 * the last collection, survive it? Its mark bit says so until the next
 * collection starts; a block allocated since then has none, and looks
 * dead. */
bool gc_survived(const void *p);

/* Allocation tracing (tracemalloc). While a hook is set, every allocation
 * of collected memory reports to it: hook(NULL, p, size) for a new block,
 * hook(old, NULL, 0) when gc_free lets one go, hook(old, p, size) when
 * gc_realloc moves or resizes one. Small blocks then all come through
 * gc_refill (their free lists are kept out of the inline fast path), so
 * that path costs nothing while no hook is set. size is what the block
 * takes: small sizes rounded up to granules. The hook must not allocate
 * collected memory. */
typedef void (*GcAllocHook)(void *old, void *p, size_t size);
void gc_set_alloc_hook(GcAllocHook fn);

/* Finalization (PyPy's model, not CPython's: there are no reference
 * counts). fn(obj) runs at most once: at a safe point some time after a
 * collection found obj unreachable, or at exit (gc_finalize_all) if it is
 * still alive then. A finalizer may resurrect obj. Finalizable objects
 * are not ordered: what obj refers to may have been finalized already. */
typedef void (*GcFinalizer)(void *obj);
void gc_register_finalizer(void *obj, GcFinalizer fn);
/* Set when a collection queued finalizers; the runtime's safe points call
 * gc_run_finalizers(). */
extern volatile int gc_finalizers_pending;
void gc_run_finalizers_slow(void);
static inline void gc_run_finalizers(void) {
    if (__builtin_expect(gc_finalizers_pending, 0)) gc_run_finalizers_slow();
}
/* At exit: run the finalizers of every registered object, reachable or not. */
void gc_finalize_all(void);

#endif
