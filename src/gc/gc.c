/* gc.c: the allocation interface (gc.h) on top of the Boehm collector. */
#include "gc.h"

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size) {
    fprintf(stderr, "tpy: out of memory (allocating %zu bytes)\n", size);
    abort();
}

void *gc_freelist[2][GC_SMALL_GRANULES + 1];

void *gc_alloc_large(size_t size) {
    void *p = GC_MALLOC(size);
    if (!p) out_of_memory(size);
    return p;
}

void *gc_alloc_atomic_large(size_t size) {
    void *p = GC_MALLOC_ATOMIC(size);
    if (!p) out_of_memory(size);
    return p;
}

/* Take a new batch of objects of `granules` granules. Scanned objects come
 * back zeroed except for the link word; atomic ones are not zeroed. */
void *gc_refill(int atomic, size_t granules) {
    size_t size = granules * GC_GRANULE;
    void *list = atomic ? NULL : GC_malloc_many(size);
    if (atomic) {
        GC_generic_malloc_many(size, GC_I_PTRFREE, &list);
    }
    if (!list) out_of_memory(size);
    void *p = list;
    gc_freelist[atomic][granules] = *(void **)p;
    *(void **)p = NULL;
    return p;
}

void *gc_realloc(void *p, size_t size) {
    void *q = GC_REALLOC(p, size);
    if (!q) out_of_memory(size);
    return q;
}

void gc_free(void *p) { GC_FREE(p); }

void *gc_alloc_uncollectable(size_t size) {
    void *p = GC_MALLOC_UNCOLLECTABLE(size);
    if (!p) out_of_memory(size);
    return p;
}

void gc_collect(void) { GC_gcollect(); }

size_t gc_heap_size(void) { return GC_get_heap_size(); }

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
static void drop_free_lists(void) { memset(gc_freelist, 0, sizeof gc_freelist); }

void gc_init(void) {
    GC_INIT();
    GC_set_start_callback(drop_free_lists);
    /* Collect less often than Boehm's default (divisor 3): programs keep
       large live heaps that every full collection has to mark. */
    GC_set_free_space_divisor(2);
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
