/* tpy.h: embedding tpy in a C program.
 *
 *   tpy_vm *vm = tpy_new("myprog");
 *   tpy_set_compile_hook(vm, on_compile, my_data);
 *   tpy_run_string(vm, "def f(n): ...\nf(10000)\n", "<embedded>");
 *   tpy_free(vm);
 *
 * Link with libtpy.a (make lib) and the Makefile's LIBS:
 *   -lgc -lgmp -lz -lexpat -lffi -ldl -lm
 *
 * The JIT hooks are those of the pypyjit module, as C callbacks receiving
 * the same information (jitdriver name, greenkey, reason, operations,
 * machine code address...). They follow the same contract: never
 * re-entered, no tracing starts while one runs, and everything they
 * receive is valid only during the call (copy what you keep). One VM per
 * process.
 */
#ifndef TPY_H
#define TPY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tpy_vm tpy_vm;

/* Create the VM (program_name: sys.executable's base; may be NULL).
 * Returns NULL if a VM exists already. */
tpy_vm *tpy_new(const char *program_name);
/* Run source as the module __main__. 0: fine; 1: an exception (its
 * traceback was printed to stderr); other: SystemExit's status. */
int tpy_run_string(tpy_vm *vm, const char *source, const char *filename);
/* JIT parameters in PyPy's syntax: "threshold=200,trace_eagerness=50",
 * "off", "default". 0 or -1 (bad string). */
int tpy_set_jit_params(tpy_vm *vm, const char *spec);
/* Flush output and logs (PYPYLOG's jit-summary...). The process should
 * not use the VM afterwards. */
void tpy_free(tpy_vm *vm);

/* ---- JIT hooks ------------------------------------------------------------------- */

/* Where a trace starts: a code object (function name, file, first line)
 * and the offset of a bytecode in it (PyPy's greenkey). */
typedef struct tpy_greenkey {
    const char *co_name;
    const char *co_filename;
    int co_firstlineno;
    int offset;                 /* bytes of wordcode: 2 per instruction */
    int is_being_profiled;      /* always 0 in tpy */
} tpy_greenkey;

typedef enum tpy_op_kind { TPY_OP_PLAIN, TPY_OP_GUARD, TPY_OP_DEBUG_MERGE_POINT } tpy_op_kind;

/* One operation, as pypyjit.ResOperation / GuardOp / DebugMergePoint. */
typedef struct tpy_jit_op {
    tpy_op_kind kind;
    const char *name;           /* "int_add" */
    const char *repr;           /* "i7 = int_add(i5, 1)" */
    long offset;                /* machine code offset from asmaddr; -1: none */
    uint64_t guard_hash;        /* guards: the guard's number */
    int call_depth, call_id;    /* debug_merge_point */
    tpy_greenkey greenkey;      /* debug_merge_point: the bytecode */
} tpy_jit_op;

/* A compiled loop, entry bridge or bridge (pypyjit.JitLoopInfo). */
typedef struct tpy_jit_loop_info {
    const char *jitdriver_name; /* "pypyjit" */
    const char *type;           /* "loop", "entry bridge", "bridge" */
    const tpy_greenkey *greenkey; /* NULL for bridges */
    long loop_no;
    long bridge_no;             /* bridges: the guard's number; else -1 */
    uintptr_t asmaddr;
    size_t asmlen;
    int nops;
    const tpy_jit_op *ops;
} tpy_jit_loop_info;

typedef void (*tpy_compile_hook)(const tpy_jit_loop_info *info, void *data);
/* greenkey is NULL when a bridge was being traced. */
typedef void (*tpy_abort_hook)(const char *jitdriver_name, const tpy_greenkey *greenkey, const char *reason,
                               int nops, const tpy_jit_op *ops, void *data);
typedef void (*tpy_trace_too_long_hook)(const char *jitdriver_name, const tpy_greenkey *greenkey, void *data);
/* Called after optimization, before assembly (loop_type as info->type;
 * greenkey NULL and guard_number set for bridges). Return NULL to keep the
 * operations, or a NULL-terminated array of operation lines (the reprs,
 * changed as you like) to replace them: they are validated, and an
 * invalid list is reported on stderr and ignored. The array must stay
 * valid until the next call of the hook. */
typedef const char *const *(*tpy_optimize_hook)(const char *jitdriver_name, const char *loop_type,
                                                 const tpy_greenkey *greenkey, long guard_number, int nops,
                                                 const tpy_jit_op *ops, void *data);

/* Install (or, with NULL, remove) a hook. */
void tpy_set_compile_hook(tpy_vm *vm, tpy_compile_hook hook, void *data);
void tpy_set_abort_hook(tpy_vm *vm, tpy_abort_hook hook, void *data);
void tpy_set_trace_too_long_hook(tpy_vm *vm, tpy_trace_too_long_hook hook, void *data);
void tpy_set_optimize_hook(tpy_vm *vm, tpy_optimize_hook hook, void *data);

/* PyPy's JIT counters by name ("TOTAL_COMPILED_LOOPS"...); -1 if unknown. */
long long tpy_jit_counter(tpy_vm *vm, const char *name);

#ifdef __cplusplus
}
#endif

#endif
