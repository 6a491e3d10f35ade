/* import.c: the import system: builtin modules (created on first import)
 * and .py modules found on sys.path (the script's directory first). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../front/compiler.h"
#include "../runtime.h"
#include "../vm/codecache.h"
#include "../vm/config.h"
#include "../vm/traceback.h"
#include "../vm/gil.h"

#include "modules.h"

extern Value sys_module, builtins_module;

typedef struct BuiltinModule {
    const char *name;
    Value (*create)(void);
} BuiltinModule;

Value sys_module_create(void) { return sys_module; }
Value builtins_module_create(void) { return builtins_module; }

static const BuiltinModule builtin_modules[] = {
#define BUILTIN_MODULE_ENTRY(name, fn) {name, fn},
    BUILTIN_MODULE_DEF(BUILTIN_MODULE_ENTRY)
#undef BUILTIN_MODULE_ENTRY
};
static const int nbuiltin_modules = (int)(sizeof builtin_modules / sizeof builtin_modules[0]);

/* sys.builtin_module_names: the modules built into the binary, sorted */
Value import_builtin_module_names(void) {
    Value names = list_new(nbuiltin_modules);
    for (int i = 0; i < nbuiltin_modules; i++) list_append(names, str_from_cstr(builtin_modules[i].name));
    if (list_sort(names, VNULL, false) < 0) return VNULL;
    return tuple_from_array(list_items(names), (size_t)list_size(names));
}

static Value read_file(const char *path) {
    Buf b;
    buf_init(&b, 4096);
    if (!buf_read_file(&b, path)) return VNULL;
    return str_new(b.data, b.len);
}

/* Execute source as module `name`; registers it in sys.modules first (so
 * circular imports see the partial module) and removes it on failure. */
/* ---- importlib ------------------------------------------------------------------------------
 *
 * The import statement is tpy's C code below. importlib, once a program
 * imports it, is the same system seen from Python: its standard finders
 * go in sys.meta_path and sys.path_hooks (as CPython's start-up puts them),
 * modules get their __spec__ and __loader__ from it, and a finder the
 * program adds to sys.meta_path is asked first by the import statement
 * too. Until then modules have __spec__ = None (as CPython's __main__),
 * which keeps start-up free of importlib's 3,000 lines of Python. */
static Value bootstrap, bootstrap_external;   /* importlib._bootstrap(_external), once set up */

static bool is_standard_finder(Value finder) {
    Value mod = obj_getattr_opt(finder, NAME(__module__));
    if (!mod) {
        err_clear();
        return false;
    }
    return str_check(mod) && (str_eq_cstr(mod, "importlib._bootstrap") || str_eq_cstr(mod, "importlib._bootstrap_external") ||
                              str_eq_cstr(mod, "_frozen_importlib") || str_eq_cstr(mod, "_frozen_importlib_external"));
}

/* __spec__ and __loader__ of a module tpy loaded from path */
static void set_spec(Value m, Value name, const char *path, bool is_pkg) {
    Value d = module_dict(m);
    if (!bootstrap_external || !path) {
        dict_set_cstr(d, "__spec__", V_NONE);
        dict_set_cstr(d, "__loader__", V_NONE);
        /* the cache file, as importlib's spec.cached would name it */
        if (path && !dict_get_cstr(d, "__cached__")) dict_set_cstr(d, "__cached__", codecache_cached_path(path));
        return;
    }
    Value sfl = obj_getattr_cstr(bootstrap_external, "spec_from_file_location");
    Value spec = VNULL;
    if (sfl) {
        Value args[2] = {name, str_from_cstr(path)};
        Value kwv[3] = {name, str_from_cstr(path), VNULL};
        if (is_pkg) {
            const char *slash = strrchr(path, '/');
            Value dir = slash ? str_new(path, (size_t)(slash - path)) : str_from_cstr(".");
            kwv[2] = list_from_array(&dir, 1);
            spec = obj_call(sfl, kwv, 2, tuple_pack(1, str_intern_cstr("submodule_search_locations")));
        } else {
            spec = obj_call(sfl, args, 2, VNULL);
        }
    }
    if (!spec) {
        err_clear();
        spec = V_NONE;
    }
    dict_set_cstr(d, "__spec__", spec);
    Value loader = spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("loader")) : VNULL;
    err_clear();
    dict_set_cstr(d, "__loader__", loader ? loader : V_NONE);
    /* __cached__ from the spec, as importlib's _init_module_attrs sets it */
    Value cached = spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("cached")) : VNULL;
    err_clear();
    if (cached && cached != V_NONE) dict_set_cstr(d, "__cached__", cached);
}

/* __main__'s __loader__ once importlib is set up: as CPython's start-up
 * leaves it (its __spec__ stays None): the file loader of a script (a
 * compiled one's for a .pyc), else (-c, standard input) BuiltinImporter. */
static void set_main_loader(Value m, Value file) {
    Value d = module_dict(m);
    Value loader = dict_get_cstr(d, "__loader__");
    if (loader && loader != V_NONE) return;
    if (file && str_check(file)) {
        const char *path = str_data(file);
        size_t n = strlen(path);
        bool compiled = n > 4 && !strcmp(path + n - 4, ".pyc");
        Value sfl = obj_getattr_cstr(bootstrap_external, compiled ? "SourcelessFileLoader" : "SourceFileLoader");
        Value args[2] = {NAME(__main__), file};
        loader = sfl ? obj_call(sfl, args, 2, VNULL) : VNULL;
    } else {
        loader = obj_getattr_cstr(bootstrap, "BuiltinImporter");
    }
    if (loader) dict_set_cstr(d, "__loader__", loader);
    err_clear();
}

