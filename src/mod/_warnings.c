/* _warnings.c: the warnings machinery CPython writes in C, which the
 * standard warnings.py re-exports: the filter list, warn() and
 * warn_explicit(), the once-registry. Showing a warning goes through
 * warnings._showwarnmsg when warnings.py is loaded (so that
 * warnings.showwarning and catch_warnings work), else it is printed here
 * in the same format.
 *
 * warn_c() is the C entry for tpy's own warnings (the compiler's, the
 * runtime's): the same filters apply, so -W error turns them into errors.
 */
#include "../front/lexer.h"
#include "../runtime.h"
#include "../vm/traceback.h"
#include "modules.h"

extern Value sys_module;
void sys_write_stderr(const char *s, size_t n);   /* sys.c */

static Value filters;          /* list of (action, message re, category, module re, lineno) */
static Value once_registry;    /* dict */
static Value default_action;   /* str */
static int64_t filters_version = 1;
static bool ready;

static Value filter_entry(const char *action, Type *category, const char *module) {
    return tuple_pack(5, str_from_cstr(action), V_NONE, V_FROM_PTR(category), module ? str_from_cstr(module) : V_NONE,
                      v_int(0));
}

/* CPython's default filters (a release build) */
static void init_state(void) {
    if (ready) return;
    ready = true;
    filters = list_new(5);
    list_append(filters, filter_entry("default", &exc_DeprecationWarning, "__main__"));
    list_append(filters, filter_entry("ignore", &exc_DeprecationWarning, NULL));
    list_append(filters, filter_entry("ignore", &exc_PendingDeprecationWarning, NULL));
    list_append(filters, filter_entry("ignore", &exc_ImportWarning, NULL));
    list_append(filters, filter_entry("ignore", &exc_ResourceWarning, NULL));
    once_registry = dict_new();
    default_action = str_from_cstr("default");
}

/* warnings.py may have rebound its names to new objects: read them there
   when it is loaded (as CPython's get_warnings_attr) */
static Value warnings_attr(const char *name) {
    Value m = dict_get(tstate.sys_modules, str_intern_cstr("warnings"));
    if (!m || !module_check(m)) return VNULL;
    return dict_get_cstr(module_dict(m), name);
}

static Value current_filters(void) {
    /* the last list seen stays in use when warnings.filters is deleted */
    Value f = warnings_attr("filters");
    if (f && list_check(f)) filters = f;
    return filters;
}

/* does `pattern` match text? None matches anything, a str only itself
   (the default filters' module names), else a compiled pattern's .match */
static int pattern_matches(Value pattern, Value text) {
    if (pattern == V_NONE) return 1;
    if (str_check_exact(pattern)) return obj_richcompare_bool(pattern, text, CMP_EQ);
    Value r = obj_call_method(pattern, "match", &text, 1);
    if (!r) return -1;
    return obj_truth(r);
}

static Value get_filter_action(Type *category, Value text, int64_t lineno, Value module, Value *item_out) {
    Value fl = current_filters();
    for (int64_t i = 0; i < list_size(fl); i++) {
        Value item = list_get(fl, i);
        if (!tuple_check(item) || tuple_size(item) != 5)
            return err_format(&exc_ValueError, "_warnings.filters item %zd isn't a 5-tuple", (ssize_t)i);
        Value action = tuple_get(item, 0), msg = tuple_get(item, 1), cat = tuple_get(item, 2),
              mod = tuple_get(item, 3), ln = tuple_get(item, 4);
        int good = pattern_matches(msg, text);
        if (good < 0) return VNULL;
        if (!good) continue;
        good = pattern_matches(mod, module);
        if (good < 0) return VNULL;
        if (!good) continue;
        int sub = obj_issubclass(V_FROM_PTR(category), cat);
        if (sub < 0) return VNULL;
        if (!sub) continue;
        int64_t l = int_as_i64(ln);
        if (l == -1 && err_occurred()) return VNULL;
        if (l != 0 && l != lineno) continue;
        *item_out = item;
        return action;
    }
    *item_out = V_NONE;
    Value d = warnings_attr("defaultaction");
    if (d && str_check(d)) return d;
    return default_action;
}

/* Has the registry seen key? Clears a registry made under older filters. */
static int already_warned(Value registry, Value key, bool should_set) {
    if (!registry || registry == V_NONE || !dict_check(registry)) return 0;
    Value ver = dict_get_cstr(registry, "version");
    if (!ver || !v_is_int(ver) || v_intval(ver) != filters_version) {
        dict_clear(registry);
        dict_set_cstr(registry, "version", v_int(filters_version));
    } else {
        Value seen = dict_get(registry, key);
        if (seen) {
            int t = obj_truth(seen);
            if (t != 0) return t;
        }
    }
    if (should_set) return dict_set(registry, key, V_TRUE) < 0 ? -1 : 0;
    return 0;
}

