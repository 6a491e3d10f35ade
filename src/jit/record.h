/* record.h: the trace recorder.
 *
 * The recorder runs just before the interpreter executes each instruction
 * and emits IR for it, using the instruction's concrete operands to decide
 * what the trace may assume: every assumption becomes a guard whose
 * snapshot is the state before the instruction. It mirrors the
 * interpreter's frames (RecFrame: one per frame, inlined calls included),
 * holding for every local and stack slot the IR value now in it.
 */
#ifndef TPY_JIT_RECORD_H
#define TPY_JIT_RECORD_H

#include "trace.h"

#define REC_MAX_FRAMES 16
/* a bit of Recorder.nonnull[ref]: ref is a list guarded to hold Values */
#define NN_VALUE_STORAGE 2

typedef struct RecFrame {
    Frame *frame;           /* the live interpreter frame */
    CodeObject *code;
    FunctionObject *func;   /* the function being run (in a recording) */
    /* IR_NONE: func is a constant of the trace; else the call was inlined
       by its code (record.c, "Calls by code") and this is the function's
       ref, which snapshots name (SnapFrame.func_slot) */
    IRRef func_ref;
    SnapSlot *slots;        /* nlocals + code->stacksize */
    int32_t nlocals;        /* localsplus slots */
    int32_t sp;             /* stack slots in use */
    int32_t return_pc;      /* caller resumes here (inlined frames) */
    int32_t call_id;
    /* a generator's body run inline from a FOR_ITER of the frame below
       (always the top frame: nothing is inlined into it) */
    bool generator;
    IRRef gen_ref;          /* the generator object */
    IRRef gen_frame_ref;    /* its heap Frame */
    SnapSlot *gen_initial;  /* slots as loaded from that frame (unchanged ones are not stored back) */
    int32_t gen_initial_n;
    /* an inlined __init__ of an instantiation inlined by the frame below:
       its return gives ctor_obj to the caller */
    bool constructor;
    /* the interpreter runs this frame one eval level down (type_call's
       __init__, a property's getter): its return goes back to recording
       at outer_c_depth */
    bool nested;
    /* a class's Python __new__ (type_plain_new): its return finishes
       type_call's work (type_new_result_tail) */
    bool class_new;
    void *new_class;            /* class_new: the class called (Type *), or NULL */
    /* a class's Python __len__ called by len() (record_len): its return is
       checked and gives len()'s result */
    bool len_result;
    /* a class's Python __next__ called by the caller's FOR_ITER
       (record_iter_next_dunder): its return is the item, and its
       `raise StopIteration` ends the caller's loop */
    bool iter_next;
    /* >= 0: the Python dunder a binary operator's dispatch calls at this
       step (enum BinopStep, record_binop_dunder); the operands stay on the
       caller's shadow stack until its return, which goes on with the
       dispatch when the result is NotImplemented */
    /* a class's Python __bool__ called by the caller's POP_JUMP_IF_*
       (record_truth_dunder), which popped the tested value: its return
       value, a bool, decides that jump */
    bool truth_jump;
    /* >= 0: the Python dunder of a comparison (enum CmpOp) called on its
       left operand (record_compare_dunder); the operands stay on the
       caller's shadow stack until its return */
    int8_t compare_op;
    int8_t binop_step;
    uint8_t binop_op;
    IRRef ctor_obj;
    int64_t outer_c_depth;  /* generator / nested __init__: the recording level to go back to */
} RecFrame;

/* A decision that can only be known after the instruction ran (a branch on
 * a value whose truth needs a call, a generic iterator's next value): the
 * guard for it is emitted at the next step, with the snapshot of the
 * other outcome. */
typedef enum PendingKind { PEND_NONE, PEND_BRANCH, PEND_FOR_ITER } PendingKind;

typedef struct Pending {
    PendingKind kind;
    IRRef ref;              /* truth (i) or next item (r) */
    int32_t pc, target;     /* the instruction and its jump target */
    int op;                 /* the opcode */
    SnapSlot value;         /* JUMP_IF_*_OR_POP: the tested value */
} Pending;

