#include "buf.h"

#include <stdio.h>
#include <string.h>

#include "../gc/gc.h"

void buf_init(Buf *b, size_t cap) {
    if (cap < 16) cap = 16;
    b->data = gc_alloc_atomic(cap);
    b->data[0] = 0;
    b->len = 0;
    b->cap = cap;
    b->local = NULL;
}

void buf_init_local(Buf *b, char *mem, size_t cap) {
    b->data = b->local = mem;
    b->data[0] = 0;
    b->len = 0;
    b->cap = cap;
}

void buf_reserve(Buf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap * 2;
    while (cap < b->len + extra + 1) cap *= 2;
    if (b->data == b->local) {
        char *d = gc_alloc_atomic(cap);
        memcpy(d, b->data, b->len + 1);
        b->data = d;
    } else {
        b->data = gc_realloc(b->data, cap);
    }
    b->cap = cap;
}

void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }

void buf_fill(Buf *b, char c, size_t n) {
    buf_reserve(b, n);
    memset(b->data + b->len, c, n);
    b->len += n;
    b->data[b->len] = 0;
}

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    if (n >= 0 && (size_t)n >= b->cap - b->len) {
        buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap2);
    }
    va_end(ap2);
    if (n > 0) b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

bool buf_read_file(Buf *b, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_put(b, chunk, n);
    fclose(f);
    return true;
}
