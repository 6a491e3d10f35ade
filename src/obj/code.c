/* code.c: the code object type, exception table lookup, disassembler. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "../vm/opcodes.h"

Type code_type;

const char *const opcode_names[OP__COUNT] = {
#define OP_NAME(name, flags) #name,
    OPCODE_DEF(OP_NAME)
#undef OP_NAME
};

const unsigned char opcode_flags[OP__COUNT] = {
#define OP_FLAGS(name, flags) flags,
    OPCODE_DEF(OP_FLAGS)
#undef OP_FLAGS
};

const ExcTableEntry *code_find_handler(CodeObject *co, int i) {
    /* entries are sorted by start and disjoint: binary search */
    int lo = 0, hi = co->nexctable - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const ExcTableEntry *e = &co->exctable[mid];
        if ((uint32_t)i < e->start) hi = mid - 1;
        else if ((uint32_t)i >= e->end) lo = mid + 1;
        else return e;
    }
    return NULL;
}

/* The name an instruction's argument stands for, or NULL. */
static const char *arg_name(CodeObject *co, Opcode op, uint32_t arg) {
    Value t = VNULL;
    int64_t k = arg;
    if (opcode_flags[op] & OPF_NAME) {
        t = co->names;
    } else if (opcode_flags[op] & OPF_CACHE) {
        return (int64_t)arg < co->ncaches && co->caches[arg].name ? str_data(co->caches[arg].name) : NULL;
    } else if (op == OP_LOAD_FAST || op == OP_STORE_FAST || op == OP_DELETE_FAST) {
        t = co->varnames;
    } else if (op == OP_LOAD_DEREF || op == OP_STORE_DEREF || op == OP_DELETE_DEREF || op == OP_LOAD_CLOSURE ||
               op == OP_LOAD_CLASSDEREF) {
        /* cells first, then free variables (the compiler's deref_index) */
        t = co->cellvars;
        if (k >= tuple_size(t)) {
            k -= tuple_size(t);
            t = co->freevars;
        }
    } else if (op == OP_COMPARE_OP) {
        return arg < CMP__COUNT ? cmpop_symbols[arg] : NULL;
    }
    return t && k < tuple_size(t) ? str_data(tuple_get(t, k)) : NULL;
}

/* ---- the code-unit view (code.h) ---------------------------------------------------------- */

/* Public opcode numbers, derived from OPCODE_DEF's order and flags at
 * startup (code_init): 0 CACHE, no-argument instructions, then
 * HAVE_ARGUMENT and the instructions with one, then EXTENDED_ARG,
 * BINARY_OP and JUMP_BACKWARD (the last two: names CPython's dis.py reads
 * at import, which no tpy instruction has). */
static int16_t pub_of[OP__COUNT];
static int16_t priv_of[256];
int code_pubop_have_argument, code_pubop_extended_arg, code_pubop_binary_op, code_pubop_jump_backward;

static void public_ops_init(void) {
    for (int p = 0; p < 256; p++) priv_of[p] = -1;
    int n = PUBOP_CACHE + 1;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) code_pubop_have_argument = n;
        for (int op = 0; op < OP__COUNT; op++)
            if (((opcode_flags[op] & OPF_ARG) != 0) == (pass == 1)) {
                pub_of[op] = (int16_t)n;
                priv_of[n++] = (int16_t)op;
            }
    }
    code_pubop_extended_arg = n++;
    code_pubop_binary_op = n++;
    code_pubop_jump_backward = n++;
    _Static_assert(OP__COUNT + 4 <= 256, "public opcodes fit a byte");
}
int code_public_op(int op) { return op >= 0 && op < OP__COUNT ? pub_of[op] : -1; }
int code_private_op(int p) { return p >= 0 && p < 256 ? priv_of[p] : -1; }

static bool is_deref_op(Opcode op) {
    return op == OP_LOAD_DEREF || op == OP_STORE_DEREF || op == OP_DELETE_DEREF || op == OP_LOAD_CLOSURE ||
           op == OP_LOAD_CLASSDEREF;
}

/* EXTENDED_ARG prefixes an argument needs */
static int32_t prefixes(uint32_t arg) { return (arg > 0xFF) + (arg > 0xFFFF) + (arg > 0xFFFFFF); }

/* The public argument of each instruction is what CPython's dis decodes
 * for that kind of instruction: a jump's is the code unit it lands on
 * (opcode.hasjabs: offset = arg * 2); a cached name's (LOAD_ATTR,
 * LOAD_METHOD, STORE_ATTR) its index in co_names, LOAD_GLOBAL's that times
 * 2 (the low bit, CPython's "push NULL", is never set: tpy's LOAD_GLOBAL
 * pushes only the value); a cell's its index in the locals area
 * (_varname_from_oparg); others the argument itself. A jump's argument
 * depends on the prefixes before its target, which depend on the
 * arguments: iterate from no prefixes; the sizes only grow, so this ends. */
