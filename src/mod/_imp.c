/* _imp.c: the import system's C half, as importlib._bootstrap expects it.
 *
 * tpy's `import` statement is implemented in C (import.c); importlib, when
 * a program imports it, drives the same modules through these functions:
 * builtin modules (BuiltinImporter), tpy's own embedded modules (frozen:
 * FrozenImporter), the import lock. CPython's extension modules cannot be
 * loaded: extension_suffixes() is empty, so importlib's path finder never
 * offers a .so file, and create_dynamic refuses.
 */
#include "../front/compiler.h"
#include <math.h>

#include <time.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "../vm/gil.h"
#include "../vm/codecache.h"
#include "modules.h"

Value import_builtin_create(Value name);   /* import.c: VNULL, no error: not builtin */
Value import_frozen_source(Value name, const char **path);

static const ArgSpec i_is_builtin_spec = {"is_builtin", 1, 1, 0, {"name", NULL}};
static Value i_is_builtin(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_is_builtin_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[0])) return err_format(&exc_TypeError, "is_builtin() argument must be str, not %T", args[0]);
    Value names = import_builtin_module_names();
    for (int64_t i = 0; i < tuple_size(names); i++)
        if (obj_richcompare_bool(tuple_get(names, i), args[0], CMP_EQ) == 1)
            return v_int(str_eq_cstr(args[0], "sys") || str_eq_cstr(args[0], "builtins") ? -1 : 1);
    return v_int(0);
}

static const ArgSpec i_create_builtin_spec = {"create_builtin", 1, 1, 0, {"spec", NULL}};
static Value i_create_builtin(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_create_builtin_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value name = obj_getattr(args[0], NAME(name));
    if (!name) return VNULL;
    if (!str_check(name)) return err_format(&exc_TypeError, "name must be string, not %T", name);
    Value m = dict_get(tstate.sys_modules, name);
    if (m) return m;
    m = import_builtin_create(name);
    if (!m && !err_occurred()) return err_format(&exc_ImportError, "no built-in module named %U", name);
    return m;
}

static const ArgSpec i_exec_builtin_spec = {"exec_builtin", 1, 1, 0, {"mod", NULL}};
static Value i_exec_builtin(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_exec_builtin_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_int(0);
}

/* ImportError("No such frozen object named ...") with its name, as CPython's */
static Value no_frozen_object(Value name) {
    Value msg = str_printf("No such frozen object named %R", name);
    Value e = msg ? exc_new(&exc_ImportError, &msg, 1) : VNULL;
    if (!e) return VNULL;
    if (obj_setattr(e, NAME(name), name) < 0) return VNULL;
    err_set_exc(e);
    return VNULL;
}

static const ArgSpec i_is_frozen_spec = {"is_frozen", 1, 1, 0, {"name", NULL}};
static Value i_is_frozen(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_is_frozen_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    const char *path;
    return v_bool(str_check(args[0]) && import_frozen_source(args[0], &path));
}

static const ArgSpec i_is_frozen_package_spec = {"is_frozen_package", 1, 1, 0, {"name", NULL}};
static Value i_is_frozen_package(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_is_frozen_package_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    const char *path;
    if (!str_check(args[0]) || !import_frozen_source(args[0], &path))
        return no_frozen_object(args[0]);
    return V_FALSE;
}

/* find_frozen(name) -> (None, ispkg, origname) or None (3.11's form) */
static const ArgSpec i_find_frozen_spec = {"find_frozen", 1, 1, 1, {"name", "withdata=False", NULL}};
static Value i_find_frozen(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&i_find_frozen_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *path;
    if (!str_check(a[0]) || !import_frozen_source(a[0], &path)) return V_NONE;
    /* origname None: not a module of CPython's standard library, so no __file__ */
    return tuple_pack(3, V_NONE, V_FALSE, V_NONE);
}

