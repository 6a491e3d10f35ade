/* helpers.h: C functions that compiled traces call (residual calls).
 *
 * Each takes and returns plain machine words so the backend can call it
 * with the System V ABI; Value-returning helpers return VNULL with an
 * exception set on error (the trace follows the call with
 * guard_no_exception). Every helper has a CallDescr (helpers.c) naming it
 * in logs.
 */
#ifndef TPY_JIT_HELPERS_H
#define TPY_JIT_HELPERS_H

#include "ir.h"
#include "../vm/object.h"

/* name, return type, argument types, effect, C function */
#define JIT_HELPER_DEF(_)                                                            \
    _(binop, 'r', "rri", CALL_ANY, jh_binop)            /* obj_binop(a, b, op) */    \
    _(unop, 'r', "ri", CALL_ANY, jh_unop)                                            \
    _(binop_from, 'r', "rrii", CALL_ANY, jh_binop_from) /* obj_binop_from(a, b, op, step) */ \
    _(compare, 'r', "rri", CALL_ANY, jh_compare)        /* obj_richcompare */        \
    _(compare_after_left, 'r', "rri", CALL_ANY, jh_compare_after_left) /* obj_richcompare_after_left */ \
    _(binop_dunder, 'r', "rrri", CALL_ANY, jh_binop_dunder) /* fn, a, b, op | next step << 8 | self is b << 16 */ \
    _(compare_dunder, 'r', "rrri", CALL_ANY, jh_compare_dunder) /* fn, a, b, op */ \
    _(truth, 'i', "r", CALL_ANY, jh_truth)              /* -1 on error */           \
    _(contains, 'i', "rr", CALL_ANY, jh_contains)       /* item in container */     \
    _(set_contains, 'i', "rr", CALL_ANY, set_contains)  /* exact set or frozenset, item: -1 0 1 */ \
    _(set_discard, 'i', "rr", CALL_ANY, set_discard)    /* exact set, item: -1 0 1 */ \
    _(getattr, 'r', "rr", CALL_ANY, jh_getattr)                                      \
    _(setattr, 'i', "rrr", CALL_ANY, jh_setattr)                                     \
    _(getitem, 'r', "rr", CALL_ANY, jh_getitem)                                      \
    _(setitem, 'i', "rrr", CALL_ANY, jh_setitem)                                     \
    _(delitem, 'i', "rr", CALL_ANY, jh_delitem)                                      \
    _(call0, 'r', "r", CALL_ANY, jh_call0)                                           \
    _(call1, 'r', "rr", CALL_ANY, jh_call1)                                          \
    _(call2, 'r', "rrr", CALL_ANY, jh_call2)                                         \
    _(call3, 'r', "rrrr", CALL_ANY, jh_call3)                                        \
    _(call4, 'r', "rrrrr", CALL_ANY, jh_call4)                                       \
    _(call5, 'r', "rrrrrr", CALL_ANY, jh_call5)                                      \
    _(call_kw, 'r', "rrir", CALL_ANY, jh_call_kw)   /* f, args[], npos, kwnames */ \
    _(cmethod1, 'r', "ir", CALL_ANY, jh_cmethod1)   /* C method fn, self: record_call */ \
    _(cmethod2, 'r', "irr", CALL_ANY, jh_cmethod2)                                   \
    _(cmethod3, 'r', "irrr", CALL_ANY, jh_cmethod3)                                  \
    _(cmethod4, 'r', "irrrr", CALL_ANY, jh_cmethod4)                                 \
    _(call_ex, 'r', "rrr", CALL_ANY, jh_call_ex)    /* f, exact tuple, exact dict or NULL */ \
    _(dict_keys_are, 'i', "rr", CALL_NO_RAISE, jh_dict_keys_are) /* exact dict, tuple of keys */ \
    _(call_assembler, 'r', "rirrrr", CALL_ANY, jit_call_assembler) /* f, n, a0..a3 */ \
    _(build_list, 'r', "ri", CALL_NO_RAISE, jh_build_list)   /* items[], n */     \
    _(build_set, 'r', "ri", CALL_ANY, jh_build_set)                                  \
    _(build_map, 'r', "ri", CALL_ANY, jh_build_map)          /* k,v pairs[], n */ \
    _(build_slice, 'r', "rrr", CALL_NO_RAISE, slice_new)                             \
    _(set_add, 'i', "rr", CALL_ANY, set_add)                                         \
    _(map_add, 'i', "rrr", CALL_ANY, dict_set)                /* d, k, v */         \
    _(list_extend, 'i', "rr", CALL_ANY, interp_list_extend)                          \
    _(set_update, 'i', "rr", CALL_ANY, set_update)                                   \
    _(dict_update, 'i', "rr", CALL_ANY, interp_dict_update)                          \
    _(dict_merge, 'i', "rrr", CALL_ANY, jh_dict_merge)        /* d, other, func */  \
    _(list_to_tuple, 'r', "r", CALL_NO_RAISE, jh_list_to_tuple)                      \
    _(iter, 'r', "r", CALL_ANY, jh_iter)                                             \
    _(iternext, 'r', "r", CALL_ANY, jh_iternext)  /* NULL, no exc: exhausted */     \
    _(gen_enter, 'i', "rri", CALL_NO_RAISE, gen_jit_enter)  /* gen, code, pc*2+started */ \
    _(list_getslice, 'r', "rrrr", CALL_ANY, list_getslice)  /* l, start, stop, step */ \
    _(str_eq, 'i', "rr", CALL_PURE, jh_str_eq)               /* two exact strs */      \
    _(str_getslice, 'r', "rrrr", CALL_ANY, str_getslice)     /* s, start, stop, step */ \
    _(str_cmp, 'i', "rr", CALL_PURE, jh_str_cmp)             /* <0, 0, >0 */           \
    _(list_setslice, 'i', "rrrrr", CALL_ANY, list_setslice) /* l, start, stop, step, v */ \
    _(list_getslice_ints, 'r', "riii", CALL_NO_RAISE, list_getslice_ints) /* l[a:b:c], unboxed bounds (list.h) */ \
    _(str_getslice_ints, 'r', "riii", CALL_NO_RAISE, str_getslice_ints)  /* s[a:b:c], unboxed bounds (str.h) */ \
    _(list_assign_slice_ints, 'v', "riirii", CALL_NO_RAISE, list_assign_slice_ints) /* d[a:b] = s[c:e] */ \
    _(list_assign_slice_ints_rev, 'v', "riirii", CALL_NO_RAISE, list_assign_slice_ints_rev) /* d[a:b] = s[c:e:-1] */ \
    _(gen_suspend, 'i', "rii", CALL_NO_RAISE, gen_jit_suspend) /* gen, next pc, depth */ \
    _(gen_root_yield, 'i', "rii", CALL_NO_RAISE, gen_jit_root_yield) /* frame, next pc, depth */ \
    _(gen_root_return, 'i', "rii", CALL_NO_RAISE, gen_jit_root_return) /* frame, next pc, depth */ \
    _(gen_batch_push, 'i', "rr", CALL_NO_RAISE, jit_gen_batch_push) /* frame, value: 1 taken */ \
    _(box_int_slow, 'r', "i", CALL_NO_RAISE, jh_box_int_slow)                        \
    _(box_float_slow, 'r', "f", CALL_NO_RAISE, jh_box_float_slow)                    \
    _(new_object, 'r', "ri", CALL_NO_RAISE, jh_new_object)    /* type, size */       \
    _(new_atomic, 'r', "ri", CALL_NO_RAISE, jh_new_atomic)                           \
    _(new_array, 'r', "i", CALL_NO_RAISE, jh_new_array)       /* n Values, zeroed */ \
    _(list_append, 'v', "rr", CALL_CAN_RAISE, list_append_fn)                         \
    _(class_new_tail, 'v', "r", CALL_NO_RAISE, type_new_result_tail)                 \
    _(dict_getitem, 'r', "rr", CALL_ANY, jh_dict_getitem)                            \
    _(dict_setitem, 'i', "rrr", CALL_ANY, jh_dict_setitem)                           \
    _(str_concat, 'r', "rr", CALL_CAN_RAISE, str_concat)                              \
    _(list_concat, 'r', "rr", CALL_CAN_RAISE, list_concat)     /* two exact lists: MemoryError */ \
    _(list_concat_display, 'r', "riri", CALL_CAN_RAISE, jh_list_concat_display) /* items, n, list, items first */ \
    _(str_mod, 'r', "rr", CALL_ANY, str_mod)                /* fmt % t: an exact str and tuple */ \
    _(str_mod_items, 'r', "rirrrr", CALL_ANY, jh_str_mod_items) /* fmt % (n <= 4 items) */ \
    _(str_concat_slice, 'r', "rrii", CALL_CAN_RAISE, str_concat_slice) /* a + b[i:j], unboxed bounds (str.h): MemoryError */ \
    _(int_from_exact_str, 'r', "r", CALL_CAN_RAISE, int_from_exact_str) /* int(s), s an exact str: ValueError */ \
    _(str_of_int, 'r', "r", CALL_CAN_RAISE, int_repr)   /* str(i), i an exact int: ValueError (digit limit) */ \
    _(format_value, 'r', "rir", CALL_ANY, jh_format_value)                           \
    _(build_string, 'r', "irrrr", CALL_NO_RAISE, jh_build_string4) /* n, parts: exact strs or raw ints' boxes */ \
    _(build_string_n, 'r', "ri", CALL_NO_RAISE, jh_build_string_n) /* tuple of the parts, n (as above) */ \
    _(str_of_int_piece, 'r', "r", CALL_PURE, int_repr) /* f"{i}", i of int64 range: never raises; deferred (opt_virtualize.c) */ \
    _(str_getitem_int, 'r', "ri", CALL_CAN_RAISE, str_getitem_i64) /* s[i], s an exact str: IndexError */ \
    _(set_global, 'i', "rrr", CALL_ANY, jh_set_global)        /* dict, name, v */    \
    _(float_floordiv, 'f', "ff", CALL_PURE, float_floordiv)                          \
    _(float_mod, 'f', "ff", CALL_PURE, float_mod)                                    \
    _(float_pow, 'r', "ff", CALL_CAN_RAISE, jh_float_pow)                            \
    _(int_pow, 'r', "rr", CALL_ANY, jh_int_pow)                                      \
    _(int_truediv, 'f', "ii", CALL_PURE, int_truediv_i64)     /* divisor != 0 */     \
    _(cmp_int_float, 'i', "ifi", CALL_PURE, jh_cmp_int_float) /* int op float */    \
    _(math1, 'f', "fi", CALL_PURE, jh_math1)                  /* libm by number */   \
    _(len, 'i', "r", CALL_ANY, jh_len)                        /* -1 on error */      \
    _(var_dict_has, 'i', "rr", CALL_NO_RAISE, jh_var_dict_has) /* str/tuple/bytes subclass instance's own attr */ \
    _(isinstance, 'i', "rr", CALL_ANY, jh_isinstance)                                \
    _(match_class, 'r', "rrri", CALL_ANY, interp_match_class) /* subject, cls, names, n */ \
    _(match_keys, 'r', "rr", CALL_ANY, interp_match_keys)     /* mapping, keys */    \
    _(raise_unbound, 'r', "ri", CALL_CAN_RAISE, jh_raise_unbound)                     \
    _(len_result, 'r', "r", CALL_CAN_RAISE, type_len_result)  /* __len__'s value -> len()'s */ \
    _(make_function, 'r', "rrrrrr", CALL_NO_RAISE, jh_make_function) /* code, globals, builtins, defaults, kwdefaults, closure */ \
    _(set_handled, 'v', "r", CALL_NO_RAISE, jh_set_handled)   /* tstate.handled = v (record.c) */ \
    _(dict_lookup, 'r', "rr", CALL_ANY, dict_get)             /* d[k] or NULL (no KeyError) */ \
    _(int_of_str, 'r', "r", CALL_CAN_RAISE, jh_int_of_str)    /* int(s) or NULL (no ValueError) */ \
    _(int_of_str_error, 'r', "r", CALL_PURE, jh_int_of_str_error) /* the message of int(s)'s ValueError */

