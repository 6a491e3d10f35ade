/* opcodes.h: the bytecode, defined once.
 *
 * An instruction is one 32-bit word:
 *
 *    31                              8 7           0
 *   +---------------------------------+-------------+
 *   |            arg (24 bits)        |   opcode    |
 *   +---------------------------------+-------------+
 *
 * Jump arguments are absolute instruction indexes. Instructions marked
 * CACHE take as arg the index of their inline cache in code->caches; the
 * cache records the name or constant the instruction needs, so one index is
 * enough. Names follow CPython 3.9/3.10 where an equivalent exists (PyPy's
 * logs and debug_merge_points show them).
 *
 * Stack notation in the comments: (before -- after), top of stack on the
 * right. The exact stack effect is in op_stack_effect() (compiler.c).
 *
 * Columns: NAME, flags. Flags: A = uses arg, J = arg is a jump target,
 * C = arg is an inline cache index, N = arg is a name index (code->names),
 * B = can jump backwards (a loop header follows it: hot counter).
 */
#ifndef TPY_OPCODES_H
#define TPY_OPCODES_H

#define OPF_ARG 1
#define OPF_JUMP 2
#define OPF_CACHE 4
#define OPF_NAME 8
#define OPF_BACK 16

#define OK_NONE 0
#define OK_ARG OPF_ARG
#define OK_JUMP (OPF_ARG | OPF_JUMP)
#define OK_CACHE (OPF_ARG | OPF_CACHE)
#define OK_NAME (OPF_ARG | OPF_NAME)
#define OK_BACK (OPF_ARG | OPF_JUMP | OPF_BACK)

/* The bytecode's version. Bump it whenever the meaning of bytecode changes
 * in a way the table below does not show (an argument's encoding, the
 * compiler's output for a construct): the bytecode cache (vm/codecache.c)
 * derives its magic number from it and from this table's text, so a cache
 * written by another bytecode is never read. */
#define TPY_BYTECODE_VERSION 1

