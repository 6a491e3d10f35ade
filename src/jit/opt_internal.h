/* opt_internal.h: the optimizer's shared state (opt.h is its interface).
 *
 * The optimizer is one forward pass over the input trace, like PyPy's
 * optimizeopt. Each input op is translated (its arguments mapped to output
 * values) and offered to the enabled passes in enable_opts order:
 *
 *   intbounds -> rewrite -> virtualize -> string -> pure -> earlyforce -> heap
 *
 * A pass's `pre` hook may answer the op (fold it to a value, drop it, turn
 * it into a virtual: the op stops there), or rewrite it and let it go on.
 * What no pass answers is emitted into `out`; then the `post` hooks learn
 * from it (result bounds, CSE entries, heap cache, guard facts). `unroll`
 * (opt_unroll.c) drives the pass twice over a loop body (loop peeling).
 *
 * Values. The optimizer speaks of values as IRRef-sized handles:
 *
 *   0 .. out->nops-1        an output op
 *   IR_CONST_BIT | k        constant k of out's pool
 *   SNAP_VIRTUAL_BIT | k    virtual k: an allocation or box not emitted
 *
 * Invariants:
 *   - an emitted op never has a virtual argument (emission forces them);
 *   - Info.fwd of an op is IR_NONE or a constant it is known to equal (set
 *     by guards); opt_val() resolves it, and a forced virtual to its op;
 *   - imap[k] is the value of input op k (IR_NONE: void or not yet seen);
 *   - the GuardDescr of every output guard is a fresh copy whose snapshot
 *     speaks of output refs; the input trace is never modified.
 */
#ifndef TPY_JIT_OPT_INTERNAL_H
#define TPY_JIT_OPT_INTERNAL_H

#include "../runtime.h"
#include "backend.h"
#include "opt.h"
#include "params.h"
#include "snapshot.h"

#define OPT_VBIT SNAP_VIRTUAL_BIT
static inline bool opt_is_virtual(IRRef v) { return snap_ref_is_virtual(v); }
static inline bool opt_is_op(IRRef v) { return v >= 0 && !(v & (IR_CONST_BIT | OPT_VBIT)); }

/* Facts about an output value (Info.flags) */
enum {
    F_NONNULL = 1,      /* 'r': not VNULL */
    F_SMALLINT = 2,     /* 'r': a tagged small int (guard_is_int held) */
    F_FLOAT = 4,        /* 'r': a float, small or boxed (guard_is_float held) */
    F_INV = 8,          /* loop-invariant: same value in every iteration (unroll) */
    F_LISTVALS = 16,    /* 'r': a list holding Values (guard_value_storage held;
                           list.h: never float storage again) */
};

typedef struct Info {
    int64_t lo, hi;     /* 'i': bounds (INT64_MIN..INT64_MAX when unknown) */
    Type *cls;          /* 'r': a heap object of exactly this type, or NULL */
    IRRef fwd;          /* constant this op is known to equal, or IR_NONE */
    uint8_t flags;
} Info;

/* Virtuals: values whose allocation was removed. Box kinds wrap one raw
 * value; an object has fields (setfield / setarrayitem at constant
 * indexes into a fixed-size object). */
typedef enum VKind { VK_BOXINT, VK_BOXFLOAT, VK_BOOL, VK_OBJECT } VKind;

typedef struct VField {
    int32_t offset;     /* byte offset in the object */
    int32_t index;      /* array item index, or -1 for a field */
    Descr *descr;       /* FieldDescr or ArrayDescr (to re-emit the store) */
    IRRef value;        /* a value handle */
} VField;

typedef struct Virtual {
    uint8_t kind;       /* VKind */
    IRRef payload;      /* box kinds: the raw value ('i' or 'f') */
    IRRef forced;       /* the emitted op once forced, else IR_NONE */
    SizeDescr *size;    /* VK_OBJECT */
    int32_t nfields, capfields;
    VField *fields;
} Virtual;

/* A cached memory read or write: field (idx == IR_NONE) or array item. */
typedef struct HeapEntry {
    IRRef obj, idx, value;
    Descr *descr;
} HeapEntry;

