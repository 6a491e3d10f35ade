/* _sqlite3.c: the _sqlite3 module (the sqlite3 package imports it): CPython
 * 3.11's DB-API 2.0 interface on the system's SQLite library.
 *
 * Objects: Connection (one sqlite3 handle), Cursor (runs statements of a
 * connection and fetches their rows), Row (a row with access by column
 * name), Blob (incremental I/O on one BLOB), PrepareProtocol (the protocol
 * of adapt()), and an internal Statement (one prepared statement).
 *
 * Memory: the collector cannot see into SQLite's memory, so nothing that
 * SQLite holds a pointer to may be reachable only from there: every
 * callback record and every aggregate instance is also kept in a Python
 * list or dict of its connection until SQLite no longer uses it.
 * Handles are released by finalizers (sqlite3_close_v2 leaves a "zombie"
 * connection until its statements and blobs are finalized, so the order in
 * which finalizers run does not matter).
 *
 * The interpreter lock is kept while SQLite runs (sqlite3_step included):
 * SQLite calls back into Python (functions, collations, authorizer,
 * progress and trace callbacks) from inside its calls. Only the busy
 * timeout's sleeps let it go (busy_handler). So, unlike CPython,
 * interrupt() from another thread waits for the running statement.
 *
 * Transactions follow 3.11: with an isolation level (not None) a BEGIN is
 * issued before an INSERT, UPDATE, DELETE or REPLACE when no transaction is
 * open; commit() and rollback() end it.
 *
 * libsqlite3 is opened at import (dynlib.h); every call goes through SQL(). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "../vm/gil.h"
#include "modules.h"

#define SQLITE3_API(X)                                                         \
    X(sqlite3_aggregate_context) X(sqlite3_backup_finish)                      \
    X(sqlite3_backup_init) X(sqlite3_backup_pagecount)                         \
    X(sqlite3_backup_remaining) X(sqlite3_backup_step) X(sqlite3_bind_blob)    \
    X(sqlite3_bind_double) X(sqlite3_bind_int64) X(sqlite3_bind_null)          \
    X(sqlite3_bind_parameter_count) X(sqlite3_bind_parameter_name)             \
    X(sqlite3_bind_text) X(sqlite3_blob_bytes) X(sqlite3_blob_close)           \
    X(sqlite3_blob_open) X(sqlite3_blob_read) X(sqlite3_blob_write)            \
    X(sqlite3_busy_handler) X(sqlite3_changes) X(sqlite3_close)                \
    X(sqlite3_close_v2) X(sqlite3_column_blob) X(sqlite3_column_bytes)         \
    X(sqlite3_column_count) X(sqlite3_column_decltype)                         \
    X(sqlite3_column_double) X(sqlite3_column_int64) X(sqlite3_column_name)    \
    X(sqlite3_column_text) X(sqlite3_column_type) X(sqlite3_complete)          \
    X(sqlite3_create_collation_v2) X(sqlite3_create_function_v2)               \
    X(sqlite3_create_window_function) X(sqlite3_data_count)                    \
    X(sqlite3_db_handle) X(sqlite3_deserialize)                                \
    X(sqlite3_enable_load_extension) X(sqlite3_enable_shared_cache)            \
    X(sqlite3_errcode) X(sqlite3_errmsg) X(sqlite3_errstr)                     \
    X(sqlite3_expanded_sql) X(sqlite3_extended_errcode) X(sqlite3_finalize)    \
    X(sqlite3_free) X(sqlite3_get_autocommit) X(sqlite3_initialize)            \
    X(sqlite3_interrupt) X(sqlite3_last_insert_rowid) X(sqlite3_libversion)    \
    X(sqlite3_limit) X(sqlite3_load_extension) X(sqlite3_malloc64)             \
    X(sqlite3_open_v2) X(sqlite3_prepare_v2) X(sqlite3_progress_handler)       \
    X(sqlite3_reset) X(sqlite3_result_blob) X(sqlite3_result_double)           \
    X(sqlite3_result_error) X(sqlite3_result_error_nomem)                      \
    X(sqlite3_result_error_toobig) X(sqlite3_result_int64)                     \
    X(sqlite3_result_null) X(sqlite3_result_text) X(sqlite3_serialize)         \
    X(sqlite3_set_authorizer) X(sqlite3_sleep) X(sqlite3_sql)                  \
    X(sqlite3_step) X(sqlite3_threadsafe) X(sqlite3_total_changes)             \
    X(sqlite3_trace_v2) X(sqlite3_user_data) X(sqlite3_value_blob)             \
    X(sqlite3_value_bytes) X(sqlite3_value_double) X(sqlite3_value_int64)      \
    X(sqlite3_value_text) X(sqlite3_value_type)
DYNLIB_DEFINE(sqlite, TPY_SONAME_SQLITE3, SQLITE3_API)
#define SQL(f) (sqlite.f)

enum { PARSE_DECLTYPES = 1, PARSE_COLNAMES = 2 };

typedef struct StatementObject {
    Object hdr;
    sqlite3_stmt *st;   /* NULL for SQL with no statement (only comments) */
    bool is_dml;        /* INSERT, UPDATE, DELETE or REPLACE */
    bool in_use;        /* a cursor has stepped it and not reset it yet */
} StatementObject;

typedef struct ConnectionObject {
    Object hdr;
    sqlite3 *db;                 /* NULL: closed (or never opened) */
    bool initialized;            /* __init__ succeeded */
    bool check_same_thread;
    uint64_t thread_ident;       /* the creating thread */
    int detect_types;
    int timeout_ms;              /* how long busy_handler waits for a lock */
    const char *begin_statement; /* "BEGIN ..." or NULL: autocommit */
    Value isolation_level;       /* None or str */
    Value row_factory, text_factory;
    Value cache;                 /* dict sql -> Statement, oldest first */
    int64_t cache_size;
    Value keep;                  /* dict: purpose -> the callback record SQLite points to */
    Value aggregates;            /* dict: int(address) -> live aggregate instance */
    Value blobs;                 /* list: blobs to close with the connection */
} ConnectionObject;

typedef struct CursorObject {
    Object hdr;
    ConnectionObject *conn;      /* NULL until __init__ */
    Value description;           /* None or tuple */
    Value row_cast_map;          /* list of converters (or None) or VNULL */
    Value lastrowid, row_factory;
    int64_t arraysize, rowcount;
    StatementObject *stmt;       /* statement with a row ready, or NULL */
    bool initialized, closed, locked;
} CursorObject;

typedef struct RowObject {
    Object hdr;
    Value data;          /* tuple */
    Value description;   /* the cursor's description */
} RowObject;

typedef struct BlobObject {
    Object hdr;
    ConnectionObject *conn;
    sqlite3_blob *blob;   /* NULL: closed */
    int offset;
} BlobObject;

/* What SQLite's callbacks receive as user data (an object, so that the
 * connection's keep list holds only objects). */
typedef struct Callback {
    Object hdr;
    Value callable;
    ConnectionObject *conn;
} Callback;

static Type connection_type, cursor_type, row_type, blob_type, statement_type, prepare_type, callback_type;

#define EXCEPTIONS(_)                        \
    _(Warning, exc_Exception)                \
    _(Error, exc_Exception)                  \
    _(InterfaceError, Error)                 \
    _(DatabaseError, Error)                  \
    _(InternalError, DatabaseError)          \
    _(OperationalError, DatabaseError)       \
    _(ProgrammingError, DatabaseError)       \
    _(IntegrityError, DatabaseError)         \
    _(DataError, DatabaseError)              \
    _(NotSupportedError, DatabaseError)

#define EXC_VAR(name, base) static Value name;
EXCEPTIONS(EXC_VAR)
#undef EXC_VAR

static Value adapters;                 /* dict (type, protocol) -> adapter */
static Value converters;               /* dict NAME -> converter */
static bool callback_tracebacks;       /* enable_callback_tracebacks() */
static bool base_type_adapted;         /* an adapter was registered for int, float, str or bytearray */

#define CONN(v) V_AS(ConnectionObject, v)
#define CUR(v) V_AS(CursorObject, v)

static Value sq_raise(Value cls, const char *msg) { return err_set(V_AS(Type, cls), msg); }
static Value raise_value(Value cls, Value arg) { return err_set_value(V_AS(Type, cls), arg); }

/* ---- errors ------------------------------------------------------------------------ */

/* result codes, primary and extended (sqlite_errorname) */
#define SQLITE_ERROR_CODES(_) \
    _(SQLITE_OK) \
    _(SQLITE_ERROR) \
    _(SQLITE_INTERNAL) \
    _(SQLITE_PERM) \
    _(SQLITE_ABORT) \
    _(SQLITE_BUSY) \
    _(SQLITE_LOCKED) \
    _(SQLITE_NOMEM) \
    _(SQLITE_READONLY) \
    _(SQLITE_INTERRUPT) \
    _(SQLITE_IOERR) \
    _(SQLITE_CORRUPT) \
    _(SQLITE_NOTFOUND) \
    _(SQLITE_FULL) \
    _(SQLITE_CANTOPEN) \
    _(SQLITE_PROTOCOL) \
    _(SQLITE_EMPTY) \
    _(SQLITE_SCHEMA) \
    _(SQLITE_TOOBIG) \
    _(SQLITE_CONSTRAINT) \
    _(SQLITE_MISMATCH) \
    _(SQLITE_MISUSE) \
    _(SQLITE_NOLFS) \
    _(SQLITE_AUTH) \
    _(SQLITE_FORMAT) \
    _(SQLITE_RANGE) \
    _(SQLITE_NOTADB) \
    _(SQLITE_NOTICE) \
    _(SQLITE_WARNING) \
    _(SQLITE_ROW) \
    _(SQLITE_DONE) \
    _(SQLITE_OK_LOAD_PERMANENTLY) \
    _(SQLITE_ERROR_MISSING_COLLSEQ) \
    _(SQLITE_BUSY_RECOVERY) \
    _(SQLITE_LOCKED_SHAREDCACHE) \
    _(SQLITE_READONLY_RECOVERY) \
    _(SQLITE_IOERR_READ) \
    _(SQLITE_CORRUPT_VTAB) \
    _(SQLITE_CANTOPEN_NOTEMPDIR) \
    _(SQLITE_CONSTRAINT_CHECK) \
    _(SQLITE_AUTH_USER) \
    _(SQLITE_NOTICE_RECOVER_WAL) \
    _(SQLITE_WARNING_AUTOINDEX) \
    _(SQLITE_OK_SYMLINK) \
    _(SQLITE_ERROR_RETRY) \
    _(SQLITE_ABORT_ROLLBACK) \
    _(SQLITE_BUSY_SNAPSHOT) \
    _(SQLITE_LOCKED_VTAB) \
    _(SQLITE_READONLY_CANTLOCK) \
    _(SQLITE_IOERR_SHORT_READ) \
    _(SQLITE_CORRUPT_SEQUENCE) \
    _(SQLITE_CANTOPEN_ISDIR) \
    _(SQLITE_CONSTRAINT_COMMITHOOK) \
    _(SQLITE_NOTICE_RECOVER_ROLLBACK) \
    _(SQLITE_ERROR_SNAPSHOT) \
    _(SQLITE_BUSY_TIMEOUT) \
    _(SQLITE_READONLY_ROLLBACK) \
    _(SQLITE_IOERR_WRITE) \
    _(SQLITE_CORRUPT_INDEX) \
    _(SQLITE_CANTOPEN_FULLPATH) \
    _(SQLITE_CONSTRAINT_FOREIGNKEY) \
    _(SQLITE_READONLY_DBMOVED) \
    _(SQLITE_IOERR_FSYNC) \
    _(SQLITE_CANTOPEN_CONVPATH) \
    _(SQLITE_CONSTRAINT_FUNCTION) \
    _(SQLITE_READONLY_CANTINIT) \
    _(SQLITE_IOERR_DIR_FSYNC) \
    _(SQLITE_CANTOPEN_DIRTYWAL) \
    _(SQLITE_CONSTRAINT_NOTNULL) \
    _(SQLITE_READONLY_DIRECTORY) \
    _(SQLITE_IOERR_TRUNCATE) \
    _(SQLITE_CANTOPEN_SYMLINK) \
    _(SQLITE_CONSTRAINT_PRIMARYKEY) \
    _(SQLITE_IOERR_FSTAT) \
    _(SQLITE_CONSTRAINT_TRIGGER) \
    _(SQLITE_IOERR_UNLOCK) \
    _(SQLITE_CONSTRAINT_UNIQUE) \
    _(SQLITE_IOERR_RDLOCK) \
    _(SQLITE_CONSTRAINT_VTAB) \
    _(SQLITE_IOERR_DELETE) \
    _(SQLITE_CONSTRAINT_ROWID) \
    _(SQLITE_IOERR_BLOCKED) \
    _(SQLITE_CONSTRAINT_PINNED) \
    _(SQLITE_IOERR_NOMEM) \
    _(SQLITE_IOERR_ACCESS) \
    _(SQLITE_IOERR_CHECKRESERVEDLOCK) \
    _(SQLITE_IOERR_LOCK) \
    _(SQLITE_IOERR_CLOSE) \
    _(SQLITE_IOERR_DIR_CLOSE) \
    _(SQLITE_IOERR_SHMOPEN) \
    _(SQLITE_IOERR_SHMSIZE) \
    _(SQLITE_IOERR_SHMLOCK) \
    _(SQLITE_IOERR_SHMMAP) \
    _(SQLITE_IOERR_SEEK) \
    _(SQLITE_IOERR_DELETE_NOENT) \
    _(SQLITE_IOERR_MMAP) \
    _(SQLITE_IOERR_GETTEMPPATH) \
    _(SQLITE_IOERR_CONVPATH) \
    _(SQLITE_IOERR_VNODE) \
    _(SQLITE_IOERR_AUTH) \
    _(SQLITE_IOERR_BEGIN_ATOMIC) \
    _(SQLITE_IOERR_COMMIT_ATOMIC) \
    _(SQLITE_IOERR_ROLLBACK_ATOMIC) \
    _(SQLITE_IOERR_DATA) \
    _(SQLITE_IOERR_CORRUPTFS)