static void set_frozen_spec(Value m, Value name) {
    Value d = module_dict(m);
    Value spec = VNULL;
    if (bootstrap) {
        Value fi = obj_getattr_cstr(bootstrap, "FrozenImporter");
        Value find = fi ? obj_getattr_cstr(fi, "find_spec") : VNULL;
        spec = find ? obj_call1(find, name) : VNULL;
        if (spec && spec != V_NONE) {
            /* what FrozenImporter's loader would leave */
            dict_del(d, str_intern_cstr("__origname__"));
            err_clear();
        }
    }
    if (!spec) {
        err_clear();
        spec = V_NONE;
    }
    dict_set_cstr(d, "__spec__", spec);
    Value loader = spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("loader")) : VNULL;
    err_clear();
    dict_set_cstr(d, "__loader__", loader ? loader : V_NONE);
}

static bool zip_hook_pending;   /* zipimport was loading when importlib was set up */

static int install_zip_hook(void) {
    Value zi = import_name(str_intern_cstr("zipimport"), VNULL, v_int(0), VNULL);
    Value hook = zi ? obj_getattr_cstr(zi, "zipimporter") : VNULL;
    Value hooks = dict_get_cstr(module_dict(sys_module), "path_hooks");
    if (!hook) return -1;
    if (hooks && list_check(hooks) && list_insert(hooks, 0, hook) < 0) return -1;
    return 0;
}

/* importlib was imported: its finders go where CPython's start-up puts
   them, and the modules loaded so far get their specs */
static int install_importlib(Value importlib) {
    Value b = dict_get_cstr(module_dict(importlib), "_bootstrap");
    Value be = dict_get_cstr(module_dict(importlib), "_bootstrap_external");
    if (!b || !be) return 0;
    if (bootstrap) {
        /* a second importlib, with _bootstrap of its own (test.support's
           import_fresh_module with _frozen_importlib blocked, as CPython's
           tests build their "Source_" variants): its loaders use tpy's
           bytecode cache too, but the import system stays the first one's,
           as CPython's stays the frozen one */
        if (be == bootstrap_external) return 0;
        Value ti = import_name(str_intern_cstr("_tpy_importlib"), VNULL, v_int(0), VNULL);
        Value ti_install = ti ? obj_getattr_cstr(ti, "install") : VNULL;
        return ti_install && obj_call1(ti_install, be) ? 0 : -1;
    }
    /* importlib's finders go after any a program (or a .pth file, such as
       setuptools' distutils shim) put there before importing importlib:
       where they are in CPython, whose start-up installs them first */
    Value meta_path = dict_get_cstr(module_dict(sys_module), "meta_path");
    bool empty = meta_path && list_check(meta_path);
    for (int64_t i = 0; empty && i < list_size(meta_path); i++)
        if (is_standard_finder(list_get(meta_path, i))) empty = false;
    dict_set_cstr(tstate.sys_modules, "_frozen_importlib", b);
    dict_set_cstr(tstate.sys_modules, "_frozen_importlib_external", be);
    if (empty) {   /* no standard finder yet */
        Value imp = import_name(str_intern_cstr("_imp"), VNULL, v_int(0), VNULL);
        if (!imp) return -1;
        Value a[2] = {sys_module, imp};
        Value install = obj_getattr_cstr(b, "_install");
        if (!install || !obj_call(install, a, 2, VNULL)) return -1;
        Value ext = obj_getattr_cstr(b, "_install_external_importers");
        if (!ext || !obj_call(ext, NULL, 0, VNULL)) return -1;
    }
    bootstrap = b;
    bootstrap_external = be;
    if (empty) {
        /* zip archives on sys.path: zipimport's hook first, as CPython's
           start-up puts it; when zipimport's own import brought importlib
           in, once it has finished (exec_source_as) */
        Value zm = dict_get(tstate.sys_modules, str_intern_cstr("zipimport"));
        if (zm && module_check(zm) && V_AS(ModuleObject, zm)->initializing) zip_hook_pending = true;
        else if (install_zip_hook() < 0) return -1;
    }
    /* importlib's loaders on tpy's bytecode cache (lib/_tpy_importlib.py) */
    Value ti = import_name(str_intern_cstr("_tpy_importlib"), VNULL, v_int(0), VNULL);
    Value ti_install = ti ? obj_getattr_cstr(ti, "install") : VNULL;
    if (!ti_install || !obj_call1(ti_install, be)) return -1;
    /* the modules loaded from files before importlib */
    Value items = obj_call_method(tstate.sys_modules, "items", NULL, 0);
    Value list = items ? list_from_iterable(items) : VNULL;
    for (int64_t i = 0; list && i < list_size(list); i++) {
        Value kv = list_get(list, i);
        Value m = tuple_get(kv, 1);
        if (!module_check(m)) continue;
        Value d = module_dict(m);
        Value spec = dict_get_cstr(d, "__spec__");
        Value file = dict_get(d, NAME(__file__));
        if (spec && spec != V_NONE) continue;
        /* __main__ keeps its None, under any name (multiprocessing also
           lists it as __mp_main__), but gets CPython's __loader__: a
           script's file loader, else (-c, the prompt) BuiltinImporter */
        Value main_module = dict_get(tstate.sys_modules, NAME(__main__));
        if (m == main_module) {
            set_main_loader(m, file);
            continue;
        }
        if (!file || !str_check(file)) continue;
        set_spec(m, tuple_get(kv, 0), str_data(file), dict_get_cstr(d, "__path__") != VNULL);
    }
    err_clear();
    return 0;
}

/* A finder the program put in sys.meta_path (not one of importlib's own,
   whose work the C code below does): its spec for name, loaded by
   importlib; VNULL and no error when none of them has it. The finders
   before importlib's first one are asked before tpy's own search (late
   false), the others only when that search found nothing (late true), so a
   finder appended to sys.meta_path sees what the path finder leaves. */