/* The op being optimized: mapped arguments, possibly rewritten by passes. */
typedef struct POp {
    int opcode;
    int nargs;
    IRRef *args;        /* value handles */
    Descr *descr;       /* input descr (an input GuardDescr for guards) */
    int32_t in_index;   /* input op it comes from (guards: for ids), or -1 */
} POp;

/* Overflow state of the last *_ovf op, for its guard_(no_)overflow */
enum { OVF_UNKNOWN, OVF_NEVER, OVF_ALWAYS };

/* Phases of a loop's optimization (unroll) */
enum { PH_ENTRY, PH_PREAMBLE, PH_PEELED };

struct UnrollPolicy;

typedef struct Opt {
    const IRBuf *in;
    IRBuf *out;
    TraceKind kind;
    uint32_t mask;              /* enabled passes: 1 << JIT_OPT_* */
    IRRef *imap;                /* input op -> value */
    IRRef *cmap;                /* input constant -> output constant */
    Info *info;                 /* per output op */
    int32_t capinfo;
    Virtual *virt;
    int32_t nvirt, capvirt;
    /* pure: open-addressed table of output ops (IR_NONE: empty) */
    IRRef *cse;
    uint32_t cse_cap, cse_n;
    /* heap */
    HeapEntry *heap;
    int32_t nheap, capheap;
    bool not_invalidated;       /* guard_not_invalidated held, no call since */
    bool exc_pending;           /* a call that may raise awaits its guard */
    bool force_pending;         /* a call that may run Python code awaits guard_not_forced */
    uint8_t ovf;                /* OVF_* of the last *_ovf op */
    bool failed;                /* a guard is known to fail, or a limit: give up */
    uint8_t phase;              /* PH_* */
    uint8_t *guard_used;        /* per input op: its guard id was given out */
    int32_t nforced;            /* statistics */
    int32_t cur_in;             /* input op being processed (diagnostics) */
    const char *note;           /* why unrolling gave up (TPY_JITDUMP) */
    /* the peeled loop's float label arguments that come with their raw
       double as a label argument too: unbox_float(unboxed_ref[k]) is
       unboxed_raw[k] (opt_unroll.c sets them, opt_pure.c answers) */
    IRRef *unboxed_ref, *unboxed_raw;
    int32_t nunboxed;
    struct UnrollPolicy *policy;
    const GuardDescr *from;     /* a bridge's guard (its facts), else NULL */
    int32_t ninputs;            /* inputarg ops seen */
    IRRef *bridge_in;           /* from's fail argument k -> the bridge's input */
    bool hfacts_done;           /* from's heap facts are in the cache */
    /* guard_facts(): snap_mark[r] == snap_stamp while op r is in the
       snapshot at hand (sized like info) */
    uint32_t *snap_mark;
    uint32_t snap_stamp;
} Opt;

static inline bool opt_on(const Opt *O, int pass) { return (O->mask >> pass) & 1; }

/* The descriptor of an op that may leave the trace with a snapshot:
 * guards, and `finish` exits to the interpreter (all but jit_done_descr,
 * which returns a function's result). NULL for other ops. */
static inline GuardDescr *op_exit(const IROp *op) {
    if (!op->descr || op->descr->kind != DESCR_GUARD || op->descr == &jit_done_descr.d) return NULL;
    return irop_is_guard(op->opcode) || op->opcode == IR_finish ? (GuardDescr *)op->descr : NULL;
}

/* ---- opt.c: values, emission, snapshots ------------------------------------------- */