/* authorizer actions and return values, limit categories */
#define SQLITE_OTHER_CONSTANTS(_) \
    _(SQLITE_ALTER_TABLE) \
    _(SQLITE_ANALYZE) \
    _(SQLITE_ATTACH) \
    _(SQLITE_CREATE_INDEX) \
    _(SQLITE_CREATE_TABLE) \
    _(SQLITE_CREATE_TEMP_INDEX) \
    _(SQLITE_CREATE_TEMP_TABLE) \
    _(SQLITE_CREATE_TEMP_TRIGGER) \
    _(SQLITE_CREATE_TEMP_VIEW) \
    _(SQLITE_CREATE_TRIGGER) \
    _(SQLITE_CREATE_VIEW) \
    _(SQLITE_CREATE_VTABLE) \
    _(SQLITE_DELETE) \
    _(SQLITE_DENY) \
    _(SQLITE_DETACH) \
    _(SQLITE_DROP_INDEX) \
    _(SQLITE_DROP_TABLE) \
    _(SQLITE_DROP_TEMP_INDEX) \
    _(SQLITE_DROP_TEMP_TABLE) \
    _(SQLITE_DROP_TEMP_TRIGGER) \
    _(SQLITE_DROP_TEMP_VIEW) \
    _(SQLITE_DROP_TRIGGER) \
    _(SQLITE_DROP_VIEW) \
    _(SQLITE_DROP_VTABLE) \
    _(SQLITE_FUNCTION) \
    _(SQLITE_IGNORE) \
    _(SQLITE_INSERT) \
    _(SQLITE_LIMIT_ATTACHED) \
    _(SQLITE_LIMIT_COLUMN) \
    _(SQLITE_LIMIT_COMPOUND_SELECT) \
    _(SQLITE_LIMIT_EXPR_DEPTH) \
    _(SQLITE_LIMIT_FUNCTION_ARG) \
    _(SQLITE_LIMIT_LENGTH) \
    _(SQLITE_LIMIT_LIKE_PATTERN_LENGTH) \
    _(SQLITE_LIMIT_SQL_LENGTH) \
    _(SQLITE_LIMIT_TRIGGER_DEPTH) \
    _(SQLITE_LIMIT_VARIABLE_NUMBER) \
    _(SQLITE_LIMIT_VDBE_OP) \
    _(SQLITE_LIMIT_WORKER_THREADS) \
    _(SQLITE_PRAGMA) \
    _(SQLITE_READ) \
    _(SQLITE_RECURSIVE) \
    _(SQLITE_REINDEX) \
    _(SQLITE_SAVEPOINT) \
    _(SQLITE_SELECT) \
    _(SQLITE_TRANSACTION) \
    _(SQLITE_UPDATE)

static const struct { const char *name; int code; } error_codes[] = {
#define ERR_ENTRY(n) {#n, n},
    SQLITE_ERROR_CODES(ERR_ENTRY)
#undef ERR_ENTRY
};

static const char *error_name(int code) {
    for (size_t i = 0; i < sizeof error_codes / sizeof error_codes[0]; i++)
        if (error_codes[i].code == code) return error_codes[i].name;
    return NULL;
}

/* The DB-API exception class for a primary result code (VNULL: not an error). */
static Value error_class(int code) {
    switch (code & 0xff) {
    case SQLITE_OK: case SQLITE_ROW: case SQLITE_DONE: return VNULL;
    case SQLITE_INTERNAL: case SQLITE_NOTFOUND: return InternalError;
    case SQLITE_NOMEM: return V_FROM_PTR(&exc_MemoryError);
    case SQLITE_ERROR: case SQLITE_PERM: case SQLITE_ABORT: case SQLITE_BUSY: case SQLITE_LOCKED:
    case SQLITE_READONLY: case SQLITE_INTERRUPT: case SQLITE_IOERR: case SQLITE_FULL:
    case SQLITE_CANTOPEN: case SQLITE_PROTOCOL: case SQLITE_EMPTY: case SQLITE_SCHEMA:
        return OperationalError;
    case SQLITE_CORRUPT: return DatabaseError;
    case SQLITE_TOOBIG: return DataError;
    case SQLITE_CONSTRAINT: case SQLITE_MISMATCH: return IntegrityError;
    case SQLITE_MISUSE: case SQLITE_RANGE: return InterfaceError;
    default: return DatabaseError;
    }
}

/* Raise cls(msg) with sqlite_errorcode and sqlite_errorname set. */
static Value raise_coded(Value cls, int code, const char *msg) {
    if (cls == V_FROM_PTR(&exc_MemoryError)) return err_no_memory();
    Value m = str_from_cstr(msg);
    Value exc = obj_call1(cls, m);
    if (!exc) return VNULL;
    const char *name = error_name(code);
    if (obj_setattr(exc, str_intern_cstr("sqlite_errorcode"), int_from_i64(code)) < 0 ||
        obj_setattr(exc, str_intern_cstr("sqlite_errorname"), str_from_cstr(name ? name : "unknown")) < 0)
        return VNULL;
    return err_set_exc(exc);
}

/* Raise the error the database handle reports; VNULL either way. */
static Value set_db_error(sqlite3 *db) {
    int code = SQL(sqlite3_errcode)(db);
    Value cls = error_class(code);
    if (!cls) return VNULL;
    return raise_coded(cls, SQL(sqlite3_extended_errcode)(db), SQL(sqlite3_errmsg)(db));
}

/* ---- checks ---------------------------------------------------------------------------- */

static bool check_thread(ConnectionObject *c) {
    if (c->check_same_thread && gil_thread_ident() != c->thread_ident) {
        err_format(V_AS(Type, ProgrammingError),
                   "SQLite objects created in a thread can only be used in that same thread. "
                   "The object was created in thread id %llu and this is thread id %llu.",
                   (unsigned long long)c->thread_ident, (unsigned long long)gil_thread_ident());
        return false;
    }
    return true;
}

static bool check_connection(ConnectionObject *c) {
    if (!c->initialized) {
        sq_raise(ProgrammingError, "Base Connection.__init__ not called.");
        return false;
    }
    if (!c->db) {
        sq_raise(ProgrammingError, "Cannot operate on a closed database.");
        return false;
    }
    return true;
}

static bool check_usable(ConnectionObject *c) { return check_thread(c) && check_connection(c); }

/* a type's name as Argument Clinic's messages give it ("None" for None) */
static const char *arg_type_name(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }

static bool is_connection(Value v) { return v_is_ptr(v) && v && type_is_subtype(type_of(v), &connection_type); }
static bool is_cursor(Value v) { return v_is_ptr(v) && v && type_is_subtype(type_of(v), &cursor_type); }

/* ---- values between Python and SQLite -------------------------------------------------- */

/* An int as SQLite's 64-bit integer (OverflowError beyond). */
static int int_to_sqlite(Value v, sqlite3_int64 *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    Value lo = int_from_i64(INT64_MIN), hi = int_from_i64(INT64_MAX);
    int a = obj_richcompare_bool(v, lo, CMP_LT), b = a ? a : obj_richcompare_bool(v, hi, CMP_GT);
    if (a < 0 || b < 0) return -1;
    if (a || b) {
        err_set(&exc_OverflowError, "Python int too large to convert to SQLite INTEGER");
        return -1;
    }
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) return -1;
    *out = x;
    return 0;
}

/* strict UTF-8: no encoded surrogates (which tpy's str may hold) */
static bool strict_utf8(const char *p, size_t n) {
    int64_t ncp;
    return utf8_wellformed_prefix(p, (int64_t)n, &ncp) == (int64_t)n;
}

/* The UTF-8 of a str; UnicodeEncodeError (by str.encode) for lone surrogates. */
static const char *str_utf8(Value s, int64_t *n) {
    if (!str_is_ascii(s) && !strict_utf8(str_data(s), (size_t)str_nbytes(s))) {
        Value b = obj_call_method(s, "encode", (Value[]){str_from_cstr("utf-8")}, 1);
        if (!b) return NULL;
        *n = bytes_size(b);
        return bytes_data(b);
    }
    *n = str_nbytes(s);
    return str_data(s);
}

/* A str from UTF-8 that SQLite gives; UnicodeDecodeError when invalid. */
static Value str_from_utf8(const char *p, size_t n) {
    if (!p) p = "";
    if (!strict_utf8(p, n)) {
        Value b = bytes_new(p, n);
        return obj_call_method(b, "decode", (Value[]){str_from_cstr("utf-8")}, 1);
    }
    return str_new(p, n);
}

static bool is_buffer(Value v) { return v_is_ptr(v) && v && byteslike_check(v); }

/* The bytes of a bytes-like object: TypeError for others, BufferError for
 * a view that is not C-contiguous (as PyBUF_SIMPLE). */
static int buffer_view(Value v, const char **p, int64_t *n) {
    if (bytes_check(v) || bytearray_check(v)) {
        byteslike_view(v, p, n);
        return 0;
    }
    if (!is_buffer(v)) {
        err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(v)->tname);
        return -1;
    }
    Value contig = obj_getattr_opt(v, str_intern_cstr("c_contiguous"));
    if (!contig && err_occurred()) return -1;
    if (contig == V_FALSE) {
        err_set(&exc_BufferError, "underlying buffer is not C-contiguous");
        return -1;
    }
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return -1;
    *p = bi.data;
    *n = bi.len;
    return 0;
}

/* Python objects for the arguments of a user-defined function. */
static Value build_params(int argc, sqlite3_value **argv) {
    Value t = tuple_new(argc);
    for (int i = 0; i < argc; i++) {
        sqlite3_value *v = argv[i];
        Value x;
        switch (SQL(sqlite3_value_type)(v)) {
        case SQLITE_INTEGER: x = int_from_i64(SQL(sqlite3_value_int64)(v)); break;
        case SQLITE_FLOAT: x = float_from_double(SQL(sqlite3_value_double)(v)); break;
        case SQLITE_TEXT: {
            const char *p = (const char *)SQL(sqlite3_value_text)(v);
            x = str_from_utf8(p, (size_t)SQL(sqlite3_value_bytes)(v));
            break;
        }
        case SQLITE_BLOB: {
            const void *p = SQL(sqlite3_value_blob)(v);
            x = bytes_new(p ? p : "", (size_t)SQL(sqlite3_value_bytes)(v));
            break;
        }
        default: x = V_NONE;
        }
        if (!x) return VNULL;
        tuple_items(t)[i] = x;
    }
    return t;
}

/* A user function's result to SQLite: 0, or -1 (with an exception set
 * unless the type is not supported). */
static int set_result(sqlite3_context *ctx, Value v) {
    if (v == V_NONE) {
        SQL(sqlite3_result_null)(ctx);
    } else if (int_check(v)) {
        sqlite3_int64 x;
        if (int_to_sqlite(v, &x) < 0) return -1;
        SQL(sqlite3_result_int64)(ctx, x);
    } else if (float_check(v)) {
        SQL(sqlite3_result_double)(ctx, float_val(v));
    } else if (str_check(v)) {
        int64_t n;
        const char *p = str_utf8(v, &n);
        if (!p) return -1;
        if (n > INT_MAX) {
            err_set(&exc_OverflowError, "string is longer than INT_MAX bytes");
            return -1;
        }
        SQL(sqlite3_result_text)(ctx, p, (int)n, SQLITE_TRANSIENT);
    } else if (is_buffer(v)) {
        const char *p = NULL;
        int64_t n = 0;
        if (buffer_view(v, &p, &n) < 0) return -1;
        if (n > INT_MAX) {
            err_set(&exc_OverflowError, "BLOB longer than INT_MAX bytes");
            return -1;
        }
        SQL(sqlite3_result_blob)(ctx, p, (int)n, SQLITE_TRANSIENT);
    } else {
        return -1;
    }
    return 0;
}

/* A callback's exception: given to sys.unraisablehook when
 * enable_callback_tracebacks(True), else dropped. */
static void print_or_clear(Value obj) {
    if (!err_occurred()) return;
    Value exc = err_fetch();
    if (callback_tracebacks) err_write_unraisable(exc, NULL, obj);
}

/* A user function failed: tell SQLite (MemoryError and OverflowError as
 * SQLite's own errors), then report the exception. */
static void set_sqlite_error(sqlite3_context *ctx, const char *msg, Value obj) {
    if (err_matches(&exc_MemoryError)) SQL(sqlite3_result_error_nomem)(ctx);
    else if (err_matches(&exc_OverflowError)) SQL(sqlite3_result_error_toobig)(ctx);
    else SQL(sqlite3_result_error)(ctx, msg, -1);
    print_or_clear(obj);
}

/* ---- Statement ------------------------------------------------------------------------- */

static void statement_finalize(void *obj) {
    StatementObject *s = obj;
    if (s->st) SQL(sqlite3_finalize)(s->st);
    s->st = NULL;
}

/* Skip blanks and SQL comments. */
static const char *skip_space_comments(const char *p) {
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f') p++;
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            if (!e) return p + strlen(p);
            p = e + 2;
        } else {
            return p;
        }
    }
}

static Value statement_new(ConnectionObject *c, Value sql) {
    int64_t n;
    const char *p = str_utf8(sql, &n);
    if (!p) return VNULL;
    if (n > INT_MAX || n > SQL(sqlite3_limit)(c->db, SQLITE_LIMIT_SQL_LENGTH, -1))
        return sq_raise(DataError, "query string is too large");
    if ((int64_t)strlen(p) != n) return sq_raise(ProgrammingError, "the query contains a null character");
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    int rc = SQL(sqlite3_prepare_v2)(c->db, p, (int)n + 1, &st, &tail);
    if (rc != SQLITE_OK) return set_db_error(c->db);
    if (tail && *skip_space_comments(tail)) {
        SQL(sqlite3_finalize)(st);
        return sq_raise(ProgrammingError, "You can only execute one statement at a time.");
    }
    StatementObject *s = (StatementObject *)obj_alloc(&statement_type, sizeof(StatementObject));
    s->st = st;
    if (st) gc_register_finalizer(s, statement_finalize);
    const char *q = skip_space_comments(p);
    static const char *const dml[] = {"insert", "update", "delete", "replace"};
    for (int i = 0; i < 4; i++)
        if (strncasecmp(q, dml[i], strlen(dml[i])) == 0) s->is_dml = true;
    return V_FROM_PTR(s);
}

static void statement_reset(StatementObject *s) {
    if (s->in_use && s->st) SQL(sqlite3_reset)(s->st);
    s->in_use = false;
}

/* The connection's statement for sql, from its LRU cache when there. */
static Value statement_get(ConnectionObject *c, Value sql) {
    if (c->cache_size > 0) {
        Value s = dict_get(c->cache, sql);
        if (s) {
            /* move it to the end: most recently used */
            if (dict_del(c->cache, sql) < 0 || dict_set(c->cache, sql, s) < 0) return VNULL;
            return s;
        }
        if (err_occurred()) return VNULL;
    }
    Value s = statement_new(c, sql);
    if (!s || c->cache_size <= 0) return s;
    if (dict_size(c->cache) >= c->cache_size) {
        int64_t pos = 0;
        Value k, v;
        if (dict_next(c->cache, &pos, &k, &v) && dict_del(c->cache, k) < 0) return VNULL;
    }
    if (dict_set(c->cache, sql, s) < 0) return VNULL;
    return s;
}

