/* snapshot.c: operations on snapshots (snapshot.h). */
#include "snapshot.h"

#include "../runtime.h"
#include "../vm/interp.h"
#include "../vm/opcodes.h"

static void add_ref(IRRef r, const Snapshot *s, IRRef **out, int *n, int *cap, const IRBuf *b);

static void add_slot(SnapSlot sl, const Snapshot *s, IRRef **out, int *n, int *cap, const IRBuf *b) {
    if (sl.kind == SK_NULL || sl.ref == IR_NONE || ir_is_const(sl.ref)) return;
    add_ref(sl.ref, s, out, n, cap, b);
}

static void add_ref(IRRef r, const Snapshot *s, IRRef **out, int *n, int *cap, const IRBuf *b) {
    for (int i = 0; i < *n; i++)
        if ((*out)[i] == r) return;
    const SnapVirtual *v = snapshot_virtual(s, r);
    if (v) {
        /* a virtual is not a fail argument; its fields may be */
        for (int i = 0; i < v->nfields; i++) add_slot(v->fields[i].value, s, out, n, cap, b);
        return;
    }
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        IRRef *no = gc_alloc_atomic(sizeof(IRRef) * (size_t)*cap);
        if (*n) memcpy(no, *out, sizeof(IRRef) * (size_t)*n);
        *out = no;
    }
    (*out)[(*n)++] = r;
}

int snapshot_fail_args(const Snapshot *s, const IRBuf *b, IRRef **out) {
    IRRef *refs = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < s->nslots; i++) add_slot(s->slots[i], s, &refs, &n, &cap, b);
    *out = refs ? refs : gc_alloc_atomic(sizeof(IRRef));
    return n;
}

const SnapVirtual *snapshot_virtual(const Snapshot *s, IRRef ref) {
    for (int i = 0; i < s->nvirtuals; i++)
        if (s->virtuals[i].ref == ref) return &s->virtuals[i];
    return NULL;
}

Snapshot *snapshot_copy(const Snapshot *s) {
    Snapshot *c = gc_alloc(sizeof *c);
    *c = *s;
    c->frames = gc_alloc(sizeof(SnapFrame) * (size_t)(s->nframes ? s->nframes : 1));
    memcpy(c->frames, s->frames, sizeof(SnapFrame) * (size_t)s->nframes);
    c->slots = gc_alloc(sizeof(SnapSlot) * (size_t)(s->nslots ? s->nslots : 1));
    memcpy(c->slots, s->slots, sizeof(SnapSlot) * (size_t)s->nslots);
    if (s->nvirtuals) {
        c->virtuals = gc_alloc(sizeof(SnapVirtual) * (size_t)s->nvirtuals);
        for (int i = 0; i < s->nvirtuals; i++) {
            c->virtuals[i] = s->virtuals[i];
            c->virtuals[i].fields = gc_alloc(sizeof(SnapField) * (size_t)(s->virtuals[i].nfields + 1));
            memcpy(c->virtuals[i].fields, s->virtuals[i].fields, sizeof(SnapField) * (size_t)s->virtuals[i].nfields);
        }
    }
    return c;
}

/* debug_merge_point(depth, id, 'name;file:firstline-line~#offset OPNAME')
 * as PyPy writes it, the offset as code_offset() (obj/code.h) makes it. */
void ir_format_pos(const PosDescr *p, Buf *out) {
    CodeObject *co = p->code;
    int op = INSTR_OP(co->code[p->pc]);
    buf_printf(out, "debug_merge_point(%d, %d, '%s;%s:%d-%d~#%d %s')", p->call_depth, p->call_id, str_data(co->name),
               str_data(co->filename), co->firstlineno, code_line(co, p->pc), code_offset(p->pc), opcode_names[op]);
}
