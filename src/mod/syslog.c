/* syslog.c: the syslog module: openlog, syslog, closelog, setlogmask,
 * LOG_MASK, LOG_UPTO and the priority, facility and option constants of
 * <syslog.h>, with CPython's argument rules, messages and audit events.
 * openlog(3) keeps the ident pointer it is given, so the ident str is kept
 * here, as UTF-8 bytes (`ident_kept`, a root), until the next openlog or closelog. Without
 * an ident, the base name of sys.argv[0] is used; syslog() opens the log
 * that way first when nothing opened it. */
#include <string.h>
#include <syslog.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "modules.h"

extern Value sys_module;

static Value ident_kept;   /* the bytes openlog(3) points into, or VNULL */

/* str -> its UTF-8 as bytes, strict (a lone surrogate: UnicodeEncodeError) */
static Value utf8_strict(Value s) { return bytes_encode_str(s, str_from_cstr("utf-8"), str_from_cstr("strict")); }
static bool log_open;

/* the text after the last '/' of sys.argv[0], or VNULL (no error) when
   there is no such str */
static Value argv0_basename(void) {
    Value argv = dict_get_str(module_dict(sys_module), str_from_cstr("argv"));
    if (!argv || !list_check(argv) || list_size(argv) == 0) return VNULL;
    Value s = list_get(argv, 0);
    if (!str_check(s) || str_len(s) == 0) return VNULL;
    const char *d = str_data(s), *slash = strrchr(d, '/');
    return slash ? str_from_cstr(slash + 1) : s;
}

/* a C long argument, as the `l` converter takes it; 0 or -1 with the error */
static int arg_long(Value v, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) return -1;   /* "Python int too large to convert to C long" */
    *out = x;
    return 0;
}

static const ArgSpec openlog_spec = {"openlog", 0, 0, 0, {"ident", "logoption", "facility", NULL}};
static Value syslog_openlog(Value *args, size_t nargs, Value kwnames) {
    Value a[3] = {VNULL, VNULL, VNULL};
    if (arg_parse(&openlog_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[0] && !str_check(a[0])) {
        /* the `U` converter's message names None as None, other objects by type */
        if (a[0] == V_NONE) return err_set(&exc_TypeError, "openlog() argument 1 must be str, not None");
        return err_format(&exc_TypeError, "openlog() argument 1 must be str, not %T", a[0]);
    }
    int64_t logoption = 0, facility = LOG_USER;
    if (a[1] && arg_long(a[1], &logoption) < 0) return VNULL;
    if (a[2] && arg_long(a[2], &facility) < 0) return VNULL;
    Value ident = a[0] ? a[0] : argv0_basename();
    if (AUDIT("syslog.openlog", 3, ident ? ident : V_NONE, int_from_i64(logoption), int_from_i64(facility)) < 0)
        return VNULL;
    Value ident_utf8 = ident ? utf8_strict(ident) : VNULL;
    if (ident && !ident_utf8) return VNULL;
    ident_kept = ident_utf8;
    openlog(ident_utf8 ? bytes_data(ident_utf8) : NULL, (int)logoption, (int)facility);
    log_open = true;
    return V_NONE;
}

/* syslog([priority,] message) */
static Value syslog_syslog(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("syslog", kwnames) < 0) return VNULL;
    int64_t priority = LOG_INFO;
    Value message;
    int c_priority;
    if (nargs == 2 && str_check(args[1]) && index_as_c_int(args[0], &c_priority) == 0) {
        priority = c_priority;
        message = args[1];
    } else if (nargs == 1 && str_check(args[0])) {
        message = args[0];
    } else {
        err_clear();   /* the priority's own error: CPython's parser reports the form instead */
        return err_set(&exc_TypeError, "[priority,] message string");
    }
    if (AUDIT("syslog.syslog", 2, int_from_i64(priority), message) < 0) return VNULL;
    if (!log_open) {
        Value r = syslog_openlog(NULL, 0, VNULL);
        if (!r) return VNULL;
    }
    Value utf8 = utf8_strict(message);
    if (!utf8) return VNULL;
    /* utf8 stays referenced here while the lock is out */
    const char *text = bytes_data(utf8);
    bool released = gil_blocking_begin();
    syslog((int)priority, "%s", text);
    gil_blocking_end(released);
    return V_NONE;
}

