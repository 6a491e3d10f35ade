/* mcode.h: executable memory for machine code (W^X). */
#ifndef TPY_JIT_MCODE_H
#define TPY_JIT_MCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reserve len bytes of code space (executable, not writable); NULL when
 * out of memory. */
uint8_t *mcode_alloc(size_t len);
/* Copy code into place (briefly making the pages writable). */
void mcode_write(uint8_t *dst, const void *src, size_t len);
/* Bracket in-place patches: between the two calls the range is writable
 * and not executable. */
void mcode_patch_begin(void *addr, size_t len);
void mcode_patch_end(void *addr, size_t len);
void mcode_free(uint8_t *p, size_t len);
/* len bytes of writable, zeroed memory that any code reaches with a
 * RIP-relative disp32 (for data the code reads on a hot path); NULL when
 * the page is used up. */
void *mcode_near_data(size_t len);
/* Is p in that near data (so reachable RIP-relative from any code)? */
bool mcode_is_near_data(const void *p);
/* The code region's bounds [*lo, *hi) (the sampling profiler tells
 * machine code by its address); false if it cannot be reserved. */
bool mcode_region(uintptr_t *lo, uintptr_t *hi);
/* Bytes reserved for code and bytes of live code. */
void mcode_stats(size_t *reserved, size_t *used);

#endif
