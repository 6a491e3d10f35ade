/* params.c: parsing and printing the JIT parameters (params.h). */
#include "params.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

JitParams jit_params;

static uint32_t parse_opts(const char *s, bool *ok) {
    *ok = true;
    if (strcmp(s, "all") == 0) return (1u << JIT_OPT__COUNT) - 1;
    static const char *const names[] = {
#define JIT_OPT_NAME(n) #n,
        JIT_OPT_DEF(JIT_OPT_NAME)
#undef JIT_OPT_NAME
    };
    uint32_t mask = 0;
    const char *p = s;
    while (*p) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool found = false;
        for (int i = 0; i < JIT_OPT__COUNT; i++)
            if (strlen(names[i]) == n && strncmp(names[i], p, n) == 0) {
                mask |= 1u << i;
                found = true;
            }
        if (!found && n) *ok = false;
        p += n;
        if (*p == ':') p++;
    }
    return mask;
}

void jit_params_reset(void) {
#define JIT_PARAM_DEFAULT(name, dflt, help) jit_params.name = dflt;
    JIT_INT_PARAM_DEF(JIT_PARAM_DEFAULT)
#undef JIT_PARAM_DEFAULT
    strcpy(jit_params.enable_opts, "all");
    bool ok;
    jit_params.opts_mask = parse_opts("all", &ok);
    jit_params.enabled = true;
}

int jit_param_set(const char *name, const char *value, bool *unknown) {
    *unknown = false;
    if (strcmp(name, "enable_opts") == 0) {
        bool ok;
        uint32_t mask = parse_opts(value, &ok);
        if (!ok || strlen(value) >= sizeof jit_params.enable_opts) return -1;
        strcpy(jit_params.enable_opts, value);
        jit_params.opts_mask = mask;
        return 0;
    }
    char *end;
    long long v = strtoll(value, &end, 10);
    if (!*value || *end) return -1;
#define JIT_PARAM_SET(pname, dflt, help)       \
    if (strcmp(name, #pname) == 0) {          \
        jit_params.pname = v;                 \
        return 0;                             \
    }
    JIT_INT_PARAM_DEF(JIT_PARAM_SET)
#undef JIT_PARAM_SET
    *unknown = true;
    return -1;
}

int jit_params_parse(const char *spec, const char **err) {
    if (strcmp(spec, "off") == 0) {
        jit_params.enabled = false;
        return 0;
    }
    if (strcmp(spec, "default") == 0) {
        jit_params_reset();
        return 0;
    }
    char buf[512];
    if (strlen(spec) >= sizeof buf) {
        *err = "error in JIT parameters string";
        return -1;
    }
    strcpy(buf, spec);
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq) {
            *err = "error in JIT parameters string";
            return -1;
        }
        *eq = 0;
        bool unknown;
        if (jit_param_set(item, eq + 1, &unknown) < 0) {
            *err = "error in JIT parameters string";
            return -1;
        }
    }
    return 0;
}

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