const int32_t *code_units(CodeObject *co) {
    if (co->units) return co->units;
    int32_t n = co->ncode;
    int32_t *u = gc_alloc_atomic(sizeof(int32_t) * (size_t)(2 * n + 1));
    int32_t *args = u + n + 1;
    /* each cache's name's index in co_names (code_visible_names's order) */
    int32_t *vis = gc_alloc_atomic(sizeof(int32_t) * (size_t)(co->ncaches + 1));
    int64_t nnames = tuple_size(co->names), extra = 0;
    for (int32_t k = 0; k < co->ncaches; k++) {
        Value name = co->caches[k].name;
        int64_t at = -1;
        for (int64_t j = 0; j < nnames && at < 0; j++)
            if (tuple_get(co->names, j) == name) at = j;
        for (int32_t j = 0; j < k && at < 0; j++)
            if (co->caches[j].name == name) at = vis[j];
        vis[k] = (int32_t)(at >= 0 ? at : nnames + extra++);
    }
    for (int32_t i = 0; i <= n; i++) u[i] = i;
    for (bool changed = true; changed;) {
        changed = false;
        int32_t at = 0;
        for (int32_t i = 0; i < n; i++) {
            uint32_t w = co->code[i], arg = INSTR_ARG(w);
            Opcode op = INSTR_OP(w);
            unsigned char f = op < OP__COUNT ? opcode_flags[op] : 0;
            if (f & OPF_JUMP) arg = (uint32_t)u[arg <= (uint32_t)n ? arg : (uint32_t)n];
            else if ((f & OPF_CACHE) && (int32_t)arg < co->ncaches) arg = (uint32_t)vis[arg] * (op == OP_LOAD_GLOBAL ? 2 : 1);
            else if (is_deref_op(op)) arg += (uint32_t)co->nlocals;
            args[i] = (int32_t)arg;
            if (u[i] != at) changed = true;
            u[i] = at;
            at += 1 + ((f & OPF_ARG) ? prefixes(arg) : 0);
        }
        if (u[n] != at) changed = true;
        u[n] = at;
    }
    co->units = u;
    return u;
}

int32_t code_index_at(CodeObject *co, int64_t ofs) {
    if (ofs < 0 || ofs % CODE_UNIT_BYTES) return -1;
    const int32_t *u = code_units(co);
    int64_t unit = ofs / CODE_UNIT_BYTES;
    /* the instruction i with u[i+1] - 1 == unit: binary search on u */
    int32_t lo = 0, hi = co->ncode - 1;
    while (lo <= hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (u[mid + 1] - 1 < unit) lo = mid + 1;
        else if (u[mid] > unit) hi = mid - 1;
        else return u[mid + 1] - 1 == unit ? mid : -1;
    }
    return -1;
}

/* One code object: CPython 3.11's columns (line where one starts, ">>" on
 * jump and handler targets, offset, name, argument, what it means), the
 * rows and numbers the dis module shows for it: each EXTENDED_ARG prefix
 * a row, arguments public (code_units), jump targets "(to OFFSET)" where
 * the target's first unit is; lines as CPython's dis.findlinestarts gives
 * them (an instruction without a line starts none). */
static void disassemble_one(CodeObject *co, Buf *out) {
    const int32_t *u = code_units(co), *pub = u + co->ncode + 1;
    bool *target = gc_alloc_atomic((size_t)co->ncode + 1);
    memset(target, 0, (size_t)co->ncode + 1);
    int maxline = 0;
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        if (INSTR_OP(w) < OP__COUNT && (opcode_flags[INSTR_OP(w)] & OPF_JUMP) && INSTR_ARG(w) < (uint32_t)co->ncode)
            target[INSTR_ARG(w)] = true;
        if (co->locations[i].line > maxline) maxline = co->locations[i].line;
    }
    for (int i = 0; i < co->nexctable; i++)
        if (co->exctable[i].target < (uint32_t)co->ncode) target[co->exctable[i].target] = true;
    char num[24];
    int line_width = snprintf(num, sizeof num, "%d", maxline);
    if (line_width < 3) line_width = 3;
    int ofs_width = snprintf(num, sizeof num, "%d", co->ncode > 0 ? code_offset(co, co->ncode - 1) : 0);
    if (ofs_width < 4) ofs_width = 4;
    int lastline = -1;
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        Opcode op = INSTR_OP(w);
        uint32_t arg = INSTR_ARG(w);
        int line = co->locations[i].line;
        for (int32_t unit = u[i]; unit < u[i + 1]; unit++) {
            bool own = unit == u[i + 1] - 1;   /* else an EXTENDED_ARG prefix */
            size_t start = out->len;
            if (unit == u[i] && line >= 0 && line != lastline) {
                if (i > 0) buf_putc(out, '\n');
                start = out->len;
                buf_printf(out, "%*d", line_width, line);
                lastline = line;
            } else {
                buf_fill(out, ' ', (size_t)line_width);
            }
            buf_printf(out, "     %s %*d %-20s", unit == u[i] && target[i] ? ">>" : "  ", ofs_width,
                       unit * CODE_UNIT_BYTES, !own ? "EXTENDED_ARG" : op < OP__COUNT ? opcode_names[op] : "???");
            if (!own) {
                buf_printf(out, " %5u", (uint32_t)pub[i] >> (8 * (u[i + 1] - 1 - unit)));
            } else if (op < OP__COUNT && (opcode_flags[op] & OPF_ARG)) {
                buf_printf(out, " %5u", (uint32_t)pub[i]);
                const char *name;
                if (opcode_flags[op] & OPF_JUMP) {
                    buf_printf(out, " (to %d)", arg <= (uint32_t)co->ncode ? code_start_offset(co, (int32_t)arg) : -1);
                } else if (op == OP_LOAD_CONST && (int64_t)arg < tuple_size(co->consts)) {
                    Value r = obj_repr(tuple_get(co->consts, arg));
                    if (r) buf_printf(out, " (%s)", str_data(r));
                    else err_clear();
                } else if ((name = arg_name(co, op, arg))) {
                    buf_printf(out, " (%s)", name);
                }
            }
            /* no trailing blanks, as CPython's rstrip() */
            while (out->len > start && out->data[out->len - 1] == ' ') out->data[--out->len] = 0;
            buf_putc(out, '\n');
        }
    }
    if (co->nexctable) {
        /* CPython's form: first and last unit covered, inclusive */
        buf_puts(out, "ExceptionTable:\n");
        for (int i = 0; i < co->nexctable; i++) {
            ExcTableEntry *e = &co->exctable[i];
            buf_printf(out, "  %d to %d -> %d [%u]%s\n", code_start_offset(co, (int32_t)e->start),
                       code_offset(co, (int32_t)e->end - 1), code_start_offset(co, (int32_t)e->target), e->depth,
                       e->lasti ? " lasti" : "");
        }
    }
}

