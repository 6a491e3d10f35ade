/* ir_parse.c: traces as text (ir_parse.h). */
#include "ir_parse.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/runtime.h"
#include "../../src/util/numfmt.h"

/* ---- registries -------------------------------------------------------------------- */

#define MAXREG 256

static struct {
    const char *name;
    Descr *d;
} descrs[MAXREG];
static int ndescrs;

static struct {
    const char *name;
    Value v;
} values[MAXREG];
static int nvalues;

void irtext_register_descr(const char *name, Descr *d) {
    descrs[ndescrs].name = name;
    descrs[ndescrs++].d = d;
}

void irtext_register_value(const char *name, Value v) {
    values[nvalues].name = name;
    values[nvalues++].v = v;
}

static Descr *descr_named(const char *name, size_t n) {
    for (int i = 0; i < ndescrs; i++)
        if (strlen(descrs[i].name) == n && !strncmp(descrs[i].name, name, n)) return descrs[i].d;
    return NULL;
}

static const char *descr_name(Descr *d) {
    for (int i = 0; i < ndescrs; i++)
        if (descrs[i].d == d) return descrs[i].name;
    return "?";
}

static bool value_named(const char *name, size_t n, Value *v) {
    for (int i = 0; i < nvalues; i++)
        if (strlen(values[i].name) == n && !strncmp(values[i].name, name, n)) return *v = values[i].v, true;
    return false;
}

static const char *value_name(Value v) {
    for (int i = 0; i < nvalues; i++)
        if (values[i].v == v) return values[i].name;
    return NULL;
}

/* ---- parsing --------------------------------------------------------------------------- */

typedef struct Parser {
    const char *p;
    IRBuf *b;
    char *err;
    size_t errsize;
    bool failed;
    /* names of values and targets */
    char **names;
    IRRef *refs;
    int nnames, capnames;
    struct {
        char name[16];
        TargetDescr *t;
    } targets[16];
    int ntargets;
} Parser;

static void fail(Parser *P, const char *what) {
    if (P->failed) return;
    P->failed = true;
    const char *e = strchr(P->p, '\n');
    int n = e ? (int)(e - P->p) : (int)strlen(P->p);
    snprintf(P->err, P->errsize, "%s at '%.*s'", what, n > 40 ? 40 : n, P->p);
}

static void ws(Parser *P) {
    while (*P->p == ' ' || *P->p == '\t') P->p++;
}

static bool eat(Parser *P, char c) {
    ws(P);
    if (*P->p != c) return false;
    P->p++;
    return true;
}

static void expect(Parser *P, char c) {
    if (!eat(P, c)) {
        char m[32];
        snprintf(m, sizeof m, "expected '%c'", c);
        fail(P, m);
    }
}

static size_t word(Parser *P) {
    ws(P);
    size_t n = 0;
    while (isalnum((unsigned char)P->p[n]) || P->p[n] == '_' || P->p[n] == '.') n++;
    return n;
}

static void bind(Parser *P, const char *name, size_t n, IRRef r) {
    if (P->nnames == P->capnames) {
        P->capnames = P->capnames ? P->capnames * 2 : 64;
        P->names = realloc(P->names, sizeof(char *) * (size_t)P->capnames);
        P->refs = realloc(P->refs, sizeof(IRRef) * (size_t)P->capnames);
    }
    P->names[P->nnames] = strndup(name, n);
    P->refs[P->nnames++] = r;
}

static IRRef lookup(Parser *P, const char *name, size_t n) {
    for (int i = P->nnames - 1; i >= 0; i--)
        if (strlen(P->names[i]) == n && !strncmp(P->names[i], name, n)) return P->refs[i];
    return IR_NONE;
}

static bool is_value_name(const char *s, size_t n) {
    if (n < 2 || (s[0] != 'p' && s[0] != 'i' && s[0] != 'f')) return false;
    return isdigit((unsigned char)s[1]) || s[1] == '_';
}

