/* value.h: the one-word value representation.
 *
 * Every Python value is a 64-bit word (Value). The low bits say what it is:
 *
 *   63                                              3  2  1  0
 *   +-------------------------------------------------+--+--+--+
 *   |            signed 63-bit integer                       | 1|  small int
 *   +-------------------------------------------------+--+--+--+
 *   |    float payload (62 bits, see below)              | 1| 0|  small float
 *   +-------------------------------------------------+--+--+--+
 *   |             pointer to an Object (8-aligned)   | 0| 0| 0|  heap object
 *   +-------------------------------------------------+--+--+--+
 *
 * Value 0 (the NULL pointer) is never a Python value: functions returning a
 * Value return 0 to say "an exception is set" (see vm/errors.h), and a local
 * variable slot holding 0 is unbound. The pattern ...100 is never produced.
 *
 * Small floats (the 64-bit Spur "SmallFloat64" trick, with a 9-bit exponent):
 * the IEEE bits are rotated left by one so the sign lands in bit 0, then the
 * exponent is rebased by FLOAT_EXP_BIAS_SHIFT; doubles whose binary exponent
 * lies in [-255, 256] (about 1e-77 .. 1e77) fit in 62 bits and are
 * immediate, but for +-2**-255 (rebased payload 0 and 1). Everything else
 * (huge, tiny, inf, nan, and +-0.0) is a FloatObject: the two zeros are
 * static ones (float.h, float_zeros), so no zero is ever allocated, and
 * decoding needs no test for them (a compiled loop decodes a float from a
 * list item in 8 instructions instead of 10).
 *
 * Both small ints and big ints (GMP) are the Python type int; both small
 * and boxed floats are the type float. Code must never compare two Values
 * with == to test numeric equality: use the int/float APIs.
 */
#ifndef TPY_VALUE_H
#define TPY_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t Value;

#define VNULL ((Value)0)

/* ---- small ints ---------------------------------------------------------- */
#define SMALLINT_MAX ((int64_t)0x3FFFFFFFFFFFFFFF)  /* 2**62 - 1 */
#define SMALLINT_MIN (-SMALLINT_MAX - 1)              /* -2**62 */

static inline bool v_is_int(Value v) { return (v & 1) != 0; }
static inline Value v_int(int64_t x) { return ((uint64_t)x << 1) | 1; }
static inline int64_t v_intval(Value v) { return (int64_t)v >> 1; }
static inline bool smallint_fits(int64_t x) {
    return x >= SMALLINT_MIN && x <= SMALLINT_MAX;
}
static inline bool v_both_int(Value a, Value b) { return (a & b & 1) != 0; }

/* ---- small floats -------------------------------------------------------- */
#define FLOAT_TAG 2
#define FLOAT_EXP_BIAS_SHIFT ((uint64_t)768 << 53)

static inline bool v_is_smallfloat(Value v) { return (v & 3) == FLOAT_TAG; }

static inline uint64_t double_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
static inline double bits_double(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* Decode a small float. Precondition: v_is_smallfloat(v). */
static inline double v_smallfloat_val(Value v) {
    uint64_t r = (v >> 2) + FLOAT_EXP_BIAS_SHIFT;
    return bits_double((r >> 1) | (r << 63));
}

/* Try to encode d as a small float; returns VNULL when it must be boxed. */
static inline Value v_try_smallfloat(double d) {
    uint64_t u = double_bits(d);
    uint64_t r = (u << 1) | (u >> 63);
    uint64_t adj = r - FLOAT_EXP_BIAS_SHIFT;
    if (adj - 2 < ((uint64_t)1 << 62) - 2) return (adj << 2) | FLOAT_TAG;
    return VNULL;
}

/* ---- heap pointers ------------------------------------------------------- */
static inline bool v_is_ptr(Value v) { return (v & 7) == 0; }
#define V_OBJ(v) ((Object *)(uintptr_t)(v))
#define V_AS(T, v) ((T *)(uintptr_t)(v))
#define V_FROM_PTR(p) ((Value)(uintptr_t)(p))

/* memcpy of n Values where src may be NULL when n == 0 (empty arrays). */
static inline void values_copy(Value *dst, const Value *src, size_t n) {
    if (n) memcpy(dst, src, n * sizeof(Value));
}

#endif
