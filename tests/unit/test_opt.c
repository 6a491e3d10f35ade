/* test_opt.c: the trace optimizer (src/jit/opt*.c), pass by pass.
 *
 * Each case states "this input trace, with these enable_opts, optimizes to
 * this output trace" in the text form of ir_parse.h; NULL as the expected
 * output means optimize_trace must refuse the trace (a guard known to
 * fail). Both traces are compared in canonical form, and the input must
 * be unchanged afterwards.
 *
 * Build and run: make unit (build/unit/test_opt); `-v` prints every
 * optimized trace. Prints failures and "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/jit/opt.h"
#include "../../src/jit/params.h"
#include "../../src/jit/resume.h"
#include "../../src/runtime.h"
#include "ir_parse.h"

void tpy_runtime_init(const char *executable);

static int passed, failed, verbose;

static const char *show(const IRBuf *b) {
    Buf o;
    buf_init(&o, 256);
    irtext_print(b, &o);
    return o.data;
}

static void check(const char *name, const char *opts, TraceKind kind, const char *input, const char *expected) {
    IRBuf in, out, exp;
    char err[200];
    if (jit_param_set_opts(opts, strlen(opts)) < 0) {
        printf("FAIL %s: bad enable_opts '%s'\n", name, opts);
        failed++;
        return;
    }
    if (!irtext_parse(input, &in, err, sizeof err)) {
        printf("FAIL %s: input: %s\n", name, err);
        failed++;
        return;
    }
    const char *before = show(&in);
    bool ok = optimize_trace(&in, kind, &out);
    const char *after = show(&in);
    const char *got = ok ? show(&out) : "(refused)\n";
    const char *want = "(refused)\n";
    if (verbose) printf("== %s\n%s", name, got);
    if (expected) {
        if (!irtext_parse(expected, &exp, err, sizeof err)) {
            printf("FAIL %s: expected: %s\n", name, err);
            failed++;
            return;
        }
        want = show(&exp);
    }
    if (strcmp(before, after) != 0) {
        printf("FAIL %s: the input trace changed\n", name);
        failed++;
    } else if (strcmp(got, want) != 0) {
        printf("FAIL %s\n--- expected\n%s--- got\n%s", name, want, got);
        failed++;
    } else {
        passed++;
    }
}

#define ALL "intbounds:rewrite:virtualize:string:pure:earlyforce:heap:unroll"
#define NOUNROLL "intbounds:rewrite:virtualize:string:pure:earlyforce:heap"

static void setup(void) {
    irtext_register_descr("next", &descr_field(8, 'i', false, "RangeIter.next")->d);
    irtext_register_descr("step", &descr_field(16, 'i', true, "RangeIter.step")->d);
    irtext_register_descr("rem", &descr_field(24, 'i', false, "RangeIter.remaining")->d);
    irtext_register_descr("val", &descr_field(8, 'r', false, "Cell.value")->d);
    irtext_register_descr("map", &descr_field(16, 'r', false, "Instance.16")->d);
    irtext_register_descr("slot", &descr_field(24, 'r', false, "Instance.24")->d);
    irtext_register_descr("fval", &descr_field(8, 'f', false, "Float.value")->d);
    irtext_register_descr("tsize", &descr_field(8, 'i', true, "TupleObject.size")->d);
    irtext_register_descr("titems", &descr_array(16, 'r', true, "TupleObject.items")->d);
    irtext_register_descr("arr", &descr_array(0, 'r', false, "Value[]")->d);
    irtext_register_descr("lilist", &descr_field(8, 'r', false, "ListIter.list")->d);
    irtext_register_descr("liindex", &descr_field(16, 'i', false, "ListIter.index")->d);
    irtext_register_descr("lsize", &descr_field(8, 'i', false, "ListObject.size")->d);
    irtext_register_descr("litems", &descr_field(24, 'r', false, "ListObject.items")->d);
    irtext_register_descr("frame", &descr_array(64, 'r', false, "Frame.localsplus")->d);
    irtext_register_descr("tuple2", &descr_size(&tuple_type, 32, false)->d);
    irtext_register_descr("tuple1", &descr_size(&tuple_type, 24, false)->d);
    irtext_register_descr("any", &descr_call("f", 'r', "r", CALL_ANY)->d);
    irtext_register_descr("anyi", &descr_call("g", 'i', "r", CALL_ANY)->d);
    irtext_register_descr("noraise", &descr_call("h", 'v', "rr", CALL_NO_RAISE)->d);
    irtext_register_descr("canraise", &descr_call("k", 'r', "ri", CALL_CAN_RAISE)->d);
    irtext_register_descr("purecall", &descr_call("m", 'f', "fi", CALL_PURE)->d);
    irtext_register_value("int", V_FROM_PTR(&int_type));
    irtext_register_value("float", V_FROM_PTR(&float_type));
    irtext_register_value("bool", V_FROM_PTR(&bool_type));
    irtext_register_value("tuple", V_FROM_PTR(&tuple_type));
    irtext_register_value("list", V_FROM_PTR(&list_type));
    irtext_register_value("str", V_FROM_PTR(&str_type));
    irtext_register_value("range_iterator", V_FROM_PTR(&rangeiter_type));
    /* stand-ins for maps: objects the trace only compares */
    for (int i = 0; i < 2; i++) {
        Object *m = gc_alloc_uncollectable(32);
        m->type = &tuple_type;
        irtext_register_value(i ? "map2" : "map1", V_FROM_PTR(m));
    }
}

/* ---- rewrite ------------------------------------------------------------------------------ */

