/* resource.c: the resource module: process limits (getrlimit, setrlimit,
 * prlimit), resource usage (getrusage as resource.struct_rusage) and the
 * page size, with CPython's messages. RLIM_INFINITY reads -1, as CPython
 * shows rlim_t's all-ones value. */
#include <errno.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

static Type *rusage_type;

static Value rlim_value(rlim_t v) { return int_from_i64(v == RLIM_INFINITY ? -1 : (int64_t)v); }

/* a resource number: -1 with ValueError when the system has no such limit */
static int resource_arg(Value v) {
    int64_t r = obj_index_i64(v);
    if (r == -1 && err_occurred()) return -1;
    if (r < 0 || r >= RLIM_NLIMITS) {
        err_set(&exc_ValueError, "invalid resource specified");
        return -1;
    }
    return (int)r;
}

/* (soft, hard) from any sequence of two integers; -1 for infinity */
static int limits_arg(Value v, struct rlimit *out) {
    Value t = tuple_check(v) ? v : obj_call1(V_FROM_PTR(&tuple_type), v);
    if (!t) return -1;
    if (tuple_size(t) != 2) {
        err_set(&exc_ValueError, "expected a tuple of 2 integers");
        return -1;
    }
    rlim_t lim[2];
    for (int i = 0; i < 2; i++) {
        Value iv = obj_index(tuple_get(t, i));
        if (!iv) return -1;
        int64_t x = int_as_i64(iv);   /* OverflowError when too big, as CPython's */
        if (x == -1 && err_occurred()) return -1;
        lim[i] = x < 0 ? RLIM_INFINITY : (rlim_t)x;
    }
    out->rlim_cur = lim[0];
    out->rlim_max = lim[1];
    return 0;
}

/* setrlimit's and prlimit's errors, as CPython maps them */
static Value limit_error(void) {
    if (errno == EINVAL) return err_set(&exc_ValueError, "current limit exceeds maximum limit");
    if (errno == EPERM) return err_set(&exc_ValueError, "not allowed to raise maximum limit");
    return err_set_errno(&exc_OSError, errno, VNULL);
}