IRRef opt_val(Opt *O, IRRef v);                 /* resolve fwd and forced virtuals */
IRRef opt_in(Opt *O, IRRef in_ref);             /* value of an input ref */
char opt_type(Opt *O, IRRef v);
Info *opt_info(Opt *O, IRRef op);               /* op refs only */
IRRef opt_ki(Opt *O, int64_t v);
IRRef opt_kf(Opt *O, double v);
IRRef opt_kr(Opt *O, Value v);
static inline bool opt_is_const(IRRef v) { return ir_is_const(v); }
int64_t opt_ci(Opt *O, IRRef k);                /* 'i' constant value */
double opt_cf(Opt *O, IRRef k);
Value opt_cr(Opt *O, IRRef k);
bool opt_same_const(Opt *O, IRRef a, IRRef b);  /* identical constants */
void opt_bounds(Opt *O, IRRef v, int64_t *lo, int64_t *hi);
uint8_t opt_flags(Opt *O, IRRef v);             /* F_NONNULL/F_SMALLINT/F_FLOAT */
Type *opt_cls(Opt *O, IRRef v);                 /* known heap class or NULL */
/* Make v known equal to constant k from now on (op refs only). */
void opt_make_const(Opt *O, IRRef v, IRRef k);
Virtual *opt_virtual(Opt *O, IRRef v);          /* NULL unless a live virtual */
IRRef opt_new_virtual(Opt *O, int kind, IRRef payload, SizeDescr *sd);
IRRef opt_force(Opt *O, IRRef v);
/* Emit an op (forcing virtual arguments) and run the post hooks. */
IRRef opt_emit(Opt *O, POp *p);
IRRef opt_emit_simple(Opt *O, int opcode, int nargs, const IRRef *args, Descr *descr);
/* Run an op through the whole pipeline; returns its value (IR_NONE if void). */
IRRef opt_run(Opt *O, POp *p);
IRRef opt_run2(Opt *O, int opcode, IRRef a, IRRef b, Descr *descr, int32_t in_index);
void opt_fail(Opt *O);
/* After emitting into out directly (labels, jumps): make room for Info. */
void opt_sync_info(Opt *O);
/* Process input ops [from, to) (the per-op translation of opt_run). */
void opt_process_range(Opt *O, int32_t from, int32_t to);
void opt_reset_at_label(Opt *O);

/* ---- the passes ------------------------------------------------------------------- */

/* Each pre hook returns true when it answered the op (*res: its value). */
bool intbounds_pre(Opt *O, POp *p, IRRef *res);
void intbounds_post(Opt *O, POp *p, IRRef r);
void intbounds_compute(Opt *O, IRRef r);        /* bounds of a new op */
/* Intersect v's bounds with [lo, hi]; false if empty (a contradiction). */
bool intbounds_refine(Opt *O, IRRef v, int64_t lo, int64_t hi);
static inline bool bounds_small(int64_t lo, int64_t hi) { return lo >= SMALLINT_MIN && hi <= SMALLINT_MAX; }

bool rewrite_pre(Opt *O, POp *p, IRRef *res);
void rewrite_post(Opt *O, POp *p, IRRef r);

bool virtualize_pre(Opt *O, POp *p, IRRef *res);
/* Force a virtual that is not a plain allocation (a value array, a dict of
 * constant keys): emits it, returns the op; IR_NONE for other virtuals. */
IRRef virtualize_force_special(Opt *O, IRRef v);
void earlyforce_pre(Opt *O, POp *p);

bool pure_pre(Opt *O, POp *p, IRRef *res);
void pure_post(Opt *O, IRRef r);
void pure_clear(Opt *O);
void pure_insert(Opt *O, IRRef r);
void pure_filter_invariant(Opt *O);
/* The emitted pure op equal to opcode(args), or IR_NONE. */
IRRef pure_find(Opt *O, int opcode, int nargs, const IRRef *args, Descr *descr);

bool heap_pre(Opt *O, POp *p, IRRef *res);
void heap_post(Opt *O, POp *p, IRRef r);
void heap_clear(Opt *O);
IRRef heap_lookup(Opt *O, IRRef obj, Descr *d, IRRef idx);
void heap_set(Opt *O, IRRef obj, Descr *d, IRRef idx, IRRef value);
void heap_filter_invariant(Opt *O);
/* Effect of a call-like op (CALL_* of CallDescr; CALL_ANY when unknown). */
int opt_call_effect(const IROp *op_or_null, int opcode, Descr *d);

/* ---- unroll ----------------------------------------------------------------------- */

typedef struct UnrollPolicy UnrollPolicy;
UnrollPolicy *unroll_policy_new(void);
/* After the preamble (input ops before the jump are done): peel one
 * iteration. Returns 1 done, 0 give up unrolling, -1 retry (the policy was
 * weakened). */
int opt_unroll(Opt *O, int32_t label, int32_t jump);

#endif
