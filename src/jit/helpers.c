/* helpers.c: the residual-call targets of compiled traces (helpers.h). */
#include "helpers.h"

#include <math.h>

#include "../runtime.h"
#include "../obj/gen.h"
#include "../util/numfmt.h"
#include "trace.h"

Value jh_binop(Value a, Value b, int64_t op) { return obj_binop(a, b, (int)op); }
Value jh_binop_from(Value a, Value b, int64_t op, int64_t step) { return obj_binop_from(a, b, (int)op, (int)step); }
Value jh_unop(Value a, int64_t op) {
    if (op == UNOP_INVERT + 100) {   /* `not` */
        int t = obj_truth(a);
        return t < 0 ? VNULL : v_bool(!t);
    }
    return obj_unop(a, (int)op);
}
Value jh_compare(Value a, Value b, int64_t op) { return obj_richcompare(a, b, (int)op); }
Value jh_compare_after_left(Value a, Value b, int64_t op) { return obj_richcompare_after_left(a, b, (int)op); }
/* An operator whose dispatch calls a Python function fn first (a class's
 * dunder) that the trace does not inline: fn runs as call_assembler runs
 * it (its entry trace, without the type dispatch, the dunder's lookup and
 * the interpreter's call), and NotImplemented goes on with the rest of
 * the dispatch, as the interpreter would. */
Value jh_binop_dunder(Value fn, Value a, Value b, int64_t packed) {
    int op = (int)(packed & 0xff), next_step = (int)((packed >> 8) & 0xff);
    bool self_is_b = (packed >> 16) & 1;
    Value r = jit_call_assembler(fn, 2, self_is_b ? b : a, self_is_b ? a : b, VNULL, VNULL);
    return r == V_NOTIMPL ? obj_binop_from(a, b, op, next_step) : r;
}
Value jh_compare_dunder(Value fn, Value a, Value b, int64_t op) {
    Value r = jit_call_assembler(fn, 2, a, b, VNULL, VNULL);
    return r == V_NOTIMPL ? obj_richcompare_after_left(a, b, (int)op) : r;
}
int64_t jh_truth(Value v) { return obj_truth(v); }
int64_t jh_contains(Value item, Value container) { return obj_contains(container, item); }
Value jh_getattr(Value o, Value name) { return obj_getattr(o, name); }
int64_t jh_setattr(Value o, Value name, Value v) { return obj_setattr(o, name, v); }
Value jh_getitem(Value o, Value k) { return obj_getitem(o, k); }
int64_t jh_setitem(Value o, Value k, Value v) { return obj_setitem(o, k, v); }
int64_t jh_delitem(Value o, Value k) { return obj_delitem(o, k); }
/* The CALL_* instructions' residual calls. A Python callee runs in a
 * nested eval_frame (the interpreter's own calls nest no C activation):
 * with the C stack low, the interpreter makes the call (trace.h). */
static inline bool nests_python(Value f) {
    if (!jit_c_stack_low()) return false;
    Type *t = type_of(f);
    return t == &function_type || (t == &method_type && type_of(V_AS(BoundMethodObject, f)->func) == &function_type);
}
Value jh_call0(Value f) { return nests_python(f) ? jit_call_retry() : obj_call(f, NULL, 0, VNULL); }
Value jh_call1(Value f, Value a) { return nests_python(f) ? jit_call_retry() : obj_call(f, &a, 1, VNULL); }
Value jh_call2(Value f, Value a, Value b) {
    Value args[2] = {a, b};
    return nests_python(f) ? jit_call_retry() : obj_call(f, args, 2, VNULL);
}
Value jh_call3(Value f, Value a, Value b, Value c) {
    Value args[3] = {a, b, c};
    return nests_python(f) ? jit_call_retry() : obj_call(f, args, 3, VNULL);
}
Value jh_call4(Value f, Value a, Value b, Value c, Value d) {
    Value args[4] = {a, b, c, d};
    return nests_python(f) ? jit_call_retry() : obj_call(f, args, 4, VNULL);
}
Value jh_call5(Value f, Value a, Value b, Value c, Value d, Value e) {
    Value args[5] = {a, b, c, d, e};
    return nests_python(f) ? jit_call_retry() : obj_call(f, args, 5, VNULL);
}
/* A C method called with no keywords, its receiver's class guarded by the
 * trace to be the method's owner (record_call): obj_call and
 * method_descr_call would only check what the guards did. A C method that
 * runs Python code (a key's __eq__) does so on its own eval_frame, as
 * through obj_call: the nesting check is obj_call's. */
