/* _dbm.c: the _dbm module (dbm.ndbm builds on it) on Berkeley DB's ndbm
 * interface, as Debian builds CPython 3.11: library is "Berkeley DB" and
 * a database "x" lives in the one file "x.db" (DBM_SUFFIX).
 *
 * A dbm object owns a DBM handle (malloc'd by libdb, invisible to the
 * collector); close() releases it at once and a finalizer releases it
 * when an unclosed object is collected. The datum libdb returns points
 * into its own buffers, valid until the next call on the handle: it is
 * copied into a bytes object before anything else runs.
 *
 * libdb is opened at import (dynlib.h); db.h's dbm_* names are macros for
 * its __db_ndbm_* functions, which NDBM(fetch) names. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#define DB_DBM_HSEARCH 1
#include <db.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "modules.h"

#define NDBM_API(X)                                                            \
    X(__db_ndbm_open) X(__db_ndbm_close) X(__db_ndbm_fetch) X(__db_ndbm_store) \
    X(__db_ndbm_delete) X(__db_ndbm_firstkey) X(__db_ndbm_nextkey)             \
    X(__db_ndbm_error) X(__db_ndbm_clearerr)
DYNLIB_DEFINE(ndbm, TPY_SONAME_DB, NDBM_API)
#define NDBM(f) (ndbm.__db_ndbm_##f)

typedef struct DbmObject {
    Object hdr;
    DBM *dbm;     /* NULL once closed */
    int flags;    /* the open(2) flags it was opened with */
    int64_t size; /* number of keys, -1: unknown (recounted by len()) */
} DbmObject;

static Type dbm_type;
static Value dbm_error;   /* _dbm.error, a subclass of OSError */

static DbmObject *open_dbm(Value self) {
    DbmObject *d = V_AS(DbmObject, self);
    if (!d->dbm) err_set(V_AS(Type, dbm_error), "DBM object has already been closed");
    return d->dbm ? d : NULL;
}

/* str as UTF-8 (strict: lone surrogates raise UnicodeEncodeError) */
static bool str_utf8(Value s, datum *out) {
    int64_t ncp;
    if (!str_is_ascii(s) && utf8_wellformed_prefix(str_data(s), str_nbytes(s), &ncp) != str_nbytes(s)) {
        Value b = bytes_encode_str(s, str_from_cstr("utf-8"), str_from_cstr("strict"));
        if (!b) return false;
        out->dptr = (char *)bytes_data(b);
        out->dsize = (int)bytes_size(b);
        return true;
    }
    out->dptr = (char *)str_data(s);
    out->dsize = (int)str_nbytes(s);
    return true;
}

/* A key or value as CPython's "s#" takes it: str (UTF-8) or bytes. Other
 * buffers are refused, as CPython refuses buffers that need releasing
 * (bytearray, memoryview, array). fname: the method named in the message
 * (NULL: a bare "argument"). False with TypeError or UnicodeEncodeError. */
static bool key_arg(Value v, datum *out, const char *fname) {
    if (str_check(v)) return str_utf8(v, out);
    if (bytes_check(v)) {
        out->dptr = (char *)bytes_data(v);
        out->dsize = (int)bytes_size(v);
        return true;
    }
    if (byteslike_check(v)) {
        if (fname)
            err_format(&exc_TypeError, "%s() argument 1 must be read-only bytes-like object, not %s", fname,
                       type_of(v)->tname);
        else
            err_format(&exc_TypeError, "argument must be read-only bytes-like object, not %s", type_of(v)->tname);
        return false;
    }
    err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(v)->tname);
    return false;
}

/* key_arg for stores: any failure (UnicodeEncodeError included) becomes
 * TypeError(msg), as CPython's */
static bool store_arg(Value v, datum *out, const char *msg) {
    if (key_arg(v, out, NULL)) return true;
    err_set(&exc_TypeError, msg);
    return false;
}

static void dbm_finalize(void *obj) {
    DbmObject *d = obj;
    if (d->dbm) NDBM(close)(d->dbm);
    d->dbm = NULL;
}

/* ---- mapping protocol ------------------------------------------------------------------------ */

static int64_t dbm_len(Value self) {
    DbmObject *d = open_dbm(self);
    if (!d) return -1;
    if (d->size < 0) {
        int64_t n = 0;
        for (datum k = NDBM(firstkey)(d->dbm); k.dptr; k = NDBM(nextkey)(d->dbm)) n++;
        d->size = n;
    }
    return d->size;
}

static Value dbm_getitem(Value self, Value key) {
    datum k;
    if (!key_arg(key, &k, NULL)) return VNULL;
    DbmObject *d = open_dbm(self);
    if (!d) return VNULL;
    datum v = NDBM(fetch)(d->dbm, k);
    if (!v.dptr) return err_key(key);
    if (NDBM(error)(d->dbm)) {
        NDBM(clearerr)(d->dbm);
        return err_set(V_AS(Type, dbm_error), "");
    }
    return bytes_new(v.dptr, (size_t)v.dsize);
}