static Value find_with_meta_path(Value name, bool late) {
    Value meta_path = dict_get_cstr(module_dict(sys_module), "meta_path");
    if (!meta_path || !list_check(meta_path) || list_size(meta_path) == 0) return VNULL;
    Value path = V_NONE;
    const char *s = str_data(name), *dot = strrchr(s, '.');
    if (dot) {
        Value parent = dict_get(tstate.sys_modules, str_new(s, (size_t)(dot - s)));
        Value pp = parent ? obj_getattr_opt(parent, NAME(__path__)) : VNULL;
        err_clear();
        if (pp) path = pp;
    }
    Value snapshot = list_from_iterable(meta_path);
    bool past_standard = false;
    for (int64_t i = 0; i < list_size(snapshot); i++) {
        Value finder = list_get(snapshot, i);
        if (is_standard_finder(finder)) {
            past_standard = true;
            continue;
        }
        if (past_standard != late) continue;
        Value fs = obj_getattr_opt(finder, str_intern_cstr("find_spec"));
        Value spec;
        if (!fs) {
            if (err_occurred()) return VNULL;
            /* a PEP 302 finder (find_module only): importlib's legacy path,
               with its ImportWarning */
            Value fm = obj_getattr_opt(finder, str_intern_cstr("find_module"));
            if (!fm) {
                if (err_occurred()) return VNULL;
                continue;
            }
            if (!bootstrap && !import_name(str_intern_cstr("importlib"), VNULL, v_int(0), VNULL)) return VNULL;
            Value legacy = bootstrap ? obj_getattr_cstr(bootstrap, "_find_spec_legacy") : VNULL;
            if (!legacy) return VNULL;
            Value la[3] = {finder, name, path};
            imp_lock_acquire();   /* finding runs under the import lock, as importlib's _find_spec */
            spec = obj_call(legacy, la, 3, VNULL);
            imp_lock_release();
        } else {
            Value a[3] = {name, path, V_NONE};
            imp_lock_acquire();
            spec = obj_call(fs, a, 3, VNULL);
            imp_lock_release();
        }
        if (!spec) return VNULL;
        if (spec == V_NONE) continue;
        /* load it as importlib does */
        Value importlib = bootstrap ? bootstrap : VNULL;
        if (!importlib) {
            Value il = import_name(str_intern_cstr("importlib"), VNULL, v_int(0), VNULL);
            if (!il) return VNULL;
            importlib = bootstrap;
        }
        Value load = importlib ? obj_getattr_cstr(importlib, "_load") : VNULL;
        if (!load) return err_set(&exc_ImportError, "importlib could not be set up to load a meta_path finder's module");
        return obj_call(load, &spec, 1, VNULL);
    }
    return VNULL;
}

/* frozen: one of tpy's own modules embedded in the binary, which importlib
   knows as frozen (no __file__; __origname__ until importlib takes it).
   src VNULL: the file at path, through the bytecode cache. */
static Value exec_source_as(Value name, Value src, const char *path, bool is_pkg, bool frozen) {
    Value m = module_new(name);
    Value d = module_dict(m);
    if (frozen) {
        dict_set_cstr(d, "__origname__", name);
        set_frozen_spec(m, name);
    } else {
        dict_set(d, NAME(__file__), str_from_cstr(path));
        set_spec(m, name, path, is_pkg);
    }
    /* __package__: a package's own name, else its parent's ('' at top level) */
    const char *dot = strrchr(str_data(name), '.');
    dict_set_cstr(d, "__package__", is_pkg ? name : dot ? str_new(str_data(name), (size_t)(dot - str_data(name)))
                                                        : str_empty);
    if (is_pkg) {
        const char *slash = strrchr(path, '/');
        Value dir = slash ? str_new(path, (size_t)(slash - path)) : str_from_cstr(".");
        dict_set_cstr(d, "__path__", list_from_array(&dir, 1));
    }
    dict_set(d, NAME(__builtins__), tstate.builtins);   /* the dict, as CPython's exec gives an imported module */
    dict_set(tstate.sys_modules, name, m);
    CodeObject *co;
    if (src) {
        traceback_register_source(str_from_cstr(path), str_data(src), (size_t)str_nbytes(src));
        co = compile_source(str_data(src), (size_t)str_nbytes(src), path, COMPILE_MODULE);
    } else {
        co = codecache_source_code(path);   /* from its cache file, or compiled and cached */
    }
    V_AS(ModuleObject, m)->initializing = true;
    Value ok = co ? eval_module_code(co, d, VNULL) : VNULL;
    V_AS(ModuleObject, m)->initializing = false;
    if (!ok) {
        dict_del(tstate.sys_modules, name);
        return VNULL;
    }
    /* the module may have replaced itself in sys.modules */
    Value r = dict_get(tstate.sys_modules, name);
    if (str_eq_cstr(name, "importlib") && install_importlib(r ? r : m) < 0) {
        dict_del(tstate.sys_modules, name);
        return VNULL;
    }
    if (zip_hook_pending && str_eq_cstr(name, "zipimport")) {
        zip_hook_pending = false;
        if (install_zip_hook() < 0) return VNULL;
    }
    return r ? r : m;
}

static Value exec_source(Value name, Value src, const char *path, bool is_pkg) {
    return exec_source_as(name, src, path, is_pkg, false);
}

Value import_exec_source(Value name, Value src, const char *path) { return exec_source(name, src, path, false); }

/* the lib/ modules, embedded by tools/embed.c */
extern const struct FrozenModule {
    const char *name;
    const char *path;
    const char *src;
} frozen_modules[];

/* repr(module): importlib's _module_repr once importlib is set up (the
   spec's origin and loader), before that the same answer from what tpy
   set: __file__, a builtin or frozen module, or the bare name */
