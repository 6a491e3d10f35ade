/* gc.c: the allocation interface (gc.h) on top of the Boehm collector. */
#include "gc.h"

#include <gc/gc.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size) {
    fprintf(stderr, "tpy: out of memory (allocating %zu bytes)\n", size);
    abort();
}

void *gc_alloc(size_t size) {
    void *p = GC_MALLOC(size);
    if (!p) out_of_memory(size);
    return p;
}

void *gc_alloc_atomic(size_t size) {
    void *p = GC_MALLOC_ATOMIC(size);
    if (!p) out_of_memory(size);
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

/* GMP limbs hold no pointers: keep them in atomic memory. */
static void *gmp_alloc(size_t size) { return gc_alloc_atomic(size); }
static void *gmp_realloc(void *p, size_t old, size_t size) {
    (void)old;
    return gc_realloc(p, size);
}
static void gmp_free(void *p, size_t size) { (void)p; (void)size; }

void gc_init(void) {
    GC_INIT();
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