/* ---- adaptation ------------------------------------------------------------------------ */

static Value adapt(Value obj, Value proto, Value alt) {
    Value key = tuple_pack(2, V_FROM_PTR(type_of(obj)), proto);
    Value adapter = dict_get(adapters, key);
    if (adapter) return obj_call1(adapter, obj);
    if (err_occurred()) return VNULL;
    Value m = obj_getattr_opt(proto, str_intern_cstr("__adapt__"));
    if (!m && err_occurred()) return VNULL;
    if (m) {
        Value r = obj_call1(m, obj);
        if (r && r != V_NONE) return r;
        if (!r) {
            if (!err_matches(&exc_TypeError)) return VNULL;
            err_clear();
        }
    }
    m = obj_getattr_opt(obj, str_intern_cstr("__conform__"));
    if (!m && err_occurred()) return VNULL;
    if (m) {
        Value r = obj_call1(m, proto);
        if (r && r != V_NONE) return r;
        if (!r) {
            if (!err_matches(&exc_TypeError)) return VNULL;
            err_clear();
        }
    }
    if (alt) return alt;
    return sq_raise(ProgrammingError, "can't adapt");
}

static bool need_adapt(Value v) {
    if (base_type_adapted) return true;
    return !(v_is_int(v) || int_check_exact(v) || float_check_exact(v) || str_check_exact(v) ||
             (v_is_ptr(v) && V_OBJ(v)->type == &bytearray_type));
}

/* Bind one parameter: SQLITE_OK, or another code (an exception may be set). */
static int bind_one(sqlite3_stmt *st, int pos, Value v) {
    if (v == V_NONE) return SQL(sqlite3_bind_null)(st, pos);
    if (int_check(v)) {
        sqlite3_int64 x;
        if (int_to_sqlite(v, &x) < 0) return -1;
        return SQL(sqlite3_bind_int64)(st, pos, x);
    }
    if (float_check(v)) return SQL(sqlite3_bind_double)(st, pos, float_val(v));
    if (str_check(v)) {
        int64_t n;
        const char *p = str_utf8(v, &n);
        if (!p) return -1;
        if (n > INT_MAX) {
            err_set(&exc_OverflowError, "string longer than INT_MAX bytes");
            return -1;
        }
        return SQL(sqlite3_bind_text)(st, pos, p, (int)n, SQLITE_TRANSIENT);
    }
    if (is_buffer(v)) {
        const char *p = NULL;
        int64_t n = 0;
        if (buffer_view(v, &p, &n) < 0) return -1;
        if (n > INT_MAX) {
            err_set(&exc_OverflowError, "BLOB longer than INT_MAX bytes");
            return -1;
        }
        return SQL(sqlite3_bind_blob)(st, pos, p, (int)n, SQLITE_TRANSIENT);
    }
    return -1;
}

static int bind_checked(sqlite3_stmt *st, int pos, Value v) {
    if (need_adapt(v)) {
        v = adapt(v, V_FROM_PTR(&prepare_type), v);
        if (!v) return -1;
    }
    int rc = bind_one(st, pos, v);
    if (rc != SQLITE_OK) {
        /* SQLite refused the value (too big...): its error */
        if (rc > 0 && !err_occurred()) set_db_error(SQL(sqlite3_db_handle)(st));
        if (!err_occurred())
            err_format(V_AS(Type, ProgrammingError), "Error binding parameter %d: type '%s' is not supported", pos,
                       type_of(v)->tname);
        return -1;
    }
    return 0;
}

static bool is_sequence(Value v) {
    if (dict_check(v)) return false;
    Type *t = type_of(v);
    return t->getitem != NULL || type_lookup_cstr(t, "__getitem__") != VNULL;
}

static int bind_parameters(StatementObject *s, Value params) {
    sqlite3_stmt *st = s->st;
    int needed = st ? SQL(sqlite3_bind_parameter_count)(st) : 0;
    if (tuple_check_exact(params) || list_check_exact(params) || is_sequence(params)) {
        int64_t n = tuple_check_exact(params) ? tuple_size(params)
                    : list_check_exact(params) ? list_size(params) : obj_len(params);
        if (n < 0) return -1;
        if (n != needed) {
            err_format(V_AS(Type, ProgrammingError),
                       "Incorrect number of bindings supplied. The current statement uses %d, and there are %lld supplied.",
                       needed, (long long)n);
            return -1;
        }
        for (int i = 0; i < n; i++) {
            Value v = tuple_check_exact(params) ? tuple_get(params, i)
                      : list_check_exact(params) ? (i < list_size(params) ? list_get(params, i) : VNULL)
                      : obj_getitem(params, v_int(i));
            if (!v) {
                if (!err_occurred()) err_set(&exc_IndexError, "list index out of range");
                return -1;
            }
            if (bind_checked(st, i + 1, v) < 0) return -1;
        }
        return 0;
    }
    if (dict_check(params)) {
        for (int i = 1; i <= needed; i++) {
            const char *name = SQL(sqlite3_bind_parameter_name)(st, i);
            if (!name) {
                err_format(V_AS(Type, ProgrammingError),
                           "Binding %d has no name, but you supplied a dictionary (which has only names).", i);
                return -1;
            }
            Value key = str_from_cstr(name + 1);
            Value v = dict_check_exact(params) ? dict_get(params, key) : obj_getitem(params, key);
            if (!v) {
                if (!err_occurred() || err_matches(&exc_LookupError)) {
                    err_clear();
                    err_format(V_AS(Type, ProgrammingError), "You did not supply a value for binding parameter %s.",
                               name);
                }
                return -1;
            }
            if (bind_checked(st, i, v) < 0) return -1;
        }
        return 0;
    }
    sq_raise(ProgrammingError, "parameters are of unsupported type");
    return -1;
}

/* ---- Cursor ---------------------------------------------------------------------------- */

static bool check_cursor(CursorObject *c) {
    if (!c->initialized) {
        sq_raise(ProgrammingError, "Base Cursor.__init__ not called.");
        return false;
    }
    if (c->closed) {
        sq_raise(ProgrammingError, "Cannot operate on a closed cursor.");
        return false;
    }
    if (c->locked) {
        sq_raise(ProgrammingError, "Recursive use of cursors not allowed.");
        return false;
    }
    return check_usable(c->conn);
}

/* A dropped cursor releases its statement's locks (the cache still holds
 * the statement) when the collector finds it, not at once as in CPython. */
static void cursor_finalize(void *obj) {
    CursorObject *c = obj;
    if (c->stmt) statement_reset(c->stmt);
    c->stmt = NULL;
}

static Value cursor_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value v = instance_new(t);
    gc_register_finalizer(V_OBJ(v), cursor_finalize);
    CursorObject *c = CUR(v);
    c->description = c->lastrowid = c->row_factory = V_NONE;
    c->arraysize = 1;
    c->rowcount = -1;
    return v;
}

static int cursor_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Cursor", 1, 1, 0, {"connection", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    if (!is_connection(a[0])) {
        err_format(&exc_TypeError, "Cursor() argument 1 must be sqlite3.Connection, not %s", arg_type_name(a[0]));
        return -1;
    }
    CursorObject *c = CUR(self);
    if (c->locked) {
        sq_raise(ProgrammingError, "Recursive use of cursors not allowed.");
        return -1;
    }
    c->conn = CONN(a[0]);
    c->description = c->lastrowid = c->row_factory = V_NONE;
    c->row_cast_map = VNULL;
    c->arraysize = 1;
    c->rowcount = -1;
    c->stmt = NULL;
    c->closed = c->locked = false;
    c->initialized = true;
    return 0;
}

/* Look a converter up by (a prefix of) its name, case-insensitively. */
static Value get_converter(const char *name, size_t n) {
    Value key = str_from_utf8(name, n);
    if (!key) return VNULL;
    Value up = obj_call_method(key, "upper", NULL, 0);
    if (!up) return VNULL;
    return dict_get(converters, up);
}

static int build_row_cast_map(CursorObject *c) {
    if (!c->conn->detect_types) return 0;
    sqlite3_stmt *st = c->stmt->st;
    c->row_cast_map = list_new(0);
    int n = st ? SQL(sqlite3_column_count)(st) : 0;
    for (int i = 0; i < n; i++) {
        Value conv = VNULL;
        if (c->conn->detect_types & PARSE_COLNAMES) {
            const char *name = SQL(sqlite3_column_name)(st, i);
            if (!name) return err_no_memory(), -1;
            const char *start = NULL;
            for (const char *p = name; *p; p++) {
                if (*p == '[') {
                    start = p + 1;
                } else if (*p == ']' && start) {
                    conv = get_converter(start, (size_t)(p - start));
                    if (!conv && err_occurred()) return -1;
                    break;
                }
            }
        }
        if (!conv && (c->conn->detect_types & PARSE_DECLTYPES)) {
            const char *decl = SQL(sqlite3_column_decltype)(st, i);
            if (decl) {
                const char *p = decl;
                while (*p && *p != ' ' && *p != '(') p++;
                conv = get_converter(decl, (size_t)(p - decl));
                if (!conv && err_occurred()) return -1;
            }
        }
        list_append(c->row_cast_map, conv ? conv : V_NONE);
    }
    return 0;
}

static Value column_name(CursorObject *c, const char *name) {
    if (!name) return V_NONE;
    size_t n = strlen(name);
    if (c->conn->detect_types & PARSE_COLNAMES) {
        const char *b = strchr(name, '[');
        if (b) {
            if (b > name && b[-1] == ' ') b--;
            n = (size_t)(b - name);
        }
    }
    return str_from_utf8(name, n);
}

/* The current row of the cursor's statement as a tuple. */
static Value fetch_one_row(CursorObject *c) {
    sqlite3_stmt *st = c->stmt->st;
    int n = SQL(sqlite3_data_count)(st);
    Value row = tuple_new(n);
    ConnectionObject *conn = c->conn;
    for (int i = 0; i < n; i++) {
        Value conv = V_NONE, x;
        if (conn->detect_types && c->row_cast_map && i < list_size(c->row_cast_map)) conv = list_get(c->row_cast_map, i);
        if (conv != V_NONE) {
            const void *p = SQL(sqlite3_column_blob)(st, i);
            if (!p) {
                if (SQL(sqlite3_errcode)(conn->db) == SQLITE_NOMEM) return err_no_memory();
                x = V_NONE;
            } else {
                x = obj_call1(conv, bytes_new(p, (size_t)SQL(sqlite3_column_bytes)(st, i)));
            }
        } else {
            switch (SQL(sqlite3_column_type)(st, i)) {
            case SQLITE_NULL: x = V_NONE; break;
            case SQLITE_INTEGER: x = int_from_i64(SQL(sqlite3_column_int64)(st, i)); break;
            case SQLITE_FLOAT: x = float_from_double(SQL(sqlite3_column_double)(st, i)); break;
            case SQLITE_TEXT: {
                const char *p = (const char *)SQL(sqlite3_column_text)(st, i);
                if (!p && SQL(sqlite3_errcode)(conn->db) == SQLITE_NOMEM) return err_no_memory();
                size_t nb = (size_t)SQL(sqlite3_column_bytes)(st, i);
                if (!p) p = "";
                Value tf = conn->text_factory;
                if (tf == V_FROM_PTR(&str_type)) {
                    if (!strict_utf8(p, nb)) {
                        const char *col = SQL(sqlite3_column_name)(st, i);
                        Buf raw, b;
                        buf_init(&raw, 64);
                        buf_printf(&raw, "Could not decode to UTF-8 column '%s' with text '", col ? col : "");
                        buf_put(&raw, p, nb);
                        buf_putc(&raw, '\'');
                        /* as CPython, which decodes the message as ASCII with "replace" */
                        buf_init(&b, raw.len + 16);
                        for (size_t k = 0; k < raw.len; k++) {
                            if ((unsigned char)raw.data[k] < 128) buf_putc(&b, raw.data[k]);
                            else buf_put(&b, "\xEF\xBF\xBD", 3);
                        }
                        return raise_value(OperationalError, str_from_buf(&b));
                    }
                    x = str_new(p, nb);
                } else if (tf == V_FROM_PTR(&bytes_type)) {
                    x = bytes_new(p, nb);
                } else if (tf == V_FROM_PTR(&bytearray_type)) {
                    x = bytearray_new(p, nb);
                } else {
                    x = obj_call1(tf, bytes_new(p, nb));
                }
                break;
            }
            default: {
                const void *p = SQL(sqlite3_column_blob)(st, i);
                if (!p && SQL(sqlite3_errcode)(conn->db) == SQLITE_NOMEM) return err_no_memory();
                x = bytes_new(p ? p : "", (size_t)SQL(sqlite3_column_bytes)(st, i));
            }
            }
        }
        if (!x) return VNULL;
        tuple_items(row)[i] = x;
    }
    return row;
}

/* A statement of this connection holds a table lock (SQLITE_LOCKED): it
 * may belong to a cursor the program dropped, which CPython would have
 * freed (and reset) at once. Collect garbage so that such cursors'
 * finalizers reset their statements; true when the statement may be
 * retried. */
static bool collect_dropped_cursors(void) {
    Value collect = import_name(str_from_cstr("gc"), V_NONE, v_int(0), VNULL);
    if (collect) collect = obj_getattr_cstr(collect, "collect");
    if (!collect || !obj_call0(collect)) {
        err_clear();
        return false;
    }
    return true;
}

static Value begin_transaction(ConnectionObject *c) {
    sqlite3_stmt *st;
    int rc = SQL(sqlite3_prepare_v2)(c->db, c->begin_statement, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = SQL(sqlite3_step)(st);
        int rc2 = SQL(sqlite3_finalize)(st);
        if (rc == SQLITE_DONE) rc = rc2;
    }
    if (rc != SQLITE_OK) return set_db_error(c->db);
    return V_NONE;
}

