/* test_numfmt.c: checks src/util/numfmt.c against CPython 3.11's results.
 *
 * Build (from the repository root):
 *   gcc -std=c11 -Wall -Wextra -O2 -Isrc/util tests/unit/test_numfmt.c \
 *       src/util/numfmt.c src/util/buf.c src/gc/gc.c -lgc -lgmp -lm -o /tmp/test_numfmt
 * Run:
 *   /tmp/test_numfmt                      the built-in cases (no Python needed)
 *   /tmp/test_numfmt /tmp/vectors.txt     plus vectors from numfmt_cases.py
 *   /tmp/test_numfmt --random N           plus N random doubles: repr against a
 *                                         slow printf/strtod reference, and
 *                                         float(repr(x)) == x
 *   /tmp/test_numfmt --bench              time numfmt_float_repr
 * Vector lines are described in numfmt_cases.py. Prints mismatches and a
 * final "N passed, N failed"; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../src/gc/gc.h"
#include "../../src/util/buf.h"
#include "../../src/util/numfmt.h"

static long passed, failed;
static long per_kind_pass[128], per_kind_fail[128];
static int shown;

/* Cases checked on every run, in the vector format (\t between fields).
 * Their expected results were taken from CPython 3.11. */
static const char *const fixed_cases[] = {
    /* repr */
    "R\t0000000000000000\t0.0",
    "R\t8000000000000000\t-0.0",
    "R\t7ff0000000000000\tinf",
    "R\tfff0000000000000\t-inf",
    "R\t7ff8000000000000\tnan",
    "R\t3fb999999999999a\t0.1",
    "R\t3fd5555555555555\t0.3333333333333333",
    "R\t3fd3333333333334\t0.30000000000000004",
    "R\t4341c37937e08000\t1e+16",
    "R\t4341c37937e07fff\t9999999999999998.0",
    "R\t42dc12218377de40\t123456789012345.0",
    "R\t3ee4f8b588e368f1\t1e-05",
    "R\t3e8421f5f40d8376\t1.5e-07",
    "R\t3f1a36e2eb1c432d\t0.0001",
    "R\t3ff0000000000000\t1.0",
    "R\t0000000000000001\t5e-324",
    "R\t7fefffffffffffff\t1.7976931348623157e+308",
    "R\t0010000000000000\t2.2250738585072014e-308",
    "R\t4351c37937e08001\t2.0000000000000004e+16",
    "R\t4062c00000000000\t150.0",
    "R\t44b52d02c7e14af6\t1e+23",
    "R\t4005666666666666\t2.675",
    "R\tc00921fb54442d18\t-3.141592653589793",
    "R\t4340000000000001\t9007199254740994.0",
    "R\t0000000000000002\t1e-323",
    /* float() */
    "P\t1_000.5\tOK:408f440000000000",
    "P\t  -1.5e3\\x0a\tOK:c097700000000000",
    "P\t.5\tOK:3fe0000000000000",
    "P\t1.\tOK:3ff0000000000000",
    "P\t-iNfInItY\tOK:fff0000000000000",
    "P\t+nan\tOK:7ff8000000000000",
    "P\t-nan\tOK:fff8000000000000",
    "P\t1e500\tOK:7ff0000000000000",
    "P\t-1e-500\tOK:8000000000000000",
    "P\t1e1_0\tOK:4202a05f20000000",
    "P\t\xd9\xa1\xd9\xa2\tOK:4028000000000000",
    "P\t\xe3\x80\x80" "2\xc2\xa0\tOK:4000000000000000",
    "P\t2.4703282292062328e-324\tOK:0000000000000001",
    "P\t2.4703282292062327e-324\tOK:0000000000000000",
    "P\t1.7976931348623158e308\tOK:7fefffffffffffff",
    "P\t1.7976931348623159e308\tOK:7ff0000000000000",
    "P\t\tERR",
    "P\t \tERR",
    "P\t1e\tERR",
    "P\t1__0\tERR",
    "P\t_1\tERR",
    "P\t1_\tERR",
    "P\t1_.5\tERR",
    "P\t0x10\tERR",
    "P\tinfinit\tERR",
    "P\tnan(1)\tERR",
    "P\t.\tERR",
    "P\t1\\x00\tERR",
    "P\t\\x1c1\tERR",
    "P\t1.5j\tERR",
    /* round() */
    "D\t4005666666666666\t2\tOK:40055c28f5c28f5c", /* 2.675 -> 2.67 (is below) */
    "D\t3fc0000000000000\t2\tOK:3fbeb851eb851eb8", /* 0.125 -> 0.12 */
    "D\t3fd8000000000000\t2\tOK:3fd851eb851eb852", /* 0.375 -> 0.38 */
    "D\t40c81c8000000000\t-2\tOK:40c8060000000000", /* 12345.0 -> 12300.0 */
    "D\t4049000000000000\t-2\tOK:0000000000000000", /* 50.0 -> 0.0 */
    "D\t4062c00000000000\t-2\tOK:4069000000000000", /* 150.0 -> 200.0 */
    "D\tbfd999999999999a\t0\tOK:8000000000000000", /* -0.4 -> -0.0 */
    "D\t7fefffffffffffff\t-308\tERR:O:rounded value too large to represent",
    "D\t405edd2f1a9fbe77\t1000000000000000000\tOK:405edd2f1a9fbe77",
    "D\tc05edd2f1a9fbe77\t-1000000000000000000\tOK:8000000000000000",
    "D\t0000000000000001\t323\tOK:0000000000000000",
    "D\t0000000000000001\t324\tOK:0000000000000001",
    /* format() */
    "F\ti\t1234\t010,\tOK:00,001,234",
    "F\ti\t1234\t09,\tOK:0,001,234",
    "F\ti\t-42\t05\tOK:-0042",
    "F\ti\t255\t#x\tOK:0xff",
    "F\ti\t255\t#010_b\tOK:0b1111_1111",
    "F\ti\t255\t#X\tOK:0XFF",
    "F\ti\t1234567\t_\tOK:1_234_567",
    "F\ti\t65\tc\tOK:A",
    "F\ti\t65\t^5c\tOK:  A  ",
    "F\ti\t-1\tc\tERR:O:%c arg not in range(0x110000)",
    "F\ti\t5\t.2\tERR:V:Precision not allowed in integer format specifier",
    "F\ti\t5\tz\tERR:V:Negative zero coercion (z) not allowed in integer format specifier",
    "F\ti\t5\t+c\tERR:V:Sign not allowed with integer format specifier 'c'",
    "F\ti\t5\t,b\tERR:V:Cannot specify ',' with 'b'.",
    "F\ti\t5\t,_\tERR:V:Cannot specify both ',' and '_'.",
    "F\ti\t5\txx\tERR:V:Invalid format specifier 'xx' for object of type 'int'",
    "F\ti\t5\t\xc3\xa9\tERR:V:Unknown format code '\\x5cxe9' for object of type 'int'",
    "F\ti\t5\t.\tERR:V:Format specifier missing precision",
    "F\ti\t5\t99999999999999999999\tERR:V:Too many decimal digits in format string",
    "F\ti\t5\t9999999999999999\tERR:M:",
    "F\ti\t5\t\xd9\xa1\xd9\xa0\tOK:         5",
    "F\ti\t179769313486231590772930519078902473361797697894230657273430081157732675805500963132708477322407536021120113879871393357658789768814416622492847430639474124377767893424865485276302219601246094119453082952085005768838150682342462881473913110540827237163350510684586298239947245938479716304835356329624224137216\te\tERR:O:int too large to convert to float",
    "F\ti\t12345\t,.2f\tOK:12,345.00",
    "F\ti\t1\t%\tOK:100.000000%",
    "F\tf\t3ff0000000000000\t\tOK:1.0",
    "F\tf\t4341c37937e08000\t\tOK:1e+16",
    "F\tf\t3ff0000000000000\t.3\tOK:1.0",
    "F\tf\t405edd2f1a9fbe77\t.2\tOK:1.2e+02",
    "F\tf\t40934a0000000000\t.10\tOK:1234.5",
    "F\tf\t4028000000000000\t.2\tOK:1.2e+01",
    "F\tf\t0000000000000000\t.1\tOK:0e+00",
    "F\tf\tbf1a36e2eb1c432d\tz.2f\tOK:0.00",
    "F\tf\tbf1a36e2eb1c432d\t.2f\tOK:-0.00",
    "F\tf\t8000000000000000\tz\tOK:0.0",
    "F\tf\t7ff0000000000000\t010\tOK:0000000inf",
    "F\tf\tfff0000000000000\t=+10\tOK:-      inf",
    "F\tf\t7ff8000000000000\t+010\tOK:+000000nan",
    "F\tf\t7ff0000000000000\tF\tOK:INF",
    "F\tf\t3ff0000000000000\t#.0e\tOK:1.e+00",
    "F\tf\t3ff8000000000000\t.0\tOK:2e+00",
    "F\tf\t40934a456d5cfaad\t012,.2f\tOK:0,001,234.57",
    "F\tf\t3fc0000000000000\t.2f\tOK:0.12",
    "F\tf\t400c000000000000\t.0f\tOK:4",
    "F\tf\t3ff0000000000000\td\tERR:V:Unknown format code 'd' for object of type 'float'",
    "F\tf\t3ff8000000000000\t.2147483648f\tERR:V:precision too big",
    "F\tf\t3fb999999999999a\t.3%\tOK:10.000%",
    "F\tf\t3fb999999999999a\t*^+12.3g\tOK:****+0.1****",
    "F\tf\t3fb999999999999a\t#g\tOK:0.100000",
    "F\tf\t3fb999999999999a\tg\tOK:0.1",
    "F\tf\t4415af1d78b58c40\tn\tOK:1e+20",
    "F\tf\t3ff0000000000000\t\xc3\xa9>6\tOK:\xc3\xa9\xc3\xa9\xc3\xa9" "1.0",
    "F\ts\tab\t05\tOK:ab000",
    "F\ts\tab\t>5\tOK:   ab",
    "F\ts\th\xc3\xa9llo\t^9.3\tOK:   h\xc3\xa9l   ",
    "F\ts\tab\t+5\tERR:V:Sign not allowed in string format specifier",
    "F\ts\tab\t 5\tERR:V:Space not allowed in string format specifier",
    "F\ts\tab\t#5\tERR:V:Alternate form (#) not allowed in string format specifier",
    "F\ts\tab\t=5\tERR:V:'=' alignment not allowed in string format specifier",
    "F\ts\tab\t,\tERR:V:Cannot specify ',' with 's'.",
    "F\ts\tab\td\tERR:V:Unknown format code 'd' for object of type 'str'",
    "F\ts\tab\t\\x01\tERR:V:Unknown format code '\\x5cx1' for object of type 'str'",
    /* % operator */
    "%\ti\t42\t\t5\t-1\td\tOK:   42",
    "%\ti\t42\t-\t5\t-1\td\tOK:42   ",
    "%\ti\t42\t+\t-1\t-1\td\tOK:+42",
    "%\ti\t42\t \t-1\t-1\td\tOK: 42",
    "%\ti\t-42\t0\t5\t-1\td\tOK:-0042",
    "%\ti\t42\t\t-1\t5\td\tOK:00042",
    "%\ti\t255\t#\t-1\t-1\tx\tOK:0xff",
    "%\ti\t255\t#0\t5\t-1\tx\tOK:0x0ff",
    "%\ti\t-255\t#\t-1\t5\tx\tOK:-0x000ff",
    "%\ti\t255\t#\t-1\t-1\tX\tOK:0XFF",
    "%\ti\t255\t#\t-1\t-1\to\tOK:0o377",
    "%\ti\t255\t-#\t8\t-1\tx\tOK:0xff    ",
    "%\ti\t123456789012345678901234567890\t\t-1\t-1\tx\tOK:18ee90ff6c373e0ee4e3f0ad2",
    "%\ti\t3\t\t-1\t2\tf\tOK:3.00",
    "%\tf\t7ff0000000000000\t\t-1\t-1\tf\tOK:inf",
    "%\tf\t7ff0000000000000\t0\t5\t-1\tf\tOK:00inf",
    "%\tf\t7ff0000000000000\t+0\t5\t-1\tf\tOK:+0inf",
    "%\tf\t7ff0000000000000\t\t-1\t-1\tF\tOK:INF",
    "%\tf\t400921fb54442d18\t\t10\t4\tf\tOK:    3.1416",
    "%\tf\t400921fb54442d18\t\t-1\t3\te\tOK:3.142e+00",
    "%\tf\t400921fb54442d18\t\t-1\t-1\tE\tOK:3.141593E+00",
    "%\tf\t3ff0000000000000\t#\t-1\t-1\tg\tOK:1.00000",
    "%\tf\t3ff0000000000000\t\t-1\t-1\tg\tOK:1",
    "%\tf\t4341c37937e08000\t\t-1\t-1\tG\tOK:1E+16",
    "%\tf\tc00921fb54442d18\t0\t10\t2\tf\tOK:-000003.14",
};