static const ArgSpec i_get_frozen_object_spec = {"get_frozen_object", 2, 1, 0, {"name", "data=None", NULL}};
static Value i_get_frozen_object(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_get_frozen_object_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    const char *path;
    Value src = str_check(args[0]) ? import_frozen_source(args[0], &path) : VNULL;
    if (!src) return no_frozen_object(args[0]);
    CodeObject *co = compile_source(str_data(src), (size_t)str_nbytes(src), path, COMPILE_MODULE);
    return co ? V_FROM_PTR(co) : VNULL;
}

static const ArgSpec i_init_frozen_spec = {"init_frozen", 1, 1, 0, {"name", NULL}};
static Value i_init_frozen(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_init_frozen_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[0]))
        return err_format(&exc_TypeError, "init_frozen() argument must be str, not %T", args[0]);
    /* None for a name that is not one of the frozen modules (CPython's) */
    const char *path;
    if (!import_frozen_source(args[0], &path)) return err_occurred() ? VNULL : V_NONE;
    return import_name(args[0], VNULL, v_int(0), VNULL);
}

/* The global import lock (CPython's): re-entrant, per thread. importlib
   takes it around finding a module, and so does tpy's own import path
   (import.c) around a finder's find_spec; a thread that wants it while
   another holds it waits, letting the interpreter lock go. */
static uint64_t lock_owner;
static int64_t lock_count;

void imp_lock_acquire(void) {
    uint64_t me = gil_thread_ident();
    while (lock_count > 0 && lock_owner != me) {
        bool released = gil_blocking_begin();
        struct timespec pause = {0, 100000};
        nanosleep(&pause, NULL);
        gil_blocking_end(released);
        if (!released) break;   /* no other thread runs: the holder is gone (a fork) */
    }
    lock_owner = me;
    lock_count++;
}

int imp_lock_release(void) {
    if (lock_count == 0 || lock_owner != gil_thread_ident()) return -1;
    lock_count--;
    return 0;
}

void imp_lock_after_fork_child(void) {
    /* the forking thread keeps what it held; another thread's hold is gone with it */
    if (lock_count > 0 && lock_owner != gil_thread_ident()) lock_count = 0;
}

static Value i_acquire_lock(Value *args, size_t nargs, Value kwnames) {
    imp_lock_acquire();
    return V_NONE;
}

static Value i_release_lock(Value *args, size_t nargs, Value kwnames) {
    if (imp_lock_release() < 0) return err_set(&exc_RuntimeError, "not holding the import lock");
    return V_NONE;
}

static Value i_lock_held(Value *args, size_t nargs, Value kwnames) { return v_bool(lock_count > 0); }

static const ArgSpec i_extension_suffixes_spec = {"extension_suffixes", 0, 0, 0, {NULL}};
static Value i_extension_suffixes(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_extension_suffixes_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return list_new(0);
}

static Value i_create_dynamic(Value *args, size_t nargs, Value kwnames) {
    Value name = nargs ? obj_getattr_opt(args[0], NAME(name)) : VNULL;
    return err_format(&exc_ImportError, "tpy cannot load CPython extension modules (%R)", name ? name : V_NONE);
}

static Value i_exec_dynamic(Value *args, size_t nargs, Value kwnames) { return v_int(0); }

/* _fix_co_filename(code, path): code objects keep the name they were
   compiled under; tpy compiles each source once, under its path */
static const ArgSpec i_fix_co_filename_spec = {"_fix_co_filename", 2, 2, 0, {"code", "path", NULL}};
static Value i_fix_co_filename(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&i_fix_co_filename_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return V_NONE;
}

/* source_hash(key, source): SipHash in CPython; tpy's hash-based .tpyc
   files hold this one (vm/codecache.c checks it the same way) */
