/* parsetest: parse a Python file with tpy's parser and print the AST as
 * CPython's ast.dump() does; on a syntax error print it as `python3 FILE`
 * does and exit 1.
 *
 *   parsetest [-a] [-m exec|single|eval] [-e] [-n N] FILE
 *     -a  include positions (ast.dump(..., include_attributes=True))
 *     -m  parse mode (default exec)
 *     -e  on error, print the SyntaxError attributes on stdout instead
 *     -n  parse N times and print nothing (timing)
 *
 * Build: gcc -std=c11 -O2 -o /tmp/parsetest tools/parsetest.c
 *          src/front/lexer.c src/front/parser.c src/front/ast_dump.c
 *          src/gc/gc.c src/util/buf.c -lgc -lgmp
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/front/ast.h"
#include "../src/front/parser.h"
#include "../src/gc/gc.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n == cap) buf = realloc(buf, cap *= 2);
        size_t k = fread(buf + n, 1, cap - n, f);
        if (k == 0) break;
        n += k;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* CPython's print_error_text(): the line without its indentation and a
 * caret line under [offset, end_offset). */
static void print_error_text(FILE *out, long offset, long end_offset, const char *text,
                             int ranged) {
    long carets = (ranged && end_offset > 0 && end_offset > offset) ? end_offset - offset : 1;
    offset--;
    while (*text == ' ' || *text == '\t' || *text == '\f') {
        text++;
        offset--;
    }
    long len = (long)strlen(text);
    if (len > 0 && text[len - 1] == '\n') len--;
    if (offset > len) offset = len;
    for (;;) {
        const char *nl = strchr(text, '\n');
        if (!nl) break;
        long inl = nl - text;
        if (inl >= offset) break;
        inl += 1;
        text += inl;
        len -= inl;
        offset -= inl;
    }
    fputs("    ", out);
    fputs(text, out);
    if (text[len] != '\n') fputc('\n', out);
    if (offset < 0) return;
    fputs("    ", out);
    while (--offset >= 0) fputc(' ', out);
    for (long i = 0; i < carets; i++) fputc('^', out);
    fputc('\n', out);
}

static void print_syntax_error(const SyntaxErrorInfo *e) {
    FILE *out = stderr;
    if (e->lineno <= 0) {   /* no location: just the message */
        fprintf(out, "%s: %s\n", e->kind, e->msg);
        return;
    }
    fprintf(out, "  File \"%s\", line %d\n", e->filename, e->lineno);
    if (e->text) {
        long line_size = (long)strlen(e->text);
        long end_offset = e->file_end_offset;
        if (e->end_lineno > e->lineno) end_offset = line_size;
        if (end_offset > line_size + 1) end_offset = line_size + 1;
        print_error_text(out, e->file_offset, end_offset, e->text, strcmp(e->kind, "SyntaxError") == 0);
    }
    fprintf(out, "%s: %s\n", e->kind, e->msg);
}

int main(int argc, char **argv) {
    int attrs = 0, attrs_err = 0, repeat = 0;
    ParseMode mode = PARSE_FILE;
    int opt;
    while ((opt = getopt(argc, argv, "aem:n:")) != -1) {
        switch (opt) {
        case 'a': attrs = 1; break;
        case 'e': attrs_err = 1; break;
        case 'n': repeat = atoi(optarg); break;
        case 'm':
            if (!strcmp(optarg, "single")) mode = PARSE_SINGLE;
            else if (!strcmp(optarg, "eval")) mode = PARSE_EVAL;
            else mode = PARSE_FILE;
            break;
        default:
            fprintf(stderr, "usage: parsetest [-a] [-e] [-m exec|single|eval] [-n N] FILE\n");
            return 2;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "usage: parsetest [-a] [-e] [-m exec|single|eval] [-n N] FILE\n");
        return 2;
    }
    gc_init();
    const char *path = argv[optind];
    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        perror(path);
        return 2;
    }
    /* python3 FILE reports the script by its absolute path */
    char filename[4200];
    if (path[0] == '/') {
        snprintf(filename, sizeof filename, "%s", path);
    } else {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) cwd[0] = 0;
        snprintf(filename, sizeof filename, "%s/%s", cwd, path);
    }
    SyntaxErrorInfo err;
    if (repeat > 0) {
        for (int i = 0; i < repeat; i++) parse_file(src, len, filename, mode, &err);
        free(src);
        return 0;
    }
    Module *m = parse_file(src, len, filename, mode, &err);
    free(src);
    if (!m) {
        if (attrs_err) {
            printf("%s %s %d %d %d %d %s", err.kind, err.msg, err.lineno, err.offset,
                   err.end_lineno, err.end_offset, err.text ? err.text : "None\n");
            if (err.incomplete) printf("incomplete\n");
        } else {
            print_syntax_error(&err);
        }
        return 1;
    }
    ast_dump_module_ex(m, stdout, attrs);
    putchar('\n');
    return 0;
}