/* A constant or a value name; *kind gets the snapshot kind it implies. */
static IRRef parse_value(Parser *P, int *kind) {
    ws(P);
    const char *s = P->p;
    int dummy;
    if (!kind) kind = &dummy;
    if (!strncmp(s, "ConstPtr(", 9) || !strncmp(s, "ConstClass(", 11)) {
        bool cls = s[5] == 'C';
        P->p += cls ? 11 : 9;
        const char *e = strchr(P->p, ')');
        if (!e) return fail(P, "bad constant"), IR_NONE;
        size_t n = (size_t)(e - P->p);
        Value v = VNULL;
        if (cls || !strncmp(P->p, "obj:", 4)) {
            const char *nm = cls ? P->p : P->p + 4;
            if (!value_named(nm, cls ? n : n - 4, &v)) return fail(P, "unknown object"), IR_NONE;
        } else if (!strncmp(P->p, "int ", 4)) {
            v = v_int(strtoll(P->p + 4, NULL, 10));
        } else if (!strncmp(P->p, "float ", 6)) {
            v = float_from_double(strtod(P->p + 6, NULL));
        } else if (!strncmp(P->p, "null", n)) {
            v = VNULL;
        } else if (!strncmp(P->p, "None", n)) {
            v = V_NONE;
        } else if (!strncmp(P->p, "True", n)) {
            v = V_TRUE;
        } else if (!strncmp(P->p, "False", n)) {
            v = V_FALSE;
        } else {
            return fail(P, "bad ConstPtr"), IR_NONE;
        }
        P->p = e + 1;
        *kind = SK_VALUE;
        return ir_const_ref(P->b, v);
    }
    if (isdigit((unsigned char)*s) || ((*s == '-' || *s == '+') && (isdigit((unsigned char)s[1]) || s[1] == 'i'))
        || !strncmp(s, "inf", 3) || !strncmp(s, "nan", 3)) {
        char *e;
        long long i = strtoll(s, &e, 10);
        if (*e == '.' || *e == 'e' || *e == 'E' || *e == 'i' || *e == 'n' || e == s) {
            double d = strtod(s, &e);
            P->p = e;
            *kind = SK_FLOAT;
            return ir_const_float(P->b, d);
        }
        P->p = e;
        *kind = SK_INT;
        return ir_const_int(P->b, i);
    }
    size_t n = word(P);
    if (!is_value_name(P->p, n)) return fail(P, "expected a value"), IR_NONE;
    IRRef r = lookup(P, P->p, n);
    if (r == IR_NONE) return fail(P, "undefined value"), IR_NONE;
    *kind = P->p[0] == 'i' ? SK_INT : P->p[0] == 'f' ? SK_FLOAT : SK_VALUE;
    P->p += n;
    return r;
}

static TargetDescr *target_named(Parser *P, const char *name, size_t n) {
    for (int i = 0; i < P->ntargets; i++)
        if (strlen(P->targets[i].name) == n && !strncmp(P->targets[i].name, name, n)) return P->targets[i].t;
    TargetDescr *t = calloc(1, sizeof *t);
    t->d.kind = DESCR_TARGET;
    t->id = 1000 + (uint32_t)P->ntargets;
    snprintf(P->targets[P->ntargets].name, 16, "%.*s", (int)n, name);
    P->targets[P->ntargets++].t = t;
    return t;
}

typedef struct SlotList {
    SnapSlot *s;
    int n, cap;
} SlotList;

static void slots_push(SlotList *l, SnapSlot s) {
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        SnapSlot *ns = gc_alloc(sizeof(SnapSlot) * (size_t)l->cap);
        if (l->n) memcpy(ns, l->s, sizeof(SnapSlot) * (size_t)l->n);
        l->s = ns;
    }
    l->s[l->n++] = s;
}

static SnapSlot parse_slot(Parser *P) {
    ws(P);
    if (*P->p == '-') {
        P->p++;
        return (SnapSlot){IR_NONE, SK_NULL};
    }
    if (*P->p == 'V' && isdigit((unsigned char)P->p[1])) {
        long k = strtol(P->p + 1, (char **)&P->p, 10);
        return (SnapSlot){SNAP_VIRTUAL_BIT | (IRRef)k, SK_VALUE};
    }
    static const struct {
        const char *w;
        int kind;
    } kinds[] = {{"int(", SK_INT}, {"bool(", SK_BOOL}, {"float(", SK_FLOAT}};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(kinds[i].w);
        if (!strncmp(P->p, kinds[i].w, n)) {
            P->p += n;
            IRRef r = parse_value(P, NULL);
            expect(P, ')');
            return (SnapSlot){r, (uint8_t)kinds[i].kind};
        }
    }
    int kind;
    IRRef r = parse_value(P, &kind);
    return (SnapSlot){r, (uint8_t)kind};
}