static const ArgSpec i_source_hash_spec = {"source_hash", 0, 2, 0, {"key", "source", NULL}};
static Value i_source_hash(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&i_source_hash_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!byteslike_view(a[1], &p, &n)) return err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", a[1]);
    Value k = obj_index(a[0]);   /* CPython's "l" converter */
    if (!k) return VNULL;
    int64_t key = int_as_i64(k);
    if (key == -1 && err_occurred()) return VNULL;
    uint64_t h = codecache_source_hash((uint64_t)key, p, (size_t)n);
    char out[8];
    for (int i = 0; i < 8; i++) out[i] = (char)(h >> (8 * i));   /* little-endian, as the header stores it */
    return bytes_new(out, 8);
}

/* ---- the bytecode cache, for importlib (lib/_tpy_importlib.py) ----------------------------
 *
 * tpy's SourceLoader.get_code asks source_code() for the code of a file
 * that importlib's own SourceFileLoader reads (the import statement's
 * path, vm/codecache.c); a loader of its own (another get_data or
 * path_stats) goes through CPython's algorithm with code_from_cache() and
 * cache_data() in place of the .pyc format. */

/* tpy_source_code(path): the code of the source file, cached */
static Value i_tpy_source_code(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tpy_source_code", 1, 1, 0, {"path", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "tpy_source_code() argument must be str, not %T", a[0]);
    CodeObject *co = codecache_source_code(str_data(a[0]));
    return co ? V_FROM_PTR(co) : VNULL;
}

/* A source's mtime as path_stats gives it (int or float seconds: the
   nanoseconds are not known) and its size (int, or None: unknown), as the
   header stores them */
static int source_stamp(Value mtime, Value size, int64_t *sec, uint32_t *ns, uint64_t *sz) {
    if (float_check(mtime)) {
        double f = floor(float_val(mtime));
        if (!(f >= -9.2e18 && f <= 9.2e18)) {
            err_set(&exc_OverflowError, "mtime out of range");
            return -1;
        }
        *sec = (int64_t)f;
    } else {
        *sec = obj_index_i64(mtime);
        if (*sec == -1 && err_occurred()) return -1;
    }
    *ns = CODECACHE_NS_UNKNOWN;
    if (size == V_NONE) {
        *sz = UINT64_MAX;
        return 0;
    }
    int64_t n = obj_index_i64(size);
    if (n == -1 && err_occurred()) return -1;
    *sz = (uint64_t)n;
    return 0;
}

/* tpy_code_from_cache(data, path, mtime, size): the code in a cache file's
   data if it matches the source (mtime None: a file without its source),
   else None */
static Value i_tpy_code_from_cache(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tpy_code_from_cache", 4, 4, 0, {"data", "path", "mtime", "size", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!byteslike_view(a[0], &p, &n)) return err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", a[0]);
    if (!str_check(a[1])) return err_format(&exc_TypeError, "path must be str, not %T", a[1]);
    int64_t sec = 0;
    uint32_t ns = 0;
    uint64_t size = 0;
    bool check = a[2] != V_NONE;
    if (check && source_stamp(a[2], a[3], &sec, &ns, &size) < 0) return VNULL;
    CodeObject *co = codecache_load_data(p, (size_t)n, check, sec, ns, size, str_intern(a[1]));
    return co ? V_FROM_PTR(co) : V_NONE;
}

/* tpy_cache_data(code, mtime, size): the cache file's bytes, or None when
   the code holds a constant the format cannot */
static Value i_tpy_cache_data(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tpy_cache_data", 3, 3, 0, {"code", "mtime", "size", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!code_check(a[0])) return err_format(&exc_TypeError, "tpy_cache_data() argument 1 must be code, not %T", a[0]);
    int64_t sec;
    uint32_t ns;
    uint64_t size;
    if (source_stamp(a[1], a[2], &sec, &ns, &size) < 0) return VNULL;
    Buf b;
    buf_init(&b, 4096);
    if (!codecache_file_data(V_AS(CodeObject, a[0]), sec, ns, size, &b)) return V_NONE;
    return bytes_new(b.data, b.len);
}