static Value query_execute(CursorObject *c, bool multiple, Value sql, Value second) {
    if (!check_cursor(c)) return VNULL;
    Value iter;
    if (multiple) {
        iter = obj_iter(second);
        if (!iter) return VNULL;
    } else {
        iter = obj_iter(tuple_pack(1, second ? second : tuple_new(0)));
    }
    c->locked = true;
    if (c->stmt) statement_reset(c->stmt);
    c->stmt = NULL;
    c->description = V_NONE;
    c->rowcount = 0;
    ConnectionObject *conn = c->conn;
    Value sv = statement_get(conn, sql);
    int rc = SQLITE_OK;
    Value params;
    if (!sv) goto error;
    StatementObject *s = V_AS(StatementObject, sv);
    if (s->in_use) {
        sv = statement_new(conn, sql);
        if (!sv) goto error;
        s = V_AS(StatementObject, sv);
    }
    c->stmt = s;
    statement_reset(s);
    if (multiple && !s->is_dml && s->st) {
        sq_raise(ProgrammingError, "executemany() can only execute DML statements.");
        goto error;
    }
    c->rowcount = s->is_dml ? 0 : -1;
    if (conn->begin_statement && s->is_dml && SQL(sqlite3_get_autocommit)(conn->db))
        if (!begin_transaction(conn)) goto error;
    if (!s->st) {
        /* SQL without a statement (blanks, comments): nothing runs */
        c->stmt = NULL;
        c->locked = false;
        return V_FROM_PTR(c);
    }
    while ((params = obj_next(iter))) {
        statement_reset(s);
        s->in_use = true;
        if (bind_parameters(s, params) < 0) goto error;
        rc = SQL(sqlite3_step)(s->st);
        if ((rc & 0xff) == SQLITE_LOCKED && !err_occurred() && collect_dropped_cursors()) {
            SQL(sqlite3_reset)(s->st);
            rc = SQL(sqlite3_step)(s->st);
        }
        if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
            print_or_clear(VNULL);
            statement_reset(s);
            set_db_error(conn->db);
            goto error;
        }
        if (err_occurred()) goto error;
        if (build_row_cast_map(c) < 0) goto error;
        int ncols = SQL(sqlite3_column_count)(s->st);
        if (c->description == V_NONE && ncols > 0) {
            Value d = tuple_new(ncols);
            for (int i = 0; i < ncols; i++) {
                Value name = column_name(c, SQL(sqlite3_column_name)(s->st, i));
                if (!name) goto error;
                tuple_items(d)[i] = tuple_pack(7, name, V_NONE, V_NONE, V_NONE, V_NONE, V_NONE, V_NONE);
            }
            c->description = d;
        }
        /* a row (RETURNING) of executemany() is dropped by the next reset */
        if (rc == SQLITE_DONE) {
            if (s->is_dml) c->rowcount += SQL(sqlite3_changes)(conn->db);
            statement_reset(s);
        }
    }
    if (err_occurred()) goto error;
    if (!multiple) c->lastrowid = int_from_i64(SQL(sqlite3_last_insert_rowid)(conn->db));
    if (multiple) statement_reset(s);
    if (rc != SQLITE_ROW || multiple) c->stmt = NULL;
    c->locked = false;
    return V_FROM_PTR(c);
error:
    c->locked = false;
    if (c->stmt) statement_reset(c->stmt);
    c->stmt = NULL;
    c->rowcount = -1;
    return VNULL;
}

static Value cur_execute(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"execute", 2, 1, 0, {"sql", "parameters", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "execute() argument 1 must be str, not %s", arg_type_name(a[0]));
    return query_execute(CUR(args[0]), false, a[0], a[1]);
}

static Value cur_executemany(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"executemany", 2, 2, 0, {"sql", "seq_of_parameters", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "executemany() argument 1 must be str, not %s", arg_type_name(a[0]));
    return query_execute(CUR(args[0]), true, a[0], a[1]);
}

static Value commit_if_open(ConnectionObject *c, const char *sql);

static Value cur_executescript(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"executescript", 1, 1, 0, {"sql_script", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    CursorObject *c = CUR(args[0]);
    if (!check_cursor(c)) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "executescript() argument must be str, not %s", arg_type_name(a[0]));
    int64_t n;
    const char *p = str_utf8(a[0], &n);
    if (!p) return VNULL;
    if ((int64_t)strlen(p) != n) return err_set(&exc_ValueError, "embedded null character");
    if (n > SQL(sqlite3_limit)(c->conn->db, SQLITE_LIMIT_SQL_LENGTH, -1)) return sq_raise(DataError, "query string is too large");
    sqlite3 *db = c->conn->db;
    if (c->stmt) statement_reset(c->stmt);
    c->stmt = NULL;
    c->locked = true;
    /* a script runs outside the implicit transaction: commit it first */
    if (!commit_if_open(c->conn, "COMMIT")) goto error;
    for (;;) {
        sqlite3_stmt *st;
        const char *tail;
        int rc = SQL(sqlite3_prepare_v2)(db, p, -1, &st, &tail);
        if (rc != SQLITE_OK) {
            set_db_error(db);
            goto error;
        }
        if (st) {
            do rc = SQL(sqlite3_step)(st);
            while (rc == SQLITE_ROW);
            if (rc != SQLITE_DONE) {
                print_or_clear(VNULL);
                SQL(sqlite3_finalize)(st);
                set_db_error(db);
                goto error;
            }
            rc = SQL(sqlite3_finalize)(st);
            if (rc != SQLITE_OK) {
                set_db_error(db);
                goto error;
            }
            if (err_occurred()) goto error;
        }
        p = tail;
        if (!*p) break;
    }
    c->locked = false;
    return args[0];
error:
    c->locked = false;
    return VNULL;
}

/* next(cursor): the row ready, then step to the next one */
static Value cursor_iternext(Value self) {
    CursorObject *c = CUR(self);
    if (!check_cursor(c)) return VNULL;
    if (!c->stmt) return VNULL;
    StatementObject *s = c->stmt;
    c->locked = true;
    Value row = fetch_one_row(c);
    c->locked = false;
    if (!row) return VNULL;
    int rc = SQL(sqlite3_step)(s->st);
    if (rc == SQLITE_DONE) {
        if (s->is_dml) c->rowcount = SQL(sqlite3_changes)(c->conn->db);
        statement_reset(s);
        c->stmt = NULL;
    } else if (rc != SQLITE_ROW) {
        print_or_clear(VNULL);
        set_db_error(c->conn->db);
        statement_reset(s);
        c->stmt = NULL;
        return VNULL;
    }
    if (err_occurred()) return VNULL;
    if (c->row_factory != V_NONE) row = obj_call2(c->row_factory, self, row);
    return row;
}

/* iter(cursor) checks nothing (next() does), as CPython's */
static Value cursor_iter(Value self) { return self; }

static Value cur_fetchone(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Cursor.fetchone", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value r = cursor_iternext(args[0]);
    if (!r && !err_occurred()) return V_NONE;
    return r;
}

static Value cur_fetchmany(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"fetchmany", 0, 0, 0, {"size", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int64_t n = CUR(args[0])->arraysize;
    if (a[0]) {
        if (!int_check(a[0])) return err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(a[0])->tname);
        n = int_as_i64(a[0]);
        if (n == -1 && err_occurred()) return VNULL;
    }
    Value l = list_new(0);
    Value r;
    while (n-- > 0 && (r = cursor_iternext(args[0]))) list_append(l, r);
    if (err_occurred()) return VNULL;
    return l;
}

static Value cur_fetchall(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Cursor.fetchall", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value l = list_new(0);
    Value r;
    while ((r = cursor_iternext(args[0]))) list_append(l, r);
    if (err_occurred()) return VNULL;
    return l;
}

static Value cur_setinputsizes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setinputsizes", 1, 1, 0, {"sizes", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return V_NONE;
}

static Value cur_setoutputsize(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setoutputsize", 2, 1, 0, {"size", "column", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return V_NONE;
}

static Value cur_close(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Cursor.close", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    CursorObject *c = CUR(args[0]);
    if (!c->conn) return sq_raise(ProgrammingError, "Base Cursor.__init__ not called.");
    if (c->locked) return sq_raise(ProgrammingError, "Recursive use of cursors not allowed.");
    if (!check_usable(c->conn)) return VNULL;
    if (c->stmt) statement_reset(c->stmt);
    c->stmt = NULL;
    c->closed = true;
    return V_NONE;
}

static Value cur_get_connection(Value self) {
    CursorObject *c = CUR(self);
    return c->conn ? V_FROM_PTR(c->conn) : V_NONE;
}
static Value cur_get_description(Value self) { return CUR(self)->description; }
static Value cur_get_lastrowid(Value self) { return CUR(self)->lastrowid; }
static Value cur_get_rowcount(Value self) { return int_from_i64(CUR(self)->rowcount); }
static Value cur_get_arraysize(Value self) { return int_from_i64(CUR(self)->arraysize); }
static Value cur_get_row_factory(Value self) { return CUR(self)->row_factory; }

static int int_arg(Value v, int64_t dflt, int64_t *out);

static int readonly_set(Value self, Value v) {
    (void)self, (void)v;
    err_set(&exc_AttributeError, "readonly attribute");
    return -1;
}

static int cur_set_arraysize(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "can't delete numeric/char attribute");
        return -1;
    }
    int64_t n;
    if (int_arg(v, 0, &n) < 0) return -1;
    CUR(self)->arraysize = n;
    return 0;
}

static int cur_set_row_factory(Value self, Value v) {
    CUR(self)->row_factory = v ? v : V_NONE;
    return 0;
}

/* ---- Connection ------------------------------------------------------------------------ */

static void connection_finalize(void *obj) {
    ConnectionObject *c = obj;
    if (c->db) SQL(sqlite3_close_v2)(c->db);
    c->db = NULL;
}

static Value connection_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value v = instance_new(t);
    ConnectionObject *c = CONN(v);
    c->isolation_level = c->row_factory = V_NONE;
    c->text_factory = V_FROM_PTR(&str_type);
    c->cache = dict_new();
    c->keep = dict_new();
    c->aggregates = dict_new();
    c->blobs = list_new(0);
    gc_register_finalizer(c, connection_finalize);
    return v;
}

/* The isolation level as stored ("DEFERRED"...) or NULL for None; -1 when
 * not valid. */
static int parse_isolation_level(Value v, const char **out) {
    static const char *const levels[] = {"", "DEFERRED", "IMMEDIATE", "EXCLUSIVE"};
    if (v == V_NONE) {
        *out = NULL;
        return 0;
    }
    if (!str_check(v)) {
        err_set(&exc_TypeError, "isolation_level must be str or None");
        return -1;
    }
    for (int i = 0; i < 4; i++)
        if ((size_t)str_nbytes(v) == strlen(levels[i]) && strncasecmp(str_data(v), levels[i], strlen(levels[i])) == 0) {
            *out = levels[i];
            return 0;
        }
    err_set(&exc_ValueError, "isolation_level string must be '', 'DEFERRED', 'IMMEDIATE', or 'EXCLUSIVE'");
    return -1;
}