void code_disassembly(CodeObject *co, Buf *out) {
    disassemble_one(co, out);
    for (int64_t i = 0; i < tuple_size(co->consts); i++) {
        Value c = tuple_get(co->consts, i);
        if (!code_check(c)) continue;
        Value r = obj_repr(c);
        buf_printf(out, "\nDisassembly of %s:\n", r ? str_data(r) : "<code object>");
        if (!r) err_clear();
        code_disassembly(V_AS(CodeObject, c), out);
    }
}

void code_disassemble(CodeObject *co, void *file) {
    Buf b;
    buf_init(&b, 4096);
    code_disassembly(co, &b);
    fwrite(b.data, 1, b.len, (FILE *)file);
}

static Value code_repr(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    return str_printf("<code object %U at %p, file \"%U\", line %d>", co->name, (void *)(uintptr_t)v, co->filename,
                      co->firstlineno);
}

static Value co_get_name(Value v) { return V_AS(CodeObject, v)->name; }
static Value co_get_qualname(Value v) { return V_AS(CodeObject, v)->qualname; }
static Value co_get_filename(Value v) { return V_AS(CodeObject, v)->filename; }
static Value co_get_firstlineno(Value v) { return v_int(V_AS(CodeObject, v)->firstlineno); }
static Value co_get_argcount(Value v) { return v_int(V_AS(CodeObject, v)->argcount); }
static Value co_get_posonlyargcount(Value v) { return v_int(V_AS(CodeObject, v)->posonlyargcount); }
static Value co_get_kwonlyargcount(Value v) { return v_int(V_AS(CodeObject, v)->kwonlyargcount); }
static Value co_get_nlocals(Value v) { return v_int(V_AS(CodeObject, v)->nlocals); }
static Value co_get_varnames(Value v) { return V_AS(CodeObject, v)->varnames; }
static Value co_get_cellvars(Value v) { return V_AS(CodeObject, v)->cellvars; }
static Value co_get_freevars(Value v) { return V_AS(CodeObject, v)->freevars; }
static Value co_get_consts(Value v) { return V_AS(CodeObject, v)->consts; }
/* co_names: the names the instructions use. tpy's LOAD_GLOBAL, LOAD_ATTR,
 * LOAD_METHOD and STORE_ATTR name theirs in their inline cache (argument:
 * the cache index), the other name instructions index co->names; co_names
 * lists co->names, then each cache name not among them, in order. */
static Value code_visible_names(CodeObject *co) {
    Value l = list_new(tuple_size(co->names) + co->ncaches);
    for (int64_t i = 0; i < tuple_size(co->names); i++) list_append(l, tuple_get(co->names, i));
    for (int32_t i = 0; i < co->ncaches; i++) {
        Value n = co->caches[i].name;
        bool seen = false;
        for (int64_t k = 0; k < list_size(l) && !seen; k++) seen = list_get(l, k) == n;
        if (!seen) list_append(l, n);
    }
    return tuple_from_array(list_items(l), list_size(l));
}
static Value co_get_names(Value v) { return code_visible_names(V_AS(CodeObject, v)); }
static Value co_get_flags(Value v) {
    /* CPython's flag values for the common bits */
    CodeObject *co = V_AS(CodeObject, v);
    int64_t f = 0;
    if (!(co->flags & (CO_MODULE | CO_CLASS))) f |= 0x1 | 0x2;  /* OPTIMIZED | NEWLOCALS */
    if (co->flags & CO_VARARGS) f |= 0x4;
    if (co->flags & CO_VARKEYWORDS) f |= 0x8;
    if (co->flags & CO_NESTED) f |= 0x10;
    if ((co->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) == CO_GENERATOR) f |= 0x20;
    /* (CO_NOFREE, 0x40, is tpy's own: CPython 3.11 no longer sets it) */
    if (co->flags & CO_COROUTINE) f |= 0x80;
    if (co->flags & CO_ITERABLE_COROUTINE) f |= 0x100;
    if (co->flags & CO_ASYNC_GENERATOR) f |= 0x200;
    if (co->flags & CO_FUTURE_ANNOTATIONS) f |= 0x1000000;
    return v_int(f);
}

static Value co_get_stacksize(Value v) { return v_int(V_AS(CodeObject, v)->stacksize); }

/* ---- the bytecode and tables as bytes ----------------------------------------------------
 *
 * These attributes show tpy's instructions in CPython 3.11's formats, over
 * the code units of code.h (offsets as code_offset() and dis count them):
 *
 *   co_code            per instruction, its EXTENDED_ARG prefixes, then
 *                      (public opcode, low 8 bits of its public argument),
 *                      as the opcode module describes them. The
 *                      interpreter runs the 32-bit words, not these bytes,
 *                      so co_code cannot be replaced.
 *   co_linetable       CPython 3.11's location table (below), over units:
 *                      code.replace() takes one.
 *   co_exceptiontable  CPython 3.11's: per entry start, length, target (in
 *                      units) and depth << 1 | lasti.
 *   co_lnotab          the classic table: (offset delta, line delta) byte
 *                      pairs, the line delta signed, computed from
 *                      co_lines() from co_firstlineno, as CPython 3.11 does
 *                      for this deprecated attribute. */

static Value co_get_code(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    const int32_t *u = code_units(co), *args = u + co->ncode + 1;
    Buf b;
    buf_init(&b, (size_t)u[co->ncode] * CODE_UNIT_BYTES + 1);
    for (int32_t i = 0; i < co->ncode; i++) {
        Opcode op = INSTR_OP(co->code[i]);
        uint32_t arg = (uint32_t)args[i];
        if (!(opcode_flags[op] & OPF_ARG)) arg = 0;
        for (int32_t k = u[i + 1] - u[i] - 1; k > 0; k--) {
            buf_putc(&b, (char)code_pubop_extended_arg);
            buf_putc(&b, (char)((arg >> (8 * k)) & 0xFF));
        }
        buf_putc(&b, (char)code_public_op(op));
        buf_putc(&b, (char)(arg & 0xFF));
    }
    _Static_assert(CODE_UNIT_BYTES == 2, "co_code writes 2 bytes per unit");
    return bytes_from_buf(&b);
}

