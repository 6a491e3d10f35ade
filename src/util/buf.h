/* buf.h: a growable byte buffer in collector memory (no pointers inside).
 * The contents are always NUL-terminated (data[len] == 0). */
#ifndef TPY_BUF_H
#define TPY_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;

void buf_init(Buf *b, size_t cap);
void buf_reserve(Buf *b, size_t extra);   /* room for `extra` more bytes */
void buf_putc(Buf *b, char c);
void buf_put(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_fill(Buf *b, char c, size_t n);  /* append c n times */
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);

#endif
