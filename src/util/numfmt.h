/* numfmt.h: number <-> text conversions with CPython's exact results.
 *
 * Pure C, independent of the object model: strings come in as UTF-8 bytes
 * and go out appended to a Buf. On a user error the functions return -1 and
 * put CPython's ValueError/OverflowError message text in *err (the caller
 * raises the exception; errtype says which: 'V' ValueError, 'O'
 * OverflowError, 'T' TypeError).
 * (numfmt.c also uses 'M' MemoryError, with an empty message, for results
 * longer than INT32_MAX bytes, e.g. a width of 9999999999999999.)
 */
#ifndef TPY_NUMFMT_H
#define TPY_NUMFMT_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"

typedef struct NumFmtError {
    char type;          /* 'V', 'O' or 'T' */
    char msg[200];
} NumFmtError;

/* repr(x) / str(x) of a float: the shortest string that reads back as x,
 * in CPython's layout ("0.1", "1e+16", "1.5e-05", "inf", "-0.0", "1.0").
 * Writes a NUL-terminated string into out (>= 32 bytes); returns length. */
size_t numfmt_float_repr(double x, char *out);

/* float(s): parse a Python float literal as float() accepts it (surrounding
 * whitespace, sign, "inf", "infinity", "nan" in any case, '_' between
 * digits). Returns 0 and sets *out, or -1 if the text is not a float. */
int numfmt_parse_float(const char *s, size_t len, double *out);

/* strtod in the C locale, whatever LC_NUMERIC the program set: what the
 * parser, json and pickle read is Python's syntax ('.' as the point). */
double numfmt_strtod_c(const char *s, char **end);

/* round(x, ndigits) for a float, correctly rounded (half to even on the
 * exact binary value), as CPython's float.__round__. Sets *out; returns -1
 * with an OverflowError message when the result overflows. */
int numfmt_round_double(double x, int64_t ndigits, double *out, NumFmtError *err);

/* A parsed format spec: [[fill]align][sign][z][#][0][width][grouping][.precision][type] */
typedef struct FormatSpec {
    char fill[5];       /* UTF-8 bytes of the fill character, NUL-terminated;
                           "" is the fill U+0000 (numfmt_fill_len) */
    char align;         /* '<' '>' '^' '=' or 0 */
    char sign;          /* '+' '-' ' ' or 0 */
    bool no_neg_zero;   /* 'z' */
    bool alternate;     /* '#' */
    bool zero_pad;      /* a '0' before the width */
    int64_t width;      /* -1: none */
    char grouping;      /* ',' '_' or 0 */
    int64_t precision;  /* -1: none */
    char type;          /* 0 or the type character */
} FormatSpec;

/* The fill's length in bytes: U+0000 is a fill too (one byte, fill[0]). */
static inline size_t numfmt_fill_len(const FormatSpec *s) { return s->fill[0] ? strlen(s->fill) : 1; }

/* Parse spec (UTF-8, len bytes). `what` is the type name for messages
 * ("int", "float", "str"). */
int numfmt_parse_spec(const char *spec, size_t len, FormatSpec *out,
                      const char *what, NumFmtError *err);
/* The same with the kind of value given separately, for subclasses whose
 * type name is not "int"/"bool"/"float"/"str": kind 'i' (int), 'f' (float),
 * 's' (str), or 0 (unknown: no type check). The presentation type is
 * checked here, as CPython checks it right after parsing ("Unknown format
 * code 'd' for object of type 'MyFloat'"). numfmt_parse_spec infers the
 * kind from `what`. */
int numfmt_parse_spec_for(const char *spec, size_t len, FormatSpec *out,
                          const char *what, char kind, NumFmtError *err);

/* format(x, spec) for a float, appended to out. */
int numfmt_format_double(double x, const FormatSpec *spec, Buf *out, NumFmtError *err);
/* format(i, spec) for an int (z); types b c d o x X n and the float types
 * e E f F g G % (converting to float as CPython does) and none. */
int numfmt_format_int(const mpz_t z, const FormatSpec *spec, Buf *out, NumFmtError *err);
/* format(s, spec) for a str of `nchars` code points (types s and none). */
int numfmt_format_str(const char *s, size_t nbytes, size_t nchars,
                      const FormatSpec *spec, Buf *out, NumFmtError *err);

/* printf-style (`%` operator) conversion of a number. flags: any of "-+ #0";
 * width/precision -1 when absent. conv: d i u o x X e E f F g G. */
typedef struct PercentSpec {
    bool left, plus, space, alternate, zero;
    int64_t width, precision;
    char conv;
} PercentSpec;
int numfmt_percent_int(const mpz_t z, const PercentSpec *ps, Buf *out, NumFmtError *err);
/* The same for a machine integer (no GMP: the common case). */
int numfmt_percent_i64(int64_t x, const PercentSpec *ps, Buf *out, NumFmtError *err);

/* Decimal text of x into out (>= 21 bytes), NUL-terminated; returns its length. */
size_t numfmt_i64_dec(int64_t x, char *out);
int numfmt_percent_double(double x, const PercentSpec *ps, Buf *out, NumFmtError *err);

#endif