/* The location of each code unit: an instruction's prefixes share its. */
static Location *unit_locations(CodeObject *co, int32_t *nunits) {
    const int32_t *u = code_units(co);
    *nunits = u[co->ncode];
    Location *l = gc_alloc_atomic(sizeof(Location) * (size_t)(u[co->ncode] + 1));
    for (int32_t i = 0; i < co->ncode; i++)
        for (int32_t k = u[i]; k < u[i + 1]; k++) l[k] = co->locations[i];
    return l;
}

/* co_linetable in CPython 3.11's location table format (its
 * Objects/locations.md), over co_code's units: entries of 1 to
 * 8 units whose first byte is 0x80 | kind << 3 | (units - 1), lines as
 * deltas from the previous entry's line (co_firstlineno first). Kinds:
 * 0-9 short (same line, column kind * 8 + 3 bits, width 0-15), 10-12 one
 * line (line + kind - 10, column and end column bytes), 13 no columns
 * (signed line delta), 14 long (signed line delta, end line delta, column
 * + 1, end column + 1), 15 none. Numbers are 6 bits a byte, 0x40 meaning
 * more follow; a signed one is (magnitude << 1) | sign. */
static void lt_varint(Buf *b, uint32_t x) {
    while (x >= 0x40) {
        buf_putc(b, (char)(0x40 | (x & 0x3F)));
        x >>= 6;
    }
    buf_putc(b, (char)x);
}
static void lt_svarint(Buf *b, int32_t x) {
    lt_varint(b, x < 0 ? ((uint32_t)-(int64_t)x << 1) | 1 : (uint32_t)x << 1);
}

static bool loc_eq(const Location *a, const Location *b) {
    return a->line == b->line && a->end_line == b->end_line && a->col == b->col && a->end_col == b->end_col;
}

static Value co_get_linetable(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    if (co->linetable) return co->linetable;   /* a given table, shown as given */
    int32_t nunits;
    const Location *locs = unit_locations(co, &nunits);
    Buf b;
    buf_init(&b, (size_t)nunits * 2 + 1);
    int32_t prev = co->firstlineno;
    for (int32_t i = 0; i < nunits;) {
        const Location *l = &locs[i];
        int32_t n = 1;
        while (n < 8 && i + n < nunits && loc_eq(&locs[i + n], l)) n++;
        i += n;
        if (l->line < 0) {
            buf_putc(&b, (char)(0x80 | 15 << 3 | (n - 1)));
            continue;
        }
        int32_t delta = l->line - prev, end_line = l->end_line < l->line ? l->line : l->end_line;
        prev = l->line;
        bool cols = l->col >= 0 && l->end_col >= 0;
        if (!cols && end_line == l->line) {
            buf_putc(&b, (char)(0x80 | 13 << 3 | (n - 1)));
            lt_svarint(&b, delta);
        } else if (cols && end_line == l->line && delta == 0 && l->col < 80 && l->end_col >= l->col &&
                   l->end_col - l->col < 16) {
            buf_putc(&b, (char)(0x80 | (l->col >> 3) << 3 | (n - 1)));
            buf_putc(&b, (char)((l->col & 7) << 4 | (l->end_col - l->col)));
        } else if (cols && end_line == l->line && delta >= 0 && delta < 3 && l->col < 128 && l->end_col < 128) {
            buf_putc(&b, (char)(0x80 | (10 + delta) << 3 | (n - 1)));
            buf_putc(&b, (char)l->col);
            buf_putc(&b, (char)l->end_col);
        } else {
            buf_putc(&b, (char)(0x80 | 14 << 3 | (n - 1)));
            lt_svarint(&b, delta);
            lt_varint(&b, (uint32_t)(end_line - l->line));
            lt_varint(&b, cols ? (uint32_t)l->col + 1 : 0);
            lt_varint(&b, cols ? (uint32_t)l->end_col + 1 : 0);
        }
    }
    return bytes_from_buf(&b);
}

/* The locations a table in that format gives ncode instructions, lines
 * counted from firstlineno; instructions past its end have none (as
 * CPython's, which does not check the table either: a truncated entry
 * ends it). */
static uint32_t lt_read_varint(const uint8_t *p, size_t n, size_t *k, bool *ok) {
    uint32_t x = 0;
    for (int shift = 0;; shift += 6) {
        if (*k >= n || shift > 30) {
            *ok = false;
            return 0;
        }
        uint8_t c = p[(*k)++];
        x |= (uint32_t)(c & 0x3F) << shift;
        if (!(c & 0x40)) return x;
    }
}
static int32_t lt_read_svarint(const uint8_t *p, size_t n, size_t *k, bool *ok) {
    uint32_t u = lt_read_varint(p, n, k, ok);
    return u & 1 ? -(int32_t)(u >> 1) : (int32_t)(u >> 1);
}