static void test_rewrite(void) {
    check("rewrite: fold int arithmetic", "rewrite", TRACE_BRIDGE,
          "i1 = int_add(3, 4)\n"
          "i2 = int_mul(i1, 2)\n"
          "i3 = int_py_floordiv(-7, 2)\n"
          "i4 = int_py_mod(-7, 2)\n"
          "i5 = int_lshift(1, 40)\n"
          "escape_n(i2, i3, i4, i5)\n",
          "escape_n(14, -4, 1, 1099511627776)\n");
    check("rewrite: identities", "rewrite", TRACE_BRIDGE,
          "[i0, i1]\n"
          "i2 = int_add(i0, 0)\n"
          "i3 = int_mul(1, i2)\n"
          "i4 = int_sub(i3, i3)\n"
          "i5 = int_xor(i1, i1)\n"
          "i6 = int_and(i1, -1)\n"
          "i7 = int_or(i6, 0)\n"
          "i8 = int_rshift(i7, 0)\n"
          "escape_n(i3, i4, i5, i8)\n",
          "[i0, i1]\n"
          "escape_n(i0, 0, 0, i1)\n");
    check("rewrite: *_ovf on constants and its guard", "rewrite", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_add_ovf(5, 6)\n"
          "guard_no_overflow() [i0]\n"
          "i2 = int_mul_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "escape_n(i1, i2)\n",
          "[i0]\n"
          "escape_n(11, i0)\n");
    check("rewrite: overflowing constant *_ovf: trace refused", "rewrite", TRACE_BRIDGE,
          "i1 = int_mul_ovf(4611686018427387904, 4)\n"
          "guard_no_overflow() []\n"
          "escape_n(i1)\n",
          NULL);
    check("rewrite: guards on constants", "rewrite", TRACE_BRIDGE,
          "[p0]\n"
          "guard_true(1) [p0]\n"
          "guard_false(0) [p0]\n"
          "guard_value(5, 5) [p0]\n"
          "guard_nonnull(ConstPtr(None)) [p0]\n"
          "guard_is_int(ConstPtr(int 3)) [p0]\n"
          "guard_is_float(ConstPtr(float 1.5)) [p0]\n"
          "guard_nonnull_class(ConstClass(int), ConstClass(tuple)) [p0]\n"
          "escape_n(p0)\n",
          NULL);
    check("rewrite: guards on constants that pass", "rewrite", TRACE_BRIDGE,
          "[p0]\n"
          "guard_true(1) [p0]\n"
          "guard_false(0) [p0]\n"
          "guard_value(5, 5) [p0]\n"
          "guard_nonnull(ConstPtr(None)) [p0]\n"
          "guard_isnull(ConstPtr(null)) [p0]\n"
          "guard_is_int(ConstPtr(int 3)) [p0]\n"
          "guard_is_float(ConstPtr(float 1.5)) [p0]\n"
          "escape_n(p0)\n",
          "[p0]\n"
          "escape_n(p0)\n");
    check("rewrite: guard_true on a false constant: refused", "rewrite", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_lt(3, 2)\n"
          "guard_true(i1) [i0]\n",
          NULL);
    check("rewrite: guard_value makes a constant", "rewrite", TRACE_BRIDGE,
          "[i0, p1]\n"
          "guard_value(i0, 7) [i0, p1]\n"
          "i2 = int_add(i0, 1)\n"
          "guard_value(p1, ConstPtr(None)) [i0, p1]\n"
          "guard_nonnull(p1) [p1]\n"
          "escape_n(i2, p1)\n",
          "[i0, p1]\n"
          "guard_value(i0, 7) [i0, p1]\n"
          "guard_value(p1, ConstPtr(None)) [int(7), p1]\n"
          "escape_n(8, ConstPtr(None))\n");
    check("rewrite: guard_true(int_eq(x, k)) makes x a constant", "rewrite", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_eq(i0, 42)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_mul(i0, 2)\n"
          "escape_n(i2, i1)\n",
          "[i0]\n"
          "i1 = int_eq(i0, 42)\n"
          "guard_true(i1) [i0]\n"
          "escape_n(84, 1)\n");
    check("rewrite: unbox and box of constants", "rewrite", TRACE_BRIDGE,
          "i1 = unbox_int(ConstPtr(int 5))\n"
          "f2 = unbox_float(ConstPtr(float 2.5))\n"
          "p3 = box_int(i1)\n"
          "p4 = box_float(f2)\n"
          "p5 = bool_from_int(1)\n"
          "escape_n(i1, f2, p3, p4, p5)\n",
          "escape_n(5, 2.5, ConstPtr(int 5), ConstPtr(float 2.5), ConstPtr(True))\n");
    check("rewrite: int_is_true / int_is_zero of a comparison", "rewrite", TRACE_BRIDGE,
          "[i0, i1]\n"
          "i2 = int_lt(i0, i1)\n"
          "i3 = int_is_true(i2)\n"
          "i4 = int_is_zero(i2)\n"
          "escape_n(i3, i4)\n",
          "[i0, i1]\n"
          "i2 = int_lt(i0, i1)\n"
          "i3 = int_ge(i0, i1)\n"
          "escape_n(i2, i3)\n");
    check("rewrite: floats", "rewrite", TRACE_BRIDGE,
          "[f0]\n"
          "f1 = float_add(1.5, 2.0)\n"
          "f2 = float_mul(f0, 1.0)\n"
          "f3 = float_add(f0, 0.0)\n"
          "i4 = float_lt(1.0, 2.0)\n"
          "f5 = cast_int_to_float(3)\n"
          "f6 = float_neg(f2)\n"
          "f7 = float_neg(f6)\n"
          "escape_n(f1, f2, f3, i4, f5, f7)\n",
          "[f0]\n"
          "f1 = float_add(f0, 0.0)\n"
          "escape_n(3.5, f0, f1, 1, 3.0, f0)\n");
    check("rewrite: unbox of an emitted box (virtualize off)", "rewrite", TRACE_BRIDGE,
          "[i0, p1]\n"
          "p2 = box_int(i0)\n"
          "i3 = unbox_int(p2)\n"
          "i4 = unbox_int(p1)\n"
          "p5 = box_int(i4)\n"
          "escape_n(p2, i3, p5)\n",
          "[i0, p1]\n"
          "p2 = box_int(i0)\n"
          "escape_n(p2, i0, p1)\n");
    check("rewrite: pointer comparisons", "rewrite", TRACE_BRIDGE,
          "[p0]\n"
          "i1 = ptr_eq(p0, p0)\n"
          "i2 = ptr_ne(ConstPtr(None), ConstPtr(True))\n"
          "escape_n(i1, i2)\n",
          "[p0]\n"
          "escape_n(1, 1)\n");
}

/* ---- intbounds -------------------------------------------------------------------------- */

