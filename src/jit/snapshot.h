/* snapshot.h: the interpreter state a guard failure rebuilds.
 *
 * A Snapshot describes every frame live at a guard, outermost first:
 * frames[0] is the trace's root frame (it exists in memory; resume writes
 * into it), frames[1..] are calls the trace inlined (resume creates them).
 * Each frame contributes `nlocals` slots (locals, cells, frees: the frame's
 * localsplus) followed by `nstack` value-stack slots, preceded by one slot
 * holding its function when the trace inlined the call by code (func_slot).
 * A slot is an IR reference plus a kind saying how to turn the raw trace
 * value back into a Python value:
 *
 *   SK_NULL   empty (unbound local / no value)        ref unused
 *   SK_VALUE  a Value word ('r')                       as is
 *   SK_INT    a raw int64 ('i') that is a Python int   int_from_i64()
 *   SK_BOOL   a raw 0/1 ('i') that is a Python bool    True/False
 *   SK_FLOAT  a raw double ('f') that is a float       float_from_double()
 *
 * A referenced 'r' op may be virtual (its allocation removed by the
 * optimizer): the snapshot's `virtuals` then say how to build it (type,
 * size, and the value of each field, themselves refs). Resume materializes
 * them, sharing objects referenced more than once.
 *
 * The frame resumes at `pc`, the instruction that was about to run when
 * the guard was recorded; with SNAP_RAISE (guard_no_exception), the
 * instruction at pc raised the pending exception instead.
 */
#ifndef TPY_JIT_SNAPSHOT_H
#define TPY_JIT_SNAPSHOT_H

#include "ir.h"
#include "../vm/opcodes.h"

enum SlotKind { SK_NULL, SK_VALUE, SK_INT, SK_BOOL, SK_FLOAT };

typedef struct SnapSlot {
    IRRef ref;
    uint8_t kind;           /* enum SlotKind */
} SnapSlot;

/* Arrays of SnapFrame are allocated atomic: the code and function objects
 * they name are kept alive by the recorder (Recorder.keepalive) while
 * recording and by the trace (Trace.keepalive, ir.h) once compiled. */
typedef struct SnapFrame {
    void *code;             /* CodeObject * */
    void *func;             /* FunctionObject * (NULL for module code, for
                               frame 0, the root, which is live when resuming,
                               and with func_slot) */
    int32_t func_slot;      /* > 0: a call inlined by its code (record.c, "Calls
                               by code"): the function is a value of the trace,
                               the slot at this index (just before `first`);
                               0: none (slot 0 is always frame 0's) */
    int32_t pc;             /* instruction index to resume at */
    int32_t nlocals;        /* code->nlocals + ncells + nfrees */
    int32_t nstack;         /* value stack depth */
    int32_t first;          /* index of this frame's first slot */
    bool generator;         /* a generator's heap frame run inline (the last
                               frames: a generator whose body resumes another
                               one inline is followed by it): resume writes the
                               state into that frame and re-runs the FOR_ITER
                               below (trace.c) */
    bool constructor;       /* an inlined __init__ of an inlined instantiation:
                               returns its self to the caller (discard_result) */
    bool class_new;         /* an inlined Python __new__ of a class call: its
                               return finishes type_call's work (discard_result) */
    bool len_result;        /* an inlined __len__ of an inlined len(): its return
                               gives the length (discard_result) */
    bool iter_next;         /* an inlined __next__ of a FOR_ITER of the caller: its
                               StopIteration ends that loop (FRAME_RESULT_ITERNEXT) */
    bool truth_jump;        /* an inlined __bool__ of the caller's POP_JUMP_IF_*,
                               which popped the value: its return makes the
                               jump (FRAME_RESULT_TRUTH) */
    int8_t compare_op;      /* >= 0: an inlined dunder of the caller's comparison
                               (enum CmpOp) on its left operand; the operands
                               stay on the caller's stack (FRAME_RESULT_COMPARE) */
    int8_t binop_step;      /* >= 0: an inlined dunder of a binary operator, called
                               at this step (enum BinopStep); the operands stay on
                               the caller's stack (FRAME_RESULT_BINOP) */
    uint8_t binop_op;       /* the operator (enum BinOp | BINOP_INPLACE) */
} SnapFrame;

typedef struct SnapField {
    int32_t offset;         /* byte offset in the object */
    char type;              /* 'r' 'i' 'f': how the field stores the value */
    SnapSlot value;         /* its value (kind tells how to box 'i'/'f' into
                               an 'r' field; raw fields take raw values) */
} SnapField;

/* The ref of a virtual in an optimized snapshot: not an op of the trace
 * (optimizer virtual number k is SNAP_VIRTUAL_BIT | k); slots and fields
 * that name it are rebuilt from the matching SnapVirtual on resume. */
#define SNAP_VIRTUAL_BIT 0x20000000
static inline bool snap_ref_is_virtual(IRRef r) { return r >= 0 && (r & (IR_CONST_BIT | SNAP_VIRTUAL_BIT)) == SNAP_VIRTUAL_BIT; }

typedef struct SnapVirtual {
    IRRef ref;              /* the removed allocation */
    void *type;             /* Type * */
    int32_t size;           /* bytes */
    int32_t nfields;
    SnapField *fields;
} SnapVirtual;

/* SNAP_HANDLED: the last slot (after every frame's) is tstate.handled,
 * which the trace has not stored (SK_NULL: none); resume stores it */
enum SnapFlags { SNAP_RAISE = 1, SNAP_HANDLED = 2 };

typedef struct Snapshot {
    int32_t nframes;
    SnapFrame *frames;
    int32_t nslots;
    SnapSlot *slots;
    int32_t nvirtuals;
    SnapVirtual *virtuals;
    uint32_t flags;
} Snapshot;

/* The distinct non-constant, non-virtual refs a snapshot mentions (its
 * guard's fail arguments), in first-use order. Returns the count. */
int snapshot_fail_args(const Snapshot *s, const IRBuf *b, IRRef **out);
/* The index of s's first generator frame (they are the last ones), or
   s->nframes when it has none. */
int snapshot_first_generator(const Snapshot *s);
/* Where the generator that the instruction at pc resumes stands on its
 * frame's stack, counted from the top: a FOR_ITER's iterator is the top
 * slot, g.send(v)'s receiver (CALL_METHOD 1: the method, g, v) is below
 * the value sent (record.c record_gen_send). A generator frame of a
 * snapshot stands above the frame whose instruction resumed it. */
static inline int gen_resumer_depth(const uint32_t *code, int32_t pc) {
    return INSTR_OP(code[pc]) == OP_CALL_METHOD ? 2 : 1;
}
/* Find the virtual describing ref, or NULL. */
const SnapVirtual *snapshot_virtual(const Snapshot *s, IRRef ref);
/* Arrays of n slots or fields and one spare, zeroed. They hold IR
 * references and offsets, never pointers, so the collector does not scan
 * them: a program's traces keep tens of thousands of snapshots, and every
 * collection marks what the traces keep (docs/gc.md, "3. What the JIT keeps"). */
SnapSlot *snap_slots_new(int32_t n);
SnapField *snap_fields_new(int32_t n);
/* An array of n snapshot frames (atomic: see SnapFrame). */
SnapFrame *snap_frames_new(int32_t n);
/* A copy that the optimizer may rewrite independently. */
Snapshot *snapshot_copy(const Snapshot *s);

#endif
