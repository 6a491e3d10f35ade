/* traceback.c: the column indicators of CPython 3.11 tracebacks.
 *
 * For the failing instruction's span [start, end) on one line, CPython
 * re-parses that segment of source: if it is a binary operation, it marks
 * the operands with '~' and the operator with '^' (the operator is the
 * first non-blank character after the left operand, one or two wide: 3.11.2
 * marks the ')' closing a parenthesized left operand in its place); a
 * subscript gets '~'
 * under the value and '^' under the brackets; anything else gets '^' over
 * the span. Nothing is printed when the span covers the whole stripped line
 * and there are no anchors. A span over several lines is marked to the end
 * of the first line.
 */
#include "../front/parser.h"
#include "../runtime.h"
#include "config.h"
#include "traceback.h"

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r'; }

/* Character offset of byte offset b in s (UTF-8). */
static int64_t char_offset(const char *s, int64_t nbytes, int64_t b) {
    if (b > nbytes) b = nbytes;
    return utf8_count(s, (size_t)b);
}

/* Anchors within the segment (byte offsets relative to it); false if none. */
static bool segment_anchors(const char *seg, size_t n, int64_t *left, int64_t *right, char *primary, char *secondary) {
    SyntaxErrorInfo err;
    Value saved = err_fetch();
    Module *m = parse_source(seg, n, "<tb>", PARSE_FILE, &err);
    err_restore(saved);
    if (!m || m->body.n != 1 || m->body.items[0]->kind != S_EXPR) return false;
    Expr *e = m->body.items[0]->u.expr.value;
    if (e->pos.lineno != 1) return false;
    if (e->kind == E_BINOP) {
        Expr *l = e->u.binop.left, *r = e->u.binop.right;
        if (l->pos.end_lineno != 1 || r->pos.lineno != 1) return false;
        bool found = false;
        for (int i = l->pos.end_col_offset; i < r->pos.col_offset && (size_t)i < n; i++) {
            if (is_ws(seg[i])) continue;
            *left = i;
            *right = i + 1;
            if (i + 1 < r->pos.col_offset && !is_ws(seg[i + 1])) ++*right;
            found = true;
            break;
        }
        if (!found) return false;
        *primary = '~';
        *secondary = '^';
        return true;
    }
    if (e->kind == E_SUBSCRIPT) {
        Expr *v = e->u.subscript.value, *s = e->u.subscript.slice;
        if (v->pos.end_lineno != 1 || s->pos.end_lineno != 1) return false;
        *left = v->pos.end_col_offset;
        *right = s->pos.end_col_offset + 1;
        *primary = '~';
        *secondary = '^';
        return true;
    }
    return false;
}

void traceback_format_carets(Buf *out, CodeObject *co, int lasti, Value line, size_t strip_start, size_t strip_end) {
    if (tpy_config.no_debug_ranges) return;   /* -X no_debug_ranges: no column information, no carets */
    if (lasti < 0 || lasti >= co->ncode) return;
    Location loc = co->locations[lasti];
    if (loc.line < 0 || loc.end_line < 0 || loc.col < 0 || loc.end_col < 0) return;
    const char *s = str_data(line);
    int64_t nb = str_nbytes(line);
    int64_t start = char_offset(s, nb, loc.col);
    int64_t end;
    int64_t left = -1, right = -1;
    char primary = '^', secondary = '^';
    int64_t stripped_chars = char_offset(s, nb, (int64_t)strip_start);
    int64_t stripped_len = char_offset(s, nb, (int64_t)strip_end) - stripped_chars;
    if (loc.line == loc.end_line) {
        end = char_offset(s, nb, loc.end_col);
        if (loc.end_col > loc.col && loc.end_col <= nb) {
            int64_t l, r;
            const char *seg = s + loc.col;
            size_t segn = (size_t)(loc.end_col - loc.col);
            if (segment_anchors(seg, segn, &l, &r, &primary, &secondary)) {
                left = char_offset(seg, (int64_t)segn, l) + start;
                right = char_offset(seg, (int64_t)segn, r) + start;
            }
        }
    } else {
        int64_t i = nb;
        while (--i >= 0 && is_ws(s[i])) {
        }
        end = char_offset(s, nb, i + 1);
    }
    bool special = left != -1 || right != -1;
    if (end - start == stripped_len && !special) return;
    if (end <= start) return;
    /* offsets count from the stripped line's start, which is printed
       after a 4-space indent */
    buf_puts(out, "    ");
    for (int64_t off = stripped_chars + 1; off <= end; off++) {
        char c;
        if (off <= start) c = ' ';
        else if (special && left < off && off <= right) c = secondary;
        else c = primary;
        buf_putc(out, c);
    }
    buf_putc(out, '\n');
}
