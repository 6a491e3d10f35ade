/* complex.h: Python complex, a boxed pair of doubles (no immediate form:
 * complex numbers are rare enough that boxing them costs little). */
#ifndef TPY_COMPLEX_H
#define TPY_COMPLEX_H

#include "../vm/object.h"

typedef struct Cplx {
    double re, im;
} Cplx;

typedef struct ComplexObject {
    Object hdr;
    Cplx c;
} ComplexObject;

extern Type complex_type;

Value complex_new_c(Cplx c);
static inline Value complex_from(double re, double im) { return complex_new_c((Cplx){re, im}); }
static inline bool complex_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_COMPLEX_SUBCLASS);
}
static inline bool complex_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &complex_type;
}
/* Precondition: complex_check(v). */
static inline Cplx complex_val(Value v) { return V_AS(ComplexObject, v)->c; }

/* The C arithmetic, with CPython's algorithms (errno: EDOM for a division by
 * zero or 0 ** negative, ERANGE for an overflow). */
Cplx cplx_sum(Cplx a, Cplx b);
Cplx cplx_diff(Cplx a, Cplx b);
Cplx cplx_prod(Cplx a, Cplx b);
Cplx cplx_quot(Cplx a, Cplx b);
Cplx cplx_pow(Cplx a, Cplx b);
double cplx_abs(Cplx a);

/* complex ** complex with Python's errors; float ** float whose result is
 * complex (a negative base, a fractional exponent) comes here too. */
Value complex_power(Cplx a, Cplx b);

/* What cmath's functions accept: complex, __complex__, then a real number
 * (__float__, __index__). Returns -1 with TypeError set. */
int obj_as_cplx(Value v, Cplx *out);

void complex_init(void);

#endif
