/* ir.c: IR buffers, constants, descriptors and the PyPy-syntax printer. */
#include "ir.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../runtime.h"
#include "snapshot.h"

const IROpInfo irop_info[IR__COUNT] = {
#define IROP_INFO(name, type, nargs, flags) {#name, type, nargs, flags},
    IROP_DEF(IROP_INFO)
#undef IROP_INFO
};

void irbuf_init(IRBuf *b) {
    memset(b, 0, sizeof *b);
    b->capops = 256;
    b->ops = gc_alloc(sizeof(IROp) * (size_t)b->capops);
    b->capconsts = 32;
    b->consts = gc_alloc(sizeof(IRConst) * (size_t)b->capconsts);
}

void irbuf_make_ops_atomic(IRBuf *b) {
    IROp *ops = gc_alloc_atomic(sizeof(IROp) * (size_t)(b->nops ? b->nops : 1));
    memcpy(ops, b->ops, sizeof(IROp) * (size_t)b->nops);
    b->ops = ops;
    b->capops = b->nops;
}

void irbuf_trim(IRBuf *b) {
    if (b->capops > b->nops) {
        IROp *n = gc_alloc(sizeof(IROp) * (size_t)(b->nops ? b->nops : 1));
        memcpy(n, b->ops, sizeof(IROp) * (size_t)b->nops);
        b->ops = n;
        b->capops = b->nops;
    }
    if (b->capconsts > b->nconsts) {
        IRConst *n = gc_alloc(sizeof(IRConst) * (size_t)(b->nconsts ? b->nconsts : 1));
        memcpy(n, b->consts, sizeof(IRConst) * (size_t)b->nconsts);
        b->consts = n;
        b->capconsts = b->nconsts;
    }
}

IRRef ir_emit(IRBuf *b, int opcode, int nargs, const IRRef *args, Descr *descr) {
    if (b->nops == b->capops) {
        int32_t cap = b->capops * 2;
        IROp *n = gc_alloc(sizeof(IROp) * (size_t)cap);
        memcpy(n, b->ops, sizeof(IROp) * (size_t)b->nops);
        b->ops = n;
        b->capops = cap;
    }
    IROp *op = &b->ops[b->nops];
    op->opcode = (uint16_t)opcode;
    op->type = irop_info[opcode].type;
    op->nargs = (uint8_t)nargs;
    op->descr = descr;
    op->xargs = NULL;
    op->arg[0] = op->arg[1] = op->arg[2] = IR_NONE;
    if (nargs > 3) {
        op->xargs = gc_alloc_atomic(sizeof(IRRef) * (size_t)nargs);
        memcpy(op->xargs, args, sizeof(IRRef) * (size_t)nargs);
    } else {
        for (int i = 0; i < nargs; i++) op->arg[i] = args[i];
    }
    return b->nops++;
}

IRRef ir_emit0(IRBuf *b, int opcode, Descr *descr) { return ir_emit(b, opcode, 0, NULL, descr); }
IRRef ir_emit1(IRBuf *b, int opcode, IRRef a, Descr *descr) { return ir_emit(b, opcode, 1, &a, descr); }
IRRef ir_emit2(IRBuf *b, int opcode, IRRef a, IRRef c, Descr *descr) {
    IRRef args[2] = {a, c};
    return ir_emit(b, opcode, 2, args, descr);
}
IRRef ir_emit3(IRBuf *b, int opcode, IRRef a, IRRef c, IRRef d, Descr *descr) {
    IRRef args[3] = {a, c, d};
    return ir_emit(b, opcode, 3, args, descr);
}

static IRRef add_const(IRBuf *b, IRConst c) {
    /* reuse an equal constant (bitwise for floats) */
    for (int32_t i = 0; i < b->nconsts; i++) {
        IRConst *k = &b->consts[i];
        if (k->type != c.type) continue;
        if (c.type == 'f' ? double_bits(k->v.f) == double_bits(c.v.f) : k->v.i == c.v.i) return i | IR_CONST_BIT;
    }
    if (b->nconsts == b->capconsts) {
        int32_t cap = b->capconsts * 2;
        IRConst *n = gc_alloc(sizeof(IRConst) * (size_t)cap);
        memcpy(n, b->consts, sizeof(IRConst) * (size_t)b->nconsts);
        b->consts = n;
        b->capconsts = cap;
    }
    b->consts[b->nconsts] = c;
    return b->nconsts++ | IR_CONST_BIT;
}