static inline Value call_cmethod(int64_t fn, Value *args, size_t nargs) {
    if (interp_enter_recursive(" while calling a Python object") < 0) return VNULL;
    Value r = ((CFunction)(uintptr_t)fn)(args, nargs, VNULL);
    interp_leave_recursive();
    if (!r && !err_occurred()) return err_format(&exc_SystemError, "method_descriptor returned NULL without setting an exception");
    return r;
}
Value jh_cmethod1(int64_t fn, Value self) { return call_cmethod(fn, &self, 1); }
Value jh_cmethod2(int64_t fn, Value self, Value a) {
    Value args[2] = {self, a};
    return call_cmethod(fn, args, 2);
}
Value jh_cmethod3(int64_t fn, Value self, Value a, Value b) {
    Value args[3] = {self, a, b};
    return call_cmethod(fn, args, 3);
}
Value jh_cmethod4(int64_t fn, Value self, Value a, Value b, Value c) {
    Value args[4] = {self, a, b, c};
    return call_cmethod(fn, args, 4);
}
Value jh_call_kw(Value f, Value arr, int64_t npos, Value kwnames) {
    return nests_python(f) ? jit_call_retry() : obj_call(f, (Value *)V_OBJ(arr), (size_t)npos, kwnames);
}
Value jh_call_ex(Value f, Value args, Value kwargs) {
    return nests_python(f) ? jit_call_retry() : obj_call_tuple_dict(f, args, kwargs);
}
/* Are d's keys exactly `keys`, in order (identical objects)? */
int64_t jh_dict_keys_are(Value d, Value keys) {
    DictObject *o = V_AS(DictObject, d);
    int64_t n = tuple_size(keys), k = 0;
    if (o->used != n) return 0;
    for (int64_t i = 0; i < o->nentries; i++) {
        if (!o->entries[i].key) continue;
        if (o->entries[i].key != tuple_get(keys, k++)) return 0;
    }
    return 1;
}
Value jh_build_list(Value arr, int64_t n) { return list_from_display((Value *)V_OBJ(arr), n); }
Value jh_build_set(Value arr, int64_t n) {
    Value s = set_new();
    for (int64_t i = 0; i < n; i++)
        if (set_add(s, ((Value *)V_OBJ(arr))[i]) < 0) return VNULL;
    return s;
}
Value jh_build_map(Value arr, int64_t n) {
    Value d = dict_new_sized(n);
    Value *kv = (Value *)V_OBJ(arr);
    for (int64_t i = 0; i < n; i++)
        if (dict_set(d, kv[2 * i], kv[2 * i + 1]) < 0) return VNULL;
    return d;
}
int64_t jh_dict_merge(Value d, Value other, Value fn) { return dict_merge_nodup(d, other, fn); }
/* As the interpreter's MAKE_FUNCTION (interp.c make_function) builds it. */
Value jh_make_function(Value code, Value globals, Value builtins, Value defaults, Value kwdefaults, Value closure) {
    CodeObject *co = V_AS(CodeObject, code);
    FunctionObject *fn = V_AS(FunctionObject, function_new(co, globals, co->qualname));
    fn->builtins = builtins;
    fn->defaults = defaults;
    fn->kwdefaults = kwdefaults;
    fn->closure = closure;
    return V_FROM_PTR(fn);
}

Value jh_list_to_tuple(Value l) { return tuple_from_array(list_items(l), list_size(l)); }
Value jh_iter(Value v) { return obj_iter(v); }
Value jh_iternext(Value it) {
    Value r = type_of(it)->iternext(it);
    if (!r && err_matches(&exc_StopIteration)) err_clear();
    return r;
}
Value jh_box_int_slow(int64_t x) { return int_from_i64(x); }
Value jh_box_float_slow(double d) { return float_box(d); }
Value jh_new_object(Value type, int64_t size) { return V_FROM_PTR(obj_alloc(V_AS(Type, type), (size_t)size)); }
Value jh_new_atomic(Value type, int64_t size) {
    Object *o = obj_alloc_atomic(V_AS(Type, type), (size_t)size);
    memset((char *)o + sizeof(Object), 0, (size_t)size - sizeof(Object));
    return V_FROM_PTR(o);
}
Value jh_list_concat_display(Value items, int64_t n, Value l, int64_t items_first) {
    return list_concat_display(V_AS(const Value, items), n, l, items_first != 0);
}
Value jh_new_array(int64_t n) { return V_FROM_PTR(gc_alloc(sizeof(Value) * (size_t)(n ? n : 1))); }
static void list_append_fn(Value l, Value v) { list_push(l, v); }   /* MemoryError: guard_no_exception */
Type jit_deferred_call_type = {.tname = "deferred call"};
/* int(s) of an exact str where the trace catches ValueError (record.c
 * record_int_of_str_caught): NULL with no exception set where int() raises
 * ValueError, which the trace raises itself */