static Location *linetable_decode_units(const uint8_t *p, size_t n, int32_t ncode, int32_t firstlineno) {
    Location *locs = gc_alloc_atomic(sizeof(Location) * (size_t)(ncode ? ncode : 1));
    for (int32_t i = 0; i < ncode; i++) locs[i] = (Location){-1, -1, -1, -1};
    int32_t line = firstlineno, at = 0;
    size_t k = 0;
    bool ok = true;
    while (k < n && at < ncode) {
        uint8_t first = p[k++];
        int kind = (first >> 3) & 15, units = (first & 7) + 1;
        Location l = {-1, -1, -1, -1};
        if (kind == 14) {
            line += lt_read_svarint(p, n, &k, &ok);
            l.line = line;
            l.end_line = line + (int32_t)lt_read_varint(p, n, &k, &ok);
            l.col = (int32_t)lt_read_varint(p, n, &k, &ok) - 1;
            l.end_col = (int32_t)lt_read_varint(p, n, &k, &ok) - 1;
        } else if (kind == 13) {
            line += lt_read_svarint(p, n, &k, &ok);
            l.line = l.end_line = line;
        } else if (kind >= 10 && kind <= 12) {
            line += kind - 10;
            if (k + 2 > n) break;
            l = (Location){line, line, p[k], p[k + 1]};
            k += 2;
        } else if (kind < 10) {
            if (k >= n) break;
            uint8_t second = p[k++];
            int32_t col = kind << 3 | (second >> 4 & 7);
            l = (Location){line, line, col, col + (second & 15)};
        }
        if (!ok) break;
        for (int u = 0; u < units && at < ncode; u++) locs[at++] = l;
    }
    return locs;
}
/* the table's locations of co's instructions: each that of its own unit */
static Location *linetable_decode(const uint8_t *p, size_t n, CodeObject *co) {
    const int32_t *u = code_units(co);
    Location *ul = linetable_decode_units(p, n, u[co->ncode], co->firstlineno);
    Location *locs = gc_alloc_atomic(sizeof(Location) * (size_t)(co->ncode ? co->ncode : 1));
    for (int32_t i = 0; i < co->ncode; i++) locs[i] = ul[u[i + 1] - 1];
    return locs;
}

/* One number of an exception table entry: 6-bit groups, most significant
 * first, 0x40 on all but the last; 0x80 on an entry's first byte. */
static void et_varint(Buf *b, uint32_t x, bool first) {
    int groups = 1;
    while (groups < 6 && (x >> (6 * groups))) groups++;
    for (int g = groups - 1; g >= 0; g--)
        buf_putc(b, (char)(((x >> (6 * g)) & 0x3F) | (g ? 0x40 : 0) | (first && g == groups - 1 ? 0x80 : 0)));
}

static Value co_get_exceptiontable(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    const int32_t *u = code_units(co);
    Buf b;
    buf_init(&b, (size_t)co->nexctable * 5 + 1);
    for (int32_t i = 0; i < co->nexctable; i++) {
        const ExcTableEntry *e = &co->exctable[i];
        et_varint(&b, (uint32_t)u[e->start], true);
        et_varint(&b, (uint32_t)(u[e->end] - u[e->start]), false);
        et_varint(&b, (uint32_t)u[e->target], false);
        et_varint(&b, (uint32_t)e->depth << 1 | e->lasti, false);
    }
    return bytes_from_buf(&b);
}

/* co_lines(): (start, end, line) over byte offsets, consecutive instructions
 * of one line merged; the ranges cover [0, len(co_code)) in order; line is
 * None for instructions without one. */
static Value code_lines_list(CodeObject *co) {
    Value l = list_new(0);
    int32_t i = 0;
    while (i < co->ncode) {
        int32_t line = co->locations[i].line, j = i + 1;
        while (j < co->ncode && co->locations[j].line == line) j++;
        list_append(l, tuple_pack(3, v_int(code_start_offset(co, i)), v_int(code_start_offset(co, j)),
                                  line < 0 ? V_NONE : v_int(line)));
        i = j;
    }
    return l;
}

static Value co_get_lnotab(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    Value lines = code_lines_list(co);
    Buf b;
    buf_init(&b, 16);
    int64_t addr = 0, line = co->firstlineno;
    for (int64_t k = 0; k < list_size(lines); k++) {
        Value t = list_get(lines, k);
        if (tuple_get(t, 2) == V_NONE) continue;
        int64_t start = v_intval(tuple_get(t, 0)), ln = v_intval(tuple_get(t, 2));
        if (ln == line) continue;
        int64_t da = start - addr, dl = ln - line;
        for (; da > 255; da -= 255) { buf_putc(&b, (char)255); buf_putc(&b, 0); }
        for (; dl > 127; dl -= 127) { buf_putc(&b, (char)da); buf_putc(&b, 127); da = 0; }
        for (; dl < -128; dl += 128) { buf_putc(&b, (char)da); buf_putc(&b, (char)-128); da = 0; }
        buf_putc(&b, (char)da);
        buf_putc(&b, (char)(int8_t)dl);
        addr = start;
        line = ln;
    }
    return bytes_from_buf(&b);
}

static Value code_co_lines(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("co_lines", nargs, 1, 1) < 0) return VNULL;
    return obj_iter(code_lines_list(V_AS(CodeObject, args[0])));
}

static Value opt_int(int32_t x) { return x < 0 ? V_NONE : v_int(x); }

/* co_positions(): (line, end_line, col, end_col) per code unit, None
 * where the location table has no value. */
static Value code_co_positions(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("co_positions", nargs, 1, 1) < 0) return VNULL;
    CodeObject *co = V_AS(CodeObject, args[0]);
    int32_t nunits;
    const Location *locs = unit_locations(co, &nunits);
    Value l = list_new(nunits);
    /* -X no_debug_ranges: lines only, as CPython's code compiled or
       unmarshalled then (its location table keeps no columns) */
    bool ranges = !tpy_config.no_debug_ranges;
    for (int32_t i = 0; i < nunits; i++) {
        const Location *p = &locs[i];
        list_append(l, tuple_pack(4, opt_int(p->line), opt_int(ranges ? p->end_line : p->line),
                                  ranges ? opt_int(p->col) : V_NONE, ranges ? opt_int(p->end_col) : V_NONE));
    }
    return obj_iter(l);
}

