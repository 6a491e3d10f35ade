/* _statistics.c: statistics.py's accelerator, _normal_dist_inv_cdf(p, mu,
 * sigma): the inverse of the normal distribution's CDF by Wichura's
 * rational approximations (Algorithm AS241, PPND16, Applied Statistics 37
 * (1988) 477-484), in three ranges of p. Each polynomial is evaluated by
 * Horner's rule from its highest coefficient, the order statistics.py's
 * pure-Python version uses, so both give the same doubles (tpy builds
 * with -std=c11: no contraction into fused multiply-adds). The caller
 * (NormalDist.inv_cdf) checks 0 < p < 1. */
#include <math.h>

#include "../runtime.h"
#include "modules.h"

/* Coefficients of AS241, highest degree first; each list has 8. */
#define AS241_DEGREE 8
static const double central_num[AS241_DEGREE] = {
    2.5090809287301226727e+3, 3.3430575583588128105e+4, 6.7265770927008700853e+4, 4.5921953931549871457e+4,
    1.3731693765509461125e+4, 1.9715909503065514427e+3, 1.3314166789178437745e+2, 3.3871328727963666080e+0};
static const double central_den[AS241_DEGREE] = {
    5.2264952788528545610e+3, 2.8729085735721942674e+4, 3.9307895800092710610e+4, 2.1213794301586595867e+4,
    5.3941960214247511077e+3, 6.8718700749205790830e+2, 4.2313330701600911252e+1, 1.0};
static const double near_num[AS241_DEGREE] = {
    7.74545014278341407640e-4, 2.27238449892691845833e-2, 2.41780725177450611770e-1, 1.27045825245236838258e+0,
    3.64784832476320460504e+0, 5.76949722146069140550e+0, 4.63033784615654529590e+0, 1.42343711074968357734e+0};
static const double near_den[AS241_DEGREE] = {
    1.05075007164441684324e-9, 5.47593808499534494600e-4, 1.51986665636164571966e-2, 1.48103976427480074590e-1,
    6.89767334985100004550e-1, 1.67638483018380384940e+0, 2.05319162663775882187e+0, 1.0};
static const double tail_num[AS241_DEGREE] = {
    2.01033439929228813265e-7, 2.71155556874348757815e-5, 1.24266094738807843860e-3, 2.65321895265761230930e-2,
    2.96560571828504891230e-1, 1.78482653991729133580e+0, 5.46378491116411436990e+0, 6.65790464350110377720e+0};
static const double tail_den[AS241_DEGREE] = {
    2.04426310338993978564e-15, 1.42151175831644588870e-7, 1.84631831751005468180e-5, 7.86869131145613259100e-4,
    1.48753612908506148525e-2, 1.36929880922735805310e-1, 5.99832206555887937690e-1, 1.0};

static double horner(const double *c, double r) {
    double acc = c[0];
    for (int i = 1; i < AS241_DEGREE; i++) acc = acc * r + c[i];
    return acc;
}

static double normal_inv_cdf(double p, double mu, double sigma) {
    double q = p - 0.5;
    if (fabs(q) <= 0.425) {
        double r = 0.180625 - q * q;
        double x = horner(central_num, r) * q / horner(central_den, r);
        return mu + x * sigma;
    }
    double r = q <= 0.0 ? p : 1.0 - p;
    r = sqrt(-log(r));
    double num, den;
    if (r <= 5.0) {
        r = r - 1.6;
        num = horner(near_num, r);
        den = horner(near_den, r);
    } else {
        r = r - 5.0;
        num = horner(tail_num, r);
        den = horner(tail_den, r);
    }
    double x = num / den;
    if (q < 0.0) x = -x;
    return mu + x * sigma;
}

/* a `d` argument: a float, or what __float__/__index__ makes one */
static int double_arg(Value v, double *out) {
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    *out = d;
    return 0;
}

static Value statistics_normal_dist_inv_cdf(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_normal_dist_inv_cdf", kwnames) < 0 || arg_count("_normal_dist_inv_cdf", nargs, 3, 3) < 0)
        return VNULL;
    double p, mu, sigma;
    if (double_arg(args[0], &p) < 0 || double_arg(args[1], &mu) < 0 || double_arg(args[2], &sigma) < 0) return VNULL;
    return float_from_double(normal_inv_cdf(p, mu, sigma));
}

static const MethodDef statistics_functions[] = {
    {"_normal_dist_inv_cdf", statistics_normal_dist_inv_cdf, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _statistics_module_create(void) {
    Value m = module_new_cstr("_statistics");
    module_add(m, "__doc__", str_from_cstr("Accelerators for the statistics module."));
    module_add_functions(m, statistics_functions);
    return m;
}
