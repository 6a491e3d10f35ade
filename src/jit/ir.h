/* ir.h: the JIT's intermediate representation.
 *
 * A trace is a straight-line sequence of operations in SSA form: each
 * operation produces at most one value, typed
 *
 *   i  a machine integer (64-bit), also booleans (0/1)
 *   f  a double
 *   r  a reference: a tpy Value word (tagged int/float or object pointer)
 *   v  nothing
 *
 * Names and textual form follow PyPy's resoperations, so PyPy's tools and
 * users can read tpy's traces:
 *
 *   i5 = int_add_ovf(i3, i4)
 *   guard_no_overflow(descr=<Guard0x7f...>) [i1, p2]
 *   p7 = getfield_gc_r(p6, descr=<FieldP Foo.slot1 24>)
 *   label(p0, i1, f2, descr=TargetToken(...))
 *   jump(p0, i1, f2, descr=TargetToken(...))
 *
 * where tpy needs an operation PyPy does not have (its values are tagged
 * words, not boxed objects), it adds one with a descriptive name
 * (guard_is_int, unbox_int, box_int, ...).
 *
 * References. An operand is an IRRef: a non-negative index of an earlier
 * operation in the same trace, or a constant (IR_CONST_BIT set: the index
 * of an entry in the trace's constant pool), or IR_NONE. Input arguments
 * (of the trace's first label) are ordinary operations of kind
 * `inputarg_i/f/r` at the start of the trace.
 *
 * Guards. Every guard carries a Snapshot (jit/snapshot.h): the interpreter
 * state to rebuild when it fails (frames, locals and stack slots as IRRefs,
 * objects whose allocation was removed). Its fail arguments are the
 * distinct operations the snapshot mentions.
 *
 * Every list of this file is defined once, as an X-macro.
 */
#ifndef TPY_JIT_IR_H
#define TPY_JIT_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "../vm/value.h"

typedef int32_t IRRef;
#define IR_NONE ((IRRef)-1)
#define IR_CONST_BIT 0x40000000
#define ir_is_const(r) ((r) >= 0 && ((r) & IR_CONST_BIT))
#define ir_const_index(r) ((r) & ~IR_CONST_BIT)

/* Result types */
enum { IRT_VOID = 'v', IRT_INT = 'i', IRT_FLOAT = 'f', IRT_REF = 'r' };

/* Operation flags */
#define IRF_GUARD 1      /* a guard: carries a snapshot */
#define IRF_PURE 2       /* no side effects, result depends on args only: CSE-able */
#define IRF_OVF 4        /* *_ovf: must be followed by guard_(no_)overflow */
#define IRF_CALL 8       /* calls out: may have side effects, may raise */
#define IRF_LOAD 16      /* reads memory (heap cache) */
#define IRF_STORE 32     /* writes memory */
#define IRF_ALLOC 64     /* allocates (allocation removal) */
#define IRF_COMPARE 128  /* integer/float comparison producing 0/1 */
#define IRF_CONTROL 256  /* label, jump, finish */

#define IR_VARARGS 255