static int dbm_setitem(Value self, Value key, Value value) {
    datum k, v;
    if (!store_arg(key, &k, "dbm mappings have bytes or string keys only")) return -1;
    DbmObject *d = open_dbm(self);
    if (!d) return -1;
    d->size = -1;
    if (!value) {
        if (NDBM(delete)(d->dbm, k) < 0) {
            NDBM(clearerr)(d->dbm);
            /* a missing key and a read-only database fail alike: the
               open flags tell which it must have been */
            if (d->flags & O_RDWR) err_key(key);
            else err_set(V_AS(Type, dbm_error), "cannot delete item from database");
            return -1;
        }
    } else {
        if (!store_arg(value, &v, "dbm mappings have bytes or string elements only")) return -1;
        if (NDBM(store)(d->dbm, k, v, DBM_REPLACE) < 0) {
            NDBM(clearerr)(d->dbm);
            err_set(V_AS(Type, dbm_error), "cannot add item to database");
            return -1;
        }
    }
    if (NDBM(error)(d->dbm)) {
        NDBM(clearerr)(d->dbm);
        err_set(V_AS(Type, dbm_error), "");
        return -1;
    }
    return 0;
}

static int dbm_contains(Value self, Value key) {
    DbmObject *d = open_dbm(self);
    if (!d) return -1;
    datum k;
    if (str_check(key)) {
        if (!str_utf8(key, &k)) return -1;
    } else if (bytes_check(key)) {
        k.dptr = (char *)bytes_data(key);
        k.dsize = (int)bytes_size(key);
    } else {
        err_format(&exc_TypeError, "dbm key must be bytes or string, not %s", type_of(key)->tname);
        return -1;
    }
    return NDBM(fetch)(d->dbm, k).dptr != NULL;
}

/* ---- methods --------------------------------------------------------------------------------- */

static Value dbm_close_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"dbm.close", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    dbm_finalize(V_AS(DbmObject, args[0]));
    return V_NONE;
}

static Value dbm_keys(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"keys", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    DbmObject *d = open_dbm(args[0]);
    if (!d) return VNULL;
    Value l = list_new(0);
    for (datum k = NDBM(firstkey)(d->dbm); k.dptr; k = NDBM(nextkey)(d->dbm))
        list_append(l, bytes_new(k.dptr, (size_t)k.dsize));
    return l;
}

/* get(key, default=None, /) */
static Value dbm_get(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get", 2, 1, 0, {"key", "default", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    datum k;
    if (!key_arg(a[0], &k, "get")) return VNULL;
    DbmObject *d = open_dbm(args[0]);
    if (!d) return VNULL;
    datum v = NDBM(fetch)(d->dbm, k);
    if (v.dptr) return bytes_new(v.dptr, (size_t)v.dsize);
    return a[1] ? a[1] : V_NONE;
}

/* setdefault(key, default=b'', /): the stored value, else default stored */
static Value dbm_setdefault(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setdefault", 2, 1, 0, {"key", "default", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    datum k, v;
    if (!key_arg(a[0], &k, "setdefault")) return VNULL;
    DbmObject *d = open_dbm(args[0]);
    if (!d) return VNULL;
    v = NDBM(fetch)(d->dbm, k);
    if (v.dptr) return bytes_new(v.dptr, (size_t)v.dsize);
    Value def = a[1];
    if (!def) {
        def = bytes_new("", 0);
        v.dptr = NULL;
        v.dsize = 0;
    } else if (!store_arg(def, &v, "dbm mappings have bytes or string elements only")) {
        return VNULL;
    }
    d->size = -1;
    if (NDBM(store)(d->dbm, k, v, DBM_INSERT) < 0) {
        NDBM(clearerr)(d->dbm);
        return err_set(V_AS(Type, dbm_error), "cannot add item to database");
    }
    return def;
}

static Value dbm_enter(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__enter__", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return args[0];
}

static Value dbm_exit(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    (void)nargs;
    dbm_finalize(V_AS(DbmObject, args[0]));
    return V_NONE;
}

/* ---- open ------------------------------------------------------------------------------------ */

/* os.fspath(v) encoded as CPython's PyUnicode_FSConverter: bytes */
static Value fs_bytes(Value v) {
    if (!str_check(v) && !bytes_check(v)) {
        Value m = v_is_ptr(v) ? type_lookup_cstr(type_of(v), "__fspath__") : VNULL;
        if (!m) return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", type_of(v)->tname);
        Value r = obj_call_method(v, "__fspath__", NULL, 0);
        if (!r) return VNULL;
        if (!str_check(r) && !bytes_check(r))
            return err_format(&exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %s",
                              type_of(v)->tname, type_of(r)->tname);
        v = r;
    }
    if (str_check(v)) v = bytes_encode_str(v, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!v) return VNULL;
    if (memchr(bytes_data(v), 0, (size_t)bytes_size(v))) return err_set(&exc_ValueError, "embedded null byte");
    return v;
}

