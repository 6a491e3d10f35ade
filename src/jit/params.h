/* params.h: the JIT's tunable parameters, with PyPy's names, defaults and
 * help texts (`tpy --jit help`, pypyjit.set_param, pypyjit.defaults). */
#ifndef TPY_JIT_PARAMS_H
#define TPY_JIT_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* name, default, help. All are integers except enable_opts (a string). */
#define JIT_INT_PARAM_DEF(_)                                                                              \
    _(decay, 40, "amount to regularly decay counters by (0=none, 1000=max)")                              \
    _(disable_unrolling, 200, "after how many operations we should not unroll")                          \
    _(function_threshold, 1619, "number of times a function must run for it to become traced from start") \
    _(inlining, 1, "inline python functions or not (1/0)")                                                \
    _(loop_longevity, 1000,                                                                               \
      "a parameter controlling how long loops will be kept before being freed, an estimate")              \
    _(max_retrace_guards, 15, "number of extra guards a retrace can cause")                               \
    _(max_unroll_loops, 0, "number of extra unrollings a loop can cause")                                 \
    _(max_unroll_recursion, 7, "how many levels deep to unroll a recursive function")                    \
    _(pureop_historylength, 16, "how many pure operations the optimizer should remember for CSE (internal)") \
    _(retrace_limit, 0, "how many times we can try retracing before giving up")                           \
    _(threshold, 1039, "number of times a loop has to run for it to become hot")                          \
    _(trace_eagerness, 200, "number of times a guard has to fail before we start compiling a bridge")     \
    _(trace_limit, 6000, "number of recorded operations before we abort tracing with ABORT_TOO_LONG")     \
    _(vec, 0, "turn on the vectorization optimization (vecopt). Supports x86 (SSE 4.1), powerpc (SVX), s390x SIMD") \
    _(vec_all, 0, "try to vectorize trace loops that occur outside of the numpypy library")               \
    _(vec_cost, 0, "threshold for which traces to bail. Unpacking increases the counter, vector operation decrease the cost")

#define JIT_ENABLE_OPTS_HELP                                                                        \
    "INTERNAL USE ONLY (MAY NOT WORK OR LEAD TO CRASHES): optimizations to enable, or all = "      \
    "intbounds:rewrite:virtualize:string:pure:earlyforce:heap:unroll"

/* The optimizer passes, in order, as enable_opts names them. */
#define JIT_OPT_DEF(_) _(intbounds) _(rewrite) _(virtualize) _(string) _(pure) _(earlyforce) _(heap) _(unroll)

enum JitOpt {
#define JIT_OPT_ENUM(n) JIT_OPT_##n,
    JIT_OPT_DEF(JIT_OPT_ENUM)
#undef JIT_OPT_ENUM
    JIT_OPT__COUNT
};

typedef struct JitParams {
#define JIT_PARAM_FIELD(name, dflt, help) int64_t name;
    JIT_INT_PARAM_DEF(JIT_PARAM_FIELD)
#undef JIT_PARAM_FIELD
    uint32_t opts_mask;     /* bit per enum JitOpt */
    bool enabled;           /* false after --jit off / set_param("off") */
} JitParams;

extern JitParams jit_params;

void jit_params_reset(void);
/* Apply "name=value,..." / "off" / "default" (PyPy's syntax, params.c).
 * Returns 0, or -1 with *err saying what is wrong (static storage, valid
 * until the next call). The _n form takes a length (a Python str may hold
 * NUL characters). */
int jit_params_parse(const char *spec, const char **err);
int jit_params_parse_n(const char *spec, size_t n, const char **err);
/* Set one integer parameter by name [name, name+n); -1 if there is none. */
int jit_param_set_int(const char *name, size_t n, int64_t v);
/* Set enable_opts from its string form; -1 for an unknown pass name. */
int jit_param_set_opts(const char *value, size_t n);
void jit_params_print_help(void *file);

#endif