static Value syslog_closelog(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("syslog.closelog", kwnames) < 0 || arg_count("syslog.closelog", nargs, 0, 0) < 0) return VNULL;
    if (AUDIT("syslog.closelog", 0) < 0) return VNULL;
    if (log_open) {
        closelog();
        ident_kept = VNULL;
        log_open = false;
    }
    return V_NONE;
}

static Value syslog_setlogmask(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setlogmask", kwnames) < 0) return VNULL;
    if (nargs != 1) return err_set(&exc_TypeError, "mask for priority");
    int64_t mask;
    if (arg_long(args[0], &mask) < 0) return VNULL;
    if (AUDIT("syslog.setlogmask", 1, int_from_i64(mask)) < 0) return VNULL;
    return int_from_i64(setlogmask((int)mask));
}

/* LOG_MASK(pri) and LOG_UPTO(pri): one C long each */
static int one_long(const char *fname, Value *args, size_t nargs, Value kwnames, int64_t *out) {
    if (arg_nokw(fname, kwnames) < 0) return -1;
    if (nargs != 1) {
        err_format(&exc_TypeError, "%s() takes exactly 1 argument (%zd given)", fname, (ssize_t)nargs);
        return -1;
    }
    return arg_long(args[0], out);
}
static Value syslog_log_mask(Value *args, size_t nargs, Value kwnames) {
    int64_t pri;
    if (one_long("LOG_MASK", args, nargs, kwnames, &pri) < 0) return VNULL;
    return int_from_i64(LOG_MASK(pri));
}
static Value syslog_log_upto(Value *args, size_t nargs, Value kwnames) {
    int64_t pri;
    if (one_long("LOG_UPTO", args, nargs, kwnames, &pri) < 0) return VNULL;
    return int_from_i64(LOG_UPTO(pri));
}

static const MethodDef syslog_functions[] = {
    {"openlog", syslog_openlog, MF_KEYWORDS, NULL, &openlog_spec},
    {"syslog", syslog_syslog, MF_KEYWORDS, NULL},
    {"closelog", syslog_closelog, MF_KEYWORDS, NULL},
    {"setlogmask", syslog_setlogmask, MF_KEYWORDS, NULL},
    {"LOG_MASK", syslog_log_mask, MF_KEYWORDS, NULL},
    {"LOG_UPTO", syslog_log_upto, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

#define SYSLOG_CONSTANTS(X)                                                                                  \
    X(LOG_EMERG) X(LOG_ALERT) X(LOG_CRIT) X(LOG_ERR) X(LOG_WARNING) X(LOG_NOTICE) X(LOG_INFO) X(LOG_DEBUG)   \
    X(LOG_PID) X(LOG_CONS) X(LOG_NDELAY) X(LOG_ODELAY) X(LOG_NOWAIT) X(LOG_PERROR)                           \
    X(LOG_KERN) X(LOG_USER) X(LOG_MAIL) X(LOG_DAEMON) X(LOG_AUTH) X(LOG_LPR) X(LOG_LOCAL0) X(LOG_LOCAL1)     \
    X(LOG_LOCAL2) X(LOG_LOCAL3) X(LOG_LOCAL4) X(LOG_LOCAL5) X(LOG_LOCAL6) X(LOG_LOCAL7) X(LOG_SYSLOG)        \
    X(LOG_CRON) X(LOG_UUCP) X(LOG_NEWS) X(LOG_AUTHPRIV)

Value syslog_module_create(void) {
    Value m = module_new_cstr("syslog");
    module_add_functions(m, syslog_functions);
#define ADD_CONSTANT(name) module_add(m, #name, int_from_i64(name));
    SYSLOG_CONSTANTS(ADD_CONSTANT)
#undef ADD_CONSTANT
    return m;
}