typedef enum JitHelper {
#define JH_ENUM(name, ret, args, effect, fn) JH_##name,
    JIT_HELPER_DEF(JH_ENUM)
#undef JH_ENUM
    JH__COUNT
} JitHelper;

/* The most parts a BUILD_STRING's helpers take (record.c aborts a trace
 * with more). */
#define BUILD_STRING_MAX_PARTS 64

/* The function address (as an IR constant) and descriptor of a helper. */
void *jit_helper_fn(JitHelper h);
CallDescr *jit_helper_descr(JitHelper h);

/* Value representation helpers the backend inlines fast paths of. */
Value jh_box_int_slow(int64_t x);
Value jh_box_float_slow(double d);
/* MAKE_FUNCTION without annotations (absent parts are VNULL); record.c
 * recognizes a function made in the trace by this helper. */
Value jh_make_function(Value code, Value globals, Value builtins, Value defaults, Value kwdefaults, Value closure);
/* int(s) of an exact str, NULL with no exception for a ValueError (the
 * recorder also asks it what the call it records gives) */
Value jh_int_of_str(Value s);

/* A pure helper call whose result only snapshots need, deferred by the
 * optimizer (opt_virtualize.c, "deferred calls"): a virtual of this type
 * stands for call_pure_r(helper, arg). Resume makes the call (resume.c);
 * any other use forces it, which emits the call there. Never allocated:
 * the type exists to name such virtuals. */
typedef struct DeferredCall {
    Object hdr;
    int64_t helper;   /* JitHelper: 'r' result, one 'r' argument, CALL_PURE */
    Value arg;
} DeferredCall;
extern Type jit_deferred_call_type;

Value jit_call_assembler(Value fn, int64_t nargs, Value a0, Value a1, Value a2, Value a3);   /* trace.c */

void jit_helpers_init(void);

#endif