Value import_module_repr(Value m) {
    if (bootstrap) {
        Value f = obj_getattr_cstr(bootstrap, "_module_repr");
        return f ? obj_call1(f, m) : VNULL;
    }
    ModuleObject *mo = V_AS(ModuleObject, m);
    Value d = mo->dict;
    Value name = dict_get_str(d, NAME(__name__));
    if (!name) name = str_from_cstr("?");
    Value file = dict_get_str(d, NAME(__file__));
    if (file) return str_printf("<module %R from %R>", name, file);
    Value loader = dict_get_cstr(d, "__loader__");
    if (loader && loader != V_NONE) return str_printf("<module %R (%R)>", name, loader);
    if (dict_get_cstr(d, "__origname__")) return str_printf("<module %R (frozen)>", name);
    for (int i = 0; i < nbuiltin_modules; i++)
        if (str_check(name) && str_eq_cstr(name, builtin_modules[i].name) && mo->name == name)
            return str_printf("<module %R (built-in)>", name);
    return str_printf("<module %R>", name);
}

/* _imp.create_builtin: a builtin module by name (registered in
   sys.modules), or VNULL without an error when there is none */
Value import_builtin_create(Value name) {
    for (int i = 0; i < nbuiltin_modules; i++) {
        if (str_eq_cstr(name, builtin_modules[i].name)) {
            Value m = builtin_modules[i].create();
            if (m) dict_set(tstate.sys_modules, name, m);
            return m;
        }
    }
    return VNULL;
}

/* _imp's frozen modules: tpy's own modules embedded in the binary */
Value import_frozen_source(Value name, const char **path) {
    for (int i = 0; frozen_modules[i].name; i++) {
        if (str_eq_cstr(name, frozen_modules[i].name)) {
            *path = frozen_modules[i].path;
            return str_from_cstr(frozen_modules[i].src);
        }
    }
    return VNULL;
}

static Value module_not_found(Value name, Value msg) {
    Value e = exc_new(&exc_ModuleNotFoundError, &msg, 1);
    if (e) {
        instance_set_attr(e, NAME(name), name);
        err_set_exc(e);
    }
    return VNULL;
}

/* sys.path_hooks holds only importlib's own hooks (zipimport's and
   FileFinder's), or nothing yet: tpy's C search below does their work for
   directories */
static bool path_hooks_standard(void) {
    Value hooks = dict_get_cstr(module_dict(sys_module), "path_hooks");
    if (!hooks || !list_check(hooks)) return true;
    for (int64_t i = 0; i < list_size(hooks); i++) {
        Value h = list_get(hooks, i);
        Value qn = obj_getattr_opt(h, NAME(__qualname__));
        if (!qn) err_clear();
        bool standard = qn && str_check(qn) &&
                        (str_eq_cstr(qn, "zipimporter") ||
                         strncmp(str_data(qn), "FileFinder.path_hook.", 21) == 0);
        if (!standard) return false;
    }
    return true;
}

/* importlib's PathFinder finds and loads name: namespace packages, zip
   archives on the path and the program's own path hooks */
static bool importlib_loading;   /* importlib's own modules are being imported */

static Value find_with_path_finder(Value name, Value path) {
    if (!bootstrap_external) {
        importlib_loading = true;
        Value il = import_name(str_intern_cstr("importlib"), VNULL, v_int(0), VNULL);
        importlib_loading = false;
        if (!il) return VNULL;
    }
    if (!bootstrap_external) return err_set(&exc_ImportError, "importlib could not be set up");
    Value finder = obj_getattr_cstr(bootstrap_external, "PathFinder");
    Value find = finder ? obj_getattr_cstr(finder, "find_spec") : VNULL;
    if (!find) return VNULL;
    Value a[2] = {name, path};
    imp_lock_acquire();
    Value spec = obj_call(find, a, 2, VNULL);
    imp_lock_release();
    if (!spec) return VNULL;
    if (spec == V_NONE) return module_not_found(name, str_printf("No module named %R", name));
    Value load = obj_getattr_cstr(bootstrap, "_load");
    return load ? obj_call(load, &spec, 1, VNULL) : VNULL;
}

/* A sys.path (or __path__) entry as importlib's FileFinder makes it, with
   the separator after it: '' and '.' are the current directory, a relative
   entry is joined to it (so modules' __file__ and __path__ are absolute,
   as in CPython). false: the current directory is gone (the entry is
   skipped, as PathFinder skips it). */
static bool put_search_dir(Buf *b, Value dir) {
    const char *d = str_data(dir);
    size_t n = (size_t)str_nbytes(dir);
    if (n == 0 || d[0] != '/') {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) return false;
        buf_puts(b, cwd);
        if (!(n == 0 || (n == 1 && d[0] == '.'))) {
            if (b->data[b->len - 1] != '/') buf_putc(b, '/');
            buf_put(b, d, n);
        }
    } else {
        buf_put(b, d, n);
    }
    if (b->data[b->len - 1] != '/') buf_putc(b, '/');
    return true;
}

static Value find_and_load_here(Value name);

static Value find_and_load(Value name) {
    /* importlib's halves under the names CPython's start-up gives them */
    if (str_eq_cstr(name, "_frozen_importlib") || str_eq_cstr(name, "_frozen_importlib_external")) {
        if (!import_name(str_intern_cstr("importlib"), VNULL, v_int(0), VNULL)) return VNULL;
        Value m = dict_get(tstate.sys_modules, name);
        if (m) return m;
    }
    Value found = find_with_meta_path(name, false);
    if (found || err_occurred()) return found;
    found = find_and_load_here(name);
    if (found || !err_matches(&exc_ModuleNotFoundError)) return found;
    /* not found by the search itself (not a failing import inside the
       module): the finders after importlib's in sys.meta_path */
    Value not_found = err_fetch();
    Value missing = obj_getattr_opt(not_found, NAME(name));
    err_clear();
    if (!missing || !str_check(missing) || !str_eq(missing, name)) {
        err_restore(not_found);
        return VNULL;
    }
    found = find_with_meta_path(name, true);
    if (found || err_occurred()) return found;
    err_restore(not_found);
    return VNULL;
}

