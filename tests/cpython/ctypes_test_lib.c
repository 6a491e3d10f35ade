/* ctypes_test_lib.c: the C side of CPython's ctypes tests (test.test_ctypes
 * calls these through CDLL(_ctypes_test.__file__)). CPython ships them in
 * its _ctypes_test extension; tpy builds them as a plain shared library,
 * build/_ctypes_test.so, which lib/_ctypes_test.py names. Each function's
 * name and behaviour is what the tests expect of it. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define API __attribute__((visibility("default")))

/* ---- scalar arguments and results ---- */

API int _testfunc_i_bhilfd(signed char b, short h, int i, long l, float f, double d) {
    return (int)(b + h + i + l + f + d);
}
API float _testfunc_f_bhilfd(signed char b, short h, int i, long l, float f, double d) {
    return (float)(b + h + i + l + f + d);
}
API double _testfunc_d_bhilfd(signed char b, short h, int i, long l, float f, double d) {
    return (double)(b + h + i + l + f + d);
}
API long double _testfunc_D_bhilfD(signed char b, short h, int i, long l, float f, long double d) {
    return (long double)(b + h + i + l + f + d);
}
API long long _testfunc_q_bhilfd(signed char b, short h, int i, long l, float f, double d) {
    return (long long)(b + h + i + l + f + d);
}
API long long _testfunc_q_bhilfdq(signed char b, short h, int i, long l, float f, double d, long long q) {
    return (long long)(b + h + i + l + f + d + q);
}
API void _testfunc_v(int a, int b, int *out) { *out = a + b; }
API char *_testfunc_p_p(void *p) { return p; }
API void *_testfunc_c_p_p(int *argc, char **argv) { return argv[*argc - 1]; }
API int *_testfunc_ai8(int a[8]) { return a; }
API int _testfunc_deref_pointer(int *p) { return *p; }

/* tf_X(c) returns c / 3 and records c: last_tf_arg_s for signed and
   floating types, last_tf_arg_u for unsigned ones; tf_bX(x, c) the same
   after a signed char argument */
API long long last_tf_arg_s;
API unsigned long long last_tf_arg_u;
#define TF_S(name, T) \
    API T tf_##name(T c) { last_tf_arg_s = (long long)c; return c / 3; } \
    API T tf_b##name(signed char x, T c) { (void)x; last_tf_arg_s = (long long)c; return c / 3; }
#define TF_U(name, T) \
    API T tf_##name(T c) { last_tf_arg_u = (unsigned long long)c; return c / 3; } \
    API T tf_b##name(signed char x, T c) { (void)x; last_tf_arg_u = (unsigned long long)c; return c / 3; }
TF_S(b, signed char)
TF_U(B, unsigned char)
TF_S(h, short)
TF_U(H, unsigned short)
TF_S(i, int)
TF_U(I, unsigned int)
TF_S(l, long)
TF_U(L, unsigned long)
TF_S(q, long long)
TF_U(Q, unsigned long long)
TF_S(f, float)
TF_S(d, double)
TF_S(D, long double)
API void tv_i(int c) { last_tf_arg_s = c; }

API int an_integer = 42;
API int get_an_integer(void) { return an_integer; }

/* ---- strings and memory ---- */

API char *my_strtok(char *s, const char *delim) { return strtok(s, delim); }
API char *my_strchr(const char *s, int c) { return strchr(s, c); }
API double my_sqrt(double x) { return sqrt(x); }
API void my_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    qsort(base, n, size, cmp);
}
API void *get_strchr(void) { return (void *)strchr; }
API char *my_strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}
API wchar_t *my_wcsdup(const wchar_t *s) {
    size_t n = (wcslen(s) + 1) * sizeof(wchar_t);
    wchar_t *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}
API size_t my_wcslen(const wchar_t *s) { return wcslen(s); }
API void my_free(void *p) { free(p); }
API int myprintf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}
API void testfunc_array(int v[4]) { printf("testfunc_array %d %d %d %d\n", v[0], v[1], v[2], v[3]); }
API long double testfunc_Ddd(double a, double b) {
    printf("testfunc_Ddd(%p, %p)\n", (void *)&a, (void *)&b);
    printf("testfunc_Ddd(%g, %g)\n", a, b);
    return (long double)(a * b);
}
API long double testfunc_DDD(long double a, long double b) {
    printf("testfunc_DDD(%p, %p)\n", (void *)&a, (void *)&b);
    printf("testfunc_DDD(%Lg, %Lg)\n", a, b);
    return a * b;
}
API int testfunc_iii(int a, int b) {
    printf("testfunc_iii(%p, %p)\n", (void *)&a, (void *)&b);
    return a * b;
}
API void _py_func_si(char *s, int i) { (void)s; (void)i; }
API void _py_func(void) {}

