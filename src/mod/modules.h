/* modules.h: the builtin modules, defined once: name, creator function.
 * import.c builds its table from this list; each creator returns a new
 * module object (or VNULL with an exception set). */
#ifndef TPY_MODULES_H
#define TPY_MODULES_H

#include "../vm/object.h"

#define BUILTIN_MODULE_DEF(_)                           \
    _("sys", sys_module_create)                     \
    _("builtins", builtins_module_create)           \
    _("math", math_module_create)                   \
    _("cmath", cmath_module_create)                 \
    _("time", time_module_create)                   \
    _("_random", _random_module_create)             \
    _("_operator", _operator_module_create)         \
    _("itertools", itertools_module_create)         \
    _("_collections", _collections_module_create)   \
    _("_sre", _sre_module_create)                   \
    _("_functools", _functools_module_create)       \
    _("pypyjit", pypyjit_module_create)             \
    _("tpyjit", tpyjit_module_create)               \
    _("opcode", opcode_module_create)               \
    _("_opcode", _opcode_module_create)             \
    _("gc", gc_module_create)                       \
    _("_signal", _signal_module_create)             \
    _("_sitebuiltins", _sitebuiltins_module_create) \
    _("_weakref", _weakref_module_create)           \
    _("_thread", _thread_module_create)             \
    _("_contextvars", _contextvars_module_create)   \
    _("_warnings", _warnings_module_create)         \
    _("_imp", _imp_module_create)                   \
    _("marshal", marshal_module_create)             \
    _("_codecs", _codecs_module_create)             \
    _("posix", posix_module_create)                 \
    _("errno", errno_module_create)                 \
    _("_stat", _stat_module_create)                 \
    _("pwd", pwd_module_create)                     \
    _("resource", resource_module_create)           \
    _("grp", grp_module_create)                     \
    _("spwd", spwd_module_create)                   \
    _("_crypt", _crypt_module_create)               \
    _("_curses", _curses_module_create)             \
    _("_curses_panel", _curses_panel_module_create) \
    _("nis", nis_module_create)                     \
    _("syslog", syslog_module_create)               \
    _("_statistics", _statistics_module_create)     \
    _("_struct", _struct_module_create)             \
    _("binascii", binascii_module_create)           \
    _("_string", _string_module_create)             \
    _("atexit", atexit_module_create)               \
    _("_bisect", _bisect_module_create)             \
    _("_heapq", _heapq_module_create)               \
    _("_io", _io_module_create)                     \
    _("_ast", _ast_module_create)                   \
    _("array", array_module_create)                 \
    _("unicodedata", unicodedata_module_create)     \
    _("_posixsubprocess", _posixsubprocess_module_create) \
    _("select", select_module_create)               \
    _("fcntl", fcntl_module_create)                 \
    _("termios", termios_module_create)             \
    _("_socket", _socket_module_create)             \
    _("zlib", zlib_module_create)                   \
    _("_hashlib", _hashlib_module_create)           \
    _("_ssl", _ssl_module_create)                   \
    _("_csv", _csv_module_create)                   \
    _("pyexpat", pyexpat_module_create)             \
    _("_elementtree", _elementtree_module_create)   \
    _("_ctypes", _ctypes_module_create)             \
    _("_bz2", _bz2_module_create)                   \
    _("_lzma", _lzma_module_create)                 \
    _("_locale", _locale_module_create)             \
    _("_md5", _md5_module_create)                   \
    _("_sha1", _sha1_module_create)                 \
    _("_sha256", _sha256_module_create)             \
    _("_sha512", _sha512_module_create)             \
    _("_sha3", _sha3_module_create)                 \
    _("_blake2", _blake2_module_create)             \
    _("_json", _json_module_create)                 \
    _("_multibytecodec", _multibytecodec_module_create) \
    _("_codecs_jp", _codecs_jp_module_create)       \
    _("_codecs_cn", _codecs_cn_module_create)       \
    _("_codecs_kr", _codecs_kr_module_create)       \
    _("_codecs_tw", _codecs_tw_module_create)       \
    _("_codecs_hk", _codecs_hk_module_create)       \
    _("_codecs_iso2022", _codecs_iso2022_module_create) \
    _("faulthandler", faulthandler_module_create)   \
    _("_queue", _queue_module_create)               \
    _("_lsprof", _lsprof_module_create)             \
    _("_tokenize", _tokenize_module_create)         \
    _("_abc", _abc_module_create)                   \
    _("_pickle", _pickle_module_create)             \
    _("_symtable", _symtable_module_create)         \
    _("_testinternalcapi", _testinternalcapi_module_create) \
    _("audioop", audioop_module_create)             \
    _("mmap", mmap_module_create)                   \
    _("_sqlite3", _sqlite3_module_create)           \
    _("_posixshmem", _posixshmem_module_create)     \
    _("_multiprocessing", _multiprocessing_module_create)\
    _("_uuid", _uuid_module_create)                 \
    _("_typing", _typing_module_create)             \
    _("_dbm", _dbm_module_create)                   \
    _("readline", readline_module_create)           \
    _("_tracemalloc", _tracemalloc_module_create)   \
    _("_datetime", _datetime_module_create)         \
    _("_zoneinfo", _zoneinfo_module_create)         \
    _("_disasm", _disasm_module_create)