/* tpy_hash_cache_data(code, source_hash, checked): a hash-based cache
   file's bytes (py_compile's CHECKED_HASH, UNCHECKED_HASH), or None when
   the code holds a constant the format cannot */
static Value i_tpy_hash_cache_data(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tpy_hash_cache_data", 3, 3, 0, {"code", "source_hash", "checked", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!code_check(a[0])) return err_format(&exc_TypeError, "tpy_hash_cache_data() argument 1 must be code, not %T", a[0]);
    const char *p;
    int64_t n;
    if (!byteslike_view(a[1], &p, &n)) return err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", a[1]);
    if (n != 8) return err_set(&exc_ValueError, "source_hash must be 8 bytes");
    int checked = obj_truth(a[2]);
    if (checked < 0) return VNULL;
    uint64_t h = 0;
    for (int i = 0; i < 8; i++) h |= (uint64_t)(uint8_t)p[i] << (8 * i);
    Buf b;
    buf_init(&b, 4096);
    if (!codecache_file_data(V_AS(CodeObject, a[0]), (int64_t)h,
                             checked ? CODECACHE_NS_HASH_CHECKED : CODECACHE_NS_HASH_UNCHECKED, UINT64_MAX, &b))
        return V_NONE;
    return bytes_new(b.data, b.len);
}

static Value i_frozen_module_names(Value *args, size_t nargs, Value kwnames) { return tuple_empty; }
static Value i_override_frozen(Value *args, size_t nargs, Value kwnames) { return v_int(-1); }

static const MethodDef imp_functions[] = {
    {"is_builtin", i_is_builtin, 0, NULL, &i_is_builtin_spec},
    {"create_builtin", i_create_builtin, 0, NULL, &i_create_builtin_spec},
    {"exec_builtin", i_exec_builtin, 0, NULL, &i_exec_builtin_spec},
    {"is_frozen", i_is_frozen, 0, NULL, &i_is_frozen_spec},
    {"is_frozen_package", i_is_frozen_package, 0, NULL, &i_is_frozen_package_spec},
    {"find_frozen", i_find_frozen, MF_KEYWORDS, NULL, &i_find_frozen_spec},
    {"get_frozen_object", i_get_frozen_object, 0, NULL, &i_get_frozen_object_spec},
    {"init_frozen", i_init_frozen, 0, NULL, &i_init_frozen_spec},
    {"acquire_lock", i_acquire_lock, 0, NULL},
    {"release_lock", i_release_lock, 0, NULL},
    {"lock_held", i_lock_held, 0, NULL},
    {"extension_suffixes", i_extension_suffixes, 0, NULL, &i_extension_suffixes_spec},
    {"create_dynamic", i_create_dynamic, 0, NULL},
    {"exec_dynamic", i_exec_dynamic, 0, NULL},
    {"_fix_co_filename", i_fix_co_filename, 0, NULL, &i_fix_co_filename_spec},
    {"source_hash", i_source_hash, MF_KEYWORDS, NULL, &i_source_hash_spec},
    {"tpy_source_code", i_tpy_source_code, MF_KEYWORDS, NULL},
    {"tpy_code_from_cache", i_tpy_code_from_cache, MF_KEYWORDS, NULL},
    {"tpy_cache_data", i_tpy_cache_data, MF_KEYWORDS, NULL},
    {"tpy_hash_cache_data", i_tpy_hash_cache_data, MF_KEYWORDS, NULL},
    {"_frozen_module_names", i_frozen_module_names, 0, NULL},
    {"_override_frozen_modules_for_tests", i_override_frozen, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _imp_module_create(void) {
    Value m = module_new_cstr("_imp");
    module_add_functions(m, imp_functions);
    const char *how = tpy_config.check_hash_based_pycs;
    module_add(m, "check_hash_based_pycs", str_from_cstr(how ? how : "default"));
    module_add(m, "tpy_magic_number", codecache_magic());
    return m;
}