/* A module name's part as a file name, the filesystem encoding's way
 * (UTF-8 with surrogateescape, as os.fsencode): U+DC80..U+DCFF are the
 * undecodable bytes 0x80..0xFF of the name on disk */
static void put_fs_name(Buf *b, const char *name) {
    for (const char *p = name; *p;) {
        int len;
        uint32_t cp = utf8_decode(p, &len);
        if (cp >= 0xDC80 && cp <= 0xDCFF) buf_putc(b, (char)(cp - 0xDC00));
        else buf_put(b, p, (size_t)len);
        p += len;
    }
}

/* builtin, frozen (lib/) and path modules: the work of importlib's
   BuiltinImporter, FrozenImporter and PathFinder */
static Value find_and_load_here(Value name) {
    for (int i = 0; i < nbuiltin_modules; i++) {
        if (str_eq_cstr(name, builtin_modules[i].name)) {
            Value m = builtin_modules[i].create();
            if (!m) return VNULL;
            if (tpy_config.verbose) fprintf(stderr, "import '%s' # builtin\n", builtin_modules[i].name);
            dict_set(tstate.sys_modules, name, m);
            return m;
        }
    }
    for (int i = 0; frozen_modules[i].name; i++) {
        if (str_eq_cstr(name, frozen_modules[i].name)) {
            Value m = exec_source_as(name, str_from_cstr(frozen_modules[i].src), frozen_modules[i].path, false, true);
            if (m && tpy_config.verbose) fprintf(stderr, "import '%s' # frozen into tpy\n", frozen_modules[i].name);
            return m;
        }
    }
    /* a name with a NUL names no file (the C paths below would end there) */
    if (memchr(str_data(name), 0, (size_t)str_nbytes(name))) return module_not_found(name, str_printf("No module named %R", name));
    /* a submodule is searched for in its parent's __path__, a top-level
       module in sys.path */
    const char *full = str_data(name), *dot = strrchr(full, '.');
    Value search;
    if (dot) {
        Value parent = dict_get(tstate.sys_modules, str_new(full, (size_t)(dot - full)));
        Value pp = parent ? obj_getattr_opt(parent, NAME(__path__)) : VNULL;
        if (!pp) {
            if (err_occurred()) return VNULL;
            return module_not_found(name, str_printf("No module named %R; %R is not a package", name,
                                                     str_new(full, (size_t)(dot - full))));
        }
        search = list_from_iterable(pp);
        if (!search) return VNULL;
    } else {
        search = dict_get_cstr(module_dict(sys_module), "path");
        if (!search || !list_check(search)) search = list_new(0);
    }
    if (!importlib_loading && !path_hooks_standard()) return find_with_path_finder(name, dot ? search : V_NONE);
    const char *last = dot ? dot + 1 : full;
    bool namespace_portion = false;
    for (int64_t i = 0; i < list_size(search); i++) {
        Value dir = list_get(search, i);
        if (!str_check(dir)) continue;
        /* CPython's FileFinder order: dir/last/__init__.py (a package), then
           dir/last.py; dir/last alone is a portion of a namespace package */
        Buf b;
        buf_init(&b, 128);
        if (!put_search_dir(&b, dir)) continue;
        put_fs_name(&b, last);
        size_t base = b.len;
        struct stat st;
        bool is_dir = stat(b.data, &st) == 0 && S_ISDIR(st.st_mode);
        if (is_dir) {
            buf_puts(&b, "/__init__.py");
            if (stat(b.data, &st) == 0 && S_ISREG(st.st_mode)) {
                Value m = exec_source(name, VNULL, b.data, true);
                if (m && tpy_config.verbose) fprintf(stderr, "import '%s' # from '%s'\n", full, b.data);
                return m;
            }
            /* __init__.pyc without its source: importlib's SourcelessFileLoader */
            buf_putc(&b, 'c');
            if (!importlib_loading && stat(b.data, &st) == 0 && S_ISREG(st.st_mode))
                return find_with_path_finder(name, dot ? search : V_NONE);
            b.len = base;
        }
        buf_puts(&b, ".py");
        if (stat(b.data, &st) == 0 && S_ISREG(st.st_mode)) {
            Value m = exec_source(name, VNULL, b.data, false);
            if (m && tpy_config.verbose) fprintf(stderr, "import '%s' # from '%s'\n", full, b.data);
            return m;
        }
        if (errno == ENOENT && !importlib_loading) {
            buf_putc(&b, 'c');
            if (stat(b.data, &st) == 0 && S_ISREG(st.st_mode)) return find_with_path_finder(name, dot ? search : V_NONE);
            b.len--;
            errno = ENOENT;
        }
        /* an entry that is a file (a zip archive): importlib's path hooks
           know how to read it */
        if (errno == ENOTDIR && !importlib_loading) return find_with_path_finder(name, dot ? search : V_NONE);
        namespace_portion |= is_dir;
    }
    if (namespace_portion && !importlib_loading) return find_with_path_finder(name, dot ? search : V_NONE);
    return module_not_found(name, str_printf("No module named %R", name));
}

/* The source of module `name` for `tpy -m name`: a lib/ module or name.py
 * on sys.path. Returns a str (and *path), or VNULL. */
Value import_module_source(const char *name, const char **path) {
    for (int i = 0; frozen_modules[i].name; i++) {
        if (strcmp(name, frozen_modules[i].name) == 0) {
            *path = frozen_modules[i].path;
            return str_from_cstr(frozen_modules[i].src);
        }
    }
    Value sp = dict_get_cstr(module_dict(sys_module), "path");
    for (int64_t i = 0; sp && list_check(sp) && i < list_size(sp); i++) {
        Value dir = list_get(sp, i);
        if (!str_check(dir)) continue;
        Buf b;
        buf_init(&b, 128);
        if (!put_search_dir(&b, dir)) continue;
        for (const char *p = name; *p; p++) buf_putc(&b, *p == '.' ? '/' : *p);
        buf_puts(&b, ".py");
        struct stat st;
        if (stat(b.data, &st) == 0 && S_ISREG(st.st_mode)) {
            Value src = read_file(b.data);
            if (src) {
                *path = b.data;
                return src;
            }
        }
    }
    return VNULL;
}