/* open(filename, flags='r', mode=0o666, /) */
static Value m_open(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"open", 3, 1, 0, {"filename", "flags", "mode", NULL}};
    Value a[3];
    if (arg_nokw("_dbm.open", kwnames) < 0 || arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *fl = "r";
    if (a[1]) {
        if (!str_check(a[1]))
            return err_format(&exc_TypeError, "open() argument 2 must be str, not %s", type_of(a[1])->tname);
        fl = str_data(a[1]);
        if ((int64_t)strlen(fl) != str_nbytes(a[1])) return err_set(&exc_ValueError, "embedded null character");
    }
    int mode = 0666;
    if (a[2]) {
        int64_t m = obj_index_i64(a[2]);
        if (m == -1 && err_occurred()) return VNULL;
        if (m > INT32_MAX || m < INT32_MIN)
            return err_set(&exc_OverflowError, "signed integer is greater than maximum");
        mode = (int)m;
    }
    int oflags;
    if (!strcmp(fl, "r")) oflags = O_RDONLY;
    else if (!strcmp(fl, "w")) oflags = O_RDWR;
    else if (!strcmp(fl, "rw") || !strcmp(fl, "c")) oflags = O_RDWR | O_CREAT;   /* "rw": old spelling */
    else if (!strcmp(fl, "n")) oflags = O_RDWR | O_CREAT | O_TRUNC;
    else return err_set(V_AS(Type, dbm_error), "arg 2 to open should be 'r', 'w', 'c', or 'n'");
    Value name = fs_bytes(a[0]);
    if (!name) return VNULL;
    DbmObject *d = (DbmObject *)obj_alloc(&dbm_type, sizeof(DbmObject));
    d->flags = oflags;
    d->size = -1;
    errno = 0;
    d->dbm = NDBM(open)((char *)bytes_data(name), oflags, mode);
    if (!d->dbm) {
        int e = errno;
        Value fn = a[0];
        if (!str_check(fn)) {
            Value dargs[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
            fn = obj_call_method(name, "decode", dargs, 2);
            if (!fn) return VNULL;
        }
        return err_set_errno(V_AS(Type, dbm_error), e, fn);
    }
    gc_register_finalizer(d, dbm_finalize);
    return V_FROM_PTR(d);
}

/* ---- module ---------------------------------------------------------------------------------- */

static const MethodDef dbm_methods[] = {
    {"close", dbm_close_m, MF_KEYWORDS, "Close the database."},
    {"keys", dbm_keys, MF_KEYWORDS, "Return a list of all keys in the database."},
    {"get", dbm_get, MF_KEYWORDS, "Return the value for key if present, otherwise default."},
    {"setdefault", dbm_setdefault, MF_KEYWORDS,
     "Return the value for key if present, otherwise default.\n\n"
     "If key is not in the database, it is inserted with default as the value."},
    {"__enter__", dbm_enter, MF_KEYWORDS, NULL},
    {"__exit__", dbm_exit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type dbm_type = {
    .tname = "_dbm.dbm",
    .basicsize = sizeof(DbmObject),
    .flags = TF_ABSTRACT_NEW,
    .len = dbm_len,
    .getitem = dbm_getitem,
    .setitem = dbm_setitem,
    .contains = dbm_contains,
};

static const MethodDef dbm_functions[] = {
    {"open", m_open, MF_KEYWORDS,
     "Return a database object.\n\n"
     "  filename\n    The filename to open.\n"
     "  flags\n    How to open the file.  \"r\" for reading, \"w\" for writing, etc.\n"
     "  mode\n    If creating a new file, the mode bits for the new file\n    (e.g. os.O_RDWR)."},
    {NULL, NULL, 0, NULL},
};

Value _dbm_module_create(void) {
    if (ndbm_load() < 0) return VNULL;
    if (!(dbm_type.flags & TF_READY)) {
        dbm_type.name = str_intern_cstr("dbm");
        dbm_type.module = str_intern_cstr("_dbm");
        type_add_methods(&dbm_type, dbm_methods);
        type_ready(&dbm_type);
    }
    if (!dbm_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_OSError)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_dbm"));
        dbm_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!dbm_error) return VNULL;
    }
    Value m = module_new_cstr("_dbm");
    module_add_functions(m, dbm_functions);
    module_add(m, "library", str_from_cstr("Berkeley DB"));
    module_add(m, "error", dbm_error);
    return m;
}