Value jh_int_of_str(Value s) {
    if (int_str_surely_invalid(s)) return VNULL;
    Value r = obj_call(V_FROM_PTR(&int_type), &s, 1, VNULL);
    if (!r && err_matches(&exc_ValueError)) err_clear();
    return r;
}
/* The message of the ValueError int(s) raises, for a str that
 * jh_int_of_str rejected: int() run again (the digit limit may be the
 * reason as well as the literal), so it is int()'s own, word for word. */
Value jh_int_of_str_error(Value s) {
    if (int_str_surely_invalid(s)) {
        Value m = int_invalid_literal_message(s, 10);
        if (m) return m;
        err_clear();
    }
    Value r = obj_call(V_FROM_PTR(&int_type), &s, 1, VNULL);
    if (r) return obj_repr(s);   /* not reached: the trace calls this after a rejection */
    Value e = err_fetch();
    Value args = e && exc_check(e) ? V_AS(ExcObject, e)->args : VNULL;
    if (args && tuple_check(args) && tuple_size(args) == 1 && str_check_exact(tuple_get(args, 0))) return tuple_get(args, 0);
    return obj_repr(s);
}
Value jh_dict_getitem(Value d, Value k) {
    Value v = dict_get(d, k);
    if (!v && !err_occurred()) {
        if (V_OBJ(d)->type != &dict_type) return obj_getitem(d, k);
        err_key(k);
    }
    return v;
}
int64_t jh_dict_setitem(Value d, Value k, Value v) { return dict_set(d, k, v); }
/* tstate.handled as a trace that shadowed it stores it (record.c) */
static void jh_set_handled(Value v) { tstate.handled = v; }
Value jh_format_value(Value v, int64_t conv, Value spec) {
    switch (conv) {
    case 1: v = obj_str(v); break;
    case 2: v = obj_repr(v); break;
    case 3: v = obj_ascii(v); break;
    default: break;
    }
    if (!v) return VNULL;
    if (!spec && str_check_exact(v)) return v;
    return obj_format(v, spec ? spec : str_empty);
}
/* BUILD_STRING: the concatenation of n parts, each an exact str or, for
 * an f-string field of an int the trace holds raw (record.c, OP_BUILD_STRING),
 * that int (of int64 range: tagged or boxed), written in decimal here
 * rather than made into a str of its own first. One allocation, of the
 * exact size; the result's length and ASCII flag come from the parts'. */
static Value build_string(const Value *parts, int64_t n) {
    char digits[BUILD_STRING_MAX_PARTS][24];
    uint8_t ndigits[BUILD_STRING_MAX_PARTS];
    size_t total = 0;
    int64_t length = 0;
    bool ascii = true;
    for (int64_t i = 0; i < n; i++) {
        Value p = parts[i];
        if (str_check_exact(p)) {
            total += (size_t)str_nbytes(p);
            length += str_len(p);
            ascii = ascii && str_is_ascii(p);
        } else {
            int64_t x = v_is_int(p) ? v_intval(p) : int_as_i64(p);
            ndigits[i] = (uint8_t)numfmt_i64_dec(x, digits[i]);
            total += ndigits[i];
            length += ndigits[i];
        }
    }
    Value s = str_alloc(total);
    StrObject *so = V_AS(StrObject, s);
    char *d = so->data;
    for (int64_t i = 0; i < n; i++) {
        Value p = parts[i];
        const char *src = str_check_exact(p) ? str_data(p) : digits[i];
        size_t k = str_check_exact(p) ? (size_t)str_nbytes(p) : ndigits[i];
        memcpy(d, src, k);
        d += k;
    }
    so->length = length;
    so->ascii = ascii;
    return s;
}

