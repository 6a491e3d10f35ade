/* buf.h: a growable byte buffer in collector memory (no pointers inside).
 * The contents are always NUL-terminated (data[len] == 0). */
#ifndef TPY_BUF_H
#define TPY_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct Buf {
    char *data;
    size_t len, cap;
    char *local;        /* caller-provided first storage, or NULL */
} Buf;

void buf_init(Buf *b, size_t cap);
/* Start in the caller's memory `mem` (cap bytes, typically on the stack);
 * it moves to collector memory when it outgrows it. Use only where the
 * contents are copied out (str_from_buf) before `mem` goes away. */
void buf_init_local(Buf *b, char *mem, size_t cap);
void buf_reserve(Buf *b, size_t extra);   /* room for `extra` more bytes */
static inline void buf_putc(Buf *b, char c) {
    if (__builtin_expect(b->len + 2 > b->cap, 0)) buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = 0;
}
static inline void buf_put(Buf *b, const char *s, size_t n) {
    if (__builtin_expect(b->len + n + 1 > b->cap, 0)) buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}
void buf_puts(Buf *b, const char *s);
void buf_fill(Buf *b, char c, size_t n);  /* append c n times */
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
/* Append the whole file at path; false if it cannot be opened */
bool buf_read_file(Buf *b, const char *path);

#endif
