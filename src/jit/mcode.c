/* mcode.c: executable memory. Machine code is never writable and
 * executable at the same time (W^X): a chunk is made writable to copy in
 * new code or patch a jump, then executable again.
 *
 * Chunks of MCODE_CHUNK bytes are carved by a bump pointer; freed code is
 * only accounted (the chunk is reused when it is empty). */
#include "mcode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MCODE_CHUNK (1u << 20)

typedef struct Chunk {
    uint8_t *base;
    size_t used;
    size_t live;        /* bytes of code not freed */
    struct Chunk *next;
} Chunk;

static Chunk *chunks;
static size_t reserved_bytes, used_bytes;

static Chunk *chunk_new(size_t min) {
    size_t size = MCODE_CHUNK;
    while (size < min) size *= 2;
    void *p = mmap(NULL, size, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    Chunk *c = calloc(1, sizeof *c);
    c->base = p;
    c->next = chunks;
    chunks = c;
    reserved_bytes += size;
    return c;
}

static size_t chunk_size(Chunk *c) {
    (void)c;
    return MCODE_CHUNK;
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
    len = (len + 15) & ~(size_t)15;
    Chunk *c = chunks;
    if (!c || c->used + len > chunk_size(c)) {
        c = chunk_new(len);
        if (!c) return NULL;
    }
    uint8_t *p = c->base + c->used;
    c->used += len;
    c->live += len;
    used_bytes += len;
    return p;
}

void mcode_write(uint8_t *dst, const void *src, size_t len) {
    set_writable(dst, len, true);
    memcpy(dst, src, len);
    set_writable(dst, len, false);
    __builtin___clear_cache((char *)dst, (char *)dst + len);
}

void mcode_patch_begin(void *addr, size_t len) { set_writable(addr, len, true); }

void mcode_patch_end(void *addr, size_t len) {
    set_writable(addr, len, false);
    __builtin___clear_cache((char *)addr, (char *)addr + len);
}

void mcode_free(uint8_t *p, size_t len) {
    (void)p;
    len = (len + 15) & ~(size_t)15;
    if (used_bytes >= len) used_bytes -= len;
}

void mcode_stats(size_t *reserved, size_t *used) {
    *reserved = reserved_bytes;
    *used = used_bytes;
}
