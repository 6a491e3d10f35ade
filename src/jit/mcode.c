/* mcode.c: executable memory. Machine code is never writable and
 * executable at the same time (W^X): pages are made writable to copy in
 * new code or patch a jump, then executable again.
 *
 * All code lives in one region reserved at start-up, so any piece of code
 * reaches any other with a rel32 jump (bridges patched into guards, jumps
 * between loops). The region is reserved without backing store; pages cost
 * memory only once code is written to them. Freed blocks go to a free list
 * (first fit, split on allocation, merged with free neighbours). One
 * writable page after the region holds data the code reads RIP-relative
 * (mcode_near_data).
 */
#include "mcode.h"

#include "safepoint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MCODE_REGION (256u << 20)
#define MCODE_ALIGN 16

typedef struct FreeBlock {
    uint8_t *at;
    size_t len;
} FreeBlock;

static uint8_t *region;
static size_t bump;                 /* bytes handed out from the region's start */
static size_t used_bytes;
static FreeBlock *free_blocks;
static size_t nfree, capfree;

static size_t near_used;

static bool region_init(void) {
    if (region) return true;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    void *p = mmap(NULL, MCODE_REGION + page, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                   0);
    if (p == MAP_FAILED) return false;
    /* the page after the code: data, never code */
    if (mprotect((uint8_t *)p + MCODE_REGION, page, PROT_READ | PROT_WRITE) != 0) near_used = page;
    region = p;
    return true;
}

void *mcode_near_data(size_t len) {
    if (!region_init()) return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    len = (len + 15) & ~(size_t)15;
    if (near_used + len > page) return NULL;
    void *p = region + MCODE_REGION + near_used;
    near_used += len;
    return p;
}

bool mcode_is_near_data(const void *p) {
    return region && (const uint8_t *)p >= region + MCODE_REGION && (const uint8_t *)p < region + MCODE_REGION + near_used;
}

static void set_writable(void *addr, size_t len, bool writable) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)addr & ~(page - 1);
    uintptr_t end = ((uintptr_t)addr + len + page - 1) & ~(page - 1);
    if (mprotect((void *)start, end - start, writable ? PROT_READ | PROT_WRITE : PROT_READ | PROT_EXEC) != 0) {
        perror("tpy: mprotect");
        abort();
    }
}

uint8_t *mcode_alloc(size_t len) {
    if (!region_init()) return NULL;
    len = (len + MCODE_ALIGN - 1) & ~(size_t)(MCODE_ALIGN - 1);
    for (size_t i = 0; i < nfree; i++) {
        if (free_blocks[i].len >= len) {
            uint8_t *p = free_blocks[i].at;
            free_blocks[i].at += len;
            free_blocks[i].len -= len;
            if (free_blocks[i].len == 0) free_blocks[i] = free_blocks[--nfree];
            used_bytes += len;
            return p;
        }
    }
    if (bump + len > MCODE_REGION) return NULL;
    uint8_t *p = region + bump;
    bump += len;
    used_bytes += len;
    return p;
}

/* Writes are fenced against safepoint_trip() (a signal handler patching
 * code on a page this is making writable, see safepoint.h). */
void mcode_write(uint8_t *dst, const void *src, size_t len) {
    safepoint_busy_begin();
    set_writable(dst, len, true);
    memcpy(dst, src, len);
    set_writable(dst, len, false);
    __builtin___clear_cache((char *)dst, (char *)dst + len);
    safepoint_busy_end();
}

void mcode_patch_begin(void *addr, size_t len) {
    safepoint_busy_begin();
    set_writable(addr, len, true);
}

void mcode_patch_end(void *addr, size_t len) {
    set_writable(addr, len, false);
    __builtin___clear_cache((char *)addr, (char *)addr + len);
    safepoint_busy_end();
}

void mcode_free(uint8_t *p, size_t len) {
    if (!p) return;
    len = (len + MCODE_ALIGN - 1) & ~(size_t)(MCODE_ALIGN - 1);
    used_bytes -= len <= used_bytes ? len : used_bytes;
    /* trap anything that still jumps here */
    safepoint_busy_begin();
    set_writable(p, len, true);
    memset(p, 0xCC, len);
    set_writable(p, len, false);
    safepoint_busy_end();
    /* merge with adjacent free blocks */
    for (size_t i = 0; i < nfree; i++) {
        if (free_blocks[i].at + free_blocks[i].len == p) {
            free_blocks[i].len += len;
            p = free_blocks[i].at;
            len = free_blocks[i].len;
            free_blocks[i] = free_blocks[--nfree];
            i = (size_t)-1;
        } else if (p + len == free_blocks[i].at) {
            len += free_blocks[i].len;
            free_blocks[i] = free_blocks[--nfree];
            i = (size_t)-1;
        }
    }
    if (p + len == region + bump) {
        bump -= len;
        return;
    }
    if (nfree == capfree) {
        capfree = capfree ? capfree * 2 : 64;
        free_blocks = realloc(free_blocks, sizeof(FreeBlock) * capfree);
    }
    free_blocks[nfree].at = p;
    free_blocks[nfree].len = len;
    nfree++;
}

bool mcode_region(uintptr_t *lo, uintptr_t *hi) {
    if (!region_init()) return false;
    *lo = (uintptr_t)region;
    *hi = (uintptr_t)region + MCODE_REGION;
    return true;
}

void mcode_stats(size_t *reserved, size_t *used) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    *reserved = (bump + page - 1) & ~(page - 1);
    *used = used_bytes;
}