typedef struct Recorder {
    IRBuf ir;
    int32_t pc;                 /* instruction being recorded */
    Pending pending;
    TraceKind kind;
    bool gen_resume;            /* a function trace that resumes a generator (Trace.gen_resume) */
    bool gen_recursive;         /* it resumes a generator of its own code (Trace.gen_recursive) */
    CodeObject *start_code;     /* loops: the header being traced */
    int32_t start_pc;
    Frame *root;
    Value root_globals, root_builtins;  /* loops, functions: the root frame's (trace.h) */
    RecFrame frames[REC_MAX_FRAMES];
    int nframes;
    IRRef frame_ref;            /* p0: the root Frame pointer */
    IRRef label;                /* index of the loop label */
    int32_t ninstr;             /* instructions recorded */
    GuardDescr *from_guard;     /* bridges */
    Trace *parent;
    int next_call_id;
    KeepAlive keepalive;        /* code and functions of every frame pushed */
    PosDescr *pos_chunk;        /* debug_merge_point descriptors (record.c) */
    int32_t pos_left;
    /* per-op facts: known class (Type*), unboxed form, non-null (bit 1;
       NN_VALUE_STORAGE: a list guarded to hold Values) */
    void **known_class;
    IRRef *unboxed;
    uint8_t *nonnull;
    int32_t capfacts;
    /* snapshot shared by the guards of the current instruction */
    Snapshot *snap;
    int32_t snap_pc;
    bool snap_valid;
    bool effects;               /* the current instruction has called or stored already */
    /* a call that may run Python code was made inside inlined frames: the
       next instruction starts with guard_not_forced (emit_x64.c) */
    bool force_check;
    AbortReason abort_reason;
    const char *abort_op;       /* the instruction being recorded then */
    bool aborted;
    Frame *skip_frame;          /* a residual call runs until this frame is back */
    /* a masked int chain recorded whole (record_masked_int_chain): the
       interpreter runs its instructions before fused_end_pc of fused_frame
       unrecorded */
    Frame *fused_frame;
    int32_t fused_end_pc;
    Trace *jump_target;         /* the loop the trace ends by jumping to */
    /* the trace ends with that loop's short preamble and a jump to its T1:
       where the short preamble starts, and the jump to T0 it replaces
       (recorder_drop_short_preamble) */
    TargetDescr *short_t0;
    int32_t short_cut;
    IRRef *short_args;
    int32_t short_nargs;
    Value watched;              /* list of cells/types the trace assumes */
    bool assumption_broken;     /* one of them changed while recording */
    int32_t inner_jumps;        /* loop iterations of inlined calls unrolled so far */
    /* lists and tuples whose size a guard showed to exceed `above`, with
       the count of calls emitted then (a call may resize a list) */
    struct { IRRef ref; int64_t above; int32_t calls; } sizes[4];
    int32_t nsize_next, ncalls;
    /* the last one-character strs read inline from an ASCII str
       (record_str_index) and the refs of their bytes: comparing one with
       a constant str compares the byte */
    struct { IRRef str, byte; } ascii_chars[4];
    int32_t nascii_chars;       /* how many were recorded (the last 4 kept) */
    IRRef slice_ref;            /* the last BUILD_SLICE (a virtual) and its parts */
    IRRef slice_parts[3];
    /* the last list_getslice_ints (record_list_slice_read): its result, its
       list, its unboxed bounds and the IR length just after it */
    struct { IRRef result, list, bounds[3]; int32_t end; } slice_read;
    struct Recorder *finishing_next;    /* jit.finishing list */
    /* exceptions raised and caught in the trace (record.c): tstate.handled
       as the trace sees it while exc_handled_shadow (SK_NULL: none); the
       memory word known NULL (guarded, not stored since); a call known not
       to read it; the interpreter's next unwinding recorded already */
    SnapSlot exc_handled;
    IRRef exc_fresh[64];        /* virtual exceptions made here and not raised yet */
    int nexc_fresh;
    struct { IRRef ref; Value recipe; } exc_raised[8];   /* raised here: their traceback recipes */
    int nexc_raised;
    bool exc_handled_shadow, exc_handled_mem_null, exc_call_safe, unwind_expected;
} Recorder;

Recorder *recorder_new_loop(Frame *f, int32_t pc);
Recorder *recorder_new_bridge(Frame *inner, GuardDescr *g);
Recorder *recorder_new_function(Frame *f);
/* A generator resume trace (trace.h jit_gen_resume): from instruction pc of
 * generator frame f, just past a YIELD_VALUE, to the body's next yield. */
Recorder *recorder_new_gen_resume(Frame *f, int32_t pc);
/* 0: keep going; 1: the loop closed or the trace ended (compile it);
 * -1: aborted (R->abort_reason). */
int recorder_step(Recorder *R, Frame *f, uint32_t *ip, Value *sp);
/* A trace that ends with a loop's short preamble (that the optimizer could
 * not use: a guard of it always fails) ends with a jump to the loop's T0
 * instead. False if it did not end so. */
bool recorder_drop_short_preamble(Recorder *R);

#endif