/* -X importtime: CPython's table on stderr, a line per module once it has
 * loaded, nested imports indented under the one that caused them; self
 * time excludes them, cumulative includes them (microseconds) */
static int import_depth;
static int64_t import_nested_us;   /* time of the imports nested in the current one */

static int64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static Value find_and_load_timed(Value name) {
    static bool header_done;
    if (!header_done) {
        fprintf(stderr, "import time: self [us] | cumulative | imported package\n");
        header_done = true;
    }
    int64_t saved_nested = import_nested_us, t0 = now_us();
    import_nested_us = 0;
    import_depth++;
    Value m = find_and_load(name);
    import_depth--;
    int64_t total = now_us() - t0;
    fprintf(stderr, "import time: %9lld | %10lld | %*s%s\n", (long long)(total - import_nested_us), (long long)total,
            import_depth * 2, "", str_data(name));
    import_nested_us = saved_nested + total;
    return m;
}

/* ---- per-module import locks ------------------------------------------------------- */

/* CPython's _ModuleLock: while one thread imports a module (finds it and
 * runs its code), another thread importing the same name waits until it
 * is done rather than taking the partially initialized module. The
 * importing thread itself takes it at once (a circular import), and so
 * does a thread whose wait would close a cycle of waits (a concurrent
 * circular import: CPython's _DeadlockError, handled the same way). Only
 * threads holding the GIL touch these tables. */
static Value import_owners;   /* module name -> the importing thread's ident */
static Value import_waits;    /* thread ident -> the ident of the thread it waits for */

/* The thread importing name, if another one (else VNULL) */
static Value import_owner_other(Value name, Value me) {
    if (!import_owners) return VNULL;
    Value owner = dict_get(import_owners, name);
    if (!owner) return VNULL;
    int eq = obj_richcompare_bool(owner, me, CMP_EQ);
    return eq == 0 ? owner : VNULL;
}

/* Wait while another thread imports name; false: waiting would deadlock */
static bool import_wait_for(Value name, Value me) {
    Value owner;
    while ((owner = import_owner_other(name, me))) {
        /* would the owner, through the threads it waits for, wait for us? */
        Value t = owner;
        for (int hops = 0; t && hops < 1000; hops++) {
            int eq = obj_richcompare_bool(t, me, CMP_EQ);
            if (eq != 0) return false;
            t = dict_get(import_waits, t);
        }
        dict_set(import_waits, me, owner);
        bool released = gil_blocking_begin();
        struct timespec pause = {0, 200000};   /* 0.2 ms: imports wait rarely, and not for long */
        nanosleep(&pause, NULL);
        gil_blocking_end(released);
        dict_del(import_waits, me);
        if (!released) return false;   /* no other thread can run: nothing to wait for */
    }
    return true;
}

static Value import_one_unlocked(Value name);

void import_after_fork_child(void) {
    /* only the forking thread goes on: other threads' imports never end */
    if (!import_owners) return;
    Value me = int_from_u64(gil_thread_ident());
    Value names = dict_keys_list(import_owners);
    for (int64_t i = 0; i < list_size(names); i++) {
        Value owner = dict_get(import_owners, list_get(names, i));
        if (owner && obj_richcompare_bool(owner, me, CMP_EQ) == 0) dict_del(import_owners, list_get(names, i));
    }
    dict_clear(import_waits);
    err_clear();
}

static Value import_one(Value name) {
    Value m = dict_get(tstate.sys_modules, name);
    if (m && m != V_NONE && (!gil_threads_started || !import_owners || !dict_get(import_owners, name))) return m;
    if (err_occurred()) return VNULL;
    if (!gil_threads_started) return import_one_unlocked(name);
    if (!import_owners) {
        import_owners = dict_new();
        import_waits = dict_new();
    }
    Value me = int_from_u64(gil_thread_ident());
    if (!import_wait_for(name, me)) {
        m = dict_get(tstate.sys_modules, name);
        if (m) return m;   /* a concurrent circular import: the module as it is */
    }
    m = dict_get(tstate.sys_modules, name);
    if (m) return import_one_unlocked(name);   /* done meanwhile (or ours: a circular import) */
    dict_set(import_owners, name, me);
    m = import_one_unlocked(name);
    Value saved = err_fetch();
    dict_del(import_owners, name);
    err_restore(saved);
    return m;
}

static Value import_one_unlocked(Value name) {
    Value m = dict_get(tstate.sys_modules, name);
    if (m == V_NONE) {
        /* a module blocked on purpose (test.support's import_fresh_module) */
        return module_not_found(name, str_printf("import of %U halted; None in sys.modules", name));
    }
    if (m) return m;
    if (err_occurred()) return VNULL;
    /* import parents first */
    const char *s = str_data(name);
    const char *dot = strrchr(s, '.');
    if (dot) {
        Value parent = import_one(str_new(s, (size_t)(dot - s)));
        if (!parent) return VNULL;
        /* importing the parent may have registered this one (os sets
           sys.modules['os.path']) */
        m = dict_get(tstate.sys_modules, name);
        if (m) return m;
        if (err_occurred()) return VNULL;
    }
    m = tpy_config.import_time ? find_and_load_timed(name) : find_and_load(name);
    if (m && dot) {
        Value parent = dict_get(tstate.sys_modules, str_new(s, (size_t)(dot - s)));
        if (parent && obj_setattr(parent, str_intern_cstr(dot + 1), m) < 0) {
            /* importlib's _find_and_load_unlocked: a parent that takes no
               attributes gets a warning, the import goes on */
            if (!err_matches(&exc_AttributeError)) return VNULL;
            err_clear();
            if (warn_c(&exc_ImportWarning,
                       str_printf("Cannot set an attribute on %R for child module %R", str_new(s, (size_t)(dot - s)),
                                  str_from_cstr(dot + 1)),
                       1) < 0)
                return VNULL;
        }
    }
    return m;
}