static void set_level(ConnectionObject *c, const char *level) {
    if (!level) {
        c->isolation_level = V_NONE;
        c->begin_statement = NULL;
        return;
    }
    c->isolation_level = str_from_cstr(level);
    static const char *const begins[] = {"BEGIN ", "BEGIN DEFERRED", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"};
    c->begin_statement = !*level ? begins[0] : level[0] == 'D' ? begins[1] : level[0] == 'I' ? begins[2] : begins[3];
}

static const ArgSpec connect_spec = {"Connection", 0, 1, 0,
                                     {"database", "timeout", "detect_types", "isolation_level", "check_same_thread",
                                      "factory", "cached_statements", "uri", NULL}};

/* A path argument as bytes: str, bytes or os.PathLike. */
static Value fs_path(Value v) {
    if (str_check(v) || bytes_check(v)) return v;
    Value m = type_lookup_cstr(type_of(v), "__fspath__");
    if (!m) return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", v);
    Value r = obj_call_method(v, "__fspath__", NULL, 0);
    if (!r) return VNULL;
    if (!str_check(r) && !bytes_check(r))
        return err_format(&exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %T", type_of(v)->tname, r);
    return r;
}

static int int_arg(Value v, int64_t dflt, int64_t *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    *out = obj_index_i64(v);
    if (*out == -1 && err_occurred()) return -1;
    if (*out > INT_MAX || *out < INT_MIN) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    return 0;
}

/* SQLite's busy timeout, except that the waits let the interpreter lock
 * go: the connection holding the database lock may belong to another
 * Python thread, which must run to release it. The delays are SQLite's. */
static int busy_handler(void *data, int count) {
    static const int delays[] = {1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100};
    const int n = (int)(sizeof delays / sizeof delays[0]);
    int timeout = ((ConnectionObject *)data)->timeout_ms;
    int delay, prior;
    if (count < n) {
        delay = delays[count];
        prior = 0;
        for (int i = 0; i < count; i++) prior += delays[i];
    } else {
        delay = delays[n - 1];
        prior = 0;
        for (int i = 0; i < n; i++) prior += delays[i];
        prior += delay * (count - n);
    }
    if (prior + delay > timeout) {
        delay = timeout - prior;
        if (delay <= 0) return 0;
    }
    bool released = gil_blocking_begin();
    SQL(sqlite3_sleep)(delay);
    gil_blocking_end(released);
    return 1;
}

static int connection_init(Value self, Value *args, size_t nargs, Value kwnames) {
    Value a[8];
    if (arg_parse(&connect_spec, args, nargs, kwnames, a) < 0) return -1;
    if (AUDIT("sqlite3.connect", 1, a[0]) < 0) return -1;
    ConnectionObject *c = CONN(self);
    Value path = fs_path(a[0]);
    if (!path) return -1;
    const char *p;
    if (str_check(path)) {
        int64_t n;
        p = str_utf8(path, &n);
        if (!p) return -1;
    } else {
        p = bytes_data(path);
    }
    if (strlen(p) != (size_t)(str_check(path) ? str_nbytes(path) : bytes_size(path))) {
        err_set(&exc_ValueError, "embedded null byte");
        return -1;
    }
    double timeout = 5.0;
    if (a[1]) {
        timeout = obj_as_double(a[1]);
        if (timeout == -1.0 && err_occurred()) return -1;
    }
    int64_t detect, same_thread = 1, cached, uri = 0;
    if (int_arg(a[2], 0, &detect) < 0) return -1;
    const char *level = "";
    if (a[3] && parse_isolation_level(a[3], &level) < 0) return -1;
    if (a[4] && (same_thread = obj_truth(a[4])) < 0) return -1;
    if (int_arg(a[6], 128, &cached) < 0) return -1;
    if (a[7] && (uri = obj_truth(a[7])) < 0) return -1;
    if (c->initialized) {
        /* __init__ again: start over on the new database */
        if (c->db) SQL(sqlite3_close_v2)(c->db);
        c->db = NULL;
        c->initialized = false;
    }
    sqlite3 *db = NULL;
    int rc = SQL(sqlite3_open_v2)(p, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | (uri ? SQLITE_OPEN_URI : 0), NULL);
    double ms = timeout * 1000;
    c->timeout_ms = ms > INT_MAX ? INT_MAX : ms < 0 ? 0 : (int)ms;
    /* the connection is the handler's data: it outlives its handle */
    if (rc == SQLITE_OK) SQL(sqlite3_busy_handler)(db, busy_handler, c);
    if (!db && rc == SQLITE_NOMEM) {
        err_no_memory();
        return -1;
    }
    if (rc != SQLITE_OK) {
        set_db_error(db);
        SQL(sqlite3_close)(db);
        return -1;
    }
    c->db = db;
    c->cache = dict_new();
    c->cache_size = cached;
    c->detect_types = (int)detect;
    set_level(c, level);
    c->check_same_thread = same_thread;
    c->thread_ident = gil_thread_ident();
    c->row_factory = V_NONE;
    c->text_factory = V_FROM_PTR(&str_type);
    c->initialized = true;
    if (AUDIT("sqlite3.connect/handle", 1, self) < 0) return -1;
    return 0;
}

/* Run COMMIT or ROLLBACK (sql) when a transaction is open. */
static Value commit_if_open(ConnectionObject *c, const char *sql) {
    if (SQL(sqlite3_get_autocommit)(c->db)) return V_NONE;
    sqlite3_stmt *st;
    int rc = SQL(sqlite3_prepare_v2)(c->db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = SQL(sqlite3_step)(st);
        int rc2 = SQL(sqlite3_finalize)(st);
        if (rc == SQLITE_DONE) rc = rc2;
    }
    if (rc != SQLITE_OK) return set_db_error(c->db);
    return V_NONE;
}

#define SELF_ARGS0(fname)                                                   \
    static const ArgSpec spec = {fname, 0, 0, 0, {NULL}};                   \
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL; \
    ConnectionObject *c = CONN(args[0])

static Value con_commit(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.commit");
    if (!check_usable(c)) return VNULL;
    return commit_if_open(c, "COMMIT");
}

static Value con_rollback(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.rollback");
    if (!check_usable(c)) return VNULL;
    return commit_if_open(c, "ROLLBACK");
}

static void close_blobs(ConnectionObject *c);

static Value con_close(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.close");
    if (!check_thread(c)) return VNULL;
    if (!c->initialized) return sq_raise(ProgrammingError, "Base Connection.__init__ not called.");
    close_blobs(c);
    /* statements of the cache are finalized by their finalizers; closing
       with _v2 keeps the handle until then */
    c->cache = dict_new();
    if (c->db) {
        int rc = SQL(sqlite3_close_v2)(c->db);
        if (rc != SQLITE_OK) return set_db_error(c->db);
    }
    c->db = NULL;
    return V_NONE;
}

static Value con_cursor(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"cursor", 0, 0, 0, {"factory", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    Value factory = a[0] ? a[0] : V_FROM_PTR(&cursor_type);
    Value cur = obj_call1(factory, args[0]);
    if (!cur) return VNULL;
    if (!is_cursor(cur)) return err_format(&exc_TypeError, "factory must return a cursor, not %s", type_of(cur)->tname);
    if (c->row_factory != V_NONE) CUR(cur)->row_factory = c->row_factory;
    return cur;
}

static Value new_cursor(Value con) {
    return con_cursor((Value[]){con}, 1, VNULL);
}

static Value con_execute(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"execute", 2, 1, 0, {"sql", "parameters", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "execute() argument 1 must be str, not %s", arg_type_name(a[0]));
    Value cur = new_cursor(args[0]);
    if (!cur) return VNULL;
    return query_execute(CUR(cur), false, a[0], a[1]);
}

static Value con_executemany(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"executemany", 2, 2, 0, {"sql", "parameters", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "executemany() argument 1 must be str, not %s", arg_type_name(a[0]));
    Value cur = new_cursor(args[0]);
    if (!cur) return VNULL;
    return query_execute(CUR(cur), true, a[0], a[1]);
}

static Value con_executescript(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"executescript", 1, 1, 0, {"sql_script", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value cur = new_cursor(args[0]);
    if (!cur) return VNULL;
    return cur_executescript((Value[]){cur, a[0]}, 2, VNULL);
}

/* connection(sql): the prepared statement (used as the statement cache's
 * factory by CPython; callable here too) */
static Value connection_call(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Connection", 1, 1, 0, {"sql", NULL}};
    Value a[1];
    ConnectionObject *c = CONN(self);
    if (!check_usable(c)) return VNULL;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "Connection() argument 1 must be str, not %s", arg_type_name(a[0]));
    return statement_new(c, a[0]);
}

static Value con_interrupt(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.interrupt");
    if (!check_connection(c)) return VNULL;
    SQL(sqlite3_interrupt)(c->db);
    return V_NONE;
}

static Value con_iterdump(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.iterdump");
    if (!check_connection(c)) return VNULL;
    Value mod = import_name(str_from_cstr("sqlite3.dump"), tuple_pack(1, str_from_cstr("_iterdump")), v_int(0), VNULL);
    if (!mod) return VNULL;
    Value f = obj_getattr_cstr(mod, "_iterdump");
    if (!f) {
        if (!err_occurred()) sq_raise(OperationalError, "Failed to obtain _iterdump() reference");
        return VNULL;
    }
    return obj_call1(f, args[0]);
}

static Value con_enter(Value *args, size_t nargs, Value kwnames) {
    SELF_ARGS0("Connection.__enter__");
    if (!check_connection(c)) return VNULL;
    return args[0];
}

static Value con_exit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__exit__", 3, 3, 0, {"type", "value", "traceback", NULL}};
    Value a[3];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    bool commit = a[0] == V_NONE && a[1] == V_NONE && a[2] == V_NONE;
    Value r = check_usable(c) ? commit_if_open(c, commit ? "COMMIT" : "ROLLBACK") : VNULL;
    if (!r) {
        if (commit && c->db) {
            /* the commit failed: roll back to release the database, keeping
               the commit's error */
            Value exc = err_fetch();
            commit_if_open(c, "ROLLBACK");
            if (err_occurred()) err_clear();
            err_restore(exc);
        }
        return VNULL;
    }
    return V_FALSE;
}

/* ---- user-defined functions --------------------------------------------------------------- */

/* The key of a callback record in the connection's keep dict: one record
 * per SQLite slot, so that a replaced callback's record is dropped. Names
 * are folded as SQLite folds them (ASCII only). */
static Value keep_key(const char *kind, const char *name, int narg) {
    Buf b;
    buf_init(&b, 32);
    buf_printf(&b, "%s:%d:", kind, narg);
    for (const char *p = name; p && *p; p++) buf_putc(&b, *p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    return str_from_buf(&b);
}

/* A callback record for callable, held by the connection under key (SQLite
 * holds the only other pointer to it); callable None: drop the record.
 * *prev: the record it replaces, for keep_restore when SQLite refuses. */
static Callback *callback_new(ConnectionObject *c, Value callable, Value key, Value *prev) {
    *prev = dict_get(c->keep, key);
    if (callable == V_NONE) {
        if (dict_contains(c->keep, key) > 0) dict_del(c->keep, key);
        return NULL;
    }
    Callback *cb = (Callback *)obj_alloc(&callback_type, sizeof(Callback));
    cb->callable = callable;
    cb->conn = c;
    dict_set(c->keep, key, V_FROM_PTR(cb));
    return cb;
}

/* SQLite kept the previous callback: so must the connection. */
static void keep_restore(ConnectionObject *c, Value key, Value prev) {
    if (prev) dict_set(c->keep, key, prev);
    else if (dict_contains(c->keep, key) > 0) dict_del(c->keep, key);
}

static void func_callback(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    Callback *cb = SQL(sqlite3_user_data)(ctx);
    Value args = build_params(argc, argv);
    Value r = args ? obj_call(cb->callable, tuple_items(args), (size_t)argc, VNULL) : VNULL;
    if (r && set_result(ctx, r) == 0) return;
    if (err_occurred()) set_sqlite_error(ctx, "user-defined function raised exception", cb->callable);
    else SQL(sqlite3_result_error)(ctx, "user-defined function raised exception", -1);
}

static int bool_arg(Value v, bool *out) {
    if (!v) return 0;
    int b = obj_truth(v);
    if (b < 0) return -1;
    *out = b;
    return 0;
}

/* A str argument as UTF-8 without NULs; arg names it in Argument Clinic's
 * way: "argument 1" (positional-only), "argument 'name'", or "argument"
 * (the only, positional-only one). */
static int str_arg(const char *fname, const char *arg, Value v, const char **out) {
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() %s must be str, not %s", fname, arg, arg_type_name(v));
        return -1;
    }
    int64_t len;
    *out = str_utf8(v, &len);
    if (!*out) return -1;
    if ((int64_t)strlen(*out) != len) {
        err_set(&exc_ValueError, "embedded null character");
        return -1;
    }
    return 0;
}

static Value con_create_function(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"create_function", 0, 3, 1, {"name", "narg", "func", "deterministic", NULL}};
    Value a[4];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    const char *name;
    int64_t narg;
    bool det = false;
    if (str_arg("create_function", "argument 'name'", a[0], &name) < 0 || int_arg(a[1], 0, &narg) < 0 || bool_arg(a[3], &det) < 0)
        return VNULL;
    int flags = SQLITE_UTF8 | (det ? SQLITE_DETERMINISTIC : 0);
    int rc;
    Value key = keep_key("function", name, (int)narg), prev;
    Callback *cb = callback_new(c, a[2], key, &prev);
    if (a[2] == V_NONE) {
        rc = SQL(sqlite3_create_function_v2)(c->db, name, (int)narg, flags, NULL, NULL, NULL, NULL, NULL);
    } else {
        rc = SQL(sqlite3_create_function_v2)(c->db, name, (int)narg, flags, cb, func_callback, NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK) {
        keep_restore(c, key, prev);
        return sq_raise(OperationalError, "Error creating function");
    }
    return V_NONE;
}

/* The aggregate instance of ctx's group (created on the first step when
 * create is set); its slot in SQLite's memory holds the instance, kept
 * alive by the connection's aggregates dict. */
static Value *agg_slot(sqlite3_context *ctx, bool create) {
    return SQL(sqlite3_aggregate_context)(ctx, create ? (int)sizeof(Value) : 0);
}

static Value agg_key(Value *slot) { return int_from_u64((uint64_t)(uintptr_t)slot); }

static void step_callback(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    Callback *cb = SQL(sqlite3_user_data)(ctx);
    Value *slot = agg_slot(ctx, true);
    if (!slot) {
        err_no_memory();
        set_sqlite_error(ctx, "user-defined aggregate's 'step' method raised error", cb->callable);
        return;
    }
    if (!*slot) {
        Value inst = obj_call0(cb->callable);
        if (!inst) {
            set_sqlite_error(ctx, "user-defined aggregate's '__init__' method raised error", cb->callable);
            return;
        }
        if (dict_set(cb->conn->aggregates, agg_key(slot), inst) < 0) {
            set_sqlite_error(ctx, "user-defined aggregate's '__init__' method raised error", cb->callable);
            return;
        }
        *slot = inst;
    }
    Value m = obj_getattr(*slot, str_intern_cstr("step"));
    if (!m) {
        set_sqlite_error(ctx, "user-defined aggregate's 'step' method not defined", cb->callable);
        return;
    }
    Value params = build_params(argc, argv);
    Value r = params ? obj_call(m, tuple_items(params), (size_t)argc, VNULL) : VNULL;
    if (!r) set_sqlite_error(ctx, "user-defined aggregate's 'step' method raised error", cb->callable);
}

static void final_callback(sqlite3_context *ctx) {
    Callback *cb = SQL(sqlite3_user_data)(ctx);
    Value *slot = agg_slot(ctx, false);
    /* no instance: __init__ failed (already reported) */
    if (!slot || !*slot) return;
    /* keep the exception (if any) of the last step */
    Value pending = err_occurred() ? err_fetch() : VNULL;
    Value inst = *slot;
    *slot = VNULL;
    Value key = agg_key(slot);
    if (dict_contains(cb->conn->aggregates, key) > 0) dict_del(cb->conn->aggregates, key);
    Value r = obj_call_method(inst, "finalize", NULL, 0);
    if (r && set_result(ctx, r) == 0) {
        if (pending) err_restore(pending);
        return;
    }
    if (!err_occurred()) {
        SQL(sqlite3_result_error)(ctx, "user-defined aggregate's 'finalize' method raised error", -1);
    } else {
        bool attr = err_matches(&exc_AttributeError);
        set_sqlite_error(ctx,
                         attr ? "user-defined aggregate's 'finalize' method not defined"
                              : "user-defined aggregate's 'finalize' method raised error",
                         cb->callable);
    }
    if (pending) err_restore(pending);
}

static Value con_create_aggregate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"create_aggregate", 0, 3, 0, {"name", "n_arg", "aggregate_class", NULL}};
    Value a[3];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    const char *name;
    int64_t narg;
    if (str_arg("create_aggregate", "argument 'name'", a[0], &name) < 0 || int_arg(a[1], 0, &narg) < 0) return VNULL;
    int rc;
    Value key = keep_key("function", name, (int)narg), prev;
    Callback *cb = callback_new(c, a[2], key, &prev);
    if (a[2] == V_NONE) {
        rc = SQL(sqlite3_create_function_v2)(c->db, name, (int)narg, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
    } else {
        rc = SQL(sqlite3_create_function_v2)(c->db, name, (int)narg, SQLITE_UTF8, cb, NULL, step_callback, final_callback,
                                        NULL);
    }
    if (rc != SQLITE_OK) {
        keep_restore(c, key, prev);
        return sq_raise(OperationalError, "Error creating aggregate");
    }
    return V_NONE;
}

/* value() and inverse() of a window function */
static void window_method(sqlite3_context *ctx, const char *method, int argc, sqlite3_value **argv) {
    Callback *cb = SQL(sqlite3_user_data)(ctx);
    Value *slot = agg_slot(ctx, false);
    char msg[80];
    if (!slot || !*slot) {
        snprintf(msg, sizeof msg, "user-defined aggregate's '%s' method raised error", method);
        SQL(sqlite3_result_error)(ctx, msg, -1);
        return;
    }
    Value m = obj_getattr(*slot, str_intern_cstr(method));
    if (!m) {
        snprintf(msg, sizeof msg, "user-defined aggregate's '%s' method not defined", method);
        set_sqlite_error(ctx, msg, cb->callable);
        return;
    }
    Value params = argv ? build_params(argc, argv) : tuple_new(0);
    Value r = params ? obj_call(m, tuple_items(params), (size_t)tuple_size(params), VNULL) : VNULL;
    if (r && (argv || set_result(ctx, r) == 0)) return;
    bool attr = err_occurred() && err_matches(&exc_AttributeError);
    snprintf(msg, sizeof msg, "user-defined aggregate's '%s' method %s", method, attr ? "not defined" : "raised error");
    if (err_occurred()) set_sqlite_error(ctx, msg, cb->callable);
    else SQL(sqlite3_result_error)(ctx, msg, -1);
}

static void value_callback(sqlite3_context *ctx) { window_method(ctx, "value", 0, NULL); }
static void inverse_callback(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    window_method(ctx, "inverse", argc, argv);
}

static Value con_create_window_function(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"create_window_function", 3, 3, 0, {"name", "num_params", "aggregate_class", NULL}};
    Value a[3];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    const char *name;
    int64_t narg;
    if (str_arg("create_window_function", "argument 1", a[0], &name) < 0 || int_arg(a[1], 0, &narg) < 0) return VNULL;
    int rc;
    Value key = keep_key("function", name, (int)narg), prev;
    Callback *cb = callback_new(c, a[2], key, &prev);
    if (a[2] == V_NONE) {
        rc = SQL(sqlite3_create_window_function)(c->db, name, (int)narg, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL, NULL);
    } else {
        rc = SQL(sqlite3_create_window_function)(c->db, name, (int)narg, SQLITE_UTF8, cb, step_callback, final_callback,
                                            value_callback, inverse_callback, NULL);
    }
    if (rc != SQLITE_OK) {
        keep_restore(c, key, prev);
        return sq_raise(ProgrammingError, SQL(sqlite3_errstr)(rc));
    }
    return V_NONE;
}