/* len(): the JIT recorder reads sizes directly when it sees this one */
Value builtin_len(Value *args, size_t nargs, Value kwnames);
/* isinstance(): the recorder folds it when the classes are known */
Value builtin_isinstance(Value *args, size_t nargs, Value kwnames);
/* more builtins the recorder traces through (jit/record.c: record_builtin) */
Value builtin_abs(Value *args, size_t nargs, Value kwnames);
Value builtin_min(Value *args, size_t nargs, Value kwnames);
Value builtin_max(Value *args, size_t nargs, Value kwnames);
Value builtin_getattr(Value *args, size_t nargs, Value kwnames);
Value builtin_hasattr(Value *args, size_t nargs, Value kwnames);
Value builtin_issubclass(Value *args, size_t nargs, Value kwnames);

/* math's one-argument float functions as the JIT sees them (math.c) */
int math_jit_unary(CFunction fn);
/* math.floor, ceil, trunc as the JIT sees them: 0, 1, 2, or -1 (math.c) */
int math_jit_rounding(CFunction fn);

/* readline.c: set when the readline module is imported, the line reader
   of the interactive prompt and of input() on a terminal (CPython's
   PyOS_ReadlineFunctionPointer): a malloc'd line without its newline;
   NULL at the end of input, or with *failed and an exception set */
extern char *(*readline_hook)(const char *prompt, bool *failed);

/* exit, quit, help, copyright, credits, license (sitebuiltins.c) */
void site_install_builtins(void);

/* _warnings.c: warn as warnings.warn(message, category, stacklevel) and
   warnings.warn_explicit do, through the filters: 0, or -1 with an error
   (the warning itself when a filter says "error") */
int warn_c(Type *category, Value message, int64_t stacklevel);
int warn_source_c(Type *category, Value message, int64_t stacklevel, Value source);
int warn_explicit_c(Type *category, Value message, Value filename, int64_t lineno, Value module);
/* the same about an object (warnings' source=: a ResourceWarning's file, an
   unawaited coroutine), the module named after filename */
int warn_explicit_source_c(Type *category, Value message, Value filename, int64_t lineno, Value source);
/* _imp.c: the global import lock (re-entrant, per thread); release: 0,
   or -1 when this thread does not hold it */
void imp_lock_acquire(void);
int imp_lock_release(void);
/* in a forked child: the locks other threads held are gone with them */
void imp_lock_after_fork_child(void);
void import_after_fork_child(void);
/* route the compiler's warnings through the filters (at start-up) */
void warnings_init(void);
int unicodedata_ucnhash_load(void);   /* the front end's front_ucnhash_hook */
/* Call the atexit callbacks (at interpreter exit; atexit.c) */
void atexit_run_exitfuncs(void);

/* _socket.c, for _ssl: socket object sock's descriptor (-1: closed) and
   timeout (< 0 blocking, 0 non-blocking); -1 with TypeError when it is not
   a socket. socket_wait_ready: poll fd until ready or the monotonic
   deadline (< 0: none), without the lock: 1 ready, 0 timed out, -1 error */
int socket_fd_timeout(Value sock, int *fd, double *timeout);
int socket_wait_ready(int fd, bool writing, double deadline);
double socket_monotonic(void);