/* `from package import ...` (importlib's _handle_fromlist): each name the
   package m has no attribute for is imported as its submodule; "*" does
   the same for the names in m.__all__ (recursive: those names). Only a
   submodule's own absence is ignored (the name may be something else, or
   missing: IMPORT_FROM says so); a module it imports that is missing, or a
   submodule blocked by None in sys.modules, is an error. 0, or -1 with an
   error. */
static int import_handle_fromlist(Value m, Value fromlist, bool recursive) {
    Value it = obj_iter(fromlist);
    if (!it) return -1;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 0;
        if (!str_check(x)) {
            if (!recursive) {
                err_format(&exc_TypeError, "Item in ``from list'' must be str, not %T", x);
                return -1;
            }
            Value modname = obj_getattr(m, NAME(__name__));
            if (!modname) return -1;
            err_format(&exc_TypeError, "Item in %S.__all__ must be str, not %T", modname, x);
            return -1;
        }
        if (str_eq_cstr(x, "*")) {
            if (recursive) continue;
            Value all = obj_getattr_opt(m, NAME(__all__));
            if (!all) {
                if (err_occurred()) return -1;
                continue;
            }
            if (import_handle_fromlist(m, all, true) < 0) return -1;
            continue;
        }
        Value got = obj_getattr_opt(m, x);
        if (got) continue;
        if (err_occurred()) return -1;
        Value modname = obj_getattr(m, NAME(__name__));
        if (!modname) return -1;
        Value subname = str_printf("%S.%U", modname, x);
        if (!subname) return -1;
        if (import_one(str_intern(subname))) continue;
        if (!err_matches(&exc_ModuleNotFoundError)) return -1;
        Value e = err_fetch();
        Value missing = obj_getattr_opt(e, NAME(name));
        err_clear();
        int same = missing ? obj_richcompare_bool(missing, subname, CMP_EQ) : 0;
        if (same < 0) return -1;
        Value blocked = dict_get(tstate.sys_modules, subname);
        if (!same || blocked == V_NONE) {
            err_restore(e);
            return -1;
        }
        if (err_occurred()) return -1;
    }
}

Value import_name(Value name, Value fromlist, Value level, Value globals) {
    int64_t lv = v_is_int(level) ? v_intval(level) : 0;
    Value full = name;
    if (lv > 0) {
        /* no globals (__import__ called without them): no package to start from */
        if (!globals) return err_set(&exc_KeyError, "'__name__' not in globals");
        /* the package, as importlib's _calc___package__: __package__,
           else __spec__.parent, else from __name__ (and __path__) */
        Value pkg = globals ? dict_get_str(globals, str_intern_cstr("__package__")) : VNULL;
        Value spec = globals ? dict_get_str(globals, str_intern_cstr("__spec__")) : VNULL;
        Value base;
        if (pkg && pkg != V_NONE) {
            base = pkg;
            if (spec && spec != V_NONE) {
                Value parent = obj_getattr_opt(spec, str_intern_cstr("parent"));
                if (!parent && err_occurred()) return VNULL;
                int eq = parent ? obj_richcompare_bool(pkg, parent, CMP_EQ) : 0;
                if (eq < 0) return VNULL;
                if (!eq && warn_c(&exc_ImportWarning, str_from_cstr("__package__ != __spec__.parent"), 1) < 0) return VNULL;
            }
        } else if (spec && spec != V_NONE) {
            base = obj_getattr(spec, str_intern_cstr("parent"));
            if (!base) return VNULL;
        } else {
            if (warn_c(&exc_ImportWarning, str_from_cstr(
                       "can't resolve package from __spec__ or __package__, falling back on __name__ and __path__"), 1) < 0)
                return VNULL;
            Value modname = globals ? dict_get_str(globals, NAME(__name__)) : VNULL;
            if (!modname) return err_set(&exc_KeyError, "'__name__' not in globals");
            base = modname;
            if (str_check(modname) && !dict_get_str(globals, str_intern_cstr("__path__"))) {
                /* a plain module's package is its parent */
                const char *s = str_data(modname);
                const char *d = strrchr(s, '.');
                base = d ? str_new(s, (size_t)(d - s)) : str_empty;
            }
        }
        if (!str_check(base)) return err_set(&exc_TypeError, "package must be a string");
        if (str_nbytes(base) == 0)
            return err_set(&exc_ImportError, "attempted relative import with no known parent package");
        const char *b = str_data(base);
        size_t blen = (size_t)str_nbytes(base);
        for (int64_t i = 1; i < lv; i++) {
            const char *d = NULL;
            for (size_t k = blen; k > 0; k--)
                if (b[k - 1] == '.') {
                    d = b + k - 1;
                    break;
                }
            if (!d) return err_set(&exc_ImportError, "attempted relative import beyond top-level package");
            blen = (size_t)(d - b);
        }
        full = str_nbytes(name) ? str_printf("%s.%U", str_data(str_new(b, blen)), name) : str_new(b, blen);
    }
    if (str_nbytes(full) == 0) return err_set(&exc_ValueError, "Empty module name");
    Value m = import_one(str_intern(full));
    if (!m) return VNULL;
    int has_fromlist = fromlist && fromlist != V_NONE ? obj_truth(fromlist) : 0;
    if (has_fromlist < 0) return VNULL;
    if (has_fromlist) {
        /* a package's submodules named in the fromlist are imported */
        Value path = obj_getattr_opt(m, NAME(__path__));
        if (!path) return err_occurred() ? VNULL : m;
        return import_handle_fromlist(m, fromlist, false) < 0 ? VNULL : m;
    }
    /* `import a.b.c` gives a; a relative `__import__('b.c', g, level=1)`
       from package p gives p.b (CPython's rule) */
    const char *s = str_data(name);
    const char *dot = strchr(s, '.');
    if (!dot) return m;
    if (lv == 0) {
        /* the package may have gone from sys.modules (its __init__ failed
           after importing this child): import it again, as CPython */
        Value top = str_new(s, (size_t)(dot - s));
        Value tm = dict_get(tstate.sys_modules, top);
        return tm ? tm : import_one(str_intern(top));
    }
    size_t cut = (size_t)str_nbytes(name) - (size_t)(dot - s);
    Value to_return = str_new(str_data(full), (size_t)str_nbytes(full) - cut);
    Value r = dict_get(tstate.sys_modules, to_return);
    if (!r && !err_occurred()) return err_format(&exc_KeyError, "%R not in sys.modules as expected", to_return);
    return r;
}