/* ---- callbacks ---- */

API int _testfunc_cbk_reg_int(int a, int b, int c, int d, int e, int (*f)(int, int, int, int, int)) {
    return f(a * a, b * b, c * c, d * d, e * e);
}
API double _testfunc_cbk_reg_double(double a, double b, double c, double d, double e,
                                    double (*f)(double, double, double, double, double)) {
    return f(a * a, b * b, c * c, d * d, e * e);
}
API int _testfunc_callback_with_pointer(int (*f)(int *)) {
    int ten[10];
    for (int i = 0; i < 10; i++) ten[i] = i + 1;
    return f(ten);
}
/* the sum of f(v), f(v/2), f(v/4)... down to 0 */
API int _testfunc_callback_i_if(int v, int (*f)(int)) {
    int total = 0;
    for (; v; v /= 2) total += f(v);
    return total;
}
API long long _testfunc_callback_q_qf(long long v, long long (*f)(long long)) {
    long long total = 0;
    for (; v; v /= 2) total += f(v);
    return total;
}
typedef struct {
    int (*c)(int, int);
    int (*s)(int, int);
} FuncPair;
API int _testfunc_callfuncp(FuncPair *p) {
    p->c(1, 2);
    p->s(3, 4);
    return 0;
}
/* midpoint rule over nstep intervals */
API double integrate(double a, double b, double (*f)(double), long nstep) {
    double dx = (b - a) / (double)nstep, sum = 0.0;
    for (double x = a + 0.5 * dx; (b - x) * (x - a) > 0.0; x += dx) sum += f(x);
    return sum / (double)nstep;
}
typedef struct {
    void (*initialize)(void *(*)(int), void (*)(void *));
} LibraryTable;
static void library_init(void *(*xalloc)(int), void (*xfree)(void *)) {
    printf("_xxx_init got %p %p\n", (void *)xalloc, (void *)xfree);
    printf("calling\n");
    void *p = xalloc(32);
    xfree(p);
    printf("calls done, ptr was %p\n", p);
}
static LibraryTable library_table = {library_init};
API LibraryTable *library_get(void) { return &library_table; }

/* ---- structures and unions by value and by reference ---- */

typedef struct {
    unsigned long first, second, third;
} Large;
API void _testfunc_cbk_large_struct(Large in, void (*f)(Large)) { f(in); }
/* writes to its copy only: the caller's structure must not change */
API void _testfunc_large_struct_update_value(Large in) {
    volatile Large *p = &in;
    p->first = p->second = p->third = 0x0badf00d;
}
typedef struct {
    unsigned int first, second;
} Small;
API Small last_tfrsuv_arg;
API void _testfunc_reg_struct_update_value(Small in) {
    last_tfrsuv_arg = in;
    volatile Small *p = &in;
    p->first = p->second = 0x0badf00d;
}
typedef struct {
    unsigned char data[16];
} Bytes16;
API int _testfunc_array_in_struct1(Bytes16 in) {
    int total = 0;
    for (int i = 0; i < 16; i++) total += in.data[i];
    memset(in.data, 0, sizeof in.data);
    return total;
}
typedef struct {
    double data[2];
} Doubles2;
API double _testfunc_array_in_struct2(Doubles2 in) {
    double total = in.data[0] + in.data[1];
    memset(in.data, 0, sizeof in.data);
    return total;
}
typedef struct {
    float data[2];
    float more_data[2];
} Floats2x2;
API double _testfunc_array_in_struct2a(Floats2x2 in) {
    double total = (double)in.data[0] + in.data[1] + in.more_data[0] + in.more_data[1];
    memset(in.data, 0, sizeof in.data);
    return total;
}
typedef union {
    long a_long;
    struct {
        int an_int, another_int;
    } a_struct;
} LongOrInts;
typedef struct {
    int an_int;
    struct {
        int an_int;
        LongOrInts a_union;
    } nested;
    int another_int;
} Nested;
API long _testfunc_union_by_value1(LongOrInts in) {
    long r = in.a_long + in.a_struct.an_int + in.a_struct.another_int;
    memset(&in, 0, sizeof in);
    return r;
}
API long _testfunc_union_by_value2(Nested in) {
    long r = in.an_int + in.nested.an_int;
    memset(&in, 0, sizeof in);
    return r;
}
API long _testfunc_union_by_reference1(LongOrInts *in) {
    long r = in->a_long;
    memset(in, 0, sizeof *in);
    return r;
}
API long _testfunc_union_by_reference2(LongOrInts *in) {
    long r = in->a_struct.an_int + in->a_struct.another_int;
    memset(in, 0, sizeof *in);
    return r;
}
API long _testfunc_union_by_reference3(Nested *in) {
    long r = in->an_int + in->nested.an_int + in->another_int;
    memset(in, 0, sizeof *in);
    return r;
}