Value jh_build_string4(int64_t n, Value a, Value b, Value c, Value d) {
    Value parts[4] = {a, b, c, d};
    return build_string(parts, n);
}
Value jh_str_mod_items(Value fmt, int64_t n, Value a, Value b, Value c, Value d) {
    Value items[4] = {a, b, c, d};
    return str_mod_items(fmt, items, n);
}
Value jh_build_string_n(Value parts, int64_t n) { return build_string(tuple_items(parts), n); }
int64_t jh_set_global(Value d, Value name, Value v) { return dict_set(d, name, v); }
Value jh_float_pow(double a, double b) { return float_pow(a, b); }
Value jh_int_pow(Value a, Value b) { return obj_binop(a, b, BINOP_POW); }
/* x <op> d as Python compares an int with a float: exactly. */
int64_t jh_cmp_int_float(int64_t x, double d, int64_t op) {
    if (isnan(d)) return op == CMP_NE;
    int c = -float_cmp_i64(d, x);
    switch (op) {
    case CMP_LT: return c < 0;
    case CMP_LE: return c <= 0;
    case CMP_EQ: return c == 0;
    case CMP_NE: return c != 0;
    case CMP_GT: return c > 0;
    default: return c >= 0;
    }
}
double jh_math1(double x, int64_t which) {
    switch (which) {
    case 0: return sqrt(x);
    case 1: return sin(x);
    case 2: return cos(x);
    case 3: return exp(x);
    case 4: return log(x);
    case 5: return fabs(x);
    case 6: return tan(x);
    case 7: return atan(x);
    default: return floor(x);
    }
}
int64_t jh_len(Value v) { return obj_len(v); }

/* Does an instance of a TF_VAR_DICT type (a str, tuple or bytes subclass)
   hold `name` in its own dict? (0 or 1; a failed lookup counts as 1, so
   the guard on it sends such objects to the interpreter) */
int64_t jh_var_dict_has(Value obj, Value name) {
    Value v = instance_get_attr(obj, name);
    if (v) return 1;
    if (err_occurred()) {
        err_clear();
        return 1;
    }
    return 0;
}
int64_t jh_str_eq(Value a, Value b) { return str_eq(a, b); }
int64_t jh_str_cmp(Value a, Value b) { return str_compare(a, b); }
int64_t jh_isinstance(Value v, Value cls) { return obj_isinstance(v, cls); }
Value jh_raise_unbound(Value name, int64_t is_local) {
    if (is_local)
        return err_format(&exc_UnboundLocalError, "cannot access local variable '%U' where it is not associated with a value",
                          name);
    return err_format(&exc_NameError, "name '%U' is not defined", name);
}

static void *const helper_fns[JH__COUNT] = {
#define JH_FN(name, ret, args, effect, fn) (void *)fn,
    JIT_HELPER_DEF(JH_FN)
#undef JH_FN
};

static CallDescr *helper_descrs[JH__COUNT];

void *jit_helper_fn(JitHelper h) { return helper_fns[h]; }
CallDescr *jit_helper_descr(JitHelper h) { return helper_descrs[h]; }

void jit_helpers_init(void) {
    int i = 0;
#define JH_DESCR(name, ret, args, effect, fn) helper_descrs[i++] = descr_call(#name, ret, args, effect);
    JIT_HELPER_DEF(JH_DESCR)
#undef JH_DESCR
    /* record.c fuses a slice copy into list_assign_slice_ints and leaves
       this one for opt_dce to drop when nothing else reads the list */
    helper_descrs[JH_list_getslice_ints]->fresh = true;
    /* likewise the slice record.c fuses into str_concat_slice */
    helper_descrs[JH_str_getslice_ints]->fresh = true;
    /* the str helpers' results are exact strs: a loop-carried string built
       by them needs no class guard in the peeled loop (opt.c, facts_post) */
    static const JitHelper str_results[] = {JH_str_getslice_ints, JH_str_concat, JH_str_concat_slice, JH_build_string,
                                            JH_build_string_n, JH_str_of_int, JH_str_of_int_piece, JH_str_mod, JH_str_mod_items};
    for (size_t k = 0; k < sizeof str_results / sizeof str_results[0]; k++) helper_descrs[str_results[k]]->ret_class = &str_type;
    helper_descrs[JH_list_concat]->ret_class = &list_type;
    helper_descrs[JH_list_concat_display]->ret_class = &list_type;
}
