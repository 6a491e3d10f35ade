/* int.h: Python int. Values in [SMALLINT_MIN, SMALLINT_MAX] are immediate
 * (value.h); larger ones are BigIntObjects holding a GMP integer. A
 * BigIntObject never holds a value that fits a small int: every operation
 * normalises its result with int_from_mpz(). bool is a subtype of int
 * whose two instances are BoolObjects. */
#ifndef TPY_INT_H
#define TPY_INT_H

#include <gmp.h>

#include "../vm/object.h"

typedef struct BigIntObject {
    Object hdr;
    mpz_t z;
} BigIntObject;

typedef struct BoolObject {
    Object hdr;
    int64_t value;          /* 0 or 1 */
} BoolObject;

/* sys.hash_info.modulus: hash(n) is n reduced modulo this, keeping n's
 * sign, and -1 becomes -2 */
#define INT_HASH_MODULUS (((int64_t)1 << 61) - 1)

extern BoolObject true_obj, false_obj;
#define V_TRUE V_FROM_PTR(&true_obj)
#define V_FALSE V_FROM_PTR(&false_obj)
static inline Value v_bool(bool b) { return b ? V_TRUE : V_FALSE; }

/* int, a subclass of int, or bool */
static inline bool int_check(Value v) {
    return (v & 1) || (v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_INT_SUBCLASS));
}
static inline bool int_check_exact(Value v) {
    return (v & 1) || (v_is_ptr(v) && v && V_OBJ(v)->type == &int_type);
}
static inline bool bool_check(Value v) { return v == V_TRUE || v == V_FALSE; }

Value int_from_i64(int64_t x);
Value int_from_u64(uint64_t x);
Value int_from_mpz(const mpz_t z);      /* copies; normalises */
Value int_from_double(double d);        /* truncates; error for inf/nan */
/* Parse like int(s, base) (base 0: from prefix); errors as CPython. */
Value int_from_string(const char *s, size_t len, int base);
/* int(s) of an exact str s (which has no __int__, __index__ nor __trunc__):
 * its decimal value, or VNULL with ValueError */
Value int_from_exact_str(Value s);
/* int(s) in base 10 surely fails with "invalid literal" (told without
 * raising): s is ASCII, shorter than any digit limit (whose error would
 * come first), and has a character no base-10 literal has. */
bool int_str_surely_invalid(Value s);
/* The message of int()'s invalid literal error for x (a str or bytes). */
Value int_invalid_literal_message(Value x, int base);

/* The decimal-digit limit of int<->str conversions (sys.set_int_max_str_digits) */
#define INT_DEFAULT_MAX_STR_DIGITS 4300
#define INT_MAX_STR_DIGITS_THRESHOLD 640
int int_max_str_digits(void);   /* 0: no limit */
/* Convert to int64: returns -1 with OverflowError set when it does not fit
 * (check err_occurred() only when the result is -1). Accepts bool. */
int64_t int_as_i64(Value v);
/* Like int_as_i64 but clamps to [lo, hi] without error (for slicing). */
/* The count of a sequence repetition (seq * n): 0 for n <= 0, -1 with
 * CPython's OverflowError when n does not fit a Py_ssize_t. */
int64_t int_repeat_count(Value n);
int64_t int_as_i64_clamped(Value v, int64_t lo, int64_t hi);
/* Set z to the value of an int (incl. bool). */
void int_to_mpz(Value v, mpz_t z);
double int_as_double(Value v);          /* may set OverflowError; -1.0 */
/* x / y correctly rounded (Python's int true division), y != 0. */
double int_truediv_i64(int64_t x, int64_t y);
bool int_is_zero(Value v);
int int_sign(Value v);
Value int_repr(Value v);
int64_t int_hash(Value v);
Value int_binop(Value a, Value b, int op);
Value int_richcompare(Value a, Value b, int op);
int int_compare(Value a, Value b);      /* both ints: -1 0 1 */
Value int_unop(Value a, int op);
/* Slow paths of the interpreter's inline small-int arithmetic. */
Value int_add_slow(Value a, Value b);
Value int_sub_slow(Value a, Value b);
Value int_mul_slow(Value a, Value b);
/* Index protocol: int or object with __index__ -> int, else TypeError. */
Value obj_index(Value v);
/* Argument Clinic's "int" converter: obj_index, then a C int (one
 * OverflowError message for both directions); 0, or -1 with the error set */
int index_as_c_int(Value v, int *out);
/* Argument Clinic's "Py_ssize_t" converter: obj_index, then int64 with
 * its OverflowError message; -1 with the error set */
int64_t index_as_ssize(Value v);
/* obj_index then int64 (OverflowError if too big). */
int64_t obj_index_i64(Value v);

void int_init(void);

#endif
