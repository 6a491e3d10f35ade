/* params.c: parsing and printing the JIT parameters (params.h). */
#include "params.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

JitParams jit_params;

/* The syntax is PyPy's (rpython/rlib/jit.py set_user_param): the string is
 * split at every comma, each item stripped of spaces (only ' ') and split
 * at '=' into exactly a name and a value; an empty item is an error, so
 * '' and 'a=1,,b=2' and 'a=1,' are too. Integer values are read as
 * RPython's int() does: spaces, an optional sign, spaces, decimal digits,
 * spaces (no '_', no other whitespace); beyond 64 bits they saturate here,
 * where PyPy wraps. enable_opts takes names joined by ':' (empty names are
 * skipped) or exactly 'all'. 'off' and 'default' are only whole strings.
 * Parameters before a bad item stay applied, as in PyPy. */

static const char *const opt_names[] = {
#define JIT_OPT_NAME(n) #n,
    JIT_OPT_DEF(JIT_OPT_NAME)
#undef JIT_OPT_NAME
};

static bool span_is(const char *p, size_t n, const char *word) { return strlen(word) == n && memcmp(p, word, n) == 0; }

/* enable_opts's value [p, p+n): the pass mask, or false for an unknown name. */
static bool parse_opts(const char *p, size_t n, uint32_t *mask) {
    if (span_is(p, n, "all")) {
        *mask = (1u << JIT_OPT__COUNT) - 1;
        return true;
    }
    *mask = 0;
    const char *end = p + n;
    while (p < end) {
        const char *e = memchr(p, ':', (size_t)(end - p));
        if (!e) e = end;
        if (e > p) {
            int i = 0;
            while (i < JIT_OPT__COUNT && !span_is(p, (size_t)(e - p), opt_names[i])) i++;
            if (i == JIT_OPT__COUNT) return false;
            *mask |= 1u << i;
        }
        p = e + (e < end);
    }
    return true;
}

static bool parse_int(const char *p, size_t n, int64_t *out) {
    const char *end = p + n;
    while (p < end && *p == ' ') p++;
    bool neg = false;
    if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
    while (p < end && *p == ' ') p++;
    const char *digits = p;
    uint64_t v = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++) v = v > UINT64_MAX / 10 ? UINT64_MAX : v * 10 + (uint64_t)(*p - '0');
    if (p == digits) return false;
    while (p < end && *p == ' ') p++;
    if (p != end) return false;
    if (neg) *out = v > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)v;
    else *out = v > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)v;
    return true;
}

void jit_params_reset(void) {
#define JIT_PARAM_DEFAULT(name, dflt, help) jit_params.name = dflt;
    JIT_INT_PARAM_DEF(JIT_PARAM_DEFAULT)
#undef JIT_PARAM_DEFAULT
    jit_params.opts_mask = (1u << JIT_OPT__COUNT) - 1;
    jit_params.enabled = true;
}