bool builtins_is_own_import(Value f);   /* builtins.c */

/* The import statement (IMPORT_NAME): builtins.__import__ as the frame's
   builtins hold it. A program may replace it (unittest.mock.patch of
   builtins.__import__, import hooks of old): then it is called with
   (name, globals, locals or None, fromlist, level), as CPython calls it. */
Value import_name_stmt(Value name, Value fromlist, Value level, Value globals, Value locals, Value builtins) {
    Value b = builtins ? builtins : tstate.builtins;
    Value f;
    if (dict_check_exact(b)) {
        f = dict_get(b, NAME(__import__));
    } else {
        f = obj_getitem(b, NAME(__import__));
        if (!f && err_matches(&exc_KeyError)) err_clear();
    }
    if (!f) return err_occurred() ? VNULL : err_set(&exc_ImportError, "__import__ not found");
    if (builtins_is_own_import(f)) return import_name(name, fromlist, level, globals);
    Value args[5] = {name, globals, locals ? locals : V_NONE, fromlist, level};
    return obj_call(f, args, 5, VNULL);
}

/* ImportError(msg, name=name, path=path), as CPython's PyErr_SetImportError */
static Value import_error(Value msg, Value name, Value path) {
    Value e = exc_new(&exc_ImportError, &msg, 1);
    if (!e) return VNULL;
    if (name && obj_setattr(e, NAME(name), name) < 0) return VNULL;
    if (path && obj_setattr(e, str_intern_cstr("path"), path) < 0) return VNULL;
    err_set_exc(e);
    return VNULL;
}

/* `from module import name`: the attribute, else the submodule already in
   sys.modules, else CPython's ImportError (with the module's name and file) */
Value import_from(Value module, Value name) {
    Value r = obj_getattr_opt(module, name);
    if (r || err_occurred()) return r;
    Value modname = obj_getattr_opt(module, NAME(__name__));
    if (!modname) err_clear();
    if (modname && !str_check(modname)) modname = VNULL;
    if (modname) {
        Value sub = dict_get(tstate.sys_modules, str_printf("%U.%U", modname, name));
        if (sub) return sub;
        if (err_occurred()) return VNULL;
    }
    Value shown = modname ? modname : str_from_cstr("<unknown module name>");
    Value file = module_check(module) ? dict_get_str(module_dict(module), NAME(__file__)) : VNULL;
    if (file && !str_check(file)) file = VNULL;   /* None: a namespace package's */
    if (!file)
        return import_error(str_printf("cannot import name %R from %R (unknown location)", name, shown), modname, VNULL);
    bool initializing = V_AS(ModuleObject, module)->initializing;
    if (!initializing) {
        /* a module importlib is loading: its spec says so */
        Value spec = dict_get_str(module_dict(module), NAME(__spec__));
        Value flag = spec && spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("_initializing")) : VNULL;
        err_clear();
        initializing = flag && obj_truth(flag) > 0;
        err_clear();
    }
    if (initializing)
        return import_error(str_printf("cannot import name %R from partially initialized module %R (most likely due "
                                       "to a circular import) (%U)",
                                       name, shown, file),
                            modname, file);
    return import_error(str_printf("cannot import name %R from %R (%U)", name, shown, file), modname, file);
}

/* `from module import *`: the names in __all__, else the public names of
   __dict__ (CPython's import_all_from, its messages included) */
int import_star(Value module, Value ns) {
    Value all = obj_getattr_opt(module, NAME(__all__));
    if (!all && err_occurred()) return -1;
    bool from_dict = !all;
    if (from_dict) {
        Value d = obj_getattr_opt(module, NAME(__dict__));
        if (!d) {
            if (!err_occurred())
                err_set(&exc_ImportError, "from-import-* object has no __dict__ and no __all__");
            return -1;
        }
        all = obj_call_method(d, "keys", NULL, 0);
        if (!all) return -1;
    }
    Value it = obj_iter(all);
    if (!it) return -1;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? -1 : 0;
        if (!str_check(k)) {
            Value modname = obj_getattr(module, NAME(__name__));
            if (!modname) return -1;
            if (!str_check(modname))
                err_format(&exc_TypeError, "module __name__ must be a string, not %T", modname);
            else
                err_format(&exc_TypeError, "%s in %U.%s must be str, not %T", from_dict ? "Key" : "Item", modname,
                           from_dict ? "__dict__" : "__all__", k);
            return -1;
        }
        if (from_dict && str_data(k)[0] == '_') continue;
        Value v = obj_getattr(module, k);
        if (!v) return -1;
        if ((dict_check_exact(ns) ? dict_set(ns, k, v) : obj_setitem(ns, k, v)) < 0) return -1;
    }
}