/* {V0=tuple/32(8i=int(2), 16r=p1), V1=...}: virtual k becomes ref
 * SNAP_VIRTUAL_BIT|k of the snapshot. */
static void parse_virtuals(Parser *P, Snapshot *s) {
    int cap = 0;
    do {
        ws(P);
        if (*P->p != 'V') return fail(P, "expected Vk=");
        long k = strtol(P->p + 1, (char **)&P->p, 10);
        expect(P, '=');
        size_t n = word(P);
        Value tv;
        if (!value_named(P->p, n, &tv)) return fail(P, "unknown type");
        P->p += n;
        expect(P, '/');
        long size = strtol(P->p, (char **)&P->p, 10);
        if (s->nvirtuals == cap) {
            cap = cap ? cap * 2 : 4;
            SnapVirtual *nv = gc_alloc(sizeof(SnapVirtual) * (size_t)cap);
            if (s->nvirtuals) memcpy(nv, s->virtuals, sizeof(SnapVirtual) * (size_t)s->nvirtuals);
            s->virtuals = nv;
        }
        SnapVirtual *sv = &s->virtuals[s->nvirtuals++];
        sv->ref = SNAP_VIRTUAL_BIT | (IRRef)k;
        sv->type = V_AS(Type, tv);
        sv->size = (int32_t)size;
        sv->fields = gc_alloc(sizeof(SnapField) * 16);
        sv->nfields = 0;
        expect(P, '(');
        if (!eat(P, ')')) {
            do {
                ws(P);
                long off = strtol(P->p, (char **)&P->p, 10);
                char t = *P->p++;
                expect(P, '=');
                if (sv->nfields == 16) return fail(P, "too many fields");
                sv->fields[sv->nfields].offset = (int32_t)off;
                sv->fields[sv->nfields].type = t;
                sv->fields[sv->nfields++].value = parse_slot(P);
            } while (!P->failed && eat(P, ','));
            expect(P, ')');
        }
    } while (!P->failed && eat(P, ','));
    expect(P, '}');
}

static Snapshot *parse_snapshot(Parser *P) {
    Snapshot *s = gc_alloc(sizeof *s);
    SlotList l = {0};
    if (eat(P, '[')) {
        if (!eat(P, ']')) {
            do slots_push(&l, parse_slot(P));
            while (!P->failed && eat(P, ','));
            expect(P, ']');
        }
    }
    s->nframes = 1;
    s->frames = gc_alloc(sizeof(SnapFrame));
    s->frames[0].nlocals = l.n;
    s->slots = l.s ? l.s : gc_alloc(sizeof(SnapSlot));
    s->nslots = l.n;
    if (eat(P, '{')) parse_virtuals(P, s);
    return s;
}

static int opcode_named(const char *s, size_t n) {
    for (int i = 0; i < IR__COUNT; i++)
        if (strlen(irop_info[i].name) == n && !strncmp(irop_info[i].name, s, n)) return i;
    return -1;
}