static int collation_callback(void *data, int n1, const void *s1, int n2, const void *s2) {
    Callback *cb = data;
    /* an exception pending from an earlier call stays; the statement fails */
    if (err_occurred()) return 0;
    Value a = str_from_utf8(s1, (size_t)n1), b = a ? str_from_utf8(s2, (size_t)n2) : VNULL;
    if (!b) return 0;
    Value r = obj_call2(cb->callable, a, b);
    if (!r) return 0;
    if (!int_check(r)) return 0;
    int sign = int_sign(r);
    return sign > 0 ? 1 : sign < 0 ? -1 : 0;
}

static Value con_create_collation(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"create_collation", 2, 2, 0, {"name", "callback", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    const char *name;
    if (str_arg("create_collation", "argument 1", a[0], &name) < 0) return VNULL;
    int rc;
    if (a[1] != V_NONE && !type_of(a[1])->call) return err_set(&exc_TypeError, "parameter must be callable");
    Value key = keep_key("collation", name, 0), prev;
    Callback *cb = callback_new(c, a[1], key, &prev);
    if (a[1] == V_NONE) {
        rc = SQL(sqlite3_create_collation_v2)(c->db, name, SQLITE_UTF8, NULL, NULL, NULL);
    } else {
        rc = SQL(sqlite3_create_collation_v2)(c->db, name, SQLITE_UTF8, cb, collation_callback, NULL);
    }
    if (rc != SQLITE_OK) {
        keep_restore(c, key, prev);
        return set_db_error(c->db);
    }
    return V_NONE;
}

static Value opt_str(const char *s) { return s ? str_from_utf8(s, strlen(s)) : V_NONE; }

static int authorizer_callback(void *data, int action, const char *a1, const char *a2, const char *db,
                               const char *src) {
    Callback *cb = data;
    Value args[5] = {v_int(action), opt_str(a1), opt_str(a2), opt_str(db), opt_str(src)};
    for (int i = 1; i < 5; i++)
        if (!args[i]) {
            print_or_clear(cb->callable);
            return SQLITE_DENY;
        }
    Value r = obj_call(cb->callable, args, 5, VNULL);
    if (!r) {
        print_or_clear(cb->callable);
        return SQLITE_DENY;
    }
    if (!int_check(r)) return SQLITE_DENY;
    int64_t x = int_as_i64(r);
    if ((x == -1 && err_occurred()) || x > INT_MAX || x < INT_MIN) {
        if (!err_occurred()) err_set(&exc_OverflowError, "Python int too large to convert to C int");
        print_or_clear(cb->callable);
        return SQLITE_DENY;
    }
    return (int)x;
}

static Value con_set_authorizer(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_authorizer", 0, 1, 0, {"authorizer_callback", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    Value key = keep_key("authorizer", NULL, 0), prev;
    Callback *cb = callback_new(c, a[0], key, &prev);
    int rc = cb ? SQL(sqlite3_set_authorizer)(c->db, authorizer_callback, cb) : SQL(sqlite3_set_authorizer)(c->db, NULL, NULL);
    if (rc != SQLITE_OK) {
        keep_restore(c, key, prev);
        return sq_raise(OperationalError, "Error setting authorizer callback");
    }
    return V_NONE;
}

static int progress_callback(void *data) {
    Callback *cb = data;
    Value r = obj_call0(cb->callable);
    int rc = r ? obj_truth(r) : -1;
    if (rc < 0) {
        print_or_clear(cb->callable);
        return -1;
    }
    return rc;
}

static Value con_set_progress_handler(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_progress_handler", 0, 2, 0, {"progress_handler", "n", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    int64_t n;
    if (int_arg(a[1], 0, &n) < 0) return VNULL;
    Value key = keep_key("progress", NULL, 0), prev;
    Callback *cb = callback_new(c, a[0], key, &prev);
    if (!cb) SQL(sqlite3_progress_handler)(c->db, 0, NULL, NULL);
    else SQL(sqlite3_progress_handler)(c->db, (int)n, progress_callback, cb);
    return V_NONE;
}

static int trace_callback(unsigned type, void *data, void *p, void *x) {
    (void)x;
    if (type != SQLITE_TRACE_STMT) return 0;
    Callback *cb = data;
    sqlite3_stmt *st = p;
    Value sql;
    char *expanded = SQL(sqlite3_expanded_sql)(st);
    if (!expanded) {
        if (SQL(sqlite3_errcode)(SQL(sqlite3_db_handle)(st)) == SQLITE_NOMEM) {
            err_no_memory();
            print_or_clear(cb->callable);
            return 0;
        }
        sq_raise(DataError, "Expanded SQL string exceeds the maximum string length");
        print_or_clear(cb->callable);
        sql = opt_str(SQL(sqlite3_sql)(st));
    } else {
        sql = opt_str(expanded);
        SQL(sqlite3_free)(expanded);
    }
    if (sql) obj_call1(cb->callable, sql);
    print_or_clear(cb->callable);
    return 0;
}

static Value con_set_trace_callback(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_trace_callback", 0, 1, 0, {"trace_callback", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    Value key = keep_key("trace", NULL, 0), prev;
    Callback *cb = callback_new(c, a[0], key, &prev);
    if (!cb) SQL(sqlite3_trace_v2)(c->db, SQLITE_TRACE_STMT, NULL, NULL);
    else SQL(sqlite3_trace_v2)(c->db, SQLITE_TRACE_STMT, trace_callback, cb);
    return V_NONE;
}

static Value con_backup(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"backup", 0, 1, 4, {"target", "pages", "progress", "name", "sleep", NULL}};
    Value a[5];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    if (!is_connection(a[0]))
        return err_format(&exc_TypeError, "backup() argument 'target' must be sqlite3.Connection, not %s", arg_type_name(a[0]));
    ConnectionObject *t = CONN(a[0]);
    if (!check_connection(t)) return VNULL;
    if (t == c) return err_set(&exc_ValueError, "target cannot be the same connection instance");
    int64_t pages;
    if (int_arg(a[1], -1, &pages) < 0) return VNULL;
    Value progress = a[2] ? a[2] : V_NONE;
    if (progress != V_NONE && !type_of(progress)->call) return err_set(&exc_TypeError, "progress argument must be a callable");
    const char *name = "main";
    if (a[3] && str_arg("backup", "argument 'name'", a[3], &name) < 0) return VNULL;
    double sleep = 0.25;
    if (a[4]) {
        sleep = obj_as_double(a[4]);
        if (sleep == -1.0 && err_occurred()) return VNULL;
    }
    if (sleep < 0) return err_set(&exc_ValueError, "sleep must be greater-than or equal to zero");
    if (pages == 0) pages = -1;
    sqlite3_backup *b = SQL(sqlite3_backup_init)(t->db, "main", c->db, name);
    if (!b) return set_db_error(t->db);
    int rc;
    do {
        rc = SQL(sqlite3_backup_step)(b, (int)pages);
        if (progress != V_NONE) {
            Value r = obj_call(progress,
                               (Value[]){v_int(rc), v_int(SQL(sqlite3_backup_remaining)(b)), v_int(SQL(sqlite3_backup_pagecount)(b))},
                               3, VNULL);
            if (!r) {
                SQL(sqlite3_backup_finish)(b);
                return VNULL;
            }
        }
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) SQL(sqlite3_sleep)((int)(sleep * 1000));
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    rc = SQL(sqlite3_backup_finish)(b);
    if (rc != SQLITE_OK) return set_db_error(t->db);
    return V_NONE;
}

static Value con_setlimit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setlimit", 2, 2, 0, {"category", "limit", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    int64_t cat, lim;
    if (int_arg(a[0], 0, &cat) < 0 || int_arg(a[1], 0, &lim) < 0) return VNULL;
    if (!check_usable(c)) return VNULL;
    int old = SQL(sqlite3_limit)(c->db, (int)cat, (int)lim);
    if (old < 0) return sq_raise(ProgrammingError, "'category' is out of bounds");
    return v_int(old);
}

static Value con_getlimit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getlimit", 1, 1, 0, {"category", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return con_setlimit((Value[]){args[0], a[0], v_int(-1)}, 3, VNULL);
}

static Value con_serialize(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"serialize", 0, 0, 1, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    const char *name = "main";
    if (a[0] && str_arg("serialize", "argument 'name'", a[0], &name) < 0) return VNULL;
    if (!check_usable(c)) return VNULL;
    sqlite3_int64 size;
    unsigned flags = SQLITE_SERIALIZE_NOCOPY;
    const char *data = (const char *)SQL(sqlite3_serialize)(c->db, name, &size, flags);
    if (!data) {
        flags = 0;
        data = (const char *)SQL(sqlite3_serialize)(c->db, name, &size, flags);
    }
    if (!data) return err_format(V_AS(Type, OperationalError), "unable to serialize '%s'", name);
    Value r = bytes_new(data, (size_t)size);
    if (!flags) SQL(sqlite3_free)((void *)data);
    return r;
}

static Value con_deserialize(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"deserialize", 1, 1, 1, {"data", "name", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    const char *p = NULL;
    int64_t n = 0;
    if (buffer_view(a[0], &p, &n) < 0) return VNULL;
    const char *name = "main";
    if (a[1] && str_arg("deserialize", "argument 'name'", a[1], &name) < 0) return VNULL;
    if (!check_usable(c)) return VNULL;
    unsigned char *buf = SQL(sqlite3_malloc64)((sqlite3_uint64)(n ? n : 1));
    if (!buf) return err_no_memory();
    memcpy(buf, p, (size_t)n);
    int rc = SQL(sqlite3_deserialize)(c->db, name, buf, n, n, SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    if (rc != SQLITE_OK) return set_db_error(c->db);
    return V_NONE;
}

static Value con_enable_load_extension(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"enable_load_extension", 1, 1, 0, {"enable", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    int64_t on;
    if (int_arg(a[0], 0, &on) < 0) return VNULL;
    if (AUDIT("sqlite3.enable_load_extension", 2, args[0], v_bool(on != 0)) < 0) return VNULL;
    if (!check_usable(c)) return VNULL;
    if (SQL(sqlite3_enable_load_extension)(c->db, (int)on) != SQLITE_OK)
        return sq_raise(OperationalError, "Error enabling load extension");
    return V_NONE;
}

static Value con_load_extension(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"load_extension", 1, 1, 0, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    const char *name;
    if (str_arg("load_extension", "argument", a[0], &name) < 0) return VNULL;
    if (AUDIT("sqlite3.load_extension", 2, args[0], a[0]) < 0) return VNULL;
    if (!check_usable(c)) return VNULL;
    char *msg = NULL;
    if (SQL(sqlite3_load_extension)(c->db, name, NULL, &msg) != SQLITE_OK) {
        Value m = str_from_utf8(msg ? msg : "", msg ? strlen(msg) : 0);
        SQL(sqlite3_free)(msg);
        if (!m) return VNULL;
        return raise_value(OperationalError, m);
    }
    return V_NONE;
}

/* ---- Blob -------------------------------------------------------------------------------- */

#define BLOB(v) V_AS(BlobObject, v)

static void blob_finalize(void *obj) {
    BlobObject *b = obj;
    if (b->blob) SQL(sqlite3_blob_close)(b->blob);
    b->blob = NULL;
}

static void close_blobs(ConnectionObject *c) {
    for (int64_t i = 0; i < list_size(c->blobs); i++) blob_finalize(V_OBJ(list_get(c->blobs, i)));
    c->blobs = list_new(0);
}

static Value con_blobopen(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"blobopen", 3, 3, 2, {"table", "column", "row", "readonly", "name", NULL}};
    Value a[5];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    ConnectionObject *c = CONN(args[0]);
    if (!check_usable(c)) return VNULL;
    const char *table, *col, *name = "main";
    if (str_arg("blobopen", "argument 1", a[0], &table) < 0 || str_arg("blobopen", "argument 2", a[1], &col) < 0) return VNULL;
    if (!int_check(a[2])) return err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(a[2])->tname);
    sqlite3_int64 row;
    if (int_to_sqlite(a[2], &row) < 0) return VNULL;
    bool ro = false;
    if (bool_arg(a[3], &ro) < 0) return VNULL;
    if (a[4] && str_arg("blobopen", "argument 'name'", a[4], &name) < 0) return VNULL;
    sqlite3_blob *blob;
    int rc = SQL(sqlite3_blob_open)(c->db, name, table, col, row, ro ? 0 : 1, &blob);
    if (rc == SQLITE_MISUSE) return sq_raise(InterfaceError, SQL(sqlite3_errstr)(rc));
    if (rc != SQLITE_OK) return set_db_error(c->db);
    BlobObject *b = (BlobObject *)obj_alloc(&blob_type, sizeof(BlobObject));
    b->conn = c;
    b->blob = blob;
    gc_register_finalizer(b, blob_finalize);
    list_append(c->blobs, V_FROM_PTR(b));
    return V_FROM_PTR(b);
}

static bool check_blob(BlobObject *b) {
    if (!check_usable(b->conn)) return false;
    if (!b->blob) {
        sq_raise(ProgrammingError, "Cannot operate on a closed blob.");
        return false;
    }
    return true;
}

#define BLOB_ARGS0(fname)                                                   \
    static const ArgSpec spec = {fname, 0, 0, 0, {NULL}};                   \
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL; \
    BlobObject *b = BLOB(args[0])

static Value blob_close(Value *args, size_t nargs, Value kwnames) {
    BLOB_ARGS0("Blob.close");
    if (!check_usable(b->conn)) return VNULL;
    blob_finalize(b);
    return V_NONE;
}

static Value blob_read_at(BlobObject *b, int n, int offset) {
    Value r = bytes_alloc((size_t)n);
    int rc = SQL(sqlite3_blob_read)(b->blob, (char *)bytes_data(r), n, offset);
    if (rc != SQLITE_OK) {
        if (rc == SQLITE_ABORT) return raise_coded(OperationalError, rc, "Cannot operate on an expired blob handle");
        return set_db_error(b->conn->db);
    }
    return r;
}

static int blob_write_at(BlobObject *b, const char *p, int n, int offset) {
    int rc = SQL(sqlite3_blob_write)(b->blob, p, n, offset);
    if (rc != SQLITE_OK) {
        set_db_error(b->conn->db);
        return -1;
    }
    return 0;
}

static Value blob_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"length", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    BlobObject *b = BLOB(args[0]);
    int64_t n;
    if (int_arg(a[0], -1, &n) < 0) return VNULL;
    if (!check_blob(b)) return VNULL;
    int max = SQL(sqlite3_blob_bytes)(b->blob) - b->offset;
    if (n < 0 || n > max) n = max;
    if (n == 0) return bytes_new("", 0);
    Value r = blob_read_at(b, (int)n, b->offset);
    if (r) b->offset += (int)n;
    return r;
}