/* _varname_from_oparg(i): the name of slot i of a frame's locals area, in
 * tpy's layout (Frame.localsplus): co_varnames, then co_cellvars, then
 * co_freevars; the argument of tpy's LOAD_DEREF and friends indexes it. */
static Value code_varname_from_oparg(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_varname_from_oparg", nargs, 2, 2) < 0) return VNULL;
    CodeObject *co = V_AS(CodeObject, args[0]);
    int64_t i = obj_index_i64(args[1]);
    if (i == -1 && err_occurred()) return VNULL;
    if (i >= 0 && i < co->nlocals) return tuple_get(co->varnames, i);
    i -= co->nlocals;
    if (i >= 0 && i < co->ncells) return tuple_get(co->cellvars, i);
    i -= co->ncells;
    if (i >= 0 && i < co->nfrees) return tuple_get(co->freevars, i);
    return err_set(&exc_IndexError, "tuple index out of range");
}

/* ---- code.replace() -----------------------------------------------------------------------
 *
 * The interpreter and the JIT trust a code object's instructions, tables,
 * counts and constants to agree, so replace() changes only what cannot
 * break that: the names, the filename, the first line (the location table
 * shifts with it, as CPython's relative one does), the location table,
 * constants of the same
 * type (a code constant by one with as many free variables), names and
 * variable names of the same count, and the CO_ITERABLE_COROUTINE flag
 * (types.coroutine). Any other field must be given its current value;
 * otherwise ValueError names the field. */

static const char *const replace_kws[] = {
    "co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals", "co_stacksize", "co_flags",
    "co_firstlineno", "co_code", "co_consts", "co_names", "co_varnames", "co_freevars", "co_cellvars",
    "co_filename", "co_name", "co_qualname", "co_linetable", "co_exceptiontable", NULL,
};

static const char *tname_of(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }

static bool replace_type_ok(Value v, const char *field, bool (*check)(Value), const char *want) {
    if (check(v)) return true;
    err_format(&exc_TypeError, "replace() argument '%s' must be %s, not %s", field, want, tname_of(v));
    return false;
}
static bool is_int(Value v) { return int_check(v); }
static bool is_str(Value v) { return str_check(v); }
static bool is_tuple(Value v) { return tuple_check(v); }
static bool is_bytes(Value v) { return bytes_check(v); }

static Value cannot_change(const char *field, const char *why) {
    return err_format(&exc_ValueError, "code.replace(): tpy cannot change %s%s", field, why);
}

/* A field tpy keeps as it is: v must equal the current value. */
static bool unchanged(Value v, Value cur, const char *field) {
    int eq = obj_eq(v, cur);
    if (eq < 0) return false;
    if (!eq) {
        cannot_change(field, " (only the current value is accepted)");
        return false;
    }
    return true;
}

static bool tuple_of_str(Value t, const char *field) {
    for (int64_t i = 0; i < tuple_size(t); i++)
        if (!str_check(tuple_get(t, i))) {
            err_format(&exc_TypeError, "%s must be a tuple of strings", field);
            return false;
        }
    return true;
}

static Value interned_tuple(Value t) {
    Value r = tuple_new(tuple_size(t));
    for (int64_t i = 0; i < tuple_size(t); i++) V_AS(TupleObject, r)->items[i] = str_intern(tuple_get(t, i));
    return r;
}

