/* float.h: Python float. Most doubles are immediate (value.h); the rest are
 * FloatObjects. float_from_double() picks the representation. */
#ifndef TPY_FLOAT_H
#define TPY_FLOAT_H

#include <math.h>

#include "../vm/object.h"

typedef struct FloatObject {
    Object hdr;
    double value;
} FloatObject;

/* A FloatObject of d; +0.0 and -0.0 are the static float_zeros[0] and [1]
 * (rotl(bits, 1) indexes them), never allocated. */
Value float_box(double d);
extern FloatObject float_zeros[2];

/* The static FloatObject of a zero d (+0.0 or -0.0) */
static inline Value float_zero_value(double d) { return V_FROM_PTR(&float_zeros[signbit(d) ? 1 : 0]); }

/* d's Value when it takes no allocation (a small float or a zero), else VNULL */
static inline Value float_value_unallocated(double d) {
    Value v = v_try_smallfloat(d);
    return v ? v : d == 0.0 ? float_zero_value(d) : VNULL;
}

static inline Value float_from_double(double d) {
    Value v = v_try_smallfloat(d);
    return v ? v : float_box(d);
}
static inline bool float_check(Value v) {
    return v_is_smallfloat(v) ||
           (v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_FLOAT_SUBCLASS));
}
static inline bool float_check_exact(Value v) {
    return v_is_smallfloat(v) || (v_is_ptr(v) && v && V_OBJ(v)->type == &float_type);
}
/* Precondition: float_check(v). */
static inline double float_val(Value v) {
    return v_is_smallfloat(v) ? v_smallfloat_val(v) : V_AS(FloatObject, v)->value;
}

Value float_repr(Value v);
int64_t float_hash_double(double d);
Value float_binop(Value a, Value b, int op);
Value float_richcompare(Value a, Value b, int op);
/* Convert int or float (or __float__) to double; -1.0 with error set. */
double obj_as_double(Value v);
/* Python's float floor division and modulo (sign of the divisor). */
double float_floordiv(double a, double b);  /* caller checks b != 0 */
double float_mod(double a, double b);
Value float_pow(double a, double b);        /* may raise */
/* The sign (-1, 0, 1) of d - x, exact; d is not NaN. */
int float_cmp_i64(double d, int64_t x);

void float_init(void);

#endif