typedef struct {
    int x, y;
} IntPoint;
/* x + y; copies the point to *out when out is not NULL */
API int _testfunc_byval(IntPoint in, IntPoint *out) {
    if (out) *out = in;
    return in.x + in.y;
}

typedef struct {
    long x, y;
} LPoint;
typedef struct {
    long left, top, right, bottom;
} LRect;
API long left = 10, top = 20, right = 30, bottom = 40;
API int PointInRect(LRect *r, LPoint p) {
    return p.x >= r->left && p.x <= r->right && p.y >= r->top && p.y <= r->bottom;
}
/* checks that every rectangle arrived (their lefts and rights sum to 5
   times the globals; the points agree), then returns ar, dr or gr */
API LRect ReturnRect(int which, LRect ar, LRect *br, LPoint cp, LRect dr, LRect *er, LPoint fp, LRect gr) {
    if (ar.left + br->left + dr.left + er->left + gr.left != left * 5) {
        ar.left = 100;
        return ar;
    }
    if (ar.right + br->right + dr.right + er->right + gr.right != right * 5) {
        ar.right = 100;
        return ar;
    }
    if (cp.x != fp.x) ar.left = -100;
    if (cp.y != fp.y) ar.left = -200;
    return which == 1 ? dr : which == 2 ? gr : ar;
}
API int GetRectangle(int flag, LRect *r) {
    if (!flag) return 0;
    r->left = flag;
    r->top = flag + 1;
    r->right = flag + 2;
    r->bottom = flag + 3;
    return 1;
}
API void TwoOutArgs(int a, int *pi, int b, int *pj) {
    *pi += a;
    *pj += b;
}

typedef struct {
    short x, y;
} TwoShorts;
API TwoShorts ret_2h_func(TwoShorts in) {
    in.x *= 2;
    in.y *= 3;
    return in;
}
typedef struct {
    int v[8];
} EightInts;
API EightInts ret_8i_func(EightInts in) {
    for (int i = 0; i < 8; i++) in.v[i] *= i + 2;
    return in;
}

typedef struct {
    char *name, *value;
} Spam;
typedef struct {
    char *name;
    int num_spams;
    Spam *spams;
} Egg;
static Spam spams[2] = {{"name1", "value1"}, {"name2", "value2"}};
static Egg eggs[1] = {{"first egg", 1, spams}};
API int getSPAMANDEGGS(Egg **out) {
    *out = eggs;
    return 1;
}

/* ---- bit fields: as the C compiler lays them out ---- */

struct Bits {
    int A : 1, B : 2, C : 3, D : 4, E : 5, F : 6, G : 7, H : 8, I : 9;
    short M : 1, N : 2, O : 3, P : 4, Q : 5, R : 6, S : 7;
};
API int unpack_bitfields(struct Bits *b, char name) {
    switch (name) {
    case 'A': return b->A;
    case 'B': return b->B;
    case 'C': return b->C;
    case 'D': return b->D;
    case 'E': return b->E;
    case 'F': return b->F;
    case 'G': return b->G;
    case 'H': return b->H;
    case 'I': return b->I;
    case 'M': return b->M;
    case 'N': return b->N;
    case 'O': return b->O;
    case 'P': return b->P;
    case 'Q': return b->Q;
    case 'R': return b->R;
    case 'S': return b->S;
    }
    return 0;
}