#define OPCODE_DEF(_)                                                         \
    _(NOP, OK_NONE)                  /* ( -- ) */                                  \
    _(POP_TOP, OK_NONE)              /* (x -- ) */                                 \
    _(SWAP, OK_ARG)                 /* swap TOS with the arg-th item (2 = TOS1) */\
    _(COPY, OK_ARG)                 /* push a copy of the arg-th item (1 = TOS) */\
    _(LOAD_CONST, OK_ARG)           /* ( -- consts[arg]) */                       \
    _(LOAD_FAST, OK_ARG)            /* ( -- locals[arg]); unbound: error */       \
    _(STORE_FAST, OK_ARG)           /* (x -- ) */                                 \
    _(DELETE_FAST, OK_ARG)                                                        \
    _(LOAD_DEREF, OK_ARG)           /* ( -- cell[arg].value) */                   \
    _(STORE_DEREF, OK_ARG)                                                        \
    _(DELETE_DEREF, OK_ARG)                                                       \
    _(LOAD_CLOSURE, OK_ARG)         /* ( -- cell[arg]) the cell itself */         \
    _(LOAD_CLASSDEREF, OK_ARG)      /* class body: locals dict, else cell */      \
    _(LOAD_GLOBAL, OK_CACHE)          /* ( -- value); cache: name, cell */          \
    _(STORE_GLOBAL, OK_NAME)                                                       \
    _(DELETE_GLOBAL, OK_NAME)                                                      \
    _(LOAD_NAME, OK_NAME)            /* class/module bodies: locals, globals, builtins */ \
    _(STORE_NAME, OK_NAME)                                                         \
    _(DELETE_NAME, OK_NAME)                                                        \
    _(LOAD_ATTR, OK_CACHE)            /* (obj -- obj.name) */                       \
    _(STORE_ATTR, OK_CACHE)           /* (v obj -- ) obj.name = v */                \
    _(DELETE_ATTR, OK_NAME)          /* (obj -- ) */                               \
    _(LOAD_METHOD, OK_CACHE)          /* (obj -- meth self) or (obj -- NULL f) */   \
    _(BINARY_SUBSCR, OK_NONE)        /* (c k -- c[k]) */                           \
    _(STORE_SUBSCR, OK_NONE)         /* (v c k -- ) */                             \
    _(DELETE_SUBSCR, OK_NONE)        /* (c k -- ) */                               \
    _(BUILD_SLICE, OK_ARG)          /* (a b [c] -- slice) arg = 2 or 3 */         \
    _(BINARY_ADD, OK_NONE)           /* (a b -- a+b) and so on */                  \
    _(BINARY_SUBTRACT, OK_NONE)                                                    \
    _(BINARY_MULTIPLY, OK_NONE)                                                    \
    _(BINARY_MATRIX_MULTIPLY, OK_NONE)                                             \
    _(BINARY_TRUE_DIVIDE, OK_NONE)                                                 \
    _(BINARY_FLOOR_DIVIDE, OK_NONE)                                                \
    _(BINARY_MODULO, OK_NONE)                                                      \
    _(BINARY_POWER, OK_NONE)                                                       \
    _(BINARY_LSHIFT, OK_NONE)                                                      \
    _(BINARY_RSHIFT, OK_NONE)                                                      \
    _(BINARY_AND, OK_NONE)                                                         \
    _(BINARY_OR, OK_NONE)                                                          \
    _(BINARY_XOR, OK_NONE)                                                         \
    _(INPLACE_ADD, OK_NONE)          /* in-place forms: same order as BINARY_* */  \
    _(INPLACE_SUBTRACT, OK_NONE)                                                   \
    _(INPLACE_MULTIPLY, OK_NONE)                                                   \
    _(INPLACE_MATRIX_MULTIPLY, OK_NONE)                                            \
    _(INPLACE_TRUE_DIVIDE, OK_NONE)                                                \
    _(INPLACE_FLOOR_DIVIDE, OK_NONE)                                               \
    _(INPLACE_MODULO, OK_NONE)                                                     \
    _(INPLACE_POWER, OK_NONE)                                                      \
    _(INPLACE_LSHIFT, OK_NONE)                                                     \
    _(INPLACE_RSHIFT, OK_NONE)                                                     \
    _(INPLACE_AND, OK_NONE)                                                        \
    _(INPLACE_OR, OK_NONE)                                                         \
    _(INPLACE_XOR, OK_NONE)                                                        \
    _(UNARY_NEGATIVE, OK_NONE)                                                     \
    _(UNARY_POSITIVE, OK_NONE)                                                     \
    _(UNARY_INVERT, OK_NONE)                                                       \
    _(UNARY_NOT, OK_NONE)                                                          \
    _(COMPARE_OP, OK_ARG)           /* (a b -- a op b), arg: enum CmpOp */        \
    _(IS_OP, OK_ARG)                /* (a b -- a is b), arg 1: is not */          \
    _(CONTAINS_OP, OK_ARG)          /* (a b -- a in b), arg 1: not in */          \
    _(JUMP_FORWARD, OK_JUMP)                                                       \
    _(JUMP_ABSOLUTE, OK_BACK)       /* backward jump: loop header hot counter */  \
    _(POP_JUMP_IF_FALSE, OK_JUMP)                                                  \
    _(POP_JUMP_IF_TRUE, OK_JUMP)                                                   \
    _(JUMP_IF_FALSE_OR_POP, OK_JUMP)                                               \
    _(JUMP_IF_TRUE_OR_POP, OK_JUMP)                                                \
    _(JUMP_IF_NOT_EXC_MATCH, OK_JUMP) /* (exc type -- exc) jump if no match */     \
    _(GET_ITER, OK_NONE)             /* (x -- iter(x)) */                          \
    _(FOR_ITER, OK_JUMP)             /* (it -- it next) or (it -- ) and jump */    \
    _(CALL_FUNCTION, OK_ARG)        /* (f args*arg -- result) */                  \
    _(CALL_FUNCTION_KW, OK_ARG)     /* (f args*arg kwnames -- result) */          \
    _(CALL_FUNCTION_EX, OK_ARG)     /* (f argtuple [kwdict] -- result) arg&1: kwdict */ \
    _(CALL_METHOD, OK_ARG)          /* (m s args*arg -- result), see LOAD_METHOD */\
    _(CALL_METHOD_KW, OK_ARG)       /* (m s args*arg kwnames -- result) */        \
    _(MAKE_FUNCTION, OK_ARG)        /* (defaults? kwdefaults? closure? code -- f) */ \
    _(RETURN_VALUE, OK_NONE)                                                       \
    _(BUILD_TUPLE, OK_ARG)                                                        \
    _(BUILD_LIST, OK_ARG)                                                         \
    _(BUILD_SET, OK_ARG)                                                          \
    _(BUILD_MAP, OK_ARG)            /* (k1 v1 .. kn vn -- dict) */                \
    _(LIST_APPEND, OK_ARG)          /* (list ...arg-1 items v -- list ...) */     \
    _(SET_ADD, OK_ARG)                                                            \
    _(MAP_ADD, OK_ARG)              /* (.. k v -- ..) */                          \
    _(LIST_EXTEND, OK_ARG)                                                        \
    _(SET_UPDATE, OK_ARG)                                                         \
    _(DICT_UPDATE, OK_ARG)                                                        \
    _(DICT_MERGE, OK_ARG)           /* like DICT_UPDATE, duplicate keys: error */ \
    _(LIST_TO_TUPLE, OK_NONE)                                                      \
    _(UNPACK_SEQUENCE, OK_ARG)      /* (seq -- x_arg-1 .. x0) */                  \
    _(UNPACK_EX, OK_ARG)            /* arg: before | after << 12 */               \
    _(FORMAT_VALUE, OK_ARG)         /* arg&3 conversion (0 none 1 s 2 r 3 a), arg&4: spec on TOS */ \
    _(BUILD_STRING, OK_ARG)                                                       \
    _(RAISE_VARARGS, OK_ARG)        /* arg 0: re-raise, 1: raise x, 2: from */    \
    _(RERAISE, OK_ARG)              /* (exc -- ) re-raise; arg 1: restore lasti */\
    _(PUSH_EXC_INFO, OK_NONE)        /* (exc -- prev exc): enter a handler */      \
    _(POP_EXCEPT, OK_NONE)           /* (prev -- ): leave a handler */             \
    _(CHECK_EXC_MATCH, OK_NONE)      /* (exc type -- exc bool) */                  \
    _(CHECK_EG_MATCH, OK_NONE)       /* (exc type -- rest match) except*; no match: (exc None) */ \
    _(PREP_RERAISE_STAR, OK_NONE)    /* (orig list -- exc or None) end of except* */ \
    _(LOAD_ASSERTION_ERROR, OK_NONE)                                               \
    _(BEFORE_WITH, OK_NONE)          /* (mgr -- exit enter_result) */              \
    _(WITH_EXCEPT_START, OK_NONE)    /* (exit lasti prev exc -- ... exc res) */    \
    _(GEN_START, OK_NONE)            /* first instruction of a generator */        \
    _(YIELD_VALUE, OK_NONE)          /* (v -- sent) */                             \
    _(GET_YIELD_FROM_ITER, OK_NONE)                                                \
    _(YIELD_FROM, OK_NONE)           /* (it v -- it result) loop until done */     \
    _(GET_AWAITABLE, OK_ARG)         /* (x -- awaitable) arg: 0 await, 1 __aenter__, 2 __aexit__ */ \
    _(GET_AITER, OK_NONE)            /* (x -- x.__aiter__()) */                    \
    _(GET_ANEXT, OK_NONE)            /* (ait -- ait awaitable(ait.__anext__())) */ \
    _(END_ASYNC_FOR, OK_NONE)        /* handler: (ait exc -- ) on StopAsyncIteration, else reraise */ \
    _(BEFORE_ASYNC_WITH, OK_NONE)    /* (mgr -- aexit mgr.__aenter__()) */         \
    _(ASYNC_GEN_WRAP, OK_NONE)       /* (v -- wrapped v) before an async generator's yield */ \
    _(IMPORT_NAME, OK_NAME)          /* (level fromlist -- module) */              \
    _(IMPORT_FROM, OK_NAME)          /* (module -- module attr) */                 \
    _(IMPORT_STAR, OK_NONE)          /* (module -- ) */                            \
    _(LOAD_BUILD_CLASS, OK_NONE)                                                   \
    _(SETUP_ANNOTATIONS, OK_NONE)                                                  \
    _(PRINT_EXPR, OK_NONE)           /* interactive echo: (x -- ) */               \
    _(LOAD_LOCALS, OK_NONE)          /* class body: push its namespace */          \
    _(DICT_TO_KWARGS, OK_NONE)       /* (f argtuple map -- ...) check mapping */   \
    _(RETURN_GENERATOR, OK_NONE)     /* unused marker */                           \
    _(GET_LEN, OK_NONE)              /* (x -- x len(x)) */                         \
    _(MATCH_MAPPING, OK_NONE)        /* (x -- x bool): a mapping for patterns */   \
    _(MATCH_SEQUENCE, OK_NONE)       /* (x -- x bool): a sequence for patterns */  \
    _(MATCH_KEYS, OK_NONE)           /* (x keys -- x keys values|None) */          \
    _(MATCH_CLASS, OK_ARG)           /* (x cls names -- attrs|None), arg: positionals */

typedef enum Opcode {
#define OP_ENUM(name, flags) OP_##name,
    OPCODE_DEF(OP_ENUM)
#undef OP_ENUM
    OP__COUNT
} Opcode;

extern const char *const opcode_names[OP__COUNT];
extern const unsigned char opcode_flags[OP__COUNT];

#define INSTR_OP(w) ((Opcode)((w) & 0xFF))
#define INSTR_ARG(w) ((uint32_t)(w) >> 8)
#define INSTR(op, arg) ((uint32_t)(op) | ((uint32_t)(arg) << 8))
#define INSTR_ARG_MAX 0xFFFFFF

/* FORMAT_VALUE conversions */
enum { FVC_NONE = 0, FVC_STR = 1, FVC_REPR = 2, FVC_ASCII = 3, FVS_HAVE_SPEC = 4 };
/* MAKE_FUNCTION flags, popped in this order below the code object:
   closure (tuple of cells), annotations, kwdefaults (dict), defaults (tuple) */
enum { MKF_DEFAULTS = 1, MKF_KWDEFAULTS = 2, MKF_ANNOTATIONS = 4, MKF_CLOSURE = 8 };

#endif