static void parse_line(Parser *P, bool first) {
    ws(P);
    if (first && *P->p == '[') {
        P->p++;
        if (eat(P, ']')) return;
        do {
            size_t n = word(P);
            if (!is_value_name(P->p, n)) return fail(P, "bad input argument");
            int opc = P->p[0] == 'i' ? IR_inputarg_i : P->p[0] == 'f' ? IR_inputarg_f : IR_inputarg_r;
            bind(P, P->p, n, ir_emit0(P->b, opc, NULL));
            P->p += n;
        } while (eat(P, ','));
        expect(P, ']');
        return;
    }
    const char *res = NULL;
    size_t resn = 0;
    size_t n = word(P);
    ws(P);
    if (P->p[n] == ' ' || P->p[n] == '=') {
        const char *q = P->p + n;
        while (*q == ' ') q++;
        if (*q == '=') {
            res = P->p;
            resn = n;
            P->p = q + 1;
            n = word(P);
        }
    }
    int opc = opcode_named(P->p, n);
    if (opc < 0) return fail(P, "unknown operation");
    P->p += n;
    expect(P, '(');
    IRRef args[64];
    int nargs = 0;
    Descr *d = NULL;
    if (!eat(P, ')')) {
        do {
            ws(P);
            if (!strncmp(P->p, "descr=", 6)) {
                P->p += 6;
                size_t m = word(P);
                d = descr_named(P->p, m);
                if (!d && (opc == IR_label || opc == IR_jump)) d = &target_named(P, P->p, m)->d;
                if (!d) return fail(P, "unknown descr");
                P->p += m;
                continue;
            }
            if (nargs == 64) return fail(P, "too many arguments");
            args[nargs++] = parse_value(P, NULL);
        } while (!P->failed && eat(P, ','));
        expect(P, ')');
    }
    if (P->failed) return;
    const IROpInfo *info = &irop_info[opc];
    if (info->nargs != IR_VARARGS && info->nargs != nargs) return fail(P, "wrong number of arguments");
    if (info->flags & IRF_GUARD) {
        static uint32_t next_id = 1;
        GuardDescr *g = gc_alloc(sizeof *g);
        g->d.kind = DESCR_GUARD;
        g->id = next_id++;
        g->snap = parse_snapshot(P);
        d = &g->d;
    }
    IRRef r = ir_emit(P->b, opc, nargs, args, d);
    if (res) {
        if (info->type == 'v' || res[0] != (info->type == 'r' ? 'p' : info->type)) return fail(P, "result type");
        bind(P, res, resn, r);
    } else if (info->type != 'v') {
        return fail(P, "result needs a name");
    }
}

bool irtext_parse(const char *text, IRBuf *b, char *err, size_t errsize) {
    Parser P;
    memset(&P, 0, sizeof P);
    irbuf_init(b);
    P.b = b;
    P.err = err;
    P.errsize = errsize;
    P.p = text;
    bool first = true;
    while (*P.p && !P.failed) {
        ws(&P);
        if (*P.p == '\n') {
            P.p++;
            continue;
        }
        if (*P.p == '#') {
            while (*P.p && *P.p != '\n') P.p++;
            continue;
        }
        parse_line(&P, first);
        first = false;
        ws(&P);
        if (!P.failed && *P.p && *P.p != '\n' && *P.p != '#') fail(&P, "junk after operation");
        while (*P.p && *P.p != '\n') P.p++;
    }
    for (int i = 0; i < P.nnames; i++) free(P.names[i]);
    free(P.names);
    free(P.refs);
    return !P.failed;
}

/* ---- printing ----------------------------------------------------------------------------- */

typedef struct Printer {
    const IRBuf *b;
    Buf *out;
    Descr *targets[16];
    int ntargets;
    const Snapshot *snap;   /* virtual numbering of the current snapshot */
    IRRef vorder[64];
    int nv;
} Printer;

static void print_ref(Printer *P, IRRef r) {
    const IRBuf *b = P->b;
    if (r == IR_NONE) {
        buf_puts(P->out, "None");
        return;
    }
    if (snap_ref_is_virtual(r)) {
        for (int i = 0; i < P->nv; i++)
            if (P->vorder[i] == r) {
                buf_printf(P->out, "V%d", i);
                return;
            }
        if (P->nv < 64) P->vorder[P->nv++] = r;
        buf_printf(P->out, "V%d", P->nv - 1);
        return;
    }
    if (ir_is_const(r)) {
        const IRConst *k = ir_const(b, r);
        char tmp[48];
        switch (k->type) {
        case 'i': buf_printf(P->out, "%lld", (long long)k->v.i); return;
        case 'f':
            numfmt_float_repr(k->v.f, tmp);
            buf_puts(P->out, tmp);
            return;
        default: {
            Value v = k->v.r;
            const char *nm = value_name(v);
            if (v == VNULL) buf_puts(P->out, "ConstPtr(null)");
            else if (v_is_int(v)) buf_printf(P->out, "ConstPtr(int %lld)", (long long)v_intval(v));
            else if (v_is_smallfloat(v)) {
                numfmt_float_repr(v_smallfloat_val(v), tmp);
                buf_printf(P->out, "ConstPtr(float %s)", tmp);
            } else if (v == V_NONE) buf_puts(P->out, "ConstPtr(None)");
            else if (v == V_TRUE) buf_puts(P->out, "ConstPtr(True)");
            else if (v == V_FALSE) buf_puts(P->out, "ConstPtr(False)");
            else if (nm && type_check(v)) buf_printf(P->out, "ConstClass(%s)", nm);
            else if (nm) buf_printf(P->out, "ConstPtr(obj:%s)", nm);
            else buf_printf(P->out, "ConstPtr(%#llx)", (unsigned long long)v);
            return;
        }
        }
    }
    if (r >= b->nops) {
        buf_printf(P->out, "<bad %d>", r);
        return;
    }
    char t = b->ops[r].type;
    buf_printf(P->out, "%c%d", t == 'r' ? 'p' : t, r);
}