/* The field of an integer parameter, or NULL. */
static int64_t *int_param(const char *name, size_t n) {
#define JIT_PARAM_FIELD_OF(pname, dflt, help) \
    if (span_is(name, n, #pname)) return &jit_params.pname;
    JIT_INT_PARAM_DEF(JIT_PARAM_FIELD_OF)
#undef JIT_PARAM_FIELD_OF
    return NULL;
}

int jit_param_set_int(const char *name, size_t n, int64_t v) {
    int64_t *field = int_param(name, n);
    if (!field) return -1;
    *field = v;
    return 0;
}

int jit_param_set_opts(const char *value, size_t n) {
    uint32_t mask;
    if (!parse_opts(value, n, &mask)) return -1;
    jit_params.opts_mask = mask;
    return 0;
}

static char parse_error[160];

static int item_error(const char *what, const char *p, size_t n) {
    snprintf(parse_error, sizeof parse_error, "%s '%.*s'", what, n > 100 ? 100 : (int)n, p);
    return -1;
}

/* One item [p, p+n), spaces already stripped. */
static int parse_item(const char *p, size_t n) {
    if (n == 0) {
        snprintf(parse_error, sizeof parse_error, "an empty item (two commas, or one at an end)");
        return -1;
    }
    const char *eq = memchr(p, '=', n);
    if (!eq || memchr(eq + 1, '=', n - (size_t)(eq - p) - 1)) return item_error("not NAME=VALUE:", p, n);
    size_t nn = (size_t)(eq - p), vn = n - nn - 1;
    const char *v = eq + 1;
    if (span_is(p, nn, "enable_opts")) {
        if (jit_param_set_opts(v, vn) < 0) return item_error("an unknown optimization in", v, vn);
        return 0;
    }
    int64_t *field = int_param(p, nn), iv;
    if (!field) return item_error("no JIT parameter", p, nn);
    if (!parse_int(v, vn, &iv)) return item_error("not an integer:", v, vn);
    *field = iv;
    return 0;
}

int jit_params_parse_n(const char *spec, size_t n, const char **err) {
    *err = "error in JIT parameters string";
    if (span_is(spec, n, "off")) {
        jit_params.enabled = false;
        return 0;
    }
    if (span_is(spec, n, "default")) {
        jit_params_reset();
        return 0;
    }
    if (n == 0) {
        *err = "an empty string";
        return -1;
    }
    const char *p = spec, *end = spec + n;
    for (;;) {
        const char *e = memchr(p, ',', (size_t)(end - p));
        if (!e) e = end;
        const char *a = p, *b = e;
        while (a < b && *a == ' ') a++;
        while (b > a && b[-1] == ' ') b--;
        if (parse_item(a, (size_t)(b - a)) < 0) {
            *err = parse_error;
            return -1;
        }
        if (e == end) return 0;
        p = e + 1;
    }
}

int jit_params_parse(const char *spec, const char **err) { return jit_params_parse_n(spec, strlen(spec), err); }

/* Print one help entry wrapped at 76 columns, as PyPy does. */
static void print_wrapped(FILE *f, const char *text) {
    const char *p = text;
    int col = 4;
    fputs("    ", f);
    while (*p) {
        const char *e = p;
        while (*e && *e != ' ') e++;
        int w = (int)(e - p);
        if (col > 4 && col + 1 + w > 76) {
            fputs("\n    ", f);
            col = 4;
        } else if (col > 4) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, (size_t)w, f);
        col += w;
        p = e;
        while (*p == ' ') p++;
    }
    fputc('\n', f);
}

void jit_params_print_help(void *file) {
    FILE *f = file;
    fprintf(f, "Advanced JIT options: a comma-separated list of OPTION=VALUE:\n");
    /* alphabetical, enable_opts among them */
    struct {
        const char *name;
        const char *help;
        char dflt[32];
    } entries[32];
    int n = 0;
#define JIT_PARAM_ENTRY(pname, d, h)                                   \
    entries[n].name = #pname;                                         \
    entries[n].help = h;                                              \
    snprintf(entries[n].dflt, sizeof entries[n].dflt, "%d", (int)(d)); \
    n++;
    JIT_INT_PARAM_DEF(JIT_PARAM_ENTRY)
#undef JIT_PARAM_ENTRY
    entries[n].name = "enable_opts";
    entries[n].help = JIT_ENABLE_OPTS_HELP;
    strcpy(entries[n].dflt, "all");
    n++;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (strcmp(entries[j].name, entries[i].name) < 0) {
                __typeof__(entries[0]) t = entries[i];
                entries[i] = entries[j];
                entries[j] = t;
            }
    for (int i = 0; i < n; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s (default %s)", entries[i].help, entries[i].dflt);
        fprintf(f, "\n %s=N\n", entries[i].name);
        print_wrapped(f, text);
    }
    fprintf(f, "\n off\n    turn off the JIT\n help\n    print this page\n");
}