IRRef ir_const_int(IRBuf *b, int64_t v) { return add_const(b, (IRConst){'i', {.i = v}}); }
IRRef ir_const_float(IRBuf *b, double v) { return add_const(b, (IRConst){'f', {.f = v}}); }
IRRef ir_const_ref(IRBuf *b, Value v) { return add_const(b, (IRConst){'r', {.r = v}}); }

char ir_type(const IRBuf *b, IRRef r) {
    if (r == IR_NONE) return 'v';
    if (ir_is_const(r)) return b->consts[ir_const_index(r)].type;
    return b->ops[r].type;
}

/* ---- descriptors ------------------------------------------------------------------ */

FieldDescr *descr_field(int32_t offset, char type, bool pure, const char *name) {
    FieldDescr *d = gc_alloc(sizeof *d);
    d->d.kind = DESCR_FIELD;
    d->offset = offset;
    d->type = type;
    d->pure = pure;
    d->name = name;
    return d;
}

ArrayDescr *descr_array(int32_t base, char type, bool pure, const char *name) {
    ArrayDescr *d = gc_alloc(sizeof *d);
    d->d.kind = DESCR_ARRAY;
    d->base = base;
    d->type = type;
    d->pure = pure;
    d->name = name;
    return d;
}

ArrayDescr *descr_byte_array(int32_t base, const char *name) {
    ArrayDescr *d = descr_array(base, 'i', true, name);
    d->byte_items = true;
    return d;
}

SizeDescr *descr_size(void *type, int32_t size, bool atomic) {
    SizeDescr *d = gc_alloc(sizeof *d);
    d->d.kind = DESCR_SIZE;
    d->type = type;
    d->size = size;
    d->atomic = atomic;
    return d;
}

CallDescr *descr_call(const char *name, char ret, const char *args, int effect) {
    CallDescr *d = gc_alloc(sizeof *d);
    d->d.kind = DESCR_CALL;
    d->name = name;
    d->ret = ret;
    snprintf(d->args, sizeof d->args, "%s", args);
    d->effect = (uint8_t)effect;
    return d;
}

void keepalive_add(KeepAlive *k, void *p) {
    if (!p) return;
    /* the last one added is the one most often added again */
    for (int32_t i = k->n - 1; i >= 0; i--)
        if (k->items[i] == p) return;
    keepalive_append(k, p);
}

void keepalive_append(KeepAlive *k, void *p) {
    if (k->n == k->cap) {
        int32_t cap = k->cap ? k->cap * 2 : 8;
        void **items = gc_alloc(sizeof(void *) * (size_t)cap);
        if (k->n) memcpy(items, k->items, sizeof(void *) * (size_t)k->n);
        k->items = items;
        k->cap = cap;
    }
    k->items[k->n++] = p;
}

void descr_pos_init(PosDescr *d, void *code, int32_t pc, int call_depth, int call_id) {
    d->d.kind = DESCR_POS;
    d->code = code;
    d->pc = pc;
    d->call_depth = (int16_t)call_depth;
    d->call_id = (int16_t)call_id;
}

/* ---- printing ------------------------------------------------------------------------ */

static char prefix_of(char t) { return t == 'r' ? 'p' : t; }

static void format_ref(const IRBuf *b, IRRef r, Buf *out) {
    if (r == IR_NONE) {
        buf_puts(out, "None");
        return;
    }
    if (ir_is_const(r)) {
        const IRConst *k = ir_const(b, r);
        switch (k->type) {
        case 'i': buf_printf(out, "%" PRId64, k->v.i); break;
        case 'f': {
            char tmp[40];
            extern size_t numfmt_float_repr(double, char *);
            numfmt_float_repr(k->v.f, tmp);
            buf_puts(out, tmp);
            break;
        }
        default: {
            Value v = k->v.r;
            if (v == VNULL) buf_puts(out, "ConstPtr(null)");
            else if (v_is_int(v)) buf_printf(out, "ConstPtr(int %" PRId64 ")", v_intval(v));
            else if (v_is_ptr(v) && type_check(v)) buf_printf(out, "ConstClass(%s)", V_AS(Type, v)->tname);
            else buf_printf(out, "ConstPtr(ptr%" PRIx64 ")", (uint64_t)v);
        }
        }
        return;
    }
    buf_printf(out, "%c%d", prefix_of(b->ops[r].type), r);
}