static void test_intbounds(void) {
    check("intbounds: no overflow below a bound", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_lt(i0, 100)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_add_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "escape_n(i2)\n",
          "[i0]\n"
          "i1 = int_lt(i0, 100)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_add(i0, 1)\n"
          "escape_n(i2)\n");
    check("intbounds: overflow possible: kept", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_add_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "escape_n(i1)\n",
          "[i0]\n"
          "i1 = int_add_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "escape_n(i1)\n");
    check("intbounds: unboxed small ints do not overflow on +1 or *2", "intbounds", TRACE_BRIDGE,
          "[p0]\n"
          "i1 = unbox_int(p0)\n"
          "i2 = int_add_ovf(i1, 1)\n"
          "guard_no_overflow() [p0]\n"
          "i3 = int_mul_ovf(i1, 2)\n"
          "guard_no_overflow() [p0]\n"
          "i4 = int_mul_ovf(i3, i3)\n"
          "guard_no_overflow() [p0]\n"
          "escape_n(i2, i4)\n",
          "[p0]\n"
          "i1 = unbox_int(p0)\n"
          "i2 = int_add(i1, 1)\n"
          "i3 = int_mul(i1, 2)\n"
          "i4 = int_mul_ovf(i3, i3)\n"
          "guard_no_overflow() [p0]\n"
          "escape_n(i2, i4)\n");
    check("intbounds: comparisons implied by guards", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_lt(i0, 10)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_lt(i0, 20)\n"
          "guard_true(i2) [i0]\n"
          "i3 = int_ge(i0, 10)\n"
          "guard_false(i3) [i0]\n"
          "i4 = int_gt(i0, 5)\n"
          "guard_true(i4) [i0]\n"
          "i5 = int_eq(i0, 4)\n"
          "i6 = int_is_true(i0)\n"
          "escape_n(i5, i6)\n",
          "[i0]\n"
          "i1 = int_lt(i0, 10)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_gt(i0, 5)\n"
          "guard_true(i2) [i0]\n"
          "escape_n(0, 1)\n");
    check("intbounds: contradictory guards: refused", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_gt(i0, 5)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_lt(i0, 3)\n"
          "guard_true(i2) [i0]\n",
          NULL);
    check("intbounds: masks and modulos", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_and(i0, 255)\n"
          "i2 = int_lt(i1, 256)\n"
          "i3 = int_and(i1, 1023)\n"
          "i4 = int_py_mod(i0, 10)\n"
          "i5 = int_ge(i4, 0)\n"
          "i6 = int_py_mod(i1, 1000)\n"
          "i7 = uint_rshift(i0, 60)\n"
          "i8 = int_lt(i7, 16)\n"
          "escape_n(i2, i3, i5, i6, i8)\n",
          "[i0]\n"
          "i1 = int_and(i0, 255)\n"
          "escape_n(1, i1, 1, i1, 1)\n");
    check("intbounds: bounds flow back through x + c", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_add_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "i2 = int_lt(i1, 10)\n"
          "guard_true(i2) [i0]\n"
          "i3 = int_lt(i0, 9)\n"
          "guard_true(i3) [i0]\n"
          "escape_n(i1)\n",
          "[i0]\n"
          "i1 = int_add_ovf(i0, 1)\n"
          "guard_no_overflow() [i0]\n"
          "i2 = int_lt(i1, 10)\n"
          "guard_true(i2) [i0]\n"
          "escape_n(i1)\n");
    check("intbounds: guard_value outside the bounds: refused", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_and(i0, 7)\n"
          "guard_value(i1, 9) [i0]\n",
          NULL);
    check("intbounds: a value pinned by bounds is a constant", "intbounds", TRACE_BRIDGE,
          "[i0]\n"
          "i1 = int_ge(i0, 3)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_le(i0, 3)\n"
          "guard_true(i2) [i0]\n"
          "i3 = int_add(i0, 1)\n"
          "escape_n(i3)\n",
          "[i0]\n"
          "i1 = int_ge(i0, 3)\n"
          "guard_true(i1) [i0]\n"
          "i2 = int_le(i0, 3)\n"
          "guard_true(i2) [i0]\n"
          "i3 = int_add(3, 1)\n"
          "escape_n(i3)\n");
}

/* ---- pure ------------------------------------------------------------------------------------ */

static void test_pure(void) {
    check("pure: common subexpressions", "pure", TRACE_BRIDGE,
          "[i0, i1, p2]\n"
          "i3 = int_add(i0, i1)\n"
          "i4 = int_add(i1, i0)\n"
          "i5 = int_lt(i0, i1)\n"
          "i6 = int_lt(i0, i1)\n"
          "i7 = unbox_int(p2)\n"
          "i8 = unbox_int(p2)\n"
          "i9 = int_sub(i0, i1)\n"
          "i10 = int_sub(i1, i0)\n"
          "escape_n(i3, i4, i5, i6, i7, i8, i9, i10)\n",
          "[i0, i1, p2]\n"
          "i3 = int_add(i0, i1)\n"
          "i4 = int_lt(i0, i1)\n"
          "i5 = unbox_int(p2)\n"
          "i6 = int_sub(i0, i1)\n"
          "i7 = int_sub(i1, i0)\n"
          "escape_n(i3, i3, i4, i4, i5, i5, i6, i7)\n");
    check("pure: a repeated *_ovf op loses its guard", "pure", TRACE_BRIDGE,
          "[i0, i1]\n"
          "i2 = int_mul_ovf(i0, i1)\n"
          "guard_no_overflow() [i0]\n"
          "i3 = int_mul_ovf(i1, i0)\n"
          "guard_no_overflow() [i1]\n"
          "escape_n(i2, i3)\n",
          "[i0, i1]\n"
          "i2 = int_mul_ovf(i0, i1)\n"
          "guard_no_overflow() [i0]\n"
          "escape_n(i2, i2)\n");
    check("pure: call_pure", "pure", TRACE_BRIDGE,
          "[f0]\n"
          "f1 = call_pure_f(123, f0, 3, descr=purecall)\n"
          "f2 = call_pure_f(123, f0, 3, descr=purecall)\n"
          "f3 = call_pure_f(123, f0, 4, descr=purecall)\n"
          "escape_n(f1, f2, f3)\n",
          "[f0]\n"
          "f1 = call_pure_f(123, f0, 3, descr=purecall)\n"
          "f2 = call_pure_f(123, f0, 4, descr=purecall)\n"
          "escape_n(f1, f1, f2)\n");
    check("pure: impure ops are not merged", "pure", TRACE_BRIDGE,
          "[p0]\n"
          "p1 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "p2 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "escape_n(p1, p2)\n",
          "[p0]\n"
          "p1 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "p2 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "escape_n(p1, p2)\n");
}

/* ---- heap ------------------------------------------------------------------------------------ */

static void test_heap(void) {
    check("heap: repeated reads", "heap", TRACE_BRIDGE,
          "[p0, p1]\n"
          "i2 = getfield_gc_i(p0, descr=next)\n"
          "i3 = getfield_gc_i(p0, descr=next)\n"
          "p4 = getarrayitem_gc_r(p1, 3, descr=arr)\n"
          "p5 = getarrayitem_gc_r(p1, 3, descr=arr)\n"
          "i6 = getfield_gc_i(p1, descr=next)\n"
          "escape_n(i2, i3, p4, p5, i6)\n",
          "[p0, p1]\n"
          "i2 = getfield_gc_i(p0, descr=next)\n"
          "p3 = getarrayitem_gc_r(p1, 3, descr=arr)\n"
          "i4 = getfield_gc_i(p1, descr=next)\n"
          "escape_n(i2, i2, p3, p3, i4)\n");
    check("heap: a read after a write", "heap", TRACE_BRIDGE,
          "[p0, i1]\n"
          "setfield_gc(p0, i1, descr=next)\n"
          "i2 = getfield_gc_i(p0, descr=next)\n"
          "setfield_gc(p0, i1, descr=next)\n"
          "escape_n(i2)\n",
          "[p0, i1]\n"
          "setfield_gc(p0, i1, descr=next)\n"
          "escape_n(i1)\n");
    check("heap: writes that may alias invalidate", "heap", TRACE_BRIDGE,
          "[p0, p1, i2]\n"
          "i3 = getfield_gc_i(p0, descr=next)\n"
          "i4 = getfield_gc_i(p0, descr=rem)\n"
          "setfield_gc(p1, i2, descr=next)\n"
          "i5 = getfield_gc_i(p0, descr=next)\n"
          "i6 = getfield_gc_i(p0, descr=rem)\n"
          "escape_n(i3, i4, i5, i6)\n",
          "[p0, p1, i2]\n"
          "i3 = getfield_gc_i(p0, descr=next)\n"
          "i4 = getfield_gc_i(p0, descr=rem)\n"
          "setfield_gc(p1, i2, descr=next)\n"
          "i5 = getfield_gc_i(p0, descr=next)\n"
          "escape_n(i3, i4, i5, i4)\n");
    check("heap: objects of different classes do not alias", "heap", TRACE_BRIDGE,
          "[p0, p1, p2]\n"
          "guard_nonnull_class(p0, ConstClass(tuple)) [p0]\n"
          "guard_nonnull_class(p1, ConstClass(list)) [p0]\n"
          "p3 = getfield_gc_r(p0, descr=val)\n"
          "setfield_gc(p1, p2, descr=val)\n"
          "p4 = getfield_gc_r(p0, descr=val)\n"
          "escape_n(p3, p4)\n",
          "[p0, p1, p2]\n"
          "guard_nonnull_class(p0, ConstClass(tuple)) [p0]\n"
          "guard_nonnull_class(p1, ConstClass(list)) [p0]\n"
          "p3 = getfield_gc_r(p0, descr=val)\n"
          "setfield_gc(p1, p2, descr=val)\n"
          "escape_n(p3, p3)\n");
    check("heap: array items at other constant indexes survive", "heap", TRACE_BRIDGE,
          "[p0, p1, p2, i3]\n"
          "setarrayitem_gc(p0, 0, p1, descr=arr)\n"
          "setarrayitem_gc(p0, 1, p2, descr=arr)\n"
          "p4 = getarrayitem_gc_r(p0, 0, descr=arr)\n"
          "setarrayitem_gc(p0, i3, p2, descr=arr)\n"
          "p5 = getarrayitem_gc_r(p0, 1, descr=arr)\n"
          "escape_n(p4, p5)\n",
          "[p0, p1, p2, i3]\n"
          "setarrayitem_gc(p0, 0, p1, descr=arr)\n"
          "setarrayitem_gc(p0, 1, p2, descr=arr)\n"
          "setarrayitem_gc(p0, i3, p2, descr=arr)\n"
          "p4 = getarrayitem_gc_r(p0, 1, descr=arr)\n"
          "escape_n(p1, p4)\n");
    check("heap: calls forget all but pure fields", "heap", TRACE_BRIDGE,
          "[p0, p1]\n"
          "i2 = getfield_gc_i(p0, descr=tsize)\n"
          "i3 = getfield_gc_i(p0, descr=next)\n"
          "p4 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "i5 = getfield_gc_i(p0, descr=tsize)\n"
          "i6 = getfield_gc_i(p0, descr=next)\n"
          "f7 = call_pure_f(2, 1.0, 2, descr=purecall)\n"
          "i8 = getfield_gc_i(p0, descr=next)\n"
          "escape_n(i5, i6, i8, f7)\n",
          "[p0, p1]\n"
          "i2 = getfield_gc_i(p0, descr=tsize)\n"
          "p3 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "i5 = getfield_gc_i(p0, descr=next)\n"
          "f6 = call_pure_f(2, 1.0, 2, descr=purecall)\n"
          "escape_n(i2, i5, i5, f6)\n");
    check("heap: redundant type guards", "heap", TRACE_BRIDGE,
          "[p0, p1, p2]\n"
          "guard_nonnull_class(p0, ConstClass(list)) [p0]\n"
          "guard_nonnull(p0) [p0]\n"
          "guard_nonnull_class(p0, ConstClass(list)) [p0]\n"
          "guard_class(p0, ConstClass(list)) [p0]\n"
          "guard_is_int(p1) [p1]\n"
          "guard_nonnull(p1) [p1]\n"
          "guard_is_int(p1) [p1]\n"
          "guard_is_float(p2) [p2]\n"
          "guard_is_float(p2) [p2]\n"
          "escape_n(p0, p1, p2)\n",
          "[p0, p1, p2]\n"
          "guard_nonnull_class(p0, ConstClass(list)) [p0]\n"
          "guard_is_int(p1) [p1]\n"
          "guard_is_float(p2) [p2]\n"
          "escape_n(p0, p1, p2)\n");
    check("heap: a guard against known facts: refused", "heap", TRACE_BRIDGE,
          "[p0]\n"
          "guard_is_int(p0) [p0]\n"
          "guard_nonnull_class(p0, ConstClass(tuple)) [p0]\n",
          NULL);
    check("heap: map guards", "rewrite:heap", TRACE_BRIDGE,
          "[p0]\n"
          "p1 = getfield_gc_r(p0, descr=map)\n"
          "guard_value(p1, ConstPtr(obj:map1)) [p0]\n"
          "p2 = getfield_gc_r(p0, descr=slot)\n"
          "p3 = getfield_gc_r(p0, descr=map)\n"
          "guard_value(p3, ConstPtr(obj:map1)) [p0]\n"
          "p4 = getfield_gc_r(p0, descr=slot)\n"
          "p5 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "p6 = getfield_gc_r(p0, descr=map)\n"
          "guard_value(p6, ConstPtr(obj:map1)) [p0]\n"
          "escape_n(p2, p4)\n",
          "[p0]\n"
          "p1 = getfield_gc_r(p0, descr=map)\n"
          "guard_value(p1, ConstPtr(obj:map1)) [p0]\n"
          "p2 = getfield_gc_r(p0, descr=slot)\n"
          "p3 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "p4 = getfield_gc_r(p0, descr=map)\n"
          "guard_value(p4, ConstPtr(obj:map1)) [p0]\n"
          "escape_n(p2, p2)\n");
    check("heap: guard_not_invalidated and guard_no_exception", "heap", TRACE_BRIDGE,
          "[p0, p1]\n"
          "guard_not_invalidated() [p0]\n"
          "guard_not_invalidated() [p0]\n"
          "call_n(1, p0, p1, descr=noraise)\n"
          "guard_no_exception() [p0]\n"
          "guard_not_invalidated() [p0]\n"
          "p2 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "guard_not_invalidated() [p0]\n"
          "escape_n(p2)\n",
          "[p0, p1]\n"
          "guard_not_invalidated() [p0]\n"
          "call_n(1, p0, p1, descr=noraise)\n"
          "p2 = call_r(1, p0, descr=any)\n"
          "guard_no_exception() [p0]\n"
          "guard_not_invalidated() [p0]\n"
          "escape_n(p2)\n");
}

/* ---- virtualize --------------------------------------------------------------------------- */

static void test_virtualize(void) {
    check("virtualize: boxes in snapshots become raw slots", "virtualize", TRACE_BRIDGE,
          "[i0, f1, i2]\n"
          "p3 = box_int(i0)\n"
          "p4 = box_float(f1)\n"
          "p5 = bool_from_int(i2)\n"
          "guard_true(i2) [p3, p4, p5]\n"
          "i6 = unbox_int(p3)\n"
          "f7 = unbox_float(p4)\n"
          "escape_n(i6, f7)\n",
          "[i0, f1, i2]\n"
          "guard_true(i2) [i0, f1, bool(i2)]\n"
          "escape_n(i0, f1)\n");
    check("virtualize: guard_is_int on a box checks the raw value", "intbounds:virtualize", TRACE_BRIDGE,
          "[i0, p1]\n"
          "p2 = box_int(i0)\n"
          "guard_is_int(p2) [p2]\n"
          "i3 = unbox_int(p1)\n"
          "p4 = box_int(i3)\n"
          "guard_is_int(p4) [p4]\n"
          "guard_nonnull(p4) [p4]\n"
          "escape_n(i3)\n",
          "[i0, p1]\n"
          "i2 = int_add_ovf(i0, i0)\n"
          "guard_no_overflow() [i0]\n"
          "i3 = unbox_int(p1)\n"
          "escape_n(i3)\n");
    /* box_differs_from: `x is None` on an unboxed float or int, or a bool */
    check("virtualize: a box is not None", "virtualize", TRACE_BRIDGE,
          "[i0, f1, i2]\n"
          "p3 = box_float(f1)\n"
          "i4 = ptr_ne(p3, ConstPtr(None))\n"
          "p5 = box_int(i0)\n"
          "i6 = ptr_eq(ConstPtr(None), p5)\n"
          "p7 = bool_from_int(i2)\n"
          "i8 = ptr_eq(p7, ConstPtr(None))\n"
          "i9 = ptr_eq(p3, ConstPtr(True))\n"
          "escape_n(i4, i6, i8, i9)\n",
          "[i0, f1, i2]\n"
          "p3 = box_float(f1)\n"
          "i4 = ptr_eq(p3, ConstPtr(True))\n"
          "escape_n(1, 0, 0, i4)\n");
    check("virtualize: an escaping box is emitted where it escapes", "virtualize", TRACE_BRIDGE,
          "[i0]\n"
          "p1 = box_int(i0)\n"
          "guard_true(i0) [p1]\n"
          "p2 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "escape_n(p1)\n",
          "[i0]\n"
          "guard_true(i0) [i0]\n"
          "p1 = box_int(i0)\n"
          "p2 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "escape_n(p1)\n");
    check("virtualize: a tuple built and unpacked", "virtualize:rewrite", TRACE_BRIDGE,
          "[p0, i1]\n"
          "p2 = new_with_vtable(descr=tuple2)\n"
          "setfield_gc(p2, 2, descr=tsize)\n"
          "setarrayitem_gc(p2, 0, p0, descr=titems)\n"
          "p3 = box_int(i1)\n"
          "setarrayitem_gc(p2, 1, p3, descr=titems)\n"
          "guard_nonnull_class(p2, ConstClass(tuple)) [p2]\n"
          "i4 = getfield_gc_i(p2, descr=tsize)\n"
          "guard_value(i4, 2) [p2]\n"
          "p5 = getarrayitem_gc_r(p2, 0, descr=titems)\n"
          "p6 = getarrayitem_gc_r(p2, 1, descr=titems)\n"
          "guard_true(i1) [p5, p6, p2]\n"
          "escape_n(p5)\n",
          "[p0, i1]\n"
          "guard_true(i1) [p0, i1, V0] {V0=tuple/32(8i=int(2), 16r=p0, 24r=int(i1))}\n"
          "escape_n(p0)\n");
    check("virtualize: an escaping tuple is allocated there", "virtualize", TRACE_BRIDGE,
          "[p0, i1]\n"
          "p2 = new_with_vtable(descr=tuple2)\n"
          "setfield_gc(p2, 2, descr=tsize)\n"
          "p3 = box_int(i1)\n"
          "setarrayitem_gc(p2, 0, p3, descr=titems)\n"
          "setarrayitem_gc(p2, 1, p0, descr=titems)\n"
          "guard_true(i1) [p2]\n"
          "p4 = call_r(1, p2, descr=any)\n"
          "guard_no_exception() [p2]\n",
          "[p0, i1]\n"
          "guard_true(i1) [V0] {V0=tuple/32(8i=int(2), 16r=int(i1), 24r=p0)}\n"
          "p2 = new_with_vtable(descr=tuple2)\n"
          "setfield_gc(p2, 2, descr=tsize)\n"
          "p3 = box_int(i1)\n"
          "setarrayitem_gc(p2, 0, p3, descr=titems)\n"
          "setarrayitem_gc(p2, 1, p0, descr=titems)\n"
          "p4 = call_r(1, p2, descr=any)\n"
          "guard_no_exception() [p2]\n");
    check("virtualize: nested virtual objects in a snapshot", "virtualize", TRACE_BRIDGE,
          "[p0, i1]\n"
          "p2 = new_with_vtable(descr=tuple1)\n"
          "setfield_gc(p2, 1, descr=tsize)\n"
          "setarrayitem_gc(p2, 0, p0, descr=titems)\n"
          "p3 = new_with_vtable(descr=tuple2)\n"
          "setfield_gc(p3, 2, descr=tsize)\n"
          "setarrayitem_gc(p3, 0, p2, descr=titems)\n"
          "setarrayitem_gc(p3, 1, p2, descr=titems)\n"
          "guard_true(i1) [p3, p2]\n",
          "[p0, i1]\n"
          "guard_true(i1) [V0, V1] {V0=tuple/32(8i=int(2), 16r=V1, 24r=V1), V1=tuple/24(8i=int(1), 16r=p0)}\n");
    check("virtualize: guards and identity on virtuals", "virtualize", TRACE_BRIDGE,
          "[p0, i1]\n"
          "p2 = new_with_vtable(descr=tuple1)\n"
          "guard_nonnull(p2) [p0]\n"
          "guard_class(p2, ConstClass(tuple)) [p0]\n"
          "i3 = ptr_eq(p2, p0)\n"
          "i4 = ptr_eq(p2, p2)\n"
          "p5 = bool_from_int(i1)\n"
          "guard_value(p5, ConstPtr(True)) [p0]\n"
          "p6 = box_int(i1)\n"
          "guard_value(p6, ConstPtr(int 7)) [p0]\n"
          "escape_n(i3, i4)\n",
          "[p0, i1]\n"
          "guard_true(i1) [p0]\n"
          "guard_value(i1, 7) [p0]\n"
          "escape_n(0, 1)\n");
    check("virtualize: a virtual stored into an object escapes", "rewrite:virtualize:heap", TRACE_BRIDGE,
          "[p0, f1]\n"
          "p2 = box_float(f1)\n"
          "setfield_gc(p0, p2, descr=val)\n"
          "p3 = getfield_gc_r(p0, descr=val)\n"
          "f4 = unbox_float(p3)\n"
          "escape_n(f4)\n",
          "[p0, f1]\n"
          "p2 = box_float(f1)\n"
          "setfield_gc(p0, p2, descr=val)\n"
          "escape_n(f1)\n");
    check("virtualize: guard_class on a virtual of another type: refused", "virtualize", TRACE_BRIDGE,
          "[p0]\n"
          "p1 = new_with_vtable(descr=tuple1)\n"
          "guard_nonnull_class(p1, ConstClass(list)) [p0]\n",
          NULL);
    check("earlyforce: virtual call arguments are forced before the call", "virtualize:earlyforce:heap",
          TRACE_BRIDGE,
          "[p0, i1]\n"
          "p2 = box_int(i1)\n"
          "setfield_gc(p0, p2, descr=val)\n"
          "p3 = call_r(1, p2, descr=any)\n"
          "guard_no_exception() [p2]\n"
          "p4 = getfield_gc_r(p0, descr=val)\n"
          "escape_n(p4)\n",
          "[p0, i1]\n"
          "p2 = box_int(i1)\n"
          "setfield_gc(p0, p2, descr=val)\n"
          "p3 = call_r(1, p2, descr=any)\n"
          "guard_no_exception() [p2]\n"
          "p4 = getfield_gc_r(p0, descr=val)\n"
          "escape_n(p4)\n");
}

/* ---- all passes on straight-line traces ---------------------------------------------------- */

static void test_combined(void) {
    check("all: a bridge is not unrolled", ALL, TRACE_BRIDGE,
          "[p0, p1]\n"
          "guard_is_int(p1) [p0, p1]\n"
          "i2 = unbox_int(p1)\n"
          "i3 = int_add_ovf(i2, 1)\n"
          "guard_no_overflow() [p0, p1]\n"
          "p4 = box_int(i3)\n"
          "jump(p0, p4, descr=Tx)\n",
          "[p0, p1]\n"
          "guard_is_int(p1) [p0, p1]\n"
          "i2 = unbox_int(p1)\n"
          "i3 = int_add(i2, 1)\n"
          "p4 = box_int(i3)\n"
          "jump(p0, p4, descr=T0)\n");
    check("dead ops without effect go (not *_ovf, stores, calls)", "rewrite", TRACE_BRIDGE,
          "[p0, i1]\n"
          "i2 = int_add(i1, 1)\n"
          "i3 = getfield_gc_i(p0, descr=next)\n"
          "p4 = new_with_vtable(descr=tuple1)\n"
          "i5 = int_add_ovf(i1, 2)\n"
          "guard_no_overflow() [p0]\n"
          "p6 = call_r(1, p0, descr=any)\n"
          "f7 = call_pure_f(2, 1.0, 2, descr=purecall)\n"
          "setfield_gc(p0, i1, descr=next)\n"
          "guard_true(i1) [p0, i2]\n",
          "[p0, i1]\n"
          "i2 = int_add(i1, 1)\n"
          "i3 = int_add_ovf(i1, 2)\n"
          "guard_no_overflow() [p0]\n"
          "p4 = call_r(1, p0, descr=any)\n"
          "setfield_gc(p0, i1, descr=next)\n"
          "guard_true(i1) [p0, i2]\n");
    check("all: a float computation keeps no boxes", NOUNROLL, TRACE_BRIDGE,
          "[p0, p1]\n"
          "guard_is_float(p0) [p0, p1]\n"
          "f2 = unbox_float(p0)\n"
          "f3 = float_mul(f2, 2.0)\n"
          "p4 = box_float(f3)\n"
          "guard_is_float(p4) [p4, p1]\n"
          "f5 = unbox_float(p4)\n"
          "guard_is_float(p0) [p4, p1]\n"
          "f6 = unbox_float(p0)\n"
          "f7 = float_add(f5, f6)\n"
          "p8 = box_float(f7)\n"
          "finish(p8)\n",
          "[p0, p1]\n"
          "guard_is_float(p0) [p0, p1]\n"
          "f2 = unbox_float(p0)\n"
          "f3 = float_mul(f2, 2.0)\n"
          "f4 = float_add(f3, f2)\n"
          "p5 = box_float(f4)\n"
          "finish(p5)\n");
}

/* ---- unroll ------------------------------------------------------------------------------------ */

/* while i < n: i += 1 (i, n locals) */
#define COUNT_LOOP                                   \
    "[p0]\n"                                         \
    "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"  \
    "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"  \
    "label(p0, p1, p2, descr=T0)\n"                  \
    "guard_nonnull(p1) [p1, p2]\n"                   \
    "guard_is_int(p1) [p1, p2]\n"                    \
    "i3 = unbox_int(p1)\n"                           \
    "guard_is_int(p2) [p1, p2]\n"                    \
    "i4 = unbox_int(p2)\n"                           \
    "i5 = int_lt(i3, i4)\n"                          \
    "guard_true(i5) [p1, p2, bool(i5)]\n"            \
    "guard_not_invalidated() [p1, p2]\n"             \
    "i6 = int_add_ovf(i3, 1)\n"                      \
    "guard_no_overflow() [p1, p2]\n"                 \
    "p7 = box_int(i6)\n"                             \
    "jump(p0, p7, p2, descr=T0)\n"

static void test_unroll(void) {
    check("unroll: a counting loop peels to raw ints", ALL, TRACE_LOOP, COUNT_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull(p1) [p1, p2]\n"
          "guard_is_int(p1) [p1, p2]\n"
          "i6 = unbox_int(p1)\n"
          "guard_is_int(p2) [p1, p2]\n"
          "i8 = unbox_int(p2)\n"
          "i9 = int_lt(i6, i8)\n"
          "guard_true(i9) [p1, p2, bool(i9)]\n"
          "guard_not_invalidated() [p1, p2]\n"
          "i12 = int_add(i6, 1)\n"
          "i13 = same_as_i(i12)\n"
          "label(i13, i8, p2, descr=T1)\n"
          "i15 = int_lt(i13, i8)\n"
          "guard_true(i15) [i13, p2, bool(i15)]\n"
          "i17 = int_add(i13, 1)\n"
          "jump(i17, i8, p2, descr=T1)\n");
    check("unroll: disabled gives one label", NOUNROLL, TRACE_LOOP, COUNT_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull(p1) [p1, p2]\n"
          "guard_is_int(p1) [p1, p2]\n"
          "i3 = unbox_int(p1)\n"
          "guard_is_int(p2) [p1, p2]\n"
          "i4 = unbox_int(p2)\n"
          "i5 = int_lt(i3, i4)\n"
          "guard_true(i5) [p1, p2, bool(i5)]\n"
          "guard_not_invalidated() [p1, p2]\n"
          "i6 = int_add(i3, 1)\n"
          "p7 = box_int(i6)\n"
          "jump(p0, p7, p2, descr=T0)\n");
    check("unroll: float accumulator", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_is_int(p1) [p1, p2]\n"
          "i3 = unbox_int(p1)\n"
          "i4 = int_lt(i3, 1000)\n"
          "guard_true(i4) [p1, p2]\n"
          "f5 = cast_int_to_float(i3)\n"
          "f6 = float_mul(f5, 2.5)\n"
          "guard_is_float(p2) [p1, p2, f6]\n"
          "f7 = unbox_float(p2)\n"
          "f8 = float_add(f7, f6)\n"
          "i9 = int_add_ovf(i3, 1)\n"
          "guard_no_overflow() [p1, f8]\n"
          "p10 = box_int(i9)\n"
          "p11 = box_float(f8)\n"
          "jump(p0, p10, p11, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_is_int(p1) [p1, p2]\n"
          "i5 = unbox_int(p1)\n"
          "i6 = int_lt(i5, 1000)\n"
          "guard_true(i6) [p1, p2]\n"
          "f8 = cast_int_to_float(i5)\n"
          "f9 = float_mul(f8, 2.5)\n"
          "guard_is_float(p2) [p1, p2, f9]\n"
          "f11 = unbox_float(p2)\n"
          "f12 = float_add(f11, f9)\n"
          "i13 = int_add(i5, 1)\n"
          "i14 = same_as_i(i13)\n"
          "f15 = same_as_f(f12)\n"
          "label(i14, f15, descr=T1)\n"
          "i17 = int_lt(i14, 1000)\n"
          "guard_true(i17) [i14, f15]\n"
          "f19 = cast_int_to_float(i14)\n"
          "f20 = float_mul(f19, 2.5)\n"
          "f21 = float_add(f15, f20)\n"
          "i22 = int_add(i14, 1)\n"
          "jump(i22, f21, descr=T1)\n");
    check("unroll: a value that stops being an int stays boxed", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_is_int(p1) [p1]\n"
          "i2 = unbox_int(p1)\n"
          "p3 = box_int(i2)\n"
          "p4 = call_r(1, p3, descr=any)\n"
          "guard_no_exception() [p3]\n"
          "jump(p0, p4, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_is_int(p1) [p1]\n"
          "p4 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "p6 = same_as_r(p4)\n"
          "label(p6, descr=T1)\n"
          "guard_is_int(p6) [p6]\n"
          "p9 = call_r(1, p6, descr=any)\n"
          "guard_no_exception() [p6]\n"
          "jump(p9, descr=T1)\n");
    check("unroll: a local that changes type mid-loop", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_is_int(p1) [p1]\n"
          "i2 = unbox_int(p1)\n"
          "f3 = cast_int_to_float(i2)\n"
          "p4 = box_float(f3)\n"
          "jump(p0, p4, descr=T0)\n",
          /* the peeled body's guard_is_int would fail: one label */
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_is_int(p1) [p1]\n"
          "i2 = unbox_int(p1)\n"
          "f3 = cast_int_to_float(i2)\n"
          "p4 = box_float(f3)\n"
          "jump(p0, p4, descr=T0)\n");
    check("unroll: a range iterator's fields travel in registers", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p2, ConstClass(range_iterator)) [p1, p2]\n"
          "i3 = getfield_gc_i(p2, descr=rem)\n"
          "i4 = int_gt(i3, 0)\n"
          "guard_true(i4) [p1, p2]\n"
          "i5 = getfield_gc_i(p2, descr=next)\n"
          "i6 = getfield_gc_i(p2, descr=step)\n"
          "i7 = int_add(i5, i6)\n"
          "setfield_gc(p2, i7, descr=next)\n"
          "i8 = int_sub(i3, 1)\n"
          "setfield_gc(p2, i8, descr=rem)\n"
          "p9 = box_int(i5)\n"
          "jump(p0, p9, p2, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p2, ConstClass(range_iterator)) [p1, p2]\n"
          "i5 = getfield_gc_i(p2, descr=rem)\n"
          "i6 = int_gt(i5, 0)\n"
          "guard_true(i6) [p1, p2]\n"
          "i8 = getfield_gc_i(p2, descr=next)\n"
          "i9 = getfield_gc_i(p2, descr=step)\n"
          "i10 = int_add(i8, i9)\n"
          "setfield_gc(p2, i10, descr=next)\n"
          "i12 = int_sub(i5, 1)\n"
          "setfield_gc(p2, i12, descr=rem)\n"
          "i14 = same_as_i(i8)\n"
          "i15 = same_as_i(i10)\n"
          "i16 = same_as_i(i12)\n"
          "label(i14, i15, i16, p2, i9, descr=T1)\n"
          "i18 = int_gt(i16, 0)\n"
          "guard_true(i18) [i14, p2]\n"
          "i20 = int_add(i15, i9)\n"
          "setfield_gc(p2, i20, descr=next)\n"
          "i22 = int_sub(i16, 1)\n"
          "setfield_gc(p2, i22, descr=rem)\n"
          "jump(i15, i20, i22, p2, i9, descr=T1)\n");
    check("unroll: a tuple carried around the loop stays virtual", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_nonnull_class(p1, ConstClass(tuple)) [p1]\n"
          "p2 = getarrayitem_gc_r(p1, 0, descr=titems)\n"
          "guard_is_int(p2) [p1]\n"
          "i3 = unbox_int(p2)\n"
          "i4 = int_lt(i3, 100)\n"
          "guard_true(i4) [p1]\n"
          "i5 = int_add_ovf(i3, 1)\n"
          "guard_no_overflow() [p1]\n"
          "p6 = new_with_vtable(descr=tuple1)\n"
          "setfield_gc(p6, 1, descr=tsize)\n"
          "p7 = box_int(i5)\n"
          "setarrayitem_gc(p6, 0, p7, descr=titems)\n"
          "jump(p0, p6, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_nonnull_class(p1, ConstClass(tuple)) [p1]\n"
          "p4 = getarrayitem_gc_r(p1, 0, descr=titems)\n"
          "guard_is_int(p4) [p1]\n"
          "i6 = unbox_int(p4)\n"
          "i7 = int_lt(i6, 100)\n"
          "guard_true(i7) [p1]\n"
          "i9 = int_add(i6, 1)\n"
          "i10 = same_as_i(i9)\n"
          "label(i10, descr=T1)\n"
          "i12 = int_lt(i10, 100)\n"
          "guard_true(i12) [V0] {V0=tuple/24(8i=int(1), 16r=i10)}\n"
          "i14 = int_add(i10, 1)\n"
          "jump(i14, descr=T1)\n");
    check("unroll: invariant loads and guards stay in the preamble", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p2, ConstClass(tuple)) [p1, p2]\n"
          "i3 = getfield_gc_i(p2, descr=tsize)\n"
          "p4 = getarrayitem_gc_r(p2, 0, descr=titems)\n"
          "guard_is_float(p4) [p1, p2]\n"
          "f5 = unbox_float(p4)\n"
          "guard_is_float(p1) [p1, p2]\n"
          "f6 = unbox_float(p1)\n"
          "f7 = float_mul(f6, f5)\n"
          "p8 = box_float(f7)\n"
          "jump(p0, p8, p2, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p2, ConstClass(tuple)) [p1, p2]\n"
          "p5 = getarrayitem_gc_r(p2, 0, descr=titems)\n"
          "guard_is_float(p5) [p1, p2]\n"
          "f7 = unbox_float(p5)\n"
          "guard_is_float(p1) [p1, p2]\n"
          "f9 = unbox_float(p1)\n"
          "f10 = float_mul(f9, f7)\n"
          "f11 = same_as_f(f10)\n"
          "label(f11, f7, descr=T1)\n"
          "f13 = float_mul(f11, f7)\n"
          "jump(f13, f7, descr=T1)\n");
    check("unroll: a constant the loop keeps", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_is_int(p2) [p1, p2]\n"
          "i3 = unbox_int(p2)\n"
          "i4 = int_add_ovf(i3, 1)\n"
          "guard_no_overflow() [p1, p2]\n"
          "p5 = box_int(i4)\n"
          "guard_value(p1, ConstPtr(None)) [p1, p5]\n"
          "jump(p0, ConstPtr(None), p5, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_is_int(p2) [p1, p2]\n"
          "i5 = unbox_int(p2)\n"
          "i6 = int_add(i5, 1)\n"
          "guard_value(p1, ConstPtr(None)) [p1, i6]\n"
          "i8 = same_as_i(i6)\n"
          "label(i8, descr=T1)\n"
          "i10 = int_add_ovf(i8, i8)\n"
          "guard_no_overflow() [ConstPtr(None), i8]\n"
          "i12 = int_add(i8, 1)\n"
          "jump(i12, descr=T1)\n");
    /* the label copies p5: the peeled body must not see box_int(i4) through it */
    check("unroll: a boxed field re-read in the loop is opaque", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "p2 = getfield_gc_r(p1, descr=val)\n"
          "guard_is_int(p2) [p1]\n"
          "i3 = unbox_int(p2)\n"
          "i4 = int_add_ovf(i3, 1)\n"
          "guard_no_overflow() [p1]\n"
          "p5 = box_int(i4)\n"
          "setfield_gc(p1, p5, descr=val)\n"
          "jump(p0, p1, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "p2 = getfield_gc_r(p1, descr=val)\n"
          "guard_is_int(p2) [p1]\n"
          "i3 = unbox_int(p2)\n"
          "i4 = int_add(i3, 1)\n"
          "p5 = box_int(i4)\n"
          "setfield_gc(p1, p5, descr=val)\n"
          "p6 = same_as_r(p5)\n"
          "label(p6, p1, descr=T1)\n"
          "guard_is_int(p6) [p1]\n"
          "i7 = unbox_int(p6)\n"
          "i8 = int_add(i7, 1)\n"
          "p9 = box_int(i8)\n"
          "setfield_gc(p1, p9, descr=val)\n"
          "jump(p9, p1, descr=T1)\n");
    check("unroll: fields of an object that is a label argument", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "p3 = getfield_gc_r(p1, descr=lilist)\n"
          "guard_nonnull(p3) [p1, p2]\n"
          "i4 = getfield_gc_i(p1, descr=liindex)\n"
          "i5 = getfield_gc_i(p3, descr=lsize)\n"
          "i6 = int_lt(i4, i5)\n"
          "guard_true(i6) [p1, p2]\n"
          "p7 = getfield_gc_r(p3, descr=litems)\n"
          "p8 = getarrayitem_gc_r(p7, i4, descr=arr)\n"
          "i9 = int_add(i4, 1)\n"
          "setfield_gc(p1, i9, descr=liindex)\n"
          "jump(p0, p1, p8, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "p4 = getfield_gc_r(p1, descr=lilist)\n"
          "guard_nonnull(p4) [p1, p2]\n"
          "i6 = getfield_gc_i(p1, descr=liindex)\n"
          "i7 = getfield_gc_i(p4, descr=lsize)\n"
          "i8 = int_lt(i6, i7)\n"
          "guard_true(i8) [p1, p2]\n"
          "p10 = getfield_gc_r(p4, descr=litems)\n"
          "p11 = getarrayitem_gc_r(p10, i6, descr=arr)\n"
          "i12 = int_add(i6, 1)\n"
          "setfield_gc(p1, i12, descr=liindex)\n"
          "p14 = same_as_r(p11)\n"
          "i15 = same_as_i(i7)\n"
          "p16 = same_as_r(p10)\n"
          "i17 = same_as_i(i12)\n"
          "label(p14, i15, p16, i17, p1, descr=T1)\n"
          "i19 = int_lt(i17, i15)\n"
          "guard_true(i19) [p1, p14]\n"
          "p21 = getarrayitem_gc_r(p16, i17, descr=arr)\n"
          "i22 = int_add(i17, 1)\n"
          "setfield_gc(p1, i22, descr=liindex)\n"
          "jump(p21, i15, p16, i22, p1, descr=T1)\n");
    check("unroll: label arguments the loop never reads are dropped", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "p3 = getarrayitem_gc_r(p0, 2, descr=frame)\n"
          "label(p0, p1, p2, p3, descr=T0)\n"
          "guard_is_int(p1) [p1, -, -]\n"
          "i4 = unbox_int(p1)\n"
          "i5 = int_lt(i4, 100)\n"
          "guard_true(i5) [p1, -, -]\n"
          "i6 = int_add(i4, 1)\n"
          "p7 = box_int(i6)\n"
          "i8 = int_mul(i4, 3)\n"
          "p9 = box_int(i8)\n"
          "jump(p0, p7, p9, p2, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "p3 = getarrayitem_gc_r(p0, 2, descr=frame)\n"
          "label(p0, p1, p2, p3, descr=T0)\n"
          "guard_is_int(p1) [p1, -, -]\n"
          "i6 = unbox_int(p1)\n"
          "i7 = int_lt(i6, 100)\n"
          "guard_true(i7) [p1, -, -]\n"
          "i9 = int_add(i6, 1)\n"
          "i10 = same_as_i(i9)\n"
          "label(i10, descr=T1)\n"
          "i12 = int_lt(i10, 100)\n"
          "guard_true(i12) [i10, -, -]\n"
          "i14 = int_add(i10, 1)\n"
          "jump(i14, descr=T1)\n");
    check("unroll: one virtual in two places stays one object", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p1, ConstClass(tuple)) [p1, p2]\n"
          "p3 = getarrayitem_gc_r(p1, 0, descr=titems)\n"
          "guard_is_int(p3) [p1, p2]\n"
          "i4 = unbox_int(p3)\n"
          "i5 = int_lt(i4, 50)\n"
          "guard_true(i5) [p1, p2]\n"
          "i6 = int_add(i4, 1)\n"
          "p7 = new_with_vtable(descr=tuple1)\n"
          "setfield_gc(p7, 1, descr=tsize)\n"
          "p8 = box_int(i6)\n"
          "setarrayitem_gc(p7, 0, p8, descr=titems)\n"
          "jump(p0, p7, p7, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "p2 = getarrayitem_gc_r(p0, 1, descr=frame)\n"
          "label(p0, p1, p2, descr=T0)\n"
          "guard_nonnull_class(p1, ConstClass(tuple)) [p1, p2]\n"
          "p5 = getarrayitem_gc_r(p1, 0, descr=titems)\n"
          "guard_is_int(p5) [p1, p2]\n"
          "i7 = unbox_int(p5)\n"
          "i8 = int_lt(i7, 50)\n"
          "guard_true(i8) [p1, p2]\n"
          "i10 = int_add(i7, 1)\n"
          "i11 = same_as_i(i10)\n"
          "label(i11, descr=T1)\n"
          "i13 = int_lt(i11, 50)\n"
          "guard_true(i13) [V0, V0] {V0=tuple/24(8i=int(1), 16r=i11)}\n"
          "i15 = int_add(i11, 1)\n"
          "jump(i15, descr=T1)\n");
    check("unroll: a virtual that escapes in the loop is passed allocated", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "p2 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "p3 = new_with_vtable(descr=tuple1)\n"
          "setfield_gc(p3, 1, descr=tsize)\n"
          "setarrayitem_gc(p3, 0, p2, descr=titems)\n"
          "jump(p0, p3, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "p3 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "p5 = same_as_r(p3)\n"
          "label(p5, descr=T1)\n"
          "p7 = new_with_vtable(descr=tuple1)\n"
          "setfield_gc(p7, 1, descr=tsize)\n"
          "setarrayitem_gc(p7, 0, p5, descr=titems)\n"
          "p10 = call_r(1, p7, descr=any)\n"
          "guard_no_exception() [p7]\n"
          "jump(p10, descr=T1)\n");
    check("unroll: a loop that cannot iterate twice is not unrolled", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_value(p1, ConstPtr(int 0)) [p1]\n"
          "jump(p0, ConstPtr(int 1), descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_value(p1, ConstPtr(int 0)) [p1]\n"
          "jump(p0, ConstPtr(int 1), descr=T0)\n");
    check("unroll: guard_not_invalidated after a call stays", ALL, TRACE_LOOP,
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_not_invalidated() [p1]\n"
          "p2 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "jump(p0, p2, descr=T0)\n",
          "[p0]\n"
          "p1 = getarrayitem_gc_r(p0, 0, descr=frame)\n"
          "label(p0, p1, descr=T0)\n"
          "guard_not_invalidated() [p1]\n"
          "p4 = call_r(1, p1, descr=any)\n"
          "guard_no_exception() [p1]\n"
          "p6 = same_as_r(p4)\n"
          "label(p6, descr=T1)\n"
          "guard_not_invalidated() [p6]\n"
          "p9 = call_r(1, p6, descr=any)\n"
          "guard_no_exception() [p6]\n"
          "jump(p9, descr=T1)\n");
}

