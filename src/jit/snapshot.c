/* snapshot.c: operations on snapshots (snapshot.h). */
#include "snapshot.h"

#include "../runtime.h"
#include "../vm/interp.h"
#include "../vm/opcodes.h"

/* Collecting fail arguments: distinct refs in first-use order, walking
 * each virtual's fields once. Virtuals may form cycles (an object whose
 * field is itself), so a virtual is remembered before its fields are
 * walked; resume (resume.c) walks them in the same order with the same
 * memo, which keeps its fail-argument cursor in step. */
typedef struct RefSet {
    IRRef *refs;
    int n, cap;
} RefSet;

typedef struct FailArgWalk {
    const Snapshot *snap;
    RefSet args;        /* the result */
    RefSet virtuals;    /* virtuals already walked */
} FailArgWalk;

static bool refset_has(const RefSet *rs, IRRef r) {
    for (int i = 0; i < rs->n; i++)
        if (rs->refs[i] == r) return true;
    return false;
}

static void refset_add(RefSet *rs, IRRef r) {
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? rs->cap * 2 : 16;
        IRRef *no = gc_alloc_atomic(sizeof(IRRef) * (size_t)rs->cap);
        if (rs->n) memcpy(no, rs->refs, sizeof(IRRef) * (size_t)rs->n);
        rs->refs = no;
    }
    rs->refs[rs->n++] = r;
}

static void walk_slot(FailArgWalk *w, SnapSlot sl) {
    if (sl.kind == SK_NULL || sl.ref == IR_NONE || ir_is_const(sl.ref)) return;
    const SnapVirtual *v = snapshot_virtual(w->snap, sl.ref);
    if (v) {
        /* a virtual is not a fail argument; its fields may be */
        if (refset_has(&w->virtuals, sl.ref)) return;
        refset_add(&w->virtuals, sl.ref);
        for (int i = 0; i < v->nfields; i++) walk_slot(w, v->fields[i].value);
        return;
    }
    if (!refset_has(&w->args, sl.ref)) refset_add(&w->args, sl.ref);
}

int snapshot_fail_args(const Snapshot *s, const IRBuf *b, IRRef **out) {
    (void)b;
    FailArgWalk w = {.snap = s};
    for (int i = 0; i < s->nslots; i++) walk_slot(&w, s->slots[i]);
    *out = w.args.refs ? w.args.refs : gc_alloc_atomic(sizeof(IRRef));
    return w.args.n;
}

const SnapVirtual *snapshot_virtual(const Snapshot *s, IRRef ref) {
    for (int i = 0; i < s->nvirtuals; i++)
        if (s->virtuals[i].ref == ref) return &s->virtuals[i];
    return NULL;
}

SnapSlot *snap_slots_new(int32_t n) {
    size_t size = sizeof(SnapSlot) * (size_t)(n + 1);
    SnapSlot *slots = gc_alloc_atomic(size);
    memset(slots, 0, size);
    return slots;
}

SnapField *snap_fields_new(int32_t n) {
    size_t size = sizeof(SnapField) * (size_t)(n + 1);
    SnapField *fields = gc_alloc_atomic(size);
    memset(fields, 0, size);
    return fields;
}

SnapFrame *snap_frames_new(int32_t n) {
    size_t size = sizeof(SnapFrame) * (size_t)(n > 0 ? n : 1);
    SnapFrame *frames = gc_alloc_atomic(size);
    memset(frames, 0, size);
    return frames;
}

Snapshot *snapshot_copy(const Snapshot *s) {
    Snapshot *c = gc_alloc(sizeof *c);
    *c = *s;
    c->frames = snap_frames_new(s->nframes);
    memcpy(c->frames, s->frames, sizeof(SnapFrame) * (size_t)s->nframes);
    c->slots = snap_slots_new(s->nslots);
    memcpy(c->slots, s->slots, sizeof(SnapSlot) * (size_t)s->nslots);
    if (s->nvirtuals) {
        c->virtuals = gc_alloc(sizeof(SnapVirtual) * (size_t)s->nvirtuals);
        for (int i = 0; i < s->nvirtuals; i++) {
            c->virtuals[i] = s->virtuals[i];
            c->virtuals[i].fields = snap_fields_new(s->virtuals[i].nfields);
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
               str_data(co->filename), co->firstlineno, code_line(co, p->pc), code_offset(co, p->pc), opcode_names[op]);
}

int snapshot_first_generator(const Snapshot *s) {
    int i = s->nframes;
    while (i > 0 && s->frames[i - 1].generator) i--;
    return i;
}