/* name, result type, number of arguments (IR_VARARGS: variable), flags */
#define IROP_DEF(_)                                                            \
    /* trace structure */                                                      \
    _(inputarg_i, 'i', 0, 0)                                                   \
    _(inputarg_f, 'f', 0, 0)                                                   \
    _(inputarg_r, 'r', 0, 0)                                                   \
    _(label, 'v', IR_VARARGS, IRF_CONTROL)                                     \
    _(jump, 'v', IR_VARARGS, IRF_CONTROL)                                      \
    _(finish, 'v', IR_VARARGS, IRF_CONTROL) /* return from the trace */        \
    _(debug_merge_point, 'v', 0, 0)  /* descr: bytecode position */            \
    _(enter_portal_frame, 'v', 0, 0)                                           \
    _(leave_portal_frame, 'v', 0, 0)                                           \
    _(same_as_i, 'i', 1, IRF_PURE)                                             \
    _(same_as_r, 'r', 1, IRF_PURE)                                             \
    _(same_as_f, 'f', 1, IRF_PURE)                                             \
    /* guards */                                                               \
    _(guard_true, 'v', 1, IRF_GUARD)                                           \
    _(guard_false, 'v', 1, IRF_GUARD)                                          \
    _(guard_value, 'v', 2, IRF_GUARD)      /* arg == constant */               \
    _(guard_class, 'v', 2, IRF_GUARD)      /* heap object of exactly type */  \
    _(guard_nonnull_class, 'v', 2, IRF_GUARD) /* a heap object (not an       \
                                              immediate) of exactly type */   \
    _(guard_nonnull, 'v', 1, IRF_GUARD)                                        \
    _(guard_isnull, 'v', 1, IRF_GUARD)                                         \
    _(guard_is_int, 'v', 1, IRF_GUARD)     /* a small (immediate) int */       \
    _(guard_is_float, 'v', 1, IRF_GUARD)   /* a small or boxed float */        \
    _(guard_float_storable, 'v', 1, IRF_GUARD) /* f: a double a list's float   \
                                              storage holds (list.h) */        \
    _(guard_value_storage, 'v', 1, IRF_GUARD) /* a list holding Values (list.h: \
                                              for good, so a fact like a class) */\
    _(guard_no_overflow, 'v', 0, IRF_GUARD)                                    \
    _(guard_overflow, 'v', 0, IRF_GUARD)                                       \
    _(guard_no_exception, 'v', 0, IRF_GUARD)                                   \
    _(guard_not_invalidated, 'v', 0, IRF_GUARD) /* no watched cell changed */  \
    _(guard_not_forced, 'v', 0, IRF_GUARD) /* no walk forced inlined frames */ \
    /* integer arithmetic on raw 64-bit words */                               \
    _(int_add, 'i', 2, IRF_PURE)                                               \
    _(int_sub, 'i', 2, IRF_PURE)                                               \
    _(int_mul, 'i', 2, IRF_PURE)                                               \
    _(int_and, 'i', 2, IRF_PURE)                                               \
    _(int_or, 'i', 2, IRF_PURE)                                                \
    _(int_xor, 'i', 2, IRF_PURE)                                               \
    _(int_lshift, 'i', 2, IRF_PURE)                                            \
    _(int_rshift, 'i', 2, IRF_PURE)        /* arithmetic */                    \
    _(uint_rshift, 'i', 2, IRF_PURE)       /* logical */                       \
    _(int_py_floordiv, 'i', 2, IRF_PURE)   /* Python //, divisor != 0 */      \
    _(int_py_mod, 'i', 2, IRF_PURE)        /* Python %, divisor != 0 */       \
    _(int_add_ovf, 'i', 2, IRF_OVF)                                            \
    _(int_sub_ovf, 'i', 2, IRF_OVF)                                            \
    _(int_mul_ovf, 'i', 2, IRF_OVF)                                            \
    _(int_neg, 'i', 1, IRF_PURE)                                               \
    _(int_invert, 'i', 1, IRF_PURE)                                            \
    _(int_lt, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_le, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_eq, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_ne, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_gt, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_ge, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(int_is_zero, 'i', 1, IRF_PURE | IRF_COMPARE)                             \
    _(int_is_true, 'i', 1, IRF_PURE | IRF_COMPARE)                             \
    /* floats */                                                               \
    _(float_add, 'f', 2, IRF_PURE)                                             \
    _(float_sub, 'f', 2, IRF_PURE)                                             \
    _(float_mul, 'f', 2, IRF_PURE)                                             \
    _(float_truediv, 'f', 2, IRF_PURE)                                         \
    _(float_neg, 'f', 1, IRF_PURE)                                             \
    _(float_abs, 'f', 1, IRF_PURE)                                             \
    _(float_sqrt, 'f', 1, IRF_PURE)     /* math.sqrt of a non-negative float */ \
    _(float_lt, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(float_le, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(float_eq, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(float_ne, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(float_gt, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(float_ge, 'i', 2, IRF_PURE | IRF_COMPARE)                                \
    _(cast_int_to_float, 'f', 1, IRF_PURE)                                     \
    _(cast_float_to_int, 'i', 1, IRF_PURE)  /* truncation */                   \
    /* tagged values <-> raw (tpy's value representation, vm/value.h) */       \
    _(unbox_int, 'i', 1, IRF_PURE)         /* r known small int -> i */        \
    _(box_int, 'r', 1, IRF_PURE | IRF_ALLOC) /* i -> r (big int if needed) */  \
    _(unbox_float, 'f', 1, IRF_PURE)       /* r known float -> f */            \
    _(box_float, 'r', 1, IRF_PURE | IRF_ALLOC) /* f -> r (boxed if needed) */  \
    _(bool_from_int, 'r', 1, IRF_PURE)     /* i 0/1 -> True/False */           \
    _(ptr_eq, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    _(ptr_ne, 'i', 2, IRF_PURE | IRF_COMPARE)                                  \
    /* memory: descr is a FieldDescr (offset, type) or ArrayDescr */           \
    _(getfield_gc_i, 'i', 1, IRF_LOAD)                                         \
    _(getfield_gc_f, 'f', 1, IRF_LOAD)                                         \
    _(getfield_gc_r, 'r', 1, IRF_LOAD)                                         \
    _(setfield_gc, 'v', 2, IRF_STORE)                                          \
    _(getarrayitem_gc_i, 'i', 2, IRF_LOAD)                                     \
    _(getarrayitem_gc_f, 'f', 2, IRF_LOAD)                                     \
    _(getarrayitem_gc_r, 'r', 2, IRF_LOAD)                                     \
    _(setarrayitem_gc, 'v', 3, IRF_STORE)                                      \
    /* a word outside the heap that changes under the trace's feet (the      \
       pending-action word, vm/pending.h): arg 0 is its constant address;   \
       never cached, never hoisted (no IRF_LOAD, not pure) */                 \
    _(getfield_raw_i, 'i', 1, 0)                                               \
    _(new_with_vtable, 'r', 0, IRF_ALLOC)  /* descr: SizeDescr (type, size) */\
    _(new_array_clear, 'r', 1, IRF_ALLOC)  /* Value array of n zeroed items */\
    /* calls: arg 0 is the function address (a constant) */                    \
    _(call_i, 'i', IR_VARARGS, IRF_CALL)                                       \
    _(call_f, 'f', IR_VARARGS, IRF_CALL)                                       \
    _(call_r, 'r', IR_VARARGS, IRF_CALL)                                       \
    _(call_n, 'v', IR_VARARGS, IRF_CALL)                                       \
    _(call_pure_i, 'i', IR_VARARGS, IRF_CALL | IRF_PURE)                       \
    _(call_pure_r, 'r', IR_VARARGS, IRF_CALL | IRF_PURE)                       \
    _(call_pure_f, 'f', IR_VARARGS, IRF_CALL | IRF_PURE)                       \
    _(call_assembler_r, 'r', IR_VARARGS, IRF_CALL) /* run a compiled trace */  \
    _(force_token, 'r', 0, 0)                                                  \
    _(escape_n, 'v', IR_VARARGS, IRF_CALL) /* tests: an opaque use */

typedef enum IROpcode {
#define IROP_ENUM(name, type, nargs, flags) IR_##name,
    IROP_DEF(IROP_ENUM)
#undef IROP_ENUM
    IR__COUNT
} IROpcode;

typedef struct IROpInfo {
    const char *name;
    char type;          /* IRT_* */
    uint8_t nargs;      /* IR_VARARGS: variable */
    uint16_t flags;
} IROpInfo;

extern const IROpInfo irop_info[IR__COUNT];

static inline bool irop_is_guard(int op) { return (irop_info[op].flags & IRF_GUARD) != 0; }

/* ---- the operations PyPy lacks, in PyPy's vocabulary ----------------------
 *
 * Logs and hooks name operations with PyPy's resoperation names only:
 * PyPy's log readers stop at any other (tools/pypy_resops.txt lists PyPy's
 * names; tools/pypy_vocab_check.py fails on any other name in the logs the
 * tests write). An operation of IROP_DEF that PyPy lacks is listed here
 * with the PyPy form it is written as (introspect/pypyform.c, which also
 * reads the form back for the optimize hook); every other operation is
 * written under its own name.
 *
 *   IRPY_GUARD_CLASS  guard_is_int(p3)  is written
 *                     guard_class(p3, ConstClass(WHAT), descr=<Guard0x..>) [...]
 *                     WHAT names the representation the guard accepts
 *   IRPY_CALL_PURE    i5 = unbox_int(p3)  is written
 *                     i5 = call_pure_i(ConstClass(WHAT), p3, descr=<Calli 8 r EF=0>)
 *                     a call of the elidable helper WHAT, its descr in
 *                     PyPy's form: result type and size, argument types,
 *                     PyPy's effect class EF and, where PyPy has the same
 *                     operation, its oopspec number OS (effectinfo.py). The
 *                     machine code does the operation inline all the same
 *
 * operation, form, WHAT, EF, OS (0: none) */
#define IROP_PYPY_DEF(_)                                                                              \
    _(guard_is_int, IRPY_GUARD_CLASS, "small_int", 0, 0)      /* an immediate int, not a big one */    \
    _(guard_is_float, IRPY_GUARD_CLASS, "any_float", 0, 0)    /* an immediate or boxed float */        \
    _(guard_float_storable, IRPY_GUARD_CLASS, "storable_float", 0, 0) /* a double an immediate or a     \
                                                                 zero gives back exactly */            \
    _(guard_value_storage, IRPY_GUARD_CLASS, "list_of_values", 0, 0) /* a list whose items are Values */ \
    _(int_py_floordiv, IRPY_CALL_PURE, "int_py_floordiv", 0, 12) /* OS_INT_PY_DIV */                   \
    _(int_py_mod, IRPY_CALL_PURE, "int_py_mod", 0, 14)        /* OS_INT_PY_MOD */                      \
    _(float_sqrt, IRPY_CALL_PURE, "float_sqrt", 0, 100)       /* OS_MATH_SQRT */                       \
    _(unbox_int, IRPY_CALL_PURE, "unbox_int", 0, 0)                                                    \
    _(box_int, IRPY_CALL_PURE, "box_int", 3, 0)               /* EF_ELIDABLE_OR_MEMORYERROR: may     \
                                                                 allocate a big int */                 \
    _(unbox_float, IRPY_CALL_PURE, "unbox_float", 0, 0)                                                \
    _(box_float, IRPY_CALL_PURE, "box_float", 3, 0)           /* may allocate a FloatObject */         \
    _(bool_from_int, IRPY_CALL_PURE, "bool_from_int", 0, 0)

enum IRPypyForm { IRPY_OWN_NAME = 0, IRPY_GUARD_CLASS, IRPY_CALL_PURE };

/* ---- descriptors ---------------------------------------------------------- */

typedef enum DescrKind {
    DESCR_FIELD,        /* a field at a fixed offset */
    DESCR_ARRAY,        /* items of 8 bytes from a base offset */
    DESCR_SIZE,         /* allocation of a fixed-size object of a type */
    DESCR_CALL,         /* a call target */
    DESCR_GUARD,        /* a guard (owns the snapshot) */
    DESCR_TARGET,       /* a label / jump target token */
    DESCR_POS,          /* a debug_merge_point position */
} DescrKind;

typedef struct Descr {
    DescrKind kind;
} Descr;

typedef struct FieldDescr {
    Descr d;
    int32_t offset;
    char type;          /* 'i' (int64), 'f' (double), 'r' (Value) */
    bool pure;          /* immutable after construction (tuple items...) */
    const char *name;   /* for logs: "ListObject.size" */
} FieldDescr;

typedef struct ArrayDescr {
    Descr d;
    int32_t base;       /* offset of item 0 from the array pointer */
    char type;          /* 'r', 'i' or 'f': 8-byte items, but see byte_items */
    bool pure;
    bool byte_items;    /* type 'i' items of one byte, zero-extended (a str's
                           UTF-8 data); only loads: the passes need not know */
    const char *name;
} ArrayDescr;

typedef struct SizeDescr {
    Descr d;
    void *type;         /* Type * */
    int32_t size;       /* bytes */
    bool atomic;        /* holds no pointers */
} SizeDescr;

enum CallEffect {
    CALL_PURE = 0,      /* no side effects, cannot raise */
    CALL_NO_RAISE = 1,  /* may have side effects, cannot raise */
    CALL_CAN_RAISE = 2, /* may raise: followed by guard_no_exception */
    CALL_ANY = 3,       /* may raise and run arbitrary Python code */
};

typedef struct CallDescr {
    Descr d;
    const char *name;   /* for logs */
    char ret;           /* 'i' 'f' 'r' 'v' */
    char args[8];       /* argument types, NUL-terminated ("rri") */
    uint8_t effect;     /* enum CallEffect */
    bool fresh;         /* CALL_NO_RAISE and its only effect is to return a new
                           object built from what its arguments hold now: the
                           call is dead when nothing reads its result (opt_dce) */
    struct Type *ret_class;   /* non-NULL: the result, when the call does not
                                 raise, is an object of exactly this class
                                 (opt.c facts_post: no class guard on it) */
} CallDescr;

struct Snapshot;
struct Trace;

/* GuardDescr.flags */
#define GUARD_NO_BRIDGE 1   /* fails for a reason outside the trace (a signal): never traced from */
/* Its snapshot is the state before its instruction (not SNAP_RAISE, not the
 * other outcome of a branch): leaving through it when it holds is exact too,
 * the interpreter just runs the instruction (jit/safepoint.h uses this). */
#define GUARD_REPLAYABLE 2
/* A guard of a short preamble at the end of a bridge (its snapshot is the
 * loop header's state): a bridge from it enters the loop at T0. */
#define GUARD_SHORT_PREAMBLE 4

/* What the optimizer knew of a value in a guard's snapshot where the guard
 * stands (PyPy's bridgeopt): a bridge from the guard starts knowing it
 * instead of checking it again. */
typedef struct GuardFact {
    IRRef ref;              /* a ref of the guard's (optimized) trace */
    uint8_t flags;          /* the optimizer's F_NONNULL | F_SMALLINT | F_FLOAT */
    struct Type *cls;       /* exact heap class, or NULL */
} GuardFact;

typedef struct GuardDescr {
    Descr d;
    struct Snapshot *snap;
    uint32_t id;            /* unique, for logs (<Guard0x...>) and bridges */
    uint32_t fail_count;
    uint16_t bridge_aborts; /* failed attempts to record a bridge here */
    uint16_t flags;         /* GUARD_* */
    struct Trace *owner;    /* the compiled trace containing the guard */
    struct Trace *bridge;   /* attached bridge, or NULL */
    void *patch_site;       /* address of the jump to patch for a bridge */
    int32_t *fail_locs;     /* backend: location of each fail arg */
    int16_t *force_slots;   /* backend, the guard_no_exception of a call made from
                               inlined frames: the spill slot of each fail arg
                               during the call (jit_force_frames), else NULL */
    IRRef *fail_args;       /* IR refs saved on failure (in order) */
    int32_t nfail_args;
    int32_t op_index;       /* position in the optimized trace */
    GuardFact *facts;       /* optimizer, for bridges: facts of snapshot refs
                               (atomic: Trace.keepalive keeps their classes,
                               and the descriptors and constants of hfacts) */
    int32_t nfacts;
    struct GuardHeapFact *hfacts;   /* and cached fields of them */
    int32_t nhfacts;
} GuardDescr;

typedef struct TargetDescr {
    Descr d;
    struct Trace *trace;    /* the compiled loop it belongs to */
    uint32_t id;
    void *addr;             /* machine code address of the label */
    int32_t nargs;
    char *arg_types;        /* types of the label's arguments */
    int32_t *arg_locs;      /* backend: where the label expects each arg */
    int32_t *arg_slots;     /* backend: the spill slot that also holds it
                               (code after the label may read either), or -1 */
    /* a loop's T0 whose body was peeled (opt_unroll.c): how a trace that
       jumps here can enter the peeled body's label T1 instead, or NULL.
       Its own ops: one inputarg per T0 argument, the operations and guards
       that recompute T1's arguments from them, jump(...) to T1. */
    struct IRBuf *short_preamble;
} TargetDescr;

/* Allocated atomic, in chunks (record.c), like snapshot frames
 * (snapshot.h): the code object it names is kept alive by the recorder
 * while recording and by the trace's keepalive list once compiled. */
typedef struct PosDescr {
    Descr d;
    void *code;             /* CodeObject * */
    int32_t pc;             /* instruction index */
    int16_t call_depth;
    int16_t call_id;
} PosDescr;

/* ---- operations and traces -------------------------------------------------- */

typedef struct IROp {
    uint16_t opcode;
    char type;              /* IRT_* (copy of irop_info for speed) */
    uint8_t nargs;
    IRRef arg[3];           /* the first three arguments */
    IRRef *xargs;           /* all arguments when nargs > 3 (arg[] unused) */
    Descr *descr;
} IROp;

typedef struct IRConst {
    char type;              /* 'i' 'f' 'r' */
    union {
        int64_t i;
        double f;
        Value r;
    } v;
} IRConst;

/* A field of a value in a guard's snapshot that the optimizer's heap cache
 * knew where the guard stands (an instance's map, a list's items): a
 * constant, or another value of the snapshot (GuardDescr.hfacts). */
typedef struct GuardHeapFact {
    IRRef obj;              /* refs of the guard's trace */
    IRRef value;            /* IR_NONE: the constant k */
    IRConst k;
    Descr *descr;           /* a FieldDescr */
} GuardHeapFact;

/* A growable op sequence with its constant pool. */
typedef struct IRBuf {
    IROp *ops;
    int32_t nops, capops;
    IRConst *consts;
    int32_t nconsts, capconsts;
} IRBuf;

void irbuf_init(IRBuf *b);
/* Shrink the arrays to their contents (a finished trace is kept for long). */
void irbuf_trim(IRBuf *b);
IRRef ir_emit(IRBuf *b, int opcode, int nargs, const IRRef *args, Descr *descr);
IRRef ir_emit0(IRBuf *b, int opcode, Descr *descr);
IRRef ir_emit1(IRBuf *b, int opcode, IRRef a, Descr *descr);
IRRef ir_emit2(IRBuf *b, int opcode, IRRef a, IRRef c, Descr *descr);
IRRef ir_emit3(IRBuf *b, int opcode, IRRef a, IRRef c, IRRef d, Descr *descr);
IRRef ir_const_int(IRBuf *b, int64_t v);
IRRef ir_const_float(IRBuf *b, double v);
IRRef ir_const_ref(IRBuf *b, Value v);

static inline IRRef ir_arg(const IROp *op, int i) { return op->nargs > 3 ? op->xargs[i] : op->arg[i]; }
static inline void ir_set_arg(IROp *op, int i, IRRef r) {
    if (op->nargs > 3) op->xargs[i] = r;
    else op->arg[i] = r;
}
/* Type of a reference ('i' 'f' 'r' 'v'). */
char ir_type(const IRBuf *b, IRRef r);
static inline const IRConst *ir_const(const IRBuf *b, IRRef r) { return &b->consts[ir_const_index(r)]; }

/* Descriptor constructors. Descriptors are collected memory: an IR op, a
 * snapshot or a static cache must reference one for as long as it is used
 * (the traces' IR keeps those of compiled code alive; machine code is not
 * scanned). */
FieldDescr *descr_field(int32_t offset, char type, bool pure, const char *name);
ArrayDescr *descr_array(int32_t base, char type, bool pure, const char *name);
/* Pure one-byte items read as ints (ArrayDescr.byte_items). */
ArrayDescr *descr_byte_array(int32_t base, const char *name);
SizeDescr *descr_size(void *type, int32_t size, bool atomic);
CallDescr *descr_call(const char *name, char ret, const char *args, int effect);
void descr_pos_init(PosDescr *d, void *code, int32_t pc, int call_depth, int call_id);

/* What a compiled trace's atomic records name, each object once: the
 * collector does not read those records, so this list is what keeps the
 * objects alive. The records are the optimized operations (their
 * descriptors and argument arrays), snapshot frames (code and function
 * objects) and position descriptors (code objects). A compiled program
 * keeps tens of thousands of such records and every full collection marks
 * what the traces keep (docs/gc.md, "3. What the JIT keeps"); a few dozen
 * pointers per trace replace them. */
typedef struct KeepAlive {
    void **items;
    int32_t n, cap;
} KeepAlive;
/* Add p (NULL is ignored) unless it is there already: for short lists. */
void keepalive_add(KeepAlive *k, void *p);
/* Add p, known not to be there. */
void keepalive_append(KeepAlive *k, void *p);
/* Replace b's operations by an atomic copy (after everything they point
 * to is kept alive otherwise: keepalive_collect in snapshot.h). */
void irbuf_make_ops_atomic(IRBuf *b);

/* Printing in PyPy's log syntax. offsets: machine code offset of each op
 * (or NULL). The names of values are assigned in order: i0, p1, f2... */
void ir_print(const IRBuf *b, void *file /* FILE* */, const int32_t *offsets);
/* One operation's text (no newline), as ResOperation.__repr__ shows it. */
void ir_format_op(const IRBuf *b, int index, void *buf /* Buf* */);

#endif