/* ---- resume ------------------------------------------------------------------------------ */

static void test_resume(void) {
    /* a virtual pair (i, (i, p)) rebuilt from fail arguments */
    IRBuf b;
    irbuf_init(&b);
    IRRef i0 = ir_emit0(&b, IR_inputarg_i, NULL), p1 = ir_emit0(&b, IR_inputarg_r, NULL);
    Snapshot *s = gc_alloc(sizeof *s);
    s->nvirtuals = 2;
    s->virtuals = gc_alloc(sizeof(SnapVirtual) * 2);
    IRRef v0 = SNAP_VIRTUAL_BIT | 0, v1 = SNAP_VIRTUAL_BIT | 1;
    SnapField *f0 = gc_alloc(sizeof(SnapField) * 3), *f1 = gc_alloc(sizeof(SnapField) * 3);
    f0[0] = (SnapField){8, 'i', {ir_const_int(&b, 2), SK_INT}};
    f0[1] = (SnapField){16, 'r', {i0, SK_INT}};
    f0[2] = (SnapField){24, 'r', {v1, SK_VALUE}};
    f1[0] = (SnapField){8, 'i', {ir_const_int(&b, 2), SK_INT}};
    f1[1] = (SnapField){16, 'r', {i0, SK_INT}};
    f1[2] = (SnapField){24, 'r', {p1, SK_VALUE}};
    s->virtuals[0] = (SnapVirtual){v0, &tuple_type, 32, 3, f0};
    s->virtuals[1] = (SnapVirtual){v1, &tuple_type, 32, 3, f1};
    GuardDescr g = {0};
    g.d.kind = DESCR_GUARD;
    g.snap = s;
    IRRef fa[2] = {i0, p1};
    g.fail_args = fa;
    g.nfail_args = 2;
    uint64_t saved[2] = {(uint64_t)(int64_t)-5, (uint64_t)V_NONE};
    resume_begin();
    Value t = resume_virtual(&b, &g, saved, v0);
    Value again = resume_virtual(&b, &g, saved, v0);
    Value r = obj_repr(t);
    if (r && !strcmp(str_data(r), "(-5, (-5, None))") && again == t) {
        passed++;
    } else {
        printf("FAIL resume: virtual tuple rebuilt as %s\n", r ? str_data(r) : "(error)");
        failed++;
    }
}

int main(int argc, char **argv) {
    verbose = argc > 1 && !strcmp(argv[1], "-v");
    tpy_runtime_init(argv[0]);
    setup();
    test_rewrite();
    test_intbounds();
    test_pure();
    test_heap();
    test_virtualize();
    test_combined();
    test_unroll();
    test_resume();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