static const ArgSpec res_getrlimit_spec = {"getrlimit", 1, 1, 0, {"resource", NULL}};
static Value res_getrlimit(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&res_getrlimit_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int r = resource_arg(a[0]);
    if (r < 0) return VNULL;
    struct rlimit rl;
    if (getrlimit(r, &rl) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return tuple_pack(2, rlim_value(rl.rlim_cur), rlim_value(rl.rlim_max));
}

static const ArgSpec res_setrlimit_spec = {"setrlimit", 2, 2, 0, {"resource", "limits", NULL}};
static Value res_setrlimit(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&res_setrlimit_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int r = resource_arg(a[0]);
    if (r < 0) return VNULL;
    struct rlimit rl;
    if (limits_arg(a[1], &rl) < 0) return VNULL;
    if (setrlimit(r, &rl) < 0) return limit_error();
    return V_NONE;
}

static Value res_prlimit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"prlimit", 3, 2, 0, {"pid", "resource", "limits", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t pid = obj_index_i64(a[0]);
    if (pid == -1 && err_occurred()) return VNULL;
    int r = resource_arg(a[1]);
    if (r < 0) return VNULL;
    struct rlimit new_rl, old_rl;
    bool set = a[2] && a[2] != V_NONE;
    if (set && limits_arg(a[2], &new_rl) < 0) return VNULL;
    if (prlimit((pid_t)pid, r, set ? &new_rl : NULL, &old_rl) < 0) return limit_error();
    return tuple_pack(2, rlim_value(old_rl.rlim_cur), rlim_value(old_rl.rlim_max));
}

static double seconds(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6; }

/* resource.struct_rusage of ru (the resource module must have been made:
 * os.wait3 and os.wait4 import it first, as CPython's do) */
Value resource_rusage_value(const struct rusage *r) {
    Value v[16] = {float_from_double(seconds(r->ru_utime)),
                   float_from_double(seconds(r->ru_stime)),
                   int_from_i64(r->ru_maxrss),
                   int_from_i64(r->ru_ixrss),
                   int_from_i64(r->ru_idrss),
                   int_from_i64(r->ru_isrss),
                   int_from_i64(r->ru_minflt),
                   int_from_i64(r->ru_majflt),
                   int_from_i64(r->ru_nswap),
                   int_from_i64(r->ru_inblock),
                   int_from_i64(r->ru_oublock),
                   int_from_i64(r->ru_msgsnd),
                   int_from_i64(r->ru_msgrcv),
                   int_from_i64(r->ru_nsignals),
                   int_from_i64(r->ru_nvcsw),
                   int_from_i64(r->ru_nivcsw)};
    return structseq_new(rusage_type, v);
}

static const ArgSpec res_getrusage_spec = {"getrusage", 1, 1, 0, {"who", NULL}};
static Value res_getrusage(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&res_getrusage_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t who = obj_index_i64(a[0]);
    if (who == -1 && err_occurred()) return VNULL;
    struct rusage ru;
    if (who < INT32_MIN || who > INT32_MAX || getrusage((int)who, &ru) < 0) {
        if (who < INT32_MIN || who > INT32_MAX || errno == EINVAL)
            return err_set(&exc_ValueError, "invalid who parameter");
        return err_set_errno(&exc_OSError, errno, VNULL);
    }
    return resource_rusage_value(&ru);
}

static const ArgSpec res_getpagesize_spec = {"getpagesize", 0, 0, 0, {NULL}};
static Value res_getpagesize(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&res_getpagesize_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(sysconf(_SC_PAGESIZE));
}

static const struct {
    const char *name;
    int64_t value;
} resource_constants[] = {
    {"RLIMIT_CPU", RLIMIT_CPU},         {"RLIMIT_FSIZE", RLIMIT_FSIZE},
    {"RLIMIT_DATA", RLIMIT_DATA},       {"RLIMIT_STACK", RLIMIT_STACK},
    {"RLIMIT_CORE", RLIMIT_CORE},       {"RLIMIT_RSS", RLIMIT_RSS},
    {"RLIMIT_NPROC", RLIMIT_NPROC},     {"RLIMIT_NOFILE", RLIMIT_NOFILE},
    {"RLIMIT_OFILE", RLIMIT_OFILE},     {"RLIMIT_MEMLOCK", RLIMIT_MEMLOCK},
    {"RLIMIT_AS", RLIMIT_AS},           {"RLIMIT_MSGQUEUE", RLIMIT_MSGQUEUE},
    {"RLIMIT_NICE", RLIMIT_NICE},       {"RLIMIT_RTPRIO", RLIMIT_RTPRIO},
    {"RLIMIT_RTTIME", RLIMIT_RTTIME},   {"RLIMIT_SIGPENDING", RLIMIT_SIGPENDING},
    {"RUSAGE_SELF", RUSAGE_SELF},       {"RUSAGE_CHILDREN", RUSAGE_CHILDREN},
    {"RUSAGE_THREAD", RUSAGE_THREAD},   {"RLIM_INFINITY", -1},
};

static const MethodDef resource_functions[] = {
    {"getrlimit", res_getrlimit, MF_KEYWORDS, NULL, &res_getrlimit_spec},
    {"setrlimit", res_setrlimit, MF_KEYWORDS, NULL, &res_setrlimit_spec},
    {"prlimit", res_prlimit, MF_KEYWORDS, NULL},
    {"getrusage", res_getrusage, MF_KEYWORDS, NULL, &res_getrusage_spec},
    {"getpagesize", res_getpagesize, MF_KEYWORDS, NULL, &res_getpagesize_spec},
    {NULL, NULL, 0, NULL},
};

Value resource_module_create(void) {
    if (!rusage_type) {
        static const char *const fields[] = {"ru_utime",  "ru_stime",   "ru_maxrss", "ru_ixrss",  "ru_idrss",   "ru_isrss",
                                             "ru_minflt", "ru_majflt",  "ru_nswap",  "ru_inblock", "ru_oublock",
                                             "ru_msgsnd", "ru_msgrcv",  "ru_nsignals", "ru_nvcsw", "ru_nivcsw"};
        rusage_type = structseq_new_type("resource", "struct_rusage", fields, 16, 16);
    }
    Value m = module_new_cstr("resource");
    module_add_functions(m, resource_functions);
    module_add(m, "struct_rusage", V_FROM_PTR(rusage_type));
    module_add(m, "error", V_FROM_PTR(&exc_OSError));
    for (size_t i = 0; i < sizeof resource_constants / sizeof *resource_constants; i++)
        module_add(m, resource_constants[i].name, int_from_i64(resource_constants[i].value));
    return m;
}