static Value code_replace(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 1) return err_set(&exc_TypeError, "replace() takes no positional arguments");
    if (arg_kw_allowed("replace", kwnames, replace_kws) < 0) return VNULL;
    CodeObject *old = V_AS(CodeObject, args[0]);
    CodeObject *co = (CodeObject *)obj_alloc(&code_type, sizeof(CodeObject));
    memcpy((char *)co + sizeof(Object), (char *)old + sizeof(Object), sizeof(CodeObject) - sizeof(Object));
    /* the new code's own caches, hash and JIT state */
    co->hash = 0;
    co->caches = NULL;
    if (old->ncaches) {
        co->caches = gc_alloc(sizeof(InlineCache) * (size_t)old->ncaches);
        for (int32_t i = 0; i < old->ncaches; i++) co->caches[i].name = old->caches[i].name;
    }
    co->jitcells = NULL;
    co->units = NULL;
    co->jit_entry_trace = NULL;
    co->jit_calls = 0;
    co->jit_entry_aborts = 0;
    co->jit_flags &= CODE_JIT_NO_INLINE;

    /* int fields: the current value only, except co_firstlineno and co_flags */
    static const struct { const char *name; size_t off; } fixed_ints[] = {
        {"co_argcount", offsetof(CodeObject, argcount)},
        {"co_posonlyargcount", offsetof(CodeObject, posonlyargcount)},
        {"co_kwonlyargcount", offsetof(CodeObject, kwonlyargcount)},
        {"co_nlocals", offsetof(CodeObject, nlocals)},
        {"co_stacksize", offsetof(CodeObject, stacksize)},
    };
    for (size_t k = 0; k < sizeof fixed_ints / sizeof fixed_ints[0]; k++) {
        Value v = arg_kw(args, nargs, kwnames, fixed_ints[k].name);
        if (!v) continue;
        if (!replace_type_ok(v, fixed_ints[k].name, is_int, "int")) return VNULL;
        if (!unchanged(v, v_int(*(int32_t *)((char *)old + fixed_ints[k].off)), fixed_ints[k].name)) return VNULL;
    }
    Value v;
    if ((v = arg_kw(args, nargs, kwnames, "co_firstlineno"))) {
        if (!replace_type_ok(v, "co_firstlineno", is_int, "int")) return VNULL;
        int64_t n = obj_index_i64(v);
        if (n == -1 && err_occurred()) return VNULL;
        if (n < 0 || n > INT32_MAX / 2) return err_set(&exc_ValueError, "code.replace(): co_firstlineno out of range");
        int32_t delta = (int32_t)n - old->firstlineno;
        co->firstlineno = (int32_t)n;
        if (delta) {
            co->locations = gc_alloc_atomic(sizeof(Location) * (size_t)(old->ncode ? old->ncode : 1));
            for (int32_t i = 0; i < old->ncode; i++) {
                Location l = old->locations[i];
                if (l.line >= 0) l.line = l.line + delta > 0 ? l.line + delta : 1;
                if (l.end_line >= 0) l.end_line = l.end_line + delta > 0 ? l.end_line + delta : 1;
                co->locations[i] = l;
            }
        }
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_flags"))) {
        if (!replace_type_ok(v, "co_flags", is_int, "int")) return VNULL;
        int64_t want = obj_index_i64(v);
        if (want == -1 && err_occurred()) return VNULL;
        int64_t diff = want ^ v_intval(co_get_flags(args[0]));
        if (diff & ~(int64_t)0x100) {
            char bits[24];   /* (err_format has no %llx) */
            snprintf(bits, sizeof bits, "0x%llx", (unsigned long long)diff & ~0x100ULL);
            return err_format(&exc_ValueError, "code.replace(): tpy cannot change co_flags bits %s "
                              "(only CO_ITERABLE_COROUTINE, 0x100)", bits);
        }
        if (want & 0x100) co->flags |= CO_ITERABLE_COROUTINE;
        else co->flags &= ~(uint32_t)CO_ITERABLE_COROUTINE;
    }
    /* a location table (CPython 3.11's format, as co_linetable shows it),
       read from the new first line: the lines, columns and tracebacks
       (None where it has no entry) of each instruction */
    if ((v = arg_kw(args, nargs, kwnames, "co_linetable"))) {
        if (!replace_type_ok(v, "co_linetable", is_bytes, "bytes")) return VNULL;
        co->locations = linetable_decode((const uint8_t *)bytes_data(v), (size_t)bytes_size(v), co);
        co->linetable = bytes_check_exact(v) ? v : bytes_new(bytes_data(v), bytes_size(v));
    }
    static const struct { const char *name; Value (*get)(Value); } fixed_bytes[] = {
        {"co_code", co_get_code},
        {"co_exceptiontable", co_get_exceptiontable},
    };
    for (size_t k = 0; k < sizeof fixed_bytes / sizeof fixed_bytes[0]; k++) {
        if (!(v = arg_kw(args, nargs, kwnames, fixed_bytes[k].name))) continue;
        if (!replace_type_ok(v, fixed_bytes[k].name, is_bytes, "bytes")) return VNULL;
        if (!unchanged(v, fixed_bytes[k].get(args[0]), fixed_bytes[k].name)) return VNULL;
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_freevars"))) {
        if (!replace_type_ok(v, "co_freevars", is_tuple, "tuple")) return VNULL;
        if (!unchanged(v, old->freevars, "co_freevars")) return VNULL;
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_cellvars"))) {
        if (!replace_type_ok(v, "co_cellvars", is_tuple, "tuple")) return VNULL;
        if (!unchanged(v, old->cellvars, "co_cellvars")) return VNULL;
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_consts"))) {
        if (!replace_type_ok(v, "co_consts", is_tuple, "tuple")) return VNULL;
        if (tuple_size(v) != tuple_size(old->consts))
            return cannot_change("co_consts", "'s length (the instructions index it)");
        for (int64_t i = 0; i < tuple_size(v); i++) {
            Value a = tuple_get(old->consts, i), b = tuple_get(v, i);
            if (type_of(a) != type_of(b))
                return err_format(&exc_ValueError, "code.replace(): co_consts[%lld] must stay of type %s "
                                  "(tpy's instructions rely on it), not %s", (long long)i, tname_of(a), tname_of(b));
            if (code_check(a) && V_AS(CodeObject, a)->nfrees != V_AS(CodeObject, b)->nfrees)
                return err_format(&exc_ValueError, "code.replace(): co_consts[%lld] must be a code object "
                                  "with %d free vars", (long long)i, (int)V_AS(CodeObject, a)->nfrees);
        }
        co->consts = tuple_from_array(V_AS(TupleObject, v)->items, tuple_size(v));
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_names"))) {
        if (!replace_type_ok(v, "co_names", is_tuple, "tuple") || !tuple_of_str(v, "co_names")) return VNULL;
        Value seen = code_visible_names(old), repl = interned_tuple(v);
        if (tuple_size(v) != tuple_size(seen))
            return cannot_change("co_names", "'s length (the instructions index it)");
        co->names = tuple_getslice(repl, v_int(0), v_int(tuple_size(old->names)), V_NONE);
        for (int32_t i = 0; i < co->ncaches; i++)
            for (int64_t k = 0; k < tuple_size(seen); k++)
                if (co->caches[i].name == tuple_get(seen, k)) {
                    co->caches[i].name = tuple_get(repl, k);
                    break;
                }
    }
    if ((v = arg_kw(args, nargs, kwnames, "co_varnames"))) {
        if (!replace_type_ok(v, "co_varnames", is_tuple, "tuple") || !tuple_of_str(v, "co_varnames")) return VNULL;
        if (tuple_size(v) != tuple_size(old->varnames))
            return cannot_change("co_varnames", "'s length (the number of local variables)");
        co->varnames = interned_tuple(v);
    }
    static const struct { const char *name; size_t off; } strs[] = {
        {"co_name", offsetof(CodeObject, name)},
        {"co_qualname", offsetof(CodeObject, qualname)},
        {"co_filename", offsetof(CodeObject, filename)},
    };
    for (size_t k = 0; k < sizeof strs / sizeof strs[0]; k++) {
        if (!(v = arg_kw(args, nargs, kwnames, strs[k].name))) continue;
        if (!replace_type_ok(v, strs[k].name, is_str, "str")) return VNULL;
        *(Value *)((char *)co + strs[k].off) = k == 0 ? str_intern(v) : v;
    }
    co->units = NULL;   /* new names may number the cached ones differently */
    return V_FROM_PTR(co);
}

