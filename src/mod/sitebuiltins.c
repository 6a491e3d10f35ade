/* sitebuiltins.c: _sitebuiltins, the objects CPython's site module puts in
 * builtins for people at the prompt: exit and quit (Quitter), copyright,
 * credits and license (_Printer), help (_Helper). Each shows a hint as its
 * repr; exit(code) raises SystemExit(code); license() pages through the
 * license text; help() is pydoc's help.
 *
 * In C rather than Python because every start-up installs them
 * (site_install_builtins, unless -S or -I): compiling a Python module for
 * it cost a quarter of `tpy -c pass`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "modules.h"

extern Value sys_module, builtins_module;

/* ---- Quitter: exit, quit --------------------------------------------------------------- */

typedef struct QuitterObject {
    Object ob;
    Value name, eof;
} QuitterObject;

static Type quitter_type;

static Value quitter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("Quitter", kwnames) < 0 || arg_count("Quitter", nargs, 2, 2) < 0) return VNULL;
    QuitterObject *q = V_AS(QuitterObject, instance_new(t));
    q->name = args[0];
    q->eof = args[1];
    return V_FROM_PTR(q);
}

static Value quitter_repr(Value self) {
    QuitterObject *q = V_AS(QuitterObject, self);
    return str_printf("Use %S() or %S to exit", q->name, q->eof);
}

/* exit(code=None): stdin is closed first, as CPython's does (a thread
 * blocked reading it sees the end), then SystemExit(code) */
static Value quitter_call(Value self, Value *args, size_t nargs, Value kwnames) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nkw > 1 || (nkw == 1 && !str_eq_cstr(tuple_get(kwnames, 0), "code")))
        return err_set(&exc_TypeError, "__call__() got an unexpected keyword argument");
    if (arg_count("__call__", nargs + nkw, 0, 1) < 0) return VNULL;
    Value code = nargs + nkw ? args[0] : V_NONE;
    Value in = dict_get_cstr(module_dict(sys_module), "stdin");
    if (in && !obj_call_method(in, "close", NULL, 0)) err_clear();
    Value exc = exc_new(&exc_SystemExit, &code, 1);
    if (exc) err_set_exc(exc);
    return VNULL;
}

static Type quitter_type = {
    .tname = "_sitebuiltins.Quitter",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(QuitterObject),
    .repr = quitter_repr,
    .call = quitter_call,
    .new_ = quitter_new,
};

/* ---- _Printer: copyright, credits, license --------------------------------------------- */

/* A text shown whole by repr() when it has at most PRINTER_MAXLINES lines,
 * else paged by a call. The text is the first readable of `files`, else
 * `data`; files are read on first use. */
#define PRINTER_MAXLINES 23

typedef struct PrinterObject {
    Object ob;
    Value name, data, files;   /* files: a list of paths */
    Value lines;               /* list of str, once read */
} PrinterObject;

static Type printer_type;

static Value printer_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_Printer", kwnames) < 0 || arg_count("_Printer", nargs, 2, 4) < 0) return VNULL;
    PrinterObject *p = V_AS(PrinterObject, instance_new(t));
    p->name = args[0];
    p->data = args[1];
    /* files, or each file in each of dirs (CPython's files=(), dirs=()) */
    p->files = list_new(0);
    Value files = nargs > 2 ? obj_call(V_FROM_PTR(&list_type), &args[2], 1, VNULL) : list_new(0);
    if (!files) return VNULL;
    if (nargs > 3) {
        Value dirs = obj_call(V_FROM_PTR(&list_type), &args[3], 1, VNULL);
        if (!dirs) return VNULL;
        for (int64_t d = 0; d < list_size(dirs); d++)
            for (int64_t f = 0; f < list_size(files); f++)
                list_append(p->files, str_printf("%S/%S", list_get(dirs, d), list_get(files, f)));
    } else {
        p->files = files;
    }
    return V_FROM_PTR(p);
}

static Value printer_lines(PrinterObject *p) {
    if (p->lines) return p->lines;
    Value text = p->data;
    for (int64_t i = 0; i < list_size(p->files); i++) {
        Value path = list_get(p->files, i);
        if (!str_check(path)) continue;
        Buf b;
        buf_init(&b, 4096);
        if (buf_read_file(&b, str_data(path)) && b.len && utf8_valid(b.data, b.len)) {
            text = str_new(b.data, b.len);
            break;
        }
    }
    Value nl = str_from_cstr("\n");
    Value lines = obj_call_method(text, "split", &nl, 1);
    if (lines) p->lines = lines;
    return lines;
}

static Value printer_repr(Value self) {
    PrinterObject *p = V_AS(PrinterObject, self);
    Value lines = printer_lines(p);
    if (!lines) return VNULL;
    if (list_size(lines) <= PRINTER_MAXLINES) {
        Value nl = str_from_cstr("\n");
        return obj_call_method(nl, "join", &lines, 1);
    }
    return str_printf("Type %S() to see the full %S text", p->name, p->name);
}