static Value blob_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"data", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    BlobObject *b = BLOB(args[0]);
    const char *p = NULL;
    int64_t n = 0;
    if (buffer_view(a[0], &p, &n) < 0) return VNULL;
    if (!check_blob(b)) return VNULL;
    if (n > SQL(sqlite3_blob_bytes)(b->blob) - b->offset) return err_set(&exc_ValueError, "data longer than blob length");
    if (blob_write_at(b, p, (int)n, b->offset) < 0) return VNULL;
    b->offset += (int)n;
    return V_NONE;
}

static Value blob_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 2, 1, 0, {"offset", "origin", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    BlobObject *b = BLOB(args[0]);
    int64_t off, origin;
    if (int_arg(a[0], 0, &off) < 0 || int_arg(a[1], 0, &origin) < 0) return VNULL;
    if (!check_blob(b)) return VNULL;
    int len = SQL(sqlite3_blob_bytes)(b->blob);
    switch (origin) {
    case 0: break;
    case 1:
        if (off > INT_MAX - b->offset) return err_set(&exc_OverflowError, "seek offset results in overflow");
        off += b->offset;
        break;
    case 2:
        if (off > INT_MAX - len) return err_set(&exc_OverflowError, "seek offset results in overflow");
        off += len;
        break;
    default: return err_set(&exc_ValueError, "'origin' should be os.SEEK_SET, os.SEEK_CUR, or os.SEEK_END");
    }
    if (off < 0 || off > len) return err_set(&exc_ValueError, "offset out of blob range");
    b->offset = (int)off;
    return V_NONE;
}

static Value blob_tell(Value *args, size_t nargs, Value kwnames) {
    BLOB_ARGS0("Blob.tell");
    if (!check_blob(b)) return VNULL;
    return v_int(b->offset);
}

static Value blob_enter(Value *args, size_t nargs, Value kwnames) {
    BLOB_ARGS0("Blob.__enter__");
    if (!check_blob(b)) return VNULL;
    return args[0];
}

static Value blob_exit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__exit__", 3, 3, 0, {"type", "val", "tb", NULL}};
    Value a[3];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    BlobObject *b = BLOB(args[0]);
    if (!check_blob(b)) return VNULL;
    blob_finalize(b);
    return V_FALSE;
}

static int64_t blob_len(Value self) {
    BlobObject *b = BLOB(self);
    if (!check_blob(b)) return -1;
    return SQL(sqlite3_blob_bytes)(b->blob);
}

static int blob_index(BlobObject *b, Value item, int64_t *out) {
    int64_t i = obj_index_i64(item);
    if (i == -1 && err_occurred()) {
        if (err_matches(&exc_OverflowError)) {
            err_clear();
            err_format(&exc_IndexError, "cannot fit '%s' into an index-sized integer", type_of(item)->tname);
        }
        return -1;
    }
    int len = SQL(sqlite3_blob_bytes)(b->blob);
    if (i < 0) i += len;
    if (i < 0 || i >= len) {
        err_set(&exc_IndexError, "Blob index out of range");
        return -1;
    }
    *out = i;
    return 0;
}

static bool is_index(Value v) {
    return int_check(v) || (v_is_ptr(v) && v && type_lookup_cstr(type_of(v), "__index__") != VNULL);
}

static Value blob_getitem(Value self, Value item) {
    BlobObject *b = BLOB(self);
    if (!check_blob(b)) return VNULL;
    if (is_index(item)) {
        int64_t i;
        if (blob_index(b, item, &i) < 0) return VNULL;
        Value r = blob_read_at(b, 1, (int)i);
        if (!r) return VNULL;
        return v_int((unsigned char)bytes_data(r)[0]);
    }
    if (slice_check(item)) {
        int64_t start, stop, step;
        int64_t n = slice_indices(item, SQL(sqlite3_blob_bytes)(b->blob), &start, &stop, &step);
        if (n < 0) return VNULL;
        if (n == 0) return bytes_new("", 0);
        if (step == 1) return blob_read_at(b, (int)n, (int)start);
        int64_t lo = step > 0 ? start : start + (n - 1) * step;
        int64_t span = (n - 1) * (step > 0 ? step : -step) + 1;
        Value all = blob_read_at(b, (int)span, (int)lo);
        if (!all) return VNULL;
        Value r = bytes_alloc((size_t)n);
        char *d = (char *)bytes_data(r);
        for (int64_t k = 0; k < n; k++) d[k] = bytes_data(all)[start + k * step - lo];
        return r;
    }
    return err_set(&exc_TypeError, "Blob indices must be integers");
}

static int blob_setitem(Value self, Value item, Value v) {
    BlobObject *b = BLOB(self);
    if (!check_blob(b)) return -1;
    if (is_index(item)) {
        if (!v) {
            err_set(&exc_TypeError, "Blob doesn't support item deletion");
            return -1;
        }
        if (!int_check(v)) {
            err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname);
            return -1;
        }
        int64_t i;
        if (blob_index(b, item, &i) < 0) return -1;
        int64_t x = int_as_i64_clamped(v, -1, 256);
        if (x < 0 || x > 255) {
            err_clear();
            err_set(&exc_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        char c = (char)x;
        return blob_write_at(b, &c, 1, (int)i);
    }
    if (slice_check(item)) {
        if (!v) {
            err_set(&exc_TypeError, "Blob doesn't support slice deletion");
            return -1;
        }
        const char *p;
        int64_t vn;
        if (buffer_view(v, &p, &vn) < 0) return -1;
        int64_t start, stop, step;
        int64_t n = slice_indices(item, SQL(sqlite3_blob_bytes)(b->blob), &start, &stop, &step);
        if (n < 0) return -1;
        if (vn != n) {
            err_set(&exc_IndexError, "Blob slice assignment is wrong size");
            return -1;
        }
        if (n == 0) return 0;
        if (step == 1) return blob_write_at(b, p, (int)n, (int)start);
        int64_t lo = step > 0 ? start : start + (n - 1) * step;
        int64_t span = (n - 1) * (step > 0 ? step : -step) + 1;
        Value all = blob_read_at(b, (int)span, (int)lo);
        if (!all) return -1;
        char *d = (char *)bytes_data(all);
        for (int64_t k = 0; k < n; k++) d[start + k * step - lo] = p[k];
        return blob_write_at(b, d, (int)span, (int)lo);
    }
    err_set(&exc_TypeError, "Blob indices must be integers");
    return -1;
}

/* A Blob is a mapping of indices, as CPython's: no iteration, no `in`. */
static int blob_contains(Value self, Value item) {
    (void)item;
    err_format(&exc_TypeError, "argument of type '%s' is not iterable", type_of(self)->tname);
    return -1;
}

static Value blob_iter(Value self) {
    return err_format(&exc_TypeError, "'%s' object is not iterable", type_of(self)->tname);
}

/* ---- Row --------------------------------------------------------------------------------- */

#define ROW(v) V_AS(RowObject, v)

static Value row_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Row", 2, 2, 0, {"cursor", "data", NULL}};
    Value a[2];
    if (arg_nokw("Row", kwnames) < 0 || arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!is_cursor(a[0])) return err_format(&exc_TypeError, "Row() argument 1 must be sqlite3.Cursor, not %s", arg_type_name(a[0]));
    if (!tuple_check(a[1])) return err_format(&exc_TypeError, "Row() argument 2 must be tuple, not %s", arg_type_name(a[1]));
    Value v = instance_new(t);
    ROW(v)->data = a[1];
    ROW(v)->description = CUR(a[0])->description;
    return v;
}

/* ASCII-case-insensitive equality of two str */
static bool equal_ignore_case(Value a, Value b) {
    if (!str_check(b) || str_nbytes(a) != str_nbytes(b)) return false;
    const unsigned char *p = (const unsigned char *)str_data(a), *q = (const unsigned char *)str_data(b);
    for (int64_t i = 0; i < str_nbytes(a); i++) {
        unsigned char x = p[i], y = q[i];
        if (x >= 'A' && x <= 'Z') x += 32;
        if (y >= 'A' && y <= 'Z') y += 32;
        if (x != y) return false;
    }
    return true;
}

static Value row_getitem(Value self, Value key) {
    RowObject *r = ROW(self);
    if (int_check(key)) {
        int64_t i = obj_index_i64(key);
        if (i == -1 && err_occurred()) {
            if (err_matches(&exc_OverflowError)) {
                err_clear();
                err_format(&exc_IndexError, "cannot fit 'int' into an index-sized integer");
            }
            return VNULL;
        }
        if (i < 0) i += tuple_size(r->data);
        if (i < 0 || i >= tuple_size(r->data)) return err_set(&exc_IndexError, "tuple index out of range");
        return tuple_get(r->data, i);
    }
    if (str_check(key)) {
        if (r->description != V_NONE && tuple_check(r->description)) {
            int64_t n = tuple_size(r->description);
            for (int64_t i = 0; i < n && i < tuple_size(r->data); i++) {
                Value d = tuple_get(r->description, i);
                if (tuple_check(d) && tuple_size(d) > 0 && equal_ignore_case(key, tuple_get(d, 0)))
                    return tuple_get(r->data, i);
            }
        }
        return err_set(&exc_IndexError, "No item with that key");
    }
    if (slice_check(key)) return obj_getitem(r->data, key);
    return err_set(&exc_IndexError, "Index must be int or string");
}

static int64_t row_len(Value self) { return tuple_size(ROW(self)->data); }
static Value row_iter(Value self) { return obj_iter(ROW(self)->data); }

static int64_t row_hash(Value self) {
    int64_t a = obj_hash(ROW(self)->description);
    if (a == -1) return -1;
    int64_t b = obj_hash(ROW(self)->data);
    if (b == -1) return -1;
    int64_t h = a ^ b;
    return h == -1 ? -2 : h;
}

static Value row_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (!v_is_ptr(b) || !b || !type_is_subtype(type_of(b), &row_type)) return V_NOTIMPL;
    int eq = obj_richcompare_bool(ROW(a)->description, ROW(b)->description, CMP_EQ);
    if (eq < 0) return VNULL;
    if (eq) return obj_richcompare(ROW(a)->data, ROW(b)->data, op);
    return v_bool(op != CMP_EQ);
}

static Value row_keys(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Row.keys", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    RowObject *r = ROW(args[0]);
    Value l = list_new(0);
    if (r->description != V_NONE && tuple_check(r->description))
        for (int64_t i = 0; i < tuple_size(r->description); i++) list_append(l, tuple_get(tuple_get(r->description, i), 0));
    return l;
}

/* ---- PrepareProtocol ----------------------------------------------------------------------- */

static Value prepare_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return instance_new(t);
}

/* PrepareProtocol(...) ignores its arguments, as CPython's */
static int prepare_init(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self, (void)args, (void)nargs, (void)kwnames;
    return 0;
}

/* ---- Connection attributes ------------------------------------------------------------------ */

static Value con_get_isolation_level(Value self) {
    if (!check_connection(CONN(self))) return VNULL;
    return CONN(self)->isolation_level;
}

static int con_set_isolation_level(Value self, Value v) {
    ConnectionObject *c = CONN(self);
    if (!v) {
        err_set(&exc_AttributeError, "cannot delete attribute");
        return -1;
    }
    if (!check_connection(c)) return -1;
    const char *level;
    if (parse_isolation_level(v, &level) < 0) return -1;
    /* autocommit from now: end the open transaction */
    if (!level && !commit_if_open(c, "COMMIT")) return -1;
    set_level(c, level);
    return 0;
}

static Value con_get_in_transaction(Value self) {
    if (!check_connection(CONN(self))) return VNULL;
    return v_bool(!SQL(sqlite3_get_autocommit)(CONN(self)->db));
}

static Value con_get_total_changes(Value self) {
    if (!check_connection(CONN(self))) return VNULL;
    return int_from_i64(SQL(sqlite3_total_changes)(CONN(self)->db));
}

static Value con_get_row_factory(Value self) { return CONN(self)->row_factory; }
static int con_set_row_factory(Value self, Value v) {
    CONN(self)->row_factory = v ? v : V_NONE;
    return 0;
}
static Value con_get_text_factory(Value self) { return CONN(self)->text_factory; }
static int con_set_text_factory(Value self, Value v) {
    CONN(self)->text_factory = v ? v : V_NONE;
    return 0;
}

#define EXC_GETTER(name, base) \
    static Value con_get_##name(Value self) { (void)self; return name; }
EXCEPTIONS(EXC_GETTER)
#undef EXC_GETTER

/* ---- module functions ----------------------------------------------------------------------- */