static int show_warning(Value message, Type *category, Value text, Value filename, int64_t lineno, Value source) {
    /* a warning about an object (source) is worth loading warnings.py for,
       as CPython does: it adds where the object was allocated */
    if (source && !warnings_attr("_showwarnmsg") && !import_name(str_intern_cstr("warnings"), VNULL, v_int(0), VNULL))
        err_clear();
    Value show = warnings_attr("_showwarnmsg");
    Value wm = warnings_attr("WarningMessage");
    if (show && wm && type_of(show)->call) {
        Value kwn = tuple_pack(1, str_intern_cstr("source"));
        Value args[5] = {message, V_FROM_PTR(category), filename, int_from_i64(lineno), source ? source : V_NONE};
        Value msg = obj_call(wm, args, 4, kwn);
        if (!msg) return -1;
        return obj_call(show, &msg, 1, VNULL) ? 0 : -1;
    }
    /* warnings.py not loaded: "file:line: Category: text" and the line */
    Buf b;
    buf_init(&b, 128);
    buf_printf(&b, "%s:%lld: %s: ", str_data(filename), (long long)lineno, category->tname);
    Value ts = obj_str(text);
    if (!ts) return -1;
    buf_put(&b, str_data(ts), (size_t)str_nbytes(ts));
    buf_putc(&b, '\n');
    Value line = traceback_source_line(filename, (int)lineno);
    if (line) {
        const char *s = str_data(line);
        while (*s == ' ' || *s == '\t' || *s == '\f') s++;
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
        if (n) {
            buf_puts(&b, "  ");
            buf_put(&b, s, n);
            buf_putc(&b, '\n');
        }
    }
    sys_write_stderr(b.data, b.len);
    return 0;
}

static Value normalize_module(Value filename) {
    int64_t n = str_nbytes(filename);
    if (n == 0) return str_from_cstr("<unknown>");
    if (n >= 3 && memcmp(str_data(filename) + n - 3, ".py", 3) == 0) return str_new(str_data(filename), (size_t)(n - 3));
    return filename;
}

/* CPython's warn_explicit: 0, or -1 with an error (the warning itself for "error") */
static int do_warn_explicit(Type *category, Value message, Value filename, int64_t lineno, Value module,
                            Value registry, Value source) {
    init_state();
    if (!module || module == V_NONE) module = normalize_module(filename);
    Value text = message;
    if (obj_isinstance_type(message, &exc_Warning)) {
        text = obj_str(message);
        if (!text) return -1;
        category = type_of(message);
    } else {
        message = obj_call1(V_FROM_PTR(category), message);
        if (!message) return -1;
    }
    Value key = tuple_pack(3, text, V_FROM_PTR(category), int_from_i64(lineno));
    int w = already_warned(registry, key, false);
    if (w) return w < 0 ? -1 : 0;
    Value item = V_NONE;
    Value action = get_filter_action(category, text, lineno, module, &item);
    if (!action) return -1;
    if (!str_check(action)) {
        err_format(&exc_TypeError, "action must be a string, not '%T'", action);
        return -1;
    }
    if (str_eq_cstr(action, "error")) {
        err_set_exc(message);
        return -1;
    }
    if (str_eq_cstr(action, "ignore")) return 0;
    int r = 0;
    if (str_eq_cstr(action, "once")) {
        if (registry && registry != V_NONE && (r = already_warned(registry, key, true)) < 0) return -1;
        Value reg = warnings_attr("onceregistry");
        if (!reg || !dict_check(reg)) reg = once_registry;
        r = already_warned(reg, tuple_pack(2, text, V_FROM_PTR(category)), true);
    } else if (str_eq_cstr(action, "always")) {
        r = 0;
    } else if (str_eq_cstr(action, "module")) {
        if (registry && registry != V_NONE && already_warned(registry, key, true) < 0) return -1;
        r = already_warned(registry, tuple_pack(3, text, V_FROM_PTR(category), v_int(0)), true);
    } else if (str_eq_cstr(action, "default")) {
        r = already_warned(registry, key, true);
    } else {
        err_format(&exc_RuntimeError, "Unrecognized action (%R) in warnings.filters:\n %R", action, item);
        return -1;
    }
    if (r < 0) return -1;
    if (r > 0) return 0;
    return show_warning(message, category, text, filename, lineno, source);
}

static bool internal_frame(Frame *f) {
    const char *fn = str_data(f->code->filename);
    return strstr(fn, "importlib") && strstr(fn, "_bootstrap");
}

static int do_warn(Value message, Type *category, int64_t stacklevel, Value source) {
    Frame *f = tstate.frame;
    if (stacklevel <= 0 || (f && internal_frame(f))) {
        while (--stacklevel > 0 && f) f = frame_back(f);
    } else {
        while (--stacklevel > 0 && f) {
            do f = frame_back(f);
            while (f && internal_frame(f));
        }
    }
    Value globals, filename;
    int64_t lineno;
    if (!f) {
        globals = module_dict(sys_module);
        filename = str_from_cstr("sys");
        lineno = 1;
    } else {
        globals = f->globals;
        filename = f->code->filename;
        lineno = code_line(f->code, frame_lasti(f));
    }
    Value registry = dict_get_cstr(globals, "__warningregistry__");
    if (!registry) {
        registry = dict_new();
        dict_set_cstr(globals, "__warningregistry__", registry);
    }
    Value module = dict_get_str(globals, NAME(__name__));
    if (!module || !str_check(module)) module = str_from_cstr("<string>");
    return do_warn_explicit(category, message, filename, lineno, module, registry, source);
}