/* ------------------------------------------------------------------ util */

static size_t unesc(char *s) {
    char *w = s;
    for (char *r = s; *r;) {
        if (r[0] == '\\' && r[1] == 'x' && r[2] && r[3]) {
            char h[3] = {r[2], r[3], 0};
            *w++ = (char)strtol(h, NULL, 16);
            r += 4;
        } else {
            *w++ = *r++;
        }
    }
    *w = 0;
    return (size_t)(w - s);
}

static void print_esc(FILE *f, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || c == '\\') fprintf(f, "\\x%02x", c);
        else fputc(c, f);
    }
}

static double from_bits(const char *hex) {
    uint64_t b = strtoull(hex, NULL, 16);
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static uint64_t to_bits(double d) {
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static void result_text(Buf *got, int rc, const Buf *out, const NumFmtError *e) {
    if (rc == 0) {
        buf_puts(got, "OK:");
        buf_put(got, out->data, out->len);
    } else {
        buf_printf(got, "ERR:%c:%s", e->type, e->msg);
    }
}

static size_t utf8_chars(const char *s, size_t n) {
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80) c++;
    return c;
}

/* ---------------------------------------------------------- one vector */

static void check_line(char *line, long lineno) {
    char *f[10];
    int nf = 0;
    f[nf++] = line;
    for (char *p = line; *p && nf < 10; p++)
        if (*p == '\t') {
            *p = 0;
            f[nf++] = p + 1;
        }
    size_t flen[10];
    for (int i = 0; i < nf; i++) flen[i] = unesc(f[i]);
    char kind = f[0][0];
    const char *want = f[nf - 1];
    size_t want_len = flen[nf - 1];
    Buf got, out;
    buf_init(&got, 64);
    buf_init(&out, 64);
    NumFmtError err = {0, ""};
    int rc;
    switch (kind) {
    case 'R': {
        char s[32];
        size_t n = numfmt_float_repr(from_bits(f[1]), s);
        if (strlen(s) != n) buf_puts(&got, "(length mismatch)");
        buf_put(&got, s, n);
        break;
    }
    case 'P': {
        double d;
        rc = numfmt_parse_float(f[1], flen[1], &d);
        if (rc == 0) buf_printf(&got, "OK:%016llx", (unsigned long long)to_bits(d));
        else buf_puts(&got, "ERR");
        if (!strncmp(want, "ERR", 3)) want_len = 3; /* the message is the caller's */
        break;
    }
    case 'D': {
        double d = 0;
        rc = numfmt_round_double(from_bits(f[1]), strtoll(f[2], NULL, 10), &d, &err);
        if (rc == 0) buf_printf(&got, "OK:%016llx", (unsigned long long)to_bits(d));
        else buf_printf(&got, "ERR:%c:%s", err.type, err.msg);
        break;
    }
    case 'F': {
        char vk = f[1][0];
        const char *what = vk == 'i' ? "int" : vk == 'f' ? "float" : "str";
        FormatSpec spec;
        rc = numfmt_parse_spec(f[3], flen[3], &spec, what, &err);
        if (rc == 0) {
            if (vk == 'i') {
                mpz_t z;
                mpz_init_set_str(z, f[2], 10);
                rc = numfmt_format_int(z, &spec, &out, &err);
                mpz_clear(z);
            } else if (vk == 'f') {
                rc = numfmt_format_double(from_bits(f[2]), &spec, &out, &err);
            } else {
                rc = numfmt_format_str(f[2], flen[2], utf8_chars(f[2], flen[2]), &spec, &out, &err);
            }
        }
        result_text(&got, rc, &out, &err);
        break;
    }
    case '%': {
        PercentSpec ps = {0};
        for (const char *p = f[3]; *p; p++) {
            if (*p == '-') ps.left = true;
            else if (*p == '+') ps.plus = true;
            else if (*p == ' ') ps.space = true;
            else if (*p == '#') ps.alternate = true;
            else if (*p == '0') ps.zero = true;
        }
        ps.width = strtoll(f[4], NULL, 10);
        ps.precision = strtoll(f[5], NULL, 10);
        ps.conv = f[6][0];
        if (f[1][0] == 'i') {
            mpz_t z;
            mpz_init_set_str(z, f[2], 10);
            rc = numfmt_percent_int(z, &ps, &out, &err);
            mpz_clear(z);
        } else {
            rc = numfmt_percent_double(from_bits(f[2]), &ps, &out, &err);
        }
        result_text(&got, rc, &out, &err);
        break;
    }
    default:
        fprintf(stderr, "line %ld: unknown vector kind '%c'\n", lineno, kind);
        failed++;
        return;
    }
    if (got.len == want_len && !memcmp(got.data, want, want_len)) {
        passed++;
        per_kind_pass[(unsigned char)kind & 127]++;
        return;
    }
    failed++;
    per_kind_fail[(unsigned char)kind & 127]++;
    if (shown++ < 60) {
        fprintf(stderr, "MISMATCH line %ld: %c", lineno, kind);
        for (int i = 1; i < nf - 1; i++) {
            fputs(" [", stderr);
            print_esc(stderr, f[i], flen[i]);
            fputc(']', stderr);
        }
        fputs("\n   want: ", stderr);
        print_esc(stderr, want, want_len);
        fputs("\n    got: ", stderr);
        print_esc(stderr, got.data, got.len);
        fputc('\n', stderr);
    }
}

static void run_file(const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        perror(path);
        exit(2);
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    while ((n = getline(&line, &cap, fp)) > 0) {
        lineno++;
        if (line[n - 1] == '\n') line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        check_line(line, lineno);
    }
    free(line);
    fclose(fp);
}

/* ------------------------------------------------------ random checks */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double random_double(void) {
    for (;;) {
        double d;
        uint64_t b = rnd();
        memcpy(&d, &b, sizeof d);
        if (isfinite(d)) return d;
    }
}

/* A double read from a short random decimal (1..17 digits). */
static double random_short_double(void) {
    char s[64];
    int nd = 1 + (int)(rnd() % 17);
    for (int i = 0; i < nd; i++) s[i] = (char)('0' + rnd() % 10);
    snprintf(s + nd, sizeof s - (size_t)nd, "e%d", (int)(rnd() % 640) - 330);
    double d = strtod(s, NULL);
    return (rnd() & 1) ? -d : d;
}

/* repr by brute force: the first precision whose correctly rounded digits
 * read back exactly, laid out with repr's rules. Exact for every double
 * whose significand is not a power of two (those have an asymmetric
 * interval where a farther candidate can be the only short one; they are
 * all covered by the vector file). */
static void ref_repr(double x, char *out) {
    if (x == 0 || !isfinite(x)) {
        numfmt_float_repr(x, out);
        return;
    }
    char s[64], dg[32];
    for (int p = 1; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*e", p - 1, x);
        if (strtod(s, NULL) == x) break;
    }
    int n = 0;
    char *r = s;
    bool neg = *r == '-';
    for (; *r != 'e'; r++)
        if (*r >= '0' && *r <= '9') dg[n++] = *r;
    while (n > 1 && dg[n - 1] == '0') n--;
    int decpt = atoi(r + 1) + 1;
    char *o = out;
    if (neg) *o++ = '-';
    if (decpt > 16 || decpt < -3) {
        *o++ = dg[0];
        if (n > 1) {
            *o++ = '.';
            memcpy(o, dg + 1, (size_t)n - 1);
            o += n - 1;
        }
        sprintf(o, "e%+03d", decpt - 1);
    } else if (decpt <= 0) {
        o += sprintf(o, "0.");
        for (int i = 0; i < -decpt; i++) *o++ = '0';
        memcpy(o, dg, (size_t)n);
        o[n] = 0;
    } else {
        for (int i = 0; i < decpt || i < n; i++) {
            if (i == decpt) *o++ = '.';
            *o++ = i < n ? dg[i] : '0';
        }
        if (decpt >= n) o += sprintf(o, ".0");
        *o = 0;
    }
}

static void random_checks(long count) {
    long bad = 0, done = 0;
    for (long i = 0; i < count; i++) {
        double x = (i & 1) ? random_double() : random_short_double();
        if ((to_bits(x) & ((1ULL << 52) - 1)) == 0) continue;
        char a[32], b[64];
        size_t n = numfmt_float_repr(x, a);
        ref_repr(x, b);
        double back;
        bool ok = !strcmp(a, b) && numfmt_parse_float(a, n, &back) == 0 && to_bits(back) == to_bits(x);
        done++;
        if (!ok && bad++ < 20)
            fprintf(stderr, "RANDOM MISMATCH %016llx: got %s want %s\n",
                    (unsigned long long)to_bits(x), a, b);
    }
    printf("random repr/parse round trip: %ld checked, %ld failed\n", done, bad);
    passed += done - bad;
    failed += bad;
    per_kind_pass['r'] += done - bad;
    per_kind_fail['r'] += bad;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void bench(void) {
    enum { N = 1 << 20 };
    static double xs[N];
    const char *names[3] = {"random bit patterns", "short decimals", "i * 0.1"};
    for (int set = 0; set < 3; set++) {
        for (int i = 0; i < N; i++)
            xs[i] = set == 0 ? random_double() : set == 1 ? random_short_double() : (i % 10000) * 0.1;
        char s[32];
        size_t sink = 0;
        double t0 = now();
        for (int rep = 0; rep < 5; rep++)
            for (int i = 0; i < N; i++) sink += numfmt_float_repr(xs[i], s);
        double t1 = now();
        for (int i = 0; i < N; i++) sink += (size_t)snprintf(s, sizeof s, "%.17g", xs[i]);
        double t2 = now();
        printf("repr of %-20s %6.1f ns/call   (snprintf %%.17g: %6.1f ns)  [%zu]\n", names[set],
               (t1 - t0) / (5.0 * N) * 1e9, (t2 - t1) / N * 1e9, sink % 10);
    }
    /* other common operations, on the last set (i * 0.1) */
    FormatSpec spec;
    NumFmtError err;
    numfmt_parse_spec(".2f", 3, &spec, "float", &err);
    Buf b;
    buf_init(&b, 64);
    size_t sink = 0;
    double t0 = now();
    for (int i = 0; i < N; i++) {
        b.len = 0;
        numfmt_format_double(xs[i], &spec, &b, &err);
        sink += b.len;
    }
    double t1 = now();
    char text[32];
    double total = 0;
    for (int i = 0; i < N; i++) {
        size_t n = numfmt_float_repr(xs[i], text);
        double d;
        numfmt_parse_float(text, n, &d);
        total += d;
    }
    double t2 = now();
    for (int i = 0; i < N; i++) {
        double d;
        numfmt_round_double(xs[i], 2, &d, &err);
        total += d;
    }
    double t3 = now();
    printf("format(x, '.2f') %.1f ns, float(repr(x)) %.1f ns (repr included), round(x, 2) %.1f ns  [%zu %g]\n",
           (t1 - t0) / N * 1e9, (t2 - t1) / N * 1e9, (t3 - t2) / N * 1e9, sink % 10, total);
}

int main(int argc, char **argv) {
    gc_init();
    for (size_t i = 0; i < sizeof fixed_cases / sizeof fixed_cases[0]; i++) {
        char *line = strdup(fixed_cases[i]);
        check_line(line, -(long)i - 1);
        free(line);
    }
    printf("built-in cases: %ld passed, %ld failed\n", passed, failed);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--random") && i + 1 < argc) random_checks(atol(argv[++i]));
        else if (!strcmp(argv[i], "--bench")) bench();
        else run_file(argv[i]);
    }
    const char *kinds = "RPDF%r";
    for (const char *k = kinds; *k; k++)
        if (per_kind_pass[(int)*k] || per_kind_fail[(int)*k])
            printf("  %c: %ld passed, %ld failed\n", *k, per_kind_pass[(int)*k], per_kind_fail[(int)*k]);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
}