static void print_slot(Printer *P, SnapSlot s) {
    switch (s.kind) {
    case SK_NULL: buf_putc(P->out, '-'); return;
    case SK_VALUE: print_ref(P, s.ref); return;
    case SK_BOOL:
        buf_puts(P->out, "bool(");
        print_ref(P, s.ref);
        buf_putc(P->out, ')');
        return;
    default: {
        bool k = ir_is_const(s.ref);
        if (k) buf_puts(P->out, s.kind == SK_INT ? "int(" : "float(");
        print_ref(P, s.ref);
        if (k) buf_putc(P->out, ')');
        return;
    }
    }
}

static void print_snapshot(Printer *P, const Snapshot *s) {
    P->snap = s;
    P->nv = 0;
    buf_puts(P->out, " [");
    for (int i = 0; i < s->nslots; i++) {
        if (i) buf_puts(P->out, ", ");
        print_slot(P, s->slots[i]);
    }
    buf_putc(P->out, ']');
    if (!P->nv) return;
    buf_puts(P->out, " {");
    /* vorder grows while fields name more virtuals */
    for (int i = 0; i < P->nv; i++) {
        const SnapVirtual *v = snapshot_virtual(s, P->vorder[i]);
        if (i) buf_puts(P->out, ", ");
        if (!v) {
            buf_printf(P->out, "V%d=?", i);
            continue;
        }
        const char *tn = value_name(V_FROM_PTR(v->type));
        buf_printf(P->out, "V%d=%s/%d(", i, tn ? tn : "?", v->size);
        for (int f = 0; f < v->nfields; f++) {
            if (f) buf_puts(P->out, ", ");
            buf_printf(P->out, "%d%c=", v->fields[f].offset, v->fields[f].type);
            print_slot(P, v->fields[f].value);
        }
        buf_putc(P->out, ')');
    }
    buf_putc(P->out, '}');
}

void irtext_print(const IRBuf *b, Buf *out) {
    Printer P;
    memset(&P, 0, sizeof P);
    P.b = b;
    P.out = out;
    bool inputs = false;
    for (int i = 0; i < b->nops; i++) {
        int opc = b->ops[i].opcode;
        if (opc != IR_inputarg_i && opc != IR_inputarg_f && opc != IR_inputarg_r) continue;
        buf_puts(out, inputs ? ", " : "[");
        inputs = true;
        print_ref(&P, i);
    }
    if (inputs) buf_puts(out, "]\n");
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        const IROpInfo *info = &irop_info[op->opcode];
        if (op->opcode == IR_inputarg_i || op->opcode == IR_inputarg_f || op->opcode == IR_inputarg_r) continue;
        if (op->type != 'v') {
            print_ref(&P, i);
            buf_puts(out, " = ");
        }
        buf_printf(out, "%s(", info->name);
        for (int k = 0; k < op->nargs; k++) {
            if (k) buf_puts(out, ", ");
            print_ref(&P, ir_arg(op, k));
        }
        if (op->descr && op->descr->kind != DESCR_GUARD && op->descr->kind != DESCR_POS) {
            if (op->nargs) buf_puts(out, ", ");
            if (op->descr->kind == DESCR_TARGET) {
                int t = 0;
                while (t < P.ntargets && P.targets[t] != op->descr) t++;
                if (t == P.ntargets && t < 16) P.targets[P.ntargets++] = op->descr;
                buf_printf(out, "descr=T%d", t);
            } else {
                buf_printf(out, "descr=%s", descr_name(op->descr));
            }
        }
        buf_putc(out, ')');
        if ((info->flags & IRF_GUARD) && op->descr && op->descr->kind == DESCR_GUARD && ((GuardDescr *)op->descr)->snap)
            print_snapshot(&P, ((GuardDescr *)op->descr)->snap);
        buf_putc(out, '\n');
    }
}
