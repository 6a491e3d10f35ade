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

#include <stddef.h>
#include <stdint.h>

void gc_init(void);
void *gc_alloc(size_t size);
void *gc_alloc_atomic(size_t size);
void *gc_realloc(void *p, size_t size);
void gc_free(void *p);
/* Memory that is scanned but never collected: roots held outside the heap. */
void *gc_alloc_uncollectable(size_t size);
void gc_collect(void);
size_t gc_heap_size(void);

#endif