int warn_c(Type *category, Value message, int64_t stacklevel) {
    return do_warn(message, category, stacklevel, VNULL);
}

/* warnings.warn(message, category, stacklevel, source=source): the
   ResourceWarning of an object finalized unclosed names it as its source */
int warn_source_c(Type *category, Value message, int64_t stacklevel, Value source) {
    return do_warn(message, category, stacklevel, source);
}

int warn_explicit_c(Type *category, Value message, Value filename, int64_t lineno, Value module) {
    return do_warn_explicit(category, message, filename, lineno, module, V_NONE, VNULL);
}

int warn_explicit_source_c(Type *category, Value message, Value filename, int64_t lineno, Value source) {
    return do_warn_explicit(category, message, filename, lineno, VNULL, V_NONE, source);
}

/* The compiler's warnings (front/lexer.h): nonzero when the filters made
   one an error, which the front end raises as a SyntaxError in its place */
static int front_warn(int category, const char *msg, const char *filename, int lineno) {
    Type *cat = category == FRONT_SYNTAX_WARNING ? &exc_SyntaxWarning : &exc_DeprecationWarning;
    Value pending = err_fetch();
    int r = warn_explicit_c(cat, str_from_cstr(msg), str_from_cstr(filename ? filename : "<unknown>"), lineno, VNULL);
    err_clear();
    if (pending) err_restore(pending);
    return r < 0;
}

void warnings_init(void) { front_warn_hook = front_warn; }

/* ---- the module ---------------------------------------------------------------------------- */

static Type *get_category(Value message, Value category) {
    if (obj_isinstance_type(message, &exc_Warning)) return type_of(message);
    if (!category || category == V_NONE) return &exc_UserWarning;
    if (!type_check(category) || !type_is_subtype(V_AS(Type, category), &exc_Warning)) {
        err_format(&exc_TypeError, "category must be a Warning subclass, not '%T'", category);
        return NULL;
    }
    return V_AS(Type, category);
}

static const ArgSpec w_warn_spec = {"warn", 0, 1, 0, {"message", "category=None", "stacklevel=1", "source=None", NULL}};
static Value w_warn(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    if (arg_parse(&w_warn_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Type *cat = get_category(a[0], a[1]);
    if (!cat) return VNULL;
    int64_t level = 1;
    if (a[2]) {
        level = index_as_ssize(a[2]);
        if (level == -1 && err_occurred()) return VNULL;
    }
    return do_warn(a[0], cat, level, a[3] ? a[3] : VNULL) < 0 ? VNULL : V_NONE;
}

static Value w_warn_explicit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"warn_explicit", 0, 4, 0,
                                 {"message", "category", "filename", "lineno", "module", "registry", "module_globals",
                                  "source", NULL}};
    Value a[8];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Type *cat;
    if (obj_isinstance_type(a[0], &exc_Warning)) cat = type_of(a[0]);
    else {
        if (!type_check(a[1]) || !type_is_subtype(V_AS(Type, a[1]), &exc_Warning))
            return err_format(&exc_TypeError, "category must be a Warning subclass, not '%T'", a[1]);
        cat = V_AS(Type, a[1]);
    }
    if (!str_check(a[2])) return err_format(&exc_TypeError, "warn_explicit() argument 'filename' must be str, not %T", a[2]);
    int64_t lineno = int_as_i64(a[3]);
    if (lineno == -1 && err_occurred()) return VNULL;
    if (a[5] && a[5] != V_NONE && !dict_check(a[5])) return err_set(&exc_TypeError, "'registry' must be a dict or None");
    if (a[6] && a[6] != V_NONE && !dict_check(a[6]))
        return err_format(&exc_TypeError, "module_globals must be a dict, not '%T'", a[6]);
    return do_warn_explicit(cat, a[0], a[2], lineno, a[4], a[5] ? a[5] : V_NONE, a[7]) < 0 ? VNULL : V_NONE;
}

static Value w_filters_mutated(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("_filters_mutated", nargs, 0, 0) < 0) return VNULL;
    filters_version++;
    return V_NONE;
}

static const MethodDef warnings_functions[] = {
    {"warn", w_warn, MF_KEYWORDS | MF_FRAME, NULL, &w_warn_spec},   /* stacklevel reads the calling frames */
    {"warn_explicit", w_warn_explicit, MF_KEYWORDS, NULL},
    {"_filters_mutated", w_filters_mutated, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _warnings_module_create(void) {
    init_state();
    Value m = module_new_cstr("_warnings");
    module_add_functions(m, warnings_functions);
    module_add(m, "filters", filters);
    module_add(m, "_defaultaction", default_action);
    module_add(m, "_onceregistry", once_registry);
    return m;
}