static const MethodDef code_methods[] = {
    {"co_lines", code_co_lines, 0, NULL},
    {"co_positions", code_co_positions, 0, NULL},
    {"_varname_from_oparg", code_varname_from_oparg, 0, NULL},
    {"replace", code_replace, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef code_getsets[] = {
    {"co_stacksize", co_get_stacksize, NULL, NULL},
    {"co_code", co_get_code, NULL, NULL},
    {"co_linetable", co_get_linetable, NULL, NULL},
    {"co_exceptiontable", co_get_exceptiontable, NULL, NULL},
    {"co_lnotab", co_get_lnotab, NULL, NULL},
    {"co_name", co_get_name, NULL, NULL},
    {"co_qualname", co_get_qualname, NULL, NULL},
    {"co_filename", co_get_filename, NULL, NULL},
    {"co_firstlineno", co_get_firstlineno, NULL, NULL},
    {"co_argcount", co_get_argcount, NULL, NULL},
    {"co_posonlyargcount", co_get_posonlyargcount, NULL, NULL},
    {"co_kwonlyargcount", co_get_kwonlyargcount, NULL, NULL},
    {"co_nlocals", co_get_nlocals, NULL, NULL},
    {"co_varnames", co_get_varnames, NULL, NULL},
    {"co_cellvars", co_get_cellvars, NULL, NULL},
    {"co_freevars", co_get_freevars, NULL, NULL},
    {"co_consts", co_get_consts, NULL, NULL},
    {"co_names", co_get_names, NULL, NULL},
    {"co_flags", co_get_flags, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- equality: CPython's, on what the code does, not where it comes from --------------- */

/* Two constants are the same constant when they have the same type and
   value, exactly: 0, 0.0, -0.0 and False all differ (CPython's
   _PyCode_ConstantKey); containers of constants compare item by item. */
static int const_same(Value a, Value b) {
    if (a == b) return 1;
    if (type_of(a) != type_of(b)) return 0;
    if (float_check_exact(a)) return double_bits(float_val(a)) == double_bits(float_val(b));
    if (complex_check_exact(a))
        return double_bits(complex_val(a).re) == double_bits(complex_val(b).re) &&
               double_bits(complex_val(a).im) == double_bits(complex_val(b).im);
    if (tuple_check_exact(a)) {
        if (tuple_size(a) != tuple_size(b)) return 0;
        for (int64_t i = 0; i < tuple_size(a); i++) {
            int r = const_same(tuple_items(a)[i], tuple_items(b)[i]);
            if (r <= 0) return r;
        }
        return 1;
    }
    if (code_check(a)) {
        Value r = type_of(a)->richcompare(a, b, CMP_EQ);
        return r ? r == V_TRUE : -1;
    }
    /* str, bytes, int, frozenset of those, None, Ellipsis */
    return obj_richcompare_bool(a, b, CMP_EQ);
}

static int code_same(CodeObject *a, CodeObject *b) {
    if (a->argcount != b->argcount || a->posonlyargcount != b->posonlyargcount ||
        a->kwonlyargcount != b->kwonlyargcount || a->flags != b->flags || a->firstlineno != b->firstlineno ||
        a->ncode != b->ncode || a->nexctable != b->nexctable)
        return 0;
    if (memcmp(a->code, b->code, sizeof(uint32_t) * (size_t)a->ncode) ||
        memcmp(a->locations, b->locations, sizeof(Location) * (size_t)a->ncode))
        return 0;
    for (int32_t i = 0; i < a->nexctable; i++) {
        const ExcTableEntry *x = &a->exctable[i], *y = &b->exctable[i];
        if (x->start != y->start || x->end != y->end || x->target != y->target || x->depth != y->depth ||
            x->lasti != y->lasti)
            return 0;
    }
    Value same[] = {a->name, b->name, a->names, b->names, a->varnames, b->varnames,
                    a->cellvars, b->cellvars, a->freevars, b->freevars};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i += 2) {
        int r = obj_richcompare_bool(same[i], same[i + 1], CMP_EQ);
        if (r <= 0) return r;
    }
    return const_same(a->consts, b->consts);
}

static Value code_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !code_check(a) || !code_check(b)) return V_NOTIMPL;
    int r = code_same(V_AS(CodeObject, a), V_AS(CodeObject, b));
    if (r < 0) return VNULL;
    return v_bool(op == CMP_EQ ? r : !r);
}

/* consistent with code_same: from what it compares, the constants left out */
static int64_t code_hash(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    if (co->hash) return co->hash;   /* what it hashes never changes */
    int64_t h = obj_hash(co->name);
    if (h == -1) return -1;
    uint64_t x = (uint64_t)h;
    int32_t ints[] = {co->argcount, co->posonlyargcount, co->kwonlyargcount, (int32_t)co->flags, co->firstlineno,
                      co->ncode};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) x = x * 1000003u ^ (uint32_t)ints[i];
    for (int32_t i = 0; i < co->ncode; i++) x = x * 1000003u ^ co->code[i];
    int64_t hn = obj_hash(co->names);
    if (hn == -1) return -1;
    x = x * 1000003u ^ (uint64_t)hn;
    if (x == (uint64_t)-1 || x == 0) x -= 2;   /* -1 is the error value, 0 "not yet" */
    co->hash = (int64_t)x;
    return co->hash;
}

Type code_type = {
    .tname = "code",
    .basicsize = sizeof(CodeObject),
    .repr = code_repr,
    .hash = code_hash,
    .richcompare = code_richcompare,
};

void code_init(void) {
    public_ops_init();
    type_add_methods(&code_type, code_methods);
    type_add_getsets(&code_type, code_getsets);
    type_ready(&code_type);
}