static Value m_connect(Value *args, size_t nargs, Value kwnames) {
    Value a[8];
    if (arg_parse(&connect_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value factory = a[5] ? a[5] : V_FROM_PTR(&connection_type);
    return obj_call(factory, args, nargs, kwnames);
}

static const ArgSpec m_complete_statement_spec = {"complete_statement", 0, 1, 0, {"statement", NULL}};
static Value m_complete_statement(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_complete_statement_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *s;
    if (str_arg("complete_statement", "argument 'statement'", a[0], &s) < 0) return VNULL;
    return v_bool(SQL(sqlite3_complete)(s));
}

static const ArgSpec m_enable_shared_cache_spec = {"enable_shared_cache", 0, 1, 0, {"do_enable", NULL}};
static Value m_enable_shared_cache(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_enable_shared_cache_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t on;
    if (int_arg(a[0], 0, &on) < 0) return VNULL;
    if (SQL(sqlite3_enable_shared_cache)((int)on) != SQLITE_OK)
        return sq_raise(OperationalError, "Changing the shared_cache flag failed");
    return V_NONE;
}

static const ArgSpec m_register_adapter_spec = {"register_adapter", 2, 2, 0, {"type", "adapter", NULL}};
static Value m_register_adapter(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&m_register_adapter_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[0] == V_FROM_PTR(&int_type) || a[0] == V_FROM_PTR(&float_type) || a[0] == V_FROM_PTR(&str_type) ||
        a[0] == V_FROM_PTR(&bytearray_type))
        base_type_adapted = true;
    if (dict_set(adapters, tuple_pack(2, a[0], V_FROM_PTR(&prepare_type)), a[1]) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec m_register_converter_spec = {"register_converter", 2, 2, 0, {"typename", "converter", NULL}};
static Value m_register_converter(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&m_register_converter_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "register_converter() argument 1 must be str, not %s", arg_type_name(a[0]));
    Value up = obj_call_method(a[0], "upper", NULL, 0);
    if (!up || dict_set(converters, up, a[1]) < 0) return VNULL;
    return V_NONE;
}

static Value m_adapt(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"adapt", 3, 1, 0, {"obj", "proto", "alt", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return adapt(a[0], a[1] ? a[1] : V_FROM_PTR(&prepare_type), a[2]);
}

static const ArgSpec m_enable_callback_tracebacks_spec = {"_sqlite3.enable_callback_tracebacks", 1, 1, 0, {"enable", NULL}};
static Value m_enable_callback_tracebacks(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_enable_callback_tracebacks_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t on;
    if (int_arg(a[0], 0, &on) < 0) return VNULL;
    callback_tracebacks = on != 0;
    return V_NONE;
}

/* ---- tables ------------------------------------------------------------------------------- */

static const MethodDef cursor_methods[] = {
    {"execute", cur_execute, MF_KEYWORDS, "Executes an SQL statement."},
    {"executemany", cur_executemany, MF_KEYWORDS, "Repeatedly executes an SQL statement."},
    {"executescript", cur_executescript, MF_KEYWORDS, "Executes multiple SQL statements at once."},
    {"fetchone", cur_fetchone, MF_KEYWORDS, "Fetches one row from the resultset."},
    {"fetchmany", cur_fetchmany, MF_KEYWORDS, "Fetches several rows from the resultset.\n\n  size\n    The default value is set by the Cursor.arraysize attribute."},
    {"fetchall", cur_fetchall, MF_KEYWORDS, "Fetches all rows from the resultset."},
    {"close", cur_close, MF_KEYWORDS, "Closes the cursor."},
    {"setinputsizes", cur_setinputsizes, MF_KEYWORDS, "Required by DB-API. Does nothing in sqlite3."},
    {"setoutputsize", cur_setoutputsize, MF_KEYWORDS, "Required by DB-API. Does nothing in sqlite3."},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef cursor_getsets[] = {
    {"connection", cur_get_connection, readonly_set, NULL},
    {"description", cur_get_description, readonly_set, NULL},
    {"lastrowid", cur_get_lastrowid, readonly_set, NULL},
    {"rowcount", cur_get_rowcount, readonly_set, NULL},
    {"arraysize", cur_get_arraysize, cur_set_arraysize, NULL},
    {"row_factory", cur_get_row_factory, cur_set_row_factory, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef connection_methods[] = {
    {"cursor", con_cursor, MF_KEYWORDS, "Return a cursor for the connection."},
    {"close", con_close, MF_KEYWORDS, "Close the database connection.\n\nAny pending transaction is not committed implicitly."},
    {"commit", con_commit, MF_KEYWORDS, "Commit any pending transaction to the database.\n\nIf there is no open transaction, this method is a no-op."},
    {"rollback", con_rollback, MF_KEYWORDS, "Roll back to the start of any pending transaction.\n\nIf there is no open transaction, this method is a no-op."},
    {"execute", con_execute, MF_KEYWORDS, "Executes an SQL statement."},
    {"executemany", con_executemany, MF_KEYWORDS, "Repeatedly executes an SQL statement."},
    {"executescript", con_executescript, MF_KEYWORDS, "Executes multiple SQL statements at once."},
    {"create_function", con_create_function, MF_KEYWORDS, "Creates a new function."},
    {"create_aggregate", con_create_aggregate, MF_KEYWORDS, "Creates a new aggregate."},
    {"create_window_function", con_create_window_function, MF_KEYWORDS, "Creates or redefines an aggregate window function. Non-standard."},
    {"create_collation", con_create_collation, MF_KEYWORDS, "Creates a collation function."},
    {"set_authorizer", con_set_authorizer, MF_KEYWORDS, "Sets authorizer callback."},
    {"set_progress_handler", con_set_progress_handler, MF_KEYWORDS, "Sets progress handler callback."},
    {"set_trace_callback", con_set_trace_callback, MF_KEYWORDS, "Sets a trace callback called for each SQL statement (passed as unicode)."},
    {"interrupt", con_interrupt, MF_KEYWORDS, "Abort any pending database operation."},
    {"iterdump", con_iterdump, MF_KEYWORDS, "Returns iterator to the dump of the database in an SQL text format."},
    {"backup", con_backup, MF_KEYWORDS, "Makes a backup of the database."},
    {"blobopen", con_blobopen, MF_KEYWORDS, "Open and return a BLOB object."},
    {"enable_load_extension", con_enable_load_extension, MF_KEYWORDS, "Enable dynamic loading of SQLite extension modules."},
    {"load_extension", con_load_extension, MF_KEYWORDS, "Load SQLite extension module."},
    {"getlimit", con_getlimit, MF_KEYWORDS, "Get connection run-time limits."},
    {"setlimit", con_setlimit, MF_KEYWORDS, "Set connection run-time limits."},
    {"serialize", con_serialize, MF_KEYWORDS, "Serialize a database into a byte string."},
    {"deserialize", con_deserialize, MF_KEYWORDS, "Load a serialized database."},
    {"__enter__", con_enter, MF_KEYWORDS, "Called when the connection is used as a context manager."},
    {"__exit__", con_exit, MF_KEYWORDS, "Called when the connection is used as a context manager.\n\nIf there was any exception, a rollback takes place; otherwise we commit."},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef connection_getsets[] = {
    {"isolation_level", con_get_isolation_level, con_set_isolation_level, NULL},
    {"total_changes", con_get_total_changes, readonly_set, NULL},
    {"in_transaction", con_get_in_transaction, readonly_set, NULL},
    {"row_factory", con_get_row_factory, con_set_row_factory, NULL},
    {"text_factory", con_get_text_factory, con_set_text_factory, NULL},
#define EXC_GETSET(name, base) {#name, con_get_##name, readonly_set, NULL},
    EXCEPTIONS(EXC_GETSET)
#undef EXC_GETSET
    {NULL, NULL, NULL, NULL},
};

static const MethodDef blob_methods[] = {
    {"close", blob_close, MF_KEYWORDS, "Close the blob."},
    {"read", blob_read, MF_KEYWORDS, "Read data at the current offset position."},
    {"write", blob_write, MF_KEYWORDS, "Write data at the current offset."},
    {"seek", blob_seek, MF_KEYWORDS, "Set the current access position to offset."},
    {"tell", blob_tell, MF_KEYWORDS, "Return the current access position for the blob."},
    {"__enter__", blob_enter, MF_KEYWORDS, "Blob context manager enter."},
    {"__exit__", blob_exit, MF_KEYWORDS, "Blob context manager exit."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef row_methods[] = {
    {"keys", row_keys, MF_KEYWORDS, "Returns the keys of the row."},
    {NULL, NULL, 0, NULL},
};

static Type connection_type = {
    .tname = "sqlite3.Connection",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(ConnectionObject),
    .new_ = connection_new,
    .init = connection_init,
    .call = connection_call,
};

static Type cursor_type = {
    .tname = "sqlite3.Cursor",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(CursorObject),
    .new_ = cursor_new,
    .init = cursor_init,
    .iter = cursor_iter,
    .iternext = cursor_iternext,
};

static Type row_type = {
    .tname = "sqlite3.Row",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(RowObject),
    .new_ = row_new,
    .getitem = row_getitem,
    .len = row_len,
    .iter = row_iter,
    .hash = row_hash,
    .richcompare = row_richcompare,
};

static Type blob_type = {
    .tname = "sqlite3.Blob",
    .flags = TF_ABSTRACT_NEW | TF_WEAKREFABLE,
    .basicsize = sizeof(BlobObject),
    .len = blob_len,
    .getitem = blob_getitem,
    .setitem = blob_setitem,
    .contains = blob_contains,
    .iter = blob_iter,
};

static Type statement_type = {
    .tname = "sqlite3.Statement",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(StatementObject),
};

static Type callback_type = {
    .tname = "sqlite3.Callback",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(Callback),
};

static Type prepare_type = {
    .tname = "sqlite3.PrepareProtocol",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Object),
    .new_ = prepare_new,
    .init = prepare_init,
};

static const MethodDef sqlite_functions[] = {
    {"connect", m_connect, MF_KEYWORDS,
     "connect(database, timeout=5.0, detect_types=0, isolation_level='',\n"
     "        check_same_thread=True, factory=ConnectionType,\n"
     "        cached_statements=128, uri=False)\n--\n\n"
     "Opens a connection to the SQLite database file database.\n\n"
     "You can use \":memory:\" to open a database connection to a database that resides\n"
     "in RAM instead of on disk."},
    {"complete_statement", m_complete_statement, MF_KEYWORDS, "Checks if a string contains a complete SQL statement.", &m_complete_statement_spec},
    {"enable_shared_cache", m_enable_shared_cache, MF_KEYWORDS, "Enable or disable shared cache mode for the calling thread.", &m_enable_shared_cache_spec},
    {"register_adapter", m_register_adapter, MF_KEYWORDS, "Register a function to adapt Python objects to SQLite values.", &m_register_adapter_spec},
    {"register_converter", m_register_converter, MF_KEYWORDS, "Register a function to convert SQLite values to Python objects.", &m_register_converter_spec},
    {"adapt", m_adapt, MF_KEYWORDS, "Adapt given object to given protocol."},
    {"enable_callback_tracebacks", m_enable_callback_tracebacks, MF_KEYWORDS, "Enable or disable callback functions throwing errors to stderr.", &m_enable_callback_tracebacks_spec},
    {NULL, NULL, 0, NULL},
};

static void ready_type(Type *t, const char *name, const MethodDef *methods, const GetSetDef *getsets, const char *doc) {
    t->name = str_intern_cstr(name);
    t->qualname = t->name;
    t->module = str_intern_cstr("sqlite3");
    if (doc) t->doc = str_from_cstr(doc);
    if (methods) type_add_methods(t, methods);
    if (getsets) type_add_getsets(t, getsets);
    type_ready(t);
}

static Value make_exception(const char *name, Value base) {
    Value ns = dict_new();
    dict_set(ns, NAME(__module__), str_from_cstr("sqlite3"));
    return type_new_class(&type_type, str_from_cstr(name), tuple_pack(1, base), ns, VNULL);
}

Value _sqlite3_module_create(void) {
    if (sqlite_load() < 0) return VNULL;
    if (!(connection_type.flags & TF_READY)) {
        ready_type(&connection_type, "Connection", connection_methods, connection_getsets, "SQLite database connection object.");
        ready_type(&cursor_type, "Cursor", cursor_methods, cursor_getsets, "SQLite database cursor class.");
        ready_type(&row_type, "Row", row_methods, NULL, NULL);
        ready_type(&blob_type, "Blob", blob_methods, NULL, NULL);
        ready_type(&statement_type, "Statement", NULL, NULL, NULL);
        ready_type(&callback_type, "Callback", NULL, NULL, NULL);
        ready_type(&prepare_type, "PrepareProtocol", NULL, NULL, "PEP 246 style object adaption protocol type.");
        Value exc_Exception_v = V_FROM_PTR(&exc_Exception);
#define EXC_MAKE(name, base) \
        if (!(name = make_exception(#name, base##_v))) return VNULL;
#define Error_v Error
#define DatabaseError_v DatabaseError
        EXCEPTIONS(EXC_MAKE)
#undef EXC_MAKE
#undef Error_v
#undef DatabaseError_v
        adapters = dict_new();
        converters = dict_new();
        if (SQL(sqlite3_initialize)() != SQLITE_OK) return err_set(&exc_ImportError, "sqlite initialization failed");
    }
    Value m = module_new_cstr("_sqlite3");
    module_add_functions(m, sqlite_functions);
    module_add(m, "Connection", V_FROM_PTR(&connection_type));
    module_add(m, "Cursor", V_FROM_PTR(&cursor_type));
    module_add(m, "Row", V_FROM_PTR(&row_type));
    module_add(m, "Blob", V_FROM_PTR(&blob_type));
    module_add(m, "PrepareProtocol", V_FROM_PTR(&prepare_type));
#define EXC_ADD(name, base) module_add(m, #name, name);
    EXCEPTIONS(EXC_ADD)
#undef EXC_ADD
    module_add(m, "adapters", adapters);
    module_add(m, "converters", converters);
    module_add(m, "PARSE_DECLTYPES", v_int(PARSE_DECLTYPES));
    module_add(m, "PARSE_COLNAMES", v_int(PARSE_COLNAMES));
    module_add(m, "version", str_from_cstr("2.6.0"));
    module_add(m, "sqlite_version", str_from_cstr(SQL(sqlite3_libversion)()));
    /* DB-API's threadsafety from SQLite's threading mode */
    int ts = SQL(sqlite3_threadsafe)();
    module_add(m, "threadsafety", v_int(ts == 0 ? 0 : ts == 1 ? 3 : 1));
#define CONST_ADD(n) module_add(m, #n, v_int(n));
    SQLITE_ERROR_CODES(CONST_ADD)
    SQLITE_OTHER_CONSTANTS(CONST_ADD)
#undef CONST_ADD
    return m;
}