/* _hashlib.c: compare_digest, also _operator._compare_digest */
Value hashlib_compare_digest(Value *args, size_t nargs, Value kwnames);
/* posix.c: __index__ then a C long, OverflowError when it does not fit
   (CPython's integer converters), -1 with the error set */
int64_t index_as_long(Value v);
/* posix.c: a file descriptor from an int or an object with fileno(), with
   CPython's messages (PyObject_AsFileDescriptor); -1 with the error set */
int fd_from_object(Value v);
/* posix.c: a uid or gid argument as CPython converts it (pwd, grp too):
   0 with *out (-1: none), or -1 with TypeError/OverflowError */
int posix_id_converter(Value v, const char *what, int64_t *out);
/* posix.c: run os.register_at_fork's hooks: 0 before (last registered
   first), 1 after in the child (the runtime reset first), 2 after in the
   parent */
void posix_run_at_fork(int which);

/* gcmodule.c: nonzero while gc.collect() runs, finalizers (__del__)
   included: faulthandler's "Garbage-collecting", as CPython's
   gcstate->collecting */
extern volatile int gc_module_collecting;
/* Zeroes the C stack below the caller's frame (up to 64 KiB): what earlier,
   deeper calls left there is scanned as roots by a collection whose own
   frames have unwritten slots in that memory. */
void gc_clear_dead_c_stack(void);
/* gcmodule.c: what gc.collect() does, for C code: the garbage found and
   its finalizers (and weak reference callbacks) run now */
void gc_collect_and_finalize(void);

/* faulthandler.c: faulthandler.enable() at start-up (-X faulthandler,
   PYTHONFAULTHANDLER, -X dev); an error is printed, not raised */
void faulthandler_enable_at_start(void);
/* _tracemalloc: start tracing with nframe frames (-X tracemalloc,
 * PYTHONTRACEMALLOC); -1 with ValueError set when nframe is out of range */
int tracemalloc_start(int nframe);

/* _datetime.c, for _zoneinfo: a datetime's (or a subclass instance's)
 * fields from its C struct, false when v is no datetime; and an exact
 * datetime plus whole seconds, with fold set, as dt + timedelta (the
 * same OverflowError) */
typedef struct DateTimeFields {
    int year, month, day, hour, minute, second, microsecond, fold;
    bool exact;     /* of type datetime.datetime itself */
    Value tzinfo;
} DateTimeFields;
bool datetime_fields(Value v, DateTimeFields *f);
Value datetime_exact_add_seconds(Value dt, int64_t seconds, int fold);

/* _weakref.c: weakref.ref (ready once _weakref is made) */
extern Type weakref_type;

/* resource.c: resource.struct_rusage of a struct rusage (after the
 * resource module is made) */
struct rusage;
Value resource_rusage_value(const struct rusage *r);

/* import.c */
Value import_name(Value name, Value fromlist, Value level, Value globals);
Value import_builtin_module_names(void);   /* sys.builtin_module_names */
Value import_module_repr(Value m);          /* repr(module), as importlib's _module_repr */

/* _ast.c: compile()'s AST side; mode 0 exec, 1 eval, 2 single, 3 func_type
 * (parsing only) */
enum {
    AST_PYCF_ONLY_AST = 0x400,
    AST_PYCF_TYPE_COMMENTS = 0x1000,
    AST_PYCF_ALLOW_TOP_LEVEL_AWAIT = 0x2000,
};
int ast_check(Value v);   /* isinstance(v, _ast.AST): -1 0 1 */
/* parse source into node objects (compile(..., PyCF_ONLY_AST)); text: a
 * str (its coding declaration is a comment) rather than bytes;
 * feature_version: compile()'s _feature_version (the N of 3.N, < 0 for the
 * current one); type_comments: PyCF_TYPE_COMMENTS */
Value ast_parse_object(const char *src, size_t len, bool text, const char *filename, int mode,
                       int feature_version, bool type_comments);
/* convert and validate a tree of node objects, and compile it */
Value ast_compile_object(Value tree, const char *filename, int mode, int flags);

#define BUILTIN_MODULE_DECLARE(name, fn) Value fn(void);
BUILTIN_MODULE_DEF(BUILTIN_MODULE_DECLARE)
#undef BUILTIN_MODULE_DECLARE

#endif