/* license(): PRINTER_MAXLINES lines at a time through builtins' print and
 * input, as CPython's (so a redirected sys.stdout gets them) */
static Value printer_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__call__", kwnames) < 0 || arg_count("__call__", nargs, 0, 0) < 0) return VNULL;
    PrinterObject *p = V_AS(PrinterObject, self);
    Value lines = printer_lines(p);
    if (!lines) return VNULL;
    Value bd = module_dict(builtins_module);
    Value print = dict_get_cstr(bd, "print"), input = dict_get_cstr(bd, "input");
    Value prompt = str_from_cstr("Hit Return for more, or q (and Return) to quit: ");
    for (int64_t at = 0;; at += PRINTER_MAXLINES) {
        for (int64_t i = at; i < at + PRINTER_MAXLINES; i++) {
            if (i >= list_size(lines)) return V_NONE;
            Value line = list_get(lines, i);
            if (!obj_call(print, &line, 1, VNULL)) return VNULL;
        }
        for (;;) {
            Value key = obj_call(input, &prompt, 1, VNULL);
            if (!key) return VNULL;
            if (str_eq_cstr(key, "q")) return V_NONE;
            if (str_eq_cstr(key, "")) break;
        }
    }
}

/* CPython's _Printer is a Python class whose text is the private
   self.__data; test_site (and code that reads the license's address) uses
   that name */
static Value printer_data(Value self) { return V_AS(PrinterObject, self)->data; }

static const GetSetDef printer_getsets[] = {
    {"_Printer__data", printer_data, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type printer_type = {
    .tname = "_sitebuiltins._Printer",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PrinterObject),
    .repr = printer_repr,
    .call = printer_call,
    .new_ = printer_new,
};

/* ---- _Helper: help --------------------------------------------------------------------- */

static Value helper_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_Helper", kwnames) < 0 || arg_count("_Helper", nargs, 0, 0) < 0) return VNULL;
    return instance_new(t);
}

static Value helper_repr(Value self) {
    (void)self;
    return str_from_cstr("Type help() for interactive help, or help(object) for help about object.");
}

/* help(...) is pydoc.help(...): an ImportError while pydoc cannot load */
static Value helper_call(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self;
    Value pydoc = import_name(str_intern_cstr("pydoc"), V_NONE, v_int(0), VNULL);
    if (!pydoc) return VNULL;
    Value help = obj_getattr(pydoc, str_intern_cstr("help"));
    return help ? obj_call(help, args, nargs, kwnames) : VNULL;
}

static Type helper_type = {
    .tname = "_sitebuiltins._Helper",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Object),
    .repr = helper_repr,
    .call = helper_call,
    .new_ = helper_new,
};

/* ---- the module and the installation --------------------------------------------------- */

static void ready_types(void) {
    if (quitter_type.flags & TF_READY) return;
    quitter_type.name = str_intern_cstr("Quitter");
    printer_type.name = str_intern_cstr("_Printer");
    helper_type.name = str_intern_cstr("_Helper");
    quitter_type.module = printer_type.module = helper_type.module = str_intern_cstr("_sitebuiltins");
    type_ready(&quitter_type);
    type_ready(&printer_type);
    type_add_getsets(&printer_type, printer_getsets);
    type_ready(&helper_type);
}

Value _sitebuiltins_module_create(void) {
    ready_types();
    Value m = module_new_cstr("_sitebuiltins");
    module_add(m, "Quitter", V_FROM_PTR(&quitter_type));
    module_add(m, "_Printer", V_FROM_PTR(&printer_type));
    module_add(m, "_Helper", V_FROM_PTR(&helper_type));
    return m;
}

static const char sitebuiltins_credits[] =
    "    tpy: a Python 3.11 with a tracing JIT whose work its users can watch.\n"
    "    Thanks to CPython's developers for the language and its standard\n"
    "    library, and to PyPy's for the JIT hooks and the profiler's design.";

/* the license text: that of the standard library tpy runs (Debian's
 * python3.11 installs it here) */
#define SITEBUILTINS_LICENSE_FILE "/usr/lib/python3.11/LICENSE.txt"

static Value printer_make(const char *name, Value data, const char *file) {
    PrinterObject *p = V_AS(PrinterObject, instance_new(&printer_type));
    p->name = str_from_cstr(name);
    p->data = data;
    p->files = list_new(0);
    if (file) list_append(p->files, str_from_cstr(file));
    return V_FROM_PTR(p);
}

static Value quitter_make(const char *name) {
    QuitterObject *q = V_AS(QuitterObject, instance_new(&quitter_type));
    q->name = str_from_cstr(name);
    q->eof = str_from_cstr("Ctrl-D (i.e. EOF)");
    return V_FROM_PTR(q);
}