static void format_descr(const IRBuf *b, const IROp *op, Buf *out) {
    (void)b;
    Descr *d = op->descr;
    switch (d->kind) {
    case DESCR_FIELD: {
        FieldDescr *f = (FieldDescr *)d;
        buf_printf(out, "descr=<Field%c %s %d%s>", f->type == 'r' ? 'P' : f->type == 'f' ? 'F' : 'S', f->name,
                   f->offset, f->pure ? " pure" : "");
        break;
    }
    case DESCR_ARRAY: {
        ArrayDescr *a = (ArrayDescr *)d;
        buf_printf(out, "descr=<Array%c %d>", a->type == 'r' ? 'P' : a->type == 'f' ? 'F' : a->byte_items ? 'U' : 'S',
                   a->byte_items ? 1 : 8);
        break;
    }
    case DESCR_SIZE: {
        SizeDescr *s = (SizeDescr *)d;
        buf_printf(out, "descr=<SizeDescr %d %s>", s->size, ((Type *)s->type)->tname);
        break;
    }
    case DESCR_CALL: {
        CallDescr *c = (CallDescr *)d;
        buf_printf(out, "descr=<Call%c %d %s EF=%d>", c->ret, (int)strlen(c->args), c->args, c->effect);
        break;
    }
    case DESCR_GUARD: buf_printf(out, "descr=<Guard0x%x>", ((GuardDescr *)d)->id); break;
    case DESCR_TARGET: buf_printf(out, "descr=TargetToken(%u)", ((TargetDescr *)d)->id); break;
    case DESCR_POS: break;
    }
}

/* debug_merge_point(depth, id, 'name;file:firstline-line~#pc OPNAME') */
void ir_format_pos(const PosDescr *p, Buf *out);

void ir_format_op(const IRBuf *b, int index, void *bufp) {
    Buf *out = bufp;
    const IROp *op = &b->ops[index];
    const IROpInfo *info = &irop_info[op->opcode];
    if (op->opcode == IR_debug_merge_point) {
        ir_format_pos((const PosDescr *)op->descr, out);
        return;
    }
    if (op->type != 'v') buf_printf(out, "%c%d = ", prefix_of(op->type), index);
    buf_puts(out, info->name);
    buf_putc(out, '(');
    bool first = true;
    for (int i = 0; i < op->nargs; i++) {
        if (!first) buf_puts(out, ", ");
        first = false;
        format_ref(b, ir_arg(op, i), out);
    }
    if (op->descr && op->descr->kind != DESCR_POS) {
        if (!first) buf_puts(out, ", ");
        format_descr(b, op, out);
    }
    buf_putc(out, ')');
    if (info->flags & IRF_GUARD && op->descr && op->descr->kind == DESCR_GUARD) {
        GuardDescr *g = (GuardDescr *)op->descr;
        buf_puts(out, " [");
        if (g->fail_args) {
            for (int i = 0; i < g->nfail_args; i++) {
                if (i) buf_puts(out, ", ");
                format_ref(b, g->fail_args[i], out);
            }
        } else if (g->snap) {
            /* before the backend ran: the snapshot's references */
            IRRef *refs;
            int n = snapshot_fail_args(g->snap, b, &refs);
            for (int i = 0; i < n; i++) {
                if (i) buf_puts(out, ", ");
                format_ref(b, refs[i], out);
            }
        }
        buf_putc(out, ']');
    }
}

void ir_print(const IRBuf *b, void *file, const int32_t *offsets) {
    FILE *f = file;
    Buf line;
    buf_init(&line, 128);
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (op->opcode == IR_inputarg_i || op->opcode == IR_inputarg_f || op->opcode == IR_inputarg_r) continue;
        line.len = 0;
        line.data[0] = 0;
        if (offsets && op->opcode != IR_debug_merge_point && offsets[i] >= 0) buf_printf(&line, "+%d: ", offsets[i]);
        ir_format_op(b, i, &line);
        fprintf(f, "%s\n", line.data);
    }
}