/* ---- sys.__interactivehook__: readline at the prompt ---------------------------------- */

/* Call obj.name(*args), dropping an OSError (any other error is kept):
 * true unless another error is set. */
static bool call_ignoring_oserror(Value obj, const char *name, Value *args, size_t nargs) {
    if (obj_call_method(obj, name, args, nargs)) return true;
    if (!err_matches(&exc_OSError)) return false;
    err_clear();
    return true;
}

/* the atexit callback: write the session's history back (self: the
 * history file's name) */
static Value write_history_at_exit(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    Value rl = import_name(str_intern_cstr("readline"), VNULL, v_int(0), VNULL);
    if (!rl || !call_ignoring_oserror(rl, "write_history_file", args, 1)) return VNULL;
    return V_NONE;
}

static const MethodDef write_history_def = {"write_history", write_history_at_exit, 0, NULL};

/* What CPython's site module registers as sys.__interactivehook__ (its
 * enablerlcompleter): at the first prompt, readline with rlcompleter's
 * Tab completion (bound the libedit way when readline is libedit's), the
 * init file, and ~/.python_history read now and written at exit unless
 * the history already has lines (PYTHONSTARTUP may have set it up). */
static Value interactive_hook(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__interactivehook__", kwnames) < 0 || arg_count("__interactivehook__", nargs, 0, 0) < 0)
        return VNULL;
    (void)args;
    Value atexit = import_name(str_intern_cstr("atexit"), VNULL, v_int(0), VNULL);
    if (!atexit) return VNULL;
    Value rl = import_name(str_intern_cstr("readline"), VNULL, v_int(0), VNULL);
    if (rl && !import_name(str_intern_cstr("rlcompleter"), VNULL, v_int(0), VNULL)) rl = VNULL;
    if (!rl) {
        if (!err_matches(&exc_ImportError)) return VNULL;
        err_clear();
        return V_NONE;
    }
    Value doc = obj_getattr(rl, str_intern_cstr("__doc__"));
    if (!doc) return VNULL;
    bool libedit = str_check(doc) && strstr(str_data(doc), "libedit");
    Value bind = str_from_cstr(libedit ? "bind ^I rl_complete" : "tab: complete");
    if (!obj_call_method(rl, "parse_and_bind", &bind, 1)) return VNULL;
    if (!call_ignoring_oserror(rl, "read_init_file", NULL, 0)) return VNULL;
    Value n = obj_call_method(rl, "get_current_history_length", NULL, 0);
    if (!n) return VNULL;
    if (n != v_int(0)) return V_NONE;
    Value os = import_name(str_intern_cstr("os"), VNULL, v_int(0), VNULL);
    Value ospath = os ? obj_getattr(os, str_intern_cstr("path")) : VNULL;
    if (!ospath) return VNULL;
    Value tilde = str_from_cstr("~");
    Value home = obj_call_method(ospath, "expanduser", &tilde, 1);
    if (!home) return VNULL;
    Value parts[2] = {home, str_from_cstr(".python_history")};
    Value history = obj_call_method(ospath, "join", parts, 2);
    if (!history || !call_ignoring_oserror(rl, "read_history_file", &history, 1)) return VNULL;
    Value writer = builtin_function_new(&write_history_def, history, VNULL);
    return obj_call_method(atexit, "register", &writer, 1) ? V_NONE : VNULL;
}

static const MethodDef interactive_hook_def = {"register_readline", interactive_hook, 0, NULL};

/* What CPython's site module adds to builtins; main.c calls it unless -S */
void site_install_builtins(void) {
    ready_types();
    Value bd = module_dict(builtins_module);
    Value copyright = dict_get_cstr(module_dict(sys_module), "copyright");
    dict_set(bd, str_intern_cstr("quit"), quitter_make("quit"));
    dict_set(bd, str_intern_cstr("exit"), quitter_make("exit"));
    dict_set(bd, str_intern_cstr("copyright"), printer_make("copyright", copyright ? copyright : str_empty, NULL));
    dict_set(bd, str_intern_cstr("credits"), printer_make("credits", str_from_cstr(sitebuiltins_credits), NULL));
    dict_set(bd, str_intern_cstr("license"),
             printer_make("license", str_from_cstr("See https://www.python.org/psf/license/"),
                          SITEBUILTINS_LICENSE_FILE));
    dict_set(bd, str_intern_cstr("help"), instance_new(&helper_type));
    /* not in isolated mode (-I), as site.py's enablerlcompleter */
    if (!tpy_config.isolated)
        dict_set(module_dict(sys_module), str_intern_cstr("__interactivehook__"),
                 builtin_function_new(&interactive_hook_def, VNULL, str_intern_cstr("site")));
}
