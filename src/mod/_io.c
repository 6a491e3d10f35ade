/* _io.c: the io stack in C (CPython's _io module): the abstract bases
 * _IOBase, _RawIOBase, _BufferedIOBase and _TextIOBase, the raw FileIO,
 * the in-memory BytesIO and StringIO, the buffered layer (BufferedReader,
 * BufferedWriter, BufferedRandom, BufferedRWPair), the text layer
 * (TextIOWrapper, IncrementalNewlineDecoder) and open().
 *
 * io.py subclasses the abstract bases in Python and registers the concrete
 * classes with its ABCs, so the bases' methods reach the object's other
 * methods by attribute lookup (an override in a subclass is honoured, as in
 * CPython), while the concrete classes use their own C code directly.
 *
 * Every object carries an attribute block at the tail of its struct
 * (CPython's io objects have a __dict__: open() stores `mode` there, FileIO
 * its `name`, _IOBase its `__IOBase_closed` flag).
 *
 * Text encodings: UTF-8, UTF-8-sig, Latin-1 and ASCII are handled here;
 * other encodings use codecs' incremental coders, imported lazily. */
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <pthread.h>
#include <sched.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../runtime.h"
#include "../obj/codec.h"
#include "../vm/config.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

#define DEFAULT_BUFFER_SIZE 8192
#define IO_INLINE_ATTRS 4
#define IO_BASICSIZE(T) (sizeof(T) + IO_INLINE_ATTRS * sizeof(Value))

static Value unsupported_op;   /* io.UnsupportedOperation */

static Type iobase_type, rawiobase_type, bufferediobase_type, textiobase_type;
static Type fileio_type, bytesio_type, stringio_type, bufreader_type, bufwriter_type, bufrandom_type,
    bufrwpair_type, textiowrapper_type, nldecoder_type;

/* ---- helpers ---------------------------------------------------------------- */

static Value io_unsupported(const char *msg) {
    Value exc = obj_call1(unsupported_op, str_from_cstr(msg));
    if (!exc) return VNULL;
    return err_set_exc(exc);
}

static Value s_(const char *name) { return str_intern_cstr(name); }

static Value call0(Value obj, const char *name) { return obj_call_method(obj, name, NULL, 0); }
static Value call1(Value obj, const char *name, Value a) { return obj_call_method(obj, name, &a, 1); }

/* The size argument of read() and friends: None or an int; -1 when absent.
 * (CPython's _Py_convert_optional_to_ssize_t.) */
static int size_arg(Value v, int64_t *out) {
    if (!v || v == V_NONE) {
        *out = -1;
        return 0;
    }
    if (!int_check(v) && !(v_is_ptr(v) && type_lookup(type_of(v), NAME(__index__)))) {
        err_format(&exc_TypeError, "argument should be integer or None, not '%T'", v);
        return -1;
    }
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    *out = n;
    return 0;
}

/* An int argument given as an index (floats refused as CPython does). */
static int index_arg(Value v, int64_t *out) {
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    *out = n;
    return 0;
}

static Value closed_file_error(void) { return err_set(&exc_ValueError, "I/O operation on closed file."); }

/* obj.closed as a truth value: -1 with an error. */
static int io_is_closed(Value obj) {
    Value c = obj_getattr(obj, s_("closed"));
    if (!c) return -1;
    return obj_truth(c);
}

static int io_check_closed(Value obj) {
    int c = io_is_closed(obj);
    if (c < 0) return -1;
    if (c) {
        closed_file_error();
        return -1;
    }
    return 0;
}

/* Parse arguments of a method: args[0] is self. */
#define PARSE(spec, out) (arg_parse(&(spec), args + 1, nargs - 1, kwnames, (out)) < 0)
#define NOARGS(fname)                                                          \
    do {                                                                       \
        static const ArgSpec spec_ = {fname, 0, 0, 0, {NULL}};                 \
        if (arg_parse(&spec_, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL; \
    } while (0)

/* Bytes-like contents of v or a TypeError as CPython's buffer conversions. */
static bool need_bytes(Value v, const char **p, int64_t *n) {
    if (byteslike_view(v, p, n)) return true;
    err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
    return false;
}

/* A writable buffer (readinto's argument): a bytearray, a writable
 * memoryview... The pointer is good until Python code runs. */
static bool need_writable(Value v, const char *fname, char **p, int64_t *n) {
    BufferInfo b;
    if (!buffer_check(v) || V_OBJ(v)->type->getbuffer(v, &b) < 0 || b.readonly) {
        if (err_occurred()) err_clear();
        err_format(&exc_TypeError, "%s() argument must be read-write bytes-like object, not %T", fname, v);
        return false;
    }
    *p = b.data;
    *n = b.len;
    return true;
}

/* Copy n bytes into writable buffer v again after Python code ran (it may
 * have moved): n is within the size it had. */
static int copy_into_buffer(Value v, const char *src, int64_t n) {
    BufferInfo b;
    if (buffer_get(v, &b, true) < 0) return -1;
    if (n > b.len) return err_set(&exc_ValueError, "buffer size changed during the read"), -1;
    memcpy(b.data, src, (size_t)n);
    return 0;
}

/* Raise OSError(errno) after running signal handlers for EINTR: returns 1
 * when the call should be retried, -1 with an exception otherwise. */
static int io_errno_retry(int e, Value filename) {
    if (e == EINTR) return pending_check() < 0 ? -1 : 1;
    err_set_errno(&exc_OSError, e, filename);
    return -1;
}

/* ---- _IOBase ---------------------------------------------------------------- */

typedef struct IOBaseObject {
    Object hdr;
    InstanceAttrs attrs;
} IOBaseObject;

static Value iobase_closed_name(void) { return s_("__IOBase_closed"); }

static int iobase_is_closed(Value self) {
    Value v = obj_getattr_opt(self, iobase_closed_name());
    if (!v) return err_occurred() ? -1 : 0;
    return obj_truth(v);
}

static Value iobase_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return instance_new(t);
}

static Value iob_closed_get(Value self) {
    int c = iobase_is_closed(self);
    return c < 0 ? VNULL : v_bool(c);
}

static Value iob_unsupported_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 0, 0, 0, {"offset", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    (void)a;
    return io_unsupported("seek");
}
static Value iob_tell(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    Value a[2] = {v_int(0), v_int(1)};
    return obj_call_method(args[0], "seek", a, 2);
}
static Value iob_truncate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 0, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    return io_unsupported("truncate");
}
static Value iob_flush(Value *args, size_t nargs, Value kwnames) {
    NOARGS("flush");
    int c = iobase_is_closed(args[0]);
    if (c < 0) return VNULL;
    if (c) return closed_file_error();
    return V_NONE;
}
static Value iob_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    Value self = args[0];
    int c = iobase_is_closed(self);
    if (c < 0) return VNULL;
    if (c) return V_NONE;
    Value r = call0(self, "flush");
    Value exc = r ? VNULL : err_fetch();
    if (obj_setattr(self, iobase_closed_name(), V_TRUE) < 0) {
        if (exc) err_restore(exc);
        return VNULL;
    }
    if (exc) {
        err_restore(exc);
        return VNULL;
    }
    return V_NONE;
}
static Value iob_false(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return V_FALSE;
}
static Value iob_check_closed_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    if (io_check_closed(args[0]) < 0) return VNULL;
    return V_NONE;
}
static Value check_bool_method(Value self, const char *meth, const char *msg) {
    Value r = call0(self, meth);
    if (!r) return VNULL;
    if (r != V_TRUE) {
        if (r != V_FALSE) return err_format(&exc_TypeError, "%s() should return a bool", meth), VNULL;
        return io_unsupported(msg);
    }
    return V_TRUE;
}
static Value iob_check_seekable(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return check_bool_method(args[0], "seekable", "File or stream is not seekable.");
}
static Value iob_check_readable(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return check_bool_method(args[0], "readable", "File or stream is not readable.");
}
static Value iob_check_writable(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return check_bool_method(args[0], "writable", "File or stream is not writable.");
}
static Value iob_fileno(Value *args, size_t nargs, Value kwnames) {
    NOARGS("fileno");
    return io_unsupported("fileno");
}
static Value iob_isatty(Value *args, size_t nargs, Value kwnames) {
    NOARGS("isatty");
    if (io_check_closed(args[0]) < 0) return VNULL;
    return V_FALSE;
}
static Value iob_enter(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    if (io_check_closed(args[0]) < 0) return VNULL;
    return args[0];
}
static Value iob_exit(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return call0(args[0], "close");
}
static Value iob_iter(Value self) {
    if (io_check_closed(self) < 0) return VNULL;
    return self;
}
static Value iob_iternext(Value self) {
    Value line = call0(self, "readline");
    if (!line) return VNULL;
    int64_t n = obj_len(line);
    if (n < 0) return VNULL;
    return n ? line : VNULL;
}

/* _IOBase.readline: read one byte at a time, or as far as peek() shows the
 * line goes. */
static Value iob_readline(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t limit;
    if (size_arg(a[0], &limit) < 0) return VNULL;
    Value self = args[0];
    int has_peek = obj_hasattr(self, s_("peek"));
    if (has_peek < 0) return VNULL;
    Buf b;
    buf_init(&b, 64);
    while (limit < 0 || (int64_t)b.len < limit) {
        int64_t nreadahead = 1;
        if (has_peek) {
            Value ra = call1(self, "peek", v_int(1));
            if (!ra) return VNULL;
            if (!bytes_check(ra))
                return err_format(&exc_OSError, "peek() should have returned a bytes object, not '%T'", ra);
            int64_t rn = bytes_size(ra);
            if (rn > 0) {
                const char *p = bytes_data(ra);
                int64_t n = 0;
                while (n < rn && (limit < 0 || n < limit - (int64_t)b.len)) {
                    if (p[n++] == '\n') break;
                }
                nreadahead = n;
            }
        }
        Value r = call1(self, "read", v_int(nreadahead));
        if (!r) return VNULL;
        if (!bytes_check(r)) return err_format(&exc_OSError, "read() should have returned a bytes object, not '%T'", r);
        if (bytes_size(r) == 0) break;
        buf_put(&b, bytes_data(r), (size_t)bytes_size(r));
        if (b.data[b.len - 1] == '\n') break;
    }
    return bytes_new(b.data, b.len);
}

static Value iob_readlines(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readlines", 1, 0, 0, {"hint", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t hint;
    if (size_arg(a[0], &hint) < 0) return VNULL;
    Value self = args[0], result = list_new(0);
    Value it = obj_iter(self);
    if (!it) return VNULL;
    int64_t total = 0;
    for (;;) {
        Value line = obj_next(it);
        if (!line) {
            if (err_occurred()) return VNULL;
            break;
        }
        list_append(result, line);
        if (hint > 0) {
            /* stop once the lines read pass the hint (not on reaching it) */
            int64_t n = obj_len(line);
            if (n < 0) return VNULL;
            if (n > hint - total) break;
            total += n;
        }
    }
    return result;
}

static Value iob_writelines(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"writelines", 1, 1, 0, {"lines", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    Value self = args[0];
    if (io_check_closed(self) < 0) return VNULL;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    for (;;) {
        Value line = obj_next(it);
        if (!line) return err_occurred() ? VNULL : V_NONE;
        if (!call1(self, "write", line)) return VNULL;
    }
}

/* __del__ (CPython's iobase_finalize): close an open object; errors are
 * swallowed as CPython does outside its development mode. */
static void iobase_finalize_obj(Value self) {
    Value saved = err_fetch();
    int c = io_is_closed(self);
    if (c == 0) {
        /* tells close() that it runs for the finalizer: the C classes then
           warn that the file was left open (ResourceWarning) */
        if (obj_setattr(self, s_("_finalizing"), V_TRUE) < 0) err_clear();
        call0(self, "close");
    }
    err_clear();
    err_restore(saved);
}
static Value iob_del(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    iobase_finalize_obj(args[0]);
    return V_NONE;
}

static const MethodDef iobase_methods[] = {
    {"seek", iob_unsupported_seek, MF_KEYWORDS, NULL},
    {"tell", iob_tell, MF_KEYWORDS, NULL},
    {"truncate", iob_truncate, MF_KEYWORDS, NULL},
    {"flush", iob_flush, MF_KEYWORDS, NULL},
    {"close", iob_close, MF_KEYWORDS, NULL},
    {"seekable", iob_false, 0, NULL},
    {"readable", iob_false, 0, NULL},
    {"writable", iob_false, 0, NULL},
    {"_checkClosed", iob_check_closed_m, 0, NULL},
    {"_checkSeekable", iob_check_seekable, 0, NULL},
    {"_checkReadable", iob_check_readable, 0, NULL},
    {"_checkWritable", iob_check_writable, 0, NULL},
    {"fileno", iob_fileno, MF_KEYWORDS, NULL},
    {"isatty", iob_isatty, MF_KEYWORDS, NULL},
    {"__enter__", iob_enter, 0, NULL},
    {"__exit__", iob_exit, 0, NULL},
    {"readline", iob_readline, MF_KEYWORDS, NULL},
    {"readlines", iob_readlines, MF_KEYWORDS, NULL},
    {"writelines", iob_writelines, MF_KEYWORDS, NULL},
    {"__del__", iob_del, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef iobase_getsets[] = {
    {"closed", iob_closed_get, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- _RawIOBase ------------------------------------------------------------- */

static Value rawiob_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n;
    if (a[0] && index_arg(a[0], &n) < 0) return VNULL;
    if (!a[0]) n = -1;
    Value self = args[0];
    if (n < 0) return call0(self, "readall");
    Value b = bytearray_new("", 0);
    if (bytearray_resize(b, n) < 0) return VNULL;
    memset(bytearray_data(b), 0, (size_t)n);
    Value r = call1(self, "readinto", b);
    if (!r) return VNULL;
    if (r == V_NONE) return V_NONE;
    int64_t got;
    if (index_arg(r, &got) < 0) return VNULL;
    if (got < 0 || got > n) return err_format(&exc_ValueError, "readinto returned %zd outside buffer size %zd", (ssize_t)got, (ssize_t)n);
    return bytes_new(bytearray_data(b), (size_t)got);
}

static Value rawiob_readall(Value *args, size_t nargs, Value kwnames) {
    NOARGS("readall");
    Value self = args[0];
    Buf b;
    buf_init(&b, 256);
    bool any = false;
    for (;;) {
        Value d = call1(self, "read", v_int(DEFAULT_BUFFER_SIZE));
        if (!d) return VNULL;
        if (d == V_NONE) {
            if (!any) return V_NONE;
            break;
        }
        if (!bytes_check(d)) return err_set(&exc_TypeError, "read() should return bytes");
        if (bytes_size(d) == 0) break;
        any = true;
        buf_put(&b, bytes_data(d), (size_t)bytes_size(d));
    }
    return bytes_new(b.data, b.len);
}

static Value rawiob_notimpl(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value exc = exc_new(&exc_NotImplementedError, NULL, 0);
    return exc ? err_set_exc(exc) : VNULL;
}

static const MethodDef rawiobase_methods[] = {
    {"read", rawiob_read, MF_KEYWORDS, NULL},
    {"readall", rawiob_readall, MF_KEYWORDS, NULL},
    {"readinto", rawiob_notimpl, 0, NULL},
    {"write", rawiob_notimpl, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- _BufferedIOBase -------------------------------------------------------- */

static Value bufiob_read(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("read");
}
static Value bufiob_read1(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("read1");
}
static Value bufiob_write(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("write");
}
static Value bufiob_detach(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("detach");
}
static Value bufiob_readinto_generic(Value *args, size_t nargs, Value kwnames, const char *fname, const char *meth) {
    const ArgSpec spec = {fname, 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    char *p;
    int64_t n;
    if (!need_writable(a[0], fname, &p, &n)) return VNULL;
    Value data = call1(args[0], meth, v_int(n));
    if (!data) return VNULL;
    if (!bytes_check(data)) return err_set(&exc_TypeError, "read() should return bytes");
    int64_t len = bytes_size(data);
    if (len > n)
        return err_format(&exc_ValueError, "read() returned too much data: %zd bytes requested, %zd returned", (ssize_t)n,
                          (ssize_t)len);
    if (copy_into_buffer(a[0], bytes_data(data), len) < 0) return VNULL;
    return int_from_i64(len);
}
static Value bufiob_readinto(Value *args, size_t nargs, Value kwnames) {
    return bufiob_readinto_generic(args, nargs, kwnames, "readinto", "read");
}
static Value bufiob_readinto1(Value *args, size_t nargs, Value kwnames) {
    return bufiob_readinto_generic(args, nargs, kwnames, "readinto1", "read1");
}

static const MethodDef bufferediobase_methods[] = {
    {"detach", bufiob_detach, 0, NULL},
    {"read", bufiob_read, MF_KEYWORDS, NULL},
    {"read1", bufiob_read1, MF_KEYWORDS, NULL},
    {"readinto", bufiob_readinto, MF_KEYWORDS, NULL},
    {"readinto1", bufiob_readinto1, MF_KEYWORDS, NULL},
    {"write", bufiob_write, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- _TextIOBase ------------------------------------------------------------ */

static Value textiob_detach(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("detach");
}
static Value textiob_read(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("read");
}
static Value textiob_readline(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("readline");
}
static Value textiob_write(Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return io_unsupported("write");
}
static Value textiob_none(Value self) {
    (void)self;
    return V_NONE;
}

static const MethodDef textiobase_methods[] = {
    {"detach", textiob_detach, 0, NULL},
    {"read", textiob_read, MF_KEYWORDS, NULL},
    {"readline", textiob_readline, MF_KEYWORDS, NULL},
    {"write", textiob_write, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef textiobase_getsets[] = {
    {"encoding", textiob_none, NULL, NULL},
    {"newlines", textiob_none, NULL, NULL},
    {"errors", textiob_none, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- FileIO ----------------------------------------------------------------- */

typedef struct FileIOObject {
    Object hdr;
    int fd;                 /* -1: closed */
    bool created, readable, writable, appending, closefd;
    bool owned;             /* a buffered object owns it: it closes it at the end */
    bool finalizing;        /* close() runs for the finalizer: warn first */
    int seekable;           /* -1: not known yet */
    int64_t blksize;
    InstanceAttrs attrs;
} FileIOObject;

#define FIO(v) V_AS(FileIOObject, v)

static bool fileio_exact(Value v) { return v_is_ptr(v) && v && V_OBJ(v)->type == &fileio_type; }

/* os.fspath(v): str or bytes, or a TypeError. */
static Value io_fspath(Value v) {
    if (str_check(v) || bytes_check(v)) return v;
    Value m = v_is_ptr(v) ? type_lookup(type_of(v), s_("__fspath__")) : VNULL;
    if (!m) return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", v);
    Value r = obj_call_method(v, "__fspath__", NULL, 0);
    if (!r) return VNULL;
    if (!str_check(r) && !bytes_check(r))
        return err_format(&exc_TypeError, "expected %T.__fspath__() to return str or bytes, not %T", v, r);
    return r;
}

static void fileio_finalizer(void *p);

static Value fileio_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value self = instance_new(t);
    FileIOObject *f = FIO(self);
    f->fd = -1;
    f->seekable = -1;
    f->closefd = true;
    f->blksize = DEFAULT_BUFFER_SIZE;
    /* heap subclasses are finalized by _IOBase.__del__ */
    if (!type_has_flag(t, TF_HEAPTYPE)) gc_register_finalizer(V_OBJ(self), fileio_finalizer);
    return self;
}

static Value fileio_closed_error(void) { return err_set(&exc_ValueError, "I/O operation on closed file"); }

static int fileio_internal_close(FileIOObject *f) {
    int fd = f->fd;
    f->fd = -1;
    if (fd >= 0 && f->closefd) {
        if (close(fd) < 0) {
            err_set_errno(&exc_OSError, errno, VNULL);
            return -1;
        }
    }
    return 0;
}

static const char bad_mode_msg[] = "Must have exactly one of create/read/write/append mode and at most one plus";

static int fileio_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"FileIO", 0, 1, 0, {"file", "mode", "closefd", "opener", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    FileIOObject *f = FIO(self);
    if (f->fd >= 0) {
        if (f->closefd) {
            if (fileio_internal_close(f) < 0) return -1;
        } else {
            f->fd = -1;
        }
    }
    Value nameobj = a[0];
    const char *mode = "r";
    if (a[1]) {
        if (!str_check(a[1]))
            return err_format(&exc_TypeError, "FileIO() argument 'mode' must be str, not %T", a[1]), -1;
        mode = str_data(a[1]);
    }
    int closefd = 1;
    if (a[2]) {
        closefd = obj_truth(a[2]);
        if (closefd < 0) return -1;
    }
    Value opener = a[3] && a[3] != V_NONE ? a[3] : VNULL;
    int fd = -1;
    Value path = VNULL;
    if (float_check(nameobj)) {
        err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", nameobj);
        return -1;
    }
    if (int_check(nameobj)) {
        int64_t v = int_as_i64(nameobj);
        if (v == -1 && err_occurred()) return -1;
        if (v < 0) return err_set(&exc_ValueError, "negative file descriptor"), -1;
        if (v > 0x7fffffff) return err_set(&exc_OverflowError, "signed integer is greater than maximum"), -1;
        fd = (int)v;
    } else {
        path = io_fspath(nameobj);
        if (!path) return -1;
        /* a str names the file by its file system bytes: UTF-8 with
           surrogateescape (os.fsencode), as the os functions do */
        if (str_check(path) && !str_is_ascii(path))
            path = bytes_encode_str(path, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
        if (!path) return -1;
        const char *p = str_check(path) ? str_data(path) : bytes_data(path);
        int64_t n = str_check(path) ? str_nbytes(path) : bytes_size(path);
        if ((int64_t)strlen(p) != n) return err_set(&exc_ValueError, "embedded null byte"), -1;
    }
    bool rwa = false, plus = false;
    int flags = 0;
    f->created = f->readable = f->writable = f->appending = false;
    for (const char *s = mode; *s; s++) {
        switch (*s) {
        case 'x':
            if (rwa) goto bad_mode;
            rwa = true;
            f->created = f->writable = true;
            flags |= O_EXCL | O_CREAT;
            break;
        case 'r':
            if (rwa) goto bad_mode;
            rwa = true;
            f->readable = true;
            break;
        case 'w':
            if (rwa) goto bad_mode;
            rwa = true;
            f->writable = true;
            flags |= O_CREAT | O_TRUNC;
            break;
        case 'a':
            if (rwa) goto bad_mode;
            rwa = true;
            f->writable = f->appending = true;
            flags |= O_APPEND | O_CREAT;
            break;
        case 'b': break;
        case '+':
            if (plus) goto bad_mode;
            f->readable = f->writable = plus = true;
            break;
        default:
            err_format(&exc_ValueError, "invalid mode: %s", mode);
            return -1;
        }
    }
    if (!rwa) goto bad_mode;
    flags |= f->readable && f->writable ? O_RDWR : f->readable ? O_RDONLY : O_WRONLY;
    flags |= O_CLOEXEC;
    if (AUDIT("open", 3, nameobj, str_from_cstr(mode), int_from_i64(flags)) < 0) return -1;
    if (fd >= 0) {
        f->fd = fd;
        f->closefd = closefd;
    } else {
        f->closefd = true;
        if (!closefd) return err_set(&exc_ValueError, "Cannot use closefd=False with file name"), -1;
        if (!opener) {
            const char *p = str_check(path) ? str_data(path) : bytes_data(path);
            for (;;) {
                bool released = gil_blocking_begin();
                fd = open(p, flags, 0666);
                int e0 = errno;
                gil_blocking_end(released);
                errno = e0;
                if (fd >= 0) break;
                int r = io_errno_retry(errno, nameobj);
                if (r < 0) return -1;
            }
        } else {
            Value fa[2] = {nameobj, v_int(flags)};
            Value r = obj_call(opener, fa, 2, VNULL);
            if (!r) return -1;
            if (!int_check(r)) return err_set(&exc_TypeError, "expected integer from opener"), -1;
            int64_t v = int_as_i64(r);
            if (v == -1 && err_occurred()) return -1;
            if (v < 0) {
                if (!err_occurred()) err_format(&exc_ValueError, "opener returned %d", (int)v);
                return -1;
            }
            fd = (int)v;
        }
        f->fd = fd;
    }
    f->blksize = DEFAULT_BUFFER_SIZE;
    struct stat st;
    if (fstat(f->fd, &st) < 0) {
        /* an fd that cannot be stat'ed (EBADF) is an error as in CPython */
        int e = errno;
        if (e == EBADF) {
            err_set_errno(&exc_OSError, e, VNULL);
            if (!path) f->fd = -1;
            else fileio_internal_close(f);
            return -1;
        }
    } else {
        if (S_ISDIR(st.st_mode)) {
            err_set_errno(&exc_OSError, EISDIR, nameobj);
            if (path) fileio_internal_close(f);
            else f->fd = -1;
            return -1;
        }
        if (st.st_blksize > 1) f->blksize = st.st_blksize;
    }
    if (obj_setattr(self, NAME(name), nameobj) < 0) return -1;
    if (f->appending) lseek(f->fd, 0, SEEK_END);
    f->seekable = -1;
    return 0;
bad_mode:
    err_set(&exc_ValueError, bad_mode_msg);
    return -1;
}

static FileIOObject *fio_open(Value self) {
    FileIOObject *f = FIO(self);
    if (f->fd < 0) {
        fileio_closed_error();
        return NULL;
    }
    return f;
}

static Value fio_err_mode(const char *action) {
    char msg[64];
    snprintf(msg, sizeof msg, "File not open for %s", action);
    return io_unsupported(msg);
}

/* read(2) with EINTR retried: bytes read, -2 when it would block, -1 error */
static int64_t fio_read_raw(FileIOObject *f, char *p, int64_t n) {
    for (;;) {
        bool released = gil_blocking_begin();
        ssize_t r = read(f->fd, p, (size_t)n);
        int e0 = errno;
        gil_blocking_end(released);
        errno = e0;
        if (r >= 0) return r;
        int e = errno;
        if (e == EAGAIN || e == EWOULDBLOCK) return -2;
        if (io_errno_retry(e, VNULL) < 0) return -1;
    }
}

static int64_t fio_write_raw(FileIOObject *f, const char *p, int64_t n) {
    for (;;) {
        bool released = gil_blocking_begin();
        ssize_t r = write(f->fd, p, (size_t)n);
        int e0 = errno;
        gil_blocking_end(released);
        errno = e0;
        if (r >= 0) return r;
        int e = errno;
        if (e == EAGAIN || e == EWOULDBLOCK) return -2;
        if (io_errno_retry(e, VNULL) < 0) return -1;
    }
}

static Value fio_readall_impl(FileIOObject *f) {
    /* size the first read from what remains of a regular file */
    int64_t want = 0;
    struct stat st;
    if (fstat(f->fd, &st) == 0 && S_ISREG(st.st_mode)) {
        off_t pos = lseek(f->fd, 0, SEEK_CUR);
        if (pos >= 0 && st.st_size >= pos) want = (int64_t)(st.st_size - pos) + 1;
    }
    if (want < 8192) want = 8192;
    Buf b;
    buf_init(&b, (size_t)want + 1);
    for (;;) {
        if (b.cap - b.len < 2) buf_reserve(&b, b.len < (1u << 20) ? b.len : (1u << 20));
        int64_t r = fio_read_raw(f, b.data + b.len, (int64_t)(b.cap - b.len - 1));
        if (r == -1) return VNULL;
        if (r == -2) {
            if (b.len == 0) return V_NONE;
            break;
        }
        if (r == 0) break;
        b.len += (size_t)r;
    }
    return bytes_new(b.data, b.len);
}

static Value fio_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    if (!f->readable) return fio_err_mode("reading");
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    if (n < 0) return fio_readall_impl(f);
    Value b = bytes_try_alloc((size_t)n);
    if (!b) return VNULL;
    int64_t r = fio_read_raw(f, V_AS(BytesObject, b)->data, n);
    if (r == -1) return VNULL;
    if (r == -2) return V_NONE;
    if (r == n) return b;
    return bytes_new(bytes_data(b), (size_t)r);
}

static Value fio_readall(Value *args, size_t nargs, Value kwnames) {
    NOARGS("readall");
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    return fio_readall_impl(f);
}

static Value fio_readinto(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readinto", 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    char *p;
    int64_t n;
    if (!need_writable(a[0], "readinto", &p, &n)) return VNULL;
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    if (!f->readable) return fio_err_mode("reading");
    int64_t r = fio_read_raw(f, p, n);
    if (r == -1) return VNULL;
    if (r == -2) return V_NONE;
    return int_from_i64(r);
}

static Value fio_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"b", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    const char *p;
    int64_t n;
    if (!need_bytes(a[0], &p, &n)) return VNULL;
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    if (!f->writable) return fio_err_mode("writing");
    int64_t r = fio_write_raw(f, p, n);
    if (r == -1) return VNULL;
    if (r == -2) return V_NONE;
    return int_from_i64(r);
}

static Value fio_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 2, 1, 0, {"pos", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    int64_t pos, whence = 0;
    if (float_check(a[0])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[0]);
    if (index_arg(a[0], &pos) < 0) return VNULL;
    if (a[1] && index_arg(a[1], &whence) < 0) return VNULL;
    off_t r = lseek(f->fd, (off_t)pos, (int)whence);
    if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    if (f->seekable < 0) f->seekable = 1;
    return int_from_i64((int64_t)r);
}

static Value fio_tell(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    off_t r = lseek(f->fd, 0, SEEK_CUR);
    if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return int_from_i64((int64_t)r);
}

static Value fio_truncate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    if (!f->writable) return fio_err_mode("writing");
    int64_t size;
    if (!a[0] || a[0] == V_NONE) {
        off_t r = lseek(f->fd, 0, SEEK_CUR);
        if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
        size = r;
    } else if (index_arg(a[0], &size) < 0) {
        return VNULL;
    }
    if (ftruncate(f->fd, (off_t)size) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return int_from_i64(size);
}

static Value fio_seekable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("seekable");
    FileIOObject *f = fio_open(args[0]);
    if (!f) return VNULL;
    if (f->seekable < 0) f->seekable = lseek(f->fd, 0, SEEK_CUR) >= 0;
    return v_bool(f->seekable);
}
static Value fio_readable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("readable");
    FileIOObject *f = fio_open(args[0]);
    return f ? v_bool(f->readable) : VNULL;
}
static Value fio_writable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("writable");
    FileIOObject *f = fio_open(args[0]);
    return f ? v_bool(f->writable) : VNULL;
}
static Value fio_fileno(Value *args, size_t nargs, Value kwnames) {
    NOARGS("fileno");
    FileIOObject *f = fio_open(args[0]);
    return f ? v_int(f->fd) : VNULL;
}
static Value fio_isatty(Value *args, size_t nargs, Value kwnames) {
    NOARGS("isatty");
    FileIOObject *f = fio_open(args[0]);
    return f ? v_bool(isatty(f->fd)) : VNULL;
}

/* The ResourceWarning of a file finalized while open ("unclosed file
   <repr of source>", source being the outermost object of the stack).
   Errors are dropped (a warning made an error is reported as unraisable),
   since this runs from finalizers. */
static void fileio_dealloc_warn(FileIOObject *f, Value source) {
    if (f->fd < 0 || !f->closefd) return;
    Value saved = err_fetch();
    Value r = obj_repr(source);
    if (r && warn_source_c(&exc_ResourceWarning, str_printf("unclosed file %U", r), 1, source) < 0) {
        if (err_matches(&exc_Warning)) err_write_unraisable(err_fetch(), NULL, V_FROM_PTR(f));
    }
    err_clear();
    err_restore(saved);
}

static Value fio_dealloc_warn_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_dealloc_warn", 1, 1, 0, {"source", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    fileio_dealloc_warn(FIO(args[0]), a[0]);
    return V_NONE;
}

/* _finalizing: a bool member in CPython, set by _IOBase's finalizer */
static int io_set_finalizing(bool *flag, Value v) {
    if (!v) return err_set(&exc_TypeError, "can't delete numeric/char attribute"), -1;
    if (v != V_TRUE && v != V_FALSE) return err_set(&exc_TypeError, "attribute value type must be bool"), -1;
    *flag = v == V_TRUE;
    return 0;
}
static Value fio_finalizing_get(Value self) { return v_bool(FIO(self)->finalizing); }
static int fio_finalizing_set(Value self, Value v) { return io_set_finalizing(&FIO(self)->finalizing, v); }

static Value fio_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    Value self = args[0];
    if (FIO(self)->finalizing) fileio_dealloc_warn(FIO(self), self);
    /* _RawIOBase.close first (flush, mark closed), then the descriptor */
    Value r = iob_close(args, 1, VNULL);
    Value exc = r ? VNULL : err_fetch();
    FileIOObject *f = FIO(self);
    if (fileio_internal_close(f) < 0) {
        if (exc) err_clear(), err_restore(exc);
        return VNULL;
    }
    if (exc) {
        err_restore(exc);
        return VNULL;
    }
    return V_NONE;
}

static Value fio_closed_get(Value self) { return v_bool(FIO(self)->fd < 0); }
static Value fio_closefd_get(Value self) { return v_bool(FIO(self)->closefd); }
static Value fio_blksize_get(Value self) { return int_from_i64(FIO(self)->blksize); }
static const char *fio_mode_str(FileIOObject *f) {
    if (f->created) return f->readable ? "xb+" : "xb";
    if (f->appending) return f->readable ? "ab+" : "ab";
    if (f->readable) return f->writable ? "rb+" : "rb";
    return "wb";
}
static Value fio_mode_get(Value self) { return str_from_cstr(fio_mode_str(FIO(self))); }

static Value fio_repr(Value self) {
    FileIOObject *f = FIO(self);
    const char *tn = "_io.FileIO";   /* CPython names the base class even for subclasses */
    if (f->fd < 0) return str_printf("<%s [closed]>", tn);
    Value name = obj_getattr_opt(self, NAME(name));
    if (!name && err_occurred()) {
        if (!err_matches(&exc_Exception)) return VNULL;
        err_clear();
    }
    Value mode = str_from_cstr(fio_mode_str(f));
    if (!name)
        return str_printf("<%s fd=%d mode=%R closefd=%s>", tn, f->fd, mode, f->closefd ? "True" : "False");
    int re = repr_enter(self);
    if (re < 0) return VNULL;
    if (re) return err_format(&exc_RuntimeError, "reentrant call inside %s.__repr__", tn);
    Value nr = obj_repr(name);   /* its errors propagate (str_printf's %R would hide them) */
    repr_leave(self);
    if (!nr) return VNULL;
    return str_printf("<%s name=%U mode=%R closefd=%s>", tn, nr, mode, f->closefd ? "True" : "False");
}

static const MethodDef fileio_methods[] = {
    {"read", fio_read, MF_KEYWORDS, NULL},
    {"readall", fio_readall, MF_KEYWORDS, NULL},
    {"readinto", fio_readinto, MF_KEYWORDS, NULL},
    {"write", fio_write, MF_KEYWORDS, NULL},
    {"seek", fio_seek, MF_KEYWORDS, NULL},
    {"tell", fio_tell, MF_KEYWORDS, NULL},
    {"truncate", fio_truncate, MF_KEYWORDS, NULL},
    {"close", fio_close, MF_KEYWORDS, NULL},
    {"seekable", fio_seekable, MF_KEYWORDS, NULL},
    {"readable", fio_readable, MF_KEYWORDS, NULL},
    {"writable", fio_writable, MF_KEYWORDS, NULL},
    {"fileno", fio_fileno, MF_KEYWORDS, NULL},
    {"isatty", fio_isatty, MF_KEYWORDS, NULL},
    {"_dealloc_warn", fio_dealloc_warn_m, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef fileio_getsets[] = {
    {"closed", fio_closed_get, NULL, "True if the file is closed"},
    {"_finalizing", fio_finalizing_get, fio_finalizing_set, NULL},
    {"closefd", fio_closefd_get, NULL, NULL},
    {"mode", fio_mode_get, NULL, NULL},
    {"_blksize", fio_blksize_get, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- BytesIO ---------------------------------------------------------------- */

typedef struct BytesIOObject {
    Object hdr;
    char *buf;          /* NULL: closed */
    int64_t size, cap, pos;
    InstanceAttrs attrs;
} BytesIOObject;

#define BIO(v) V_AS(BytesIOObject, v)

static Value bytesio_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value self = instance_new(t);
    BytesIOObject *b = BIO(self);
    b->cap = 16;
    b->buf = gc_alloc_atomic(16);
    return self;
}

static BytesIOObject *bio_open(Value self) {
    BytesIOObject *b = BIO(self);
    if (!b->buf) {
        closed_file_error();
        return NULL;
    }
    return b;
}

static int bio_reserve(BytesIOObject *b, int64_t need) {
    if (need <= b->cap) return 0;
    if (need > ((int64_t)1 << 48)) return err_no_memory(), -1;
    int64_t nc = b->cap * 2;
    if (nc < need) nc = need;
    char *nb = gc_try_alloc_atomic((size_t)nc);
    if (!nb) return err_no_memory(), -1;
    memcpy(nb, b->buf, (size_t)b->size);
    b->buf = nb;
    b->cap = nc;
    return 0;
}

/* Write n bytes at the position, zero-filling a gap past the end. */
static int bio_write_bytes(BytesIOObject *b, const char *p, int64_t n) {
    if (n == 0) return 0;
    int64_t end = b->pos + n;
    if (bio_reserve(b, end) < 0) return -1;
    if (b->pos > b->size) memset(b->buf + b->size, 0, (size_t)(b->pos - b->size));
    memmove(b->buf + b->pos, p, (size_t)n);
    b->pos = end;
    if (end > b->size) b->size = end;
    return 0;
}

static int bytesio_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"BytesIO", 0, 0, 0, {"initial_bytes", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    BytesIOObject *b = BIO(self);
    if (!b->buf) {
        b->buf = gc_alloc_atomic(16);
        b->cap = 16;
    }
    b->size = b->pos = 0;
    if (a[0] && a[0] != V_NONE) {
        const char *p;
        int64_t n;
        if (!need_bytes(a[0], &p, &n)) return -1;
        if (bio_write_bytes(b, p, n) < 0) return -1;
        b->pos = 0;
    }
    return 0;
}

static Value bio_getvalue(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getvalue");
    BytesIOObject *b = bio_open(args[0]);
    return b ? bytes_new(b->buf, (size_t)b->size) : VNULL;
}

/* getbuffer(): a memoryview of the contents, through a small exporter
 * (as CPython's): writes through the view change the BytesIO. The view
 * asks for the buffer at each access, so a BytesIO that grows or shrinks
 * meanwhile is read where its data is (CPython refuses the resize with
 * BufferError while views exist; tpy's views are not counted). */
typedef struct BytesIOBufObject {
    Object hdr;
    Value bio;
} BytesIOBufObject;

static int biobuf_getbuffer(Value self, BufferInfo *out) {
    BytesIOObject *b = BIO(V_AS(BytesIOBufObject, self)->bio);
    if (!b->buf) return closed_file_error(), -1;
    out->data = b->buf;
    out->len = b->size;
    out->itemsize = 1;
    out->format = "B";
    out->readonly = false;
    return 0;
}

static Type biobuf_type = {.tname = "_BytesIOBuffer", .basicsize = sizeof(BytesIOBufObject),
                           .getbuffer = biobuf_getbuffer};

static Value bio_getbuffer(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getbuffer");
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    if (!type_has_flag(&biobuf_type, TF_READY)) type_ready(&biobuf_type);
    BytesIOBufObject *e = (BytesIOBufObject *)obj_alloc(&biobuf_type, sizeof *e);
    e->bio = args[0];
    return memoryview_new(V_FROM_PTR(e));
}

static Value bio_read_n(BytesIOObject *b, int64_t n) {
    int64_t avail = b->size - b->pos;
    if (avail < 0) avail = 0;
    if (n < 0 || n > avail) n = avail;
    Value r = bytes_new(b->buf + b->pos, (size_t)n);
    b->pos += n;
    return r;
}

static Value bio_read_common(Value *args, size_t nargs, Value kwnames, const char *fname) {
    const ArgSpec spec = {fname, 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    return bio_read_n(b, n);
}
static Value bio_read(Value *args, size_t nargs, Value kwnames) { return bio_read_common(args, nargs, kwnames, "read"); }
static Value bio_read1(Value *args, size_t nargs, Value kwnames) { return bio_read_common(args, nargs, kwnames, "read1"); }

static int64_t bio_line_len(BytesIOObject *b, int64_t limit) {
    if (b->pos >= b->size) return 0;
    int64_t avail = b->size - b->pos;
    const char *s = b->buf + b->pos;
    const char *nl = memchr(s, '\n', (size_t)avail);
    int64_t n = nl ? nl - s + 1 : avail;
    if (limit >= 0 && n > limit) n = limit;
    return n;
}

static Value bio_readline(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    return bio_read_n(b, bio_line_len(b, n));
}

static Value bio_readlines(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readlines", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t hint;
    if (size_arg(a[0], &hint) < 0) return VNULL;
    Value r = list_new(0);
    int64_t total = 0, n;
    while ((n = bio_line_len(b, -1)) > 0) {
        list_append(r, bio_read_n(b, n));
        total += n;
        if (hint > 0 && total >= hint) break;
    }
    return r;
}

static Value bio_readinto(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readinto", 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    char *p;
    int64_t n;
    if (!need_writable(a[0], "readinto", &p, &n)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t avail = b->size - b->pos;
    if (avail < 0) avail = 0;
    if (n > avail) n = avail;
    memcpy(p, b->buf + b->pos, (size_t)n);
    b->pos += n;
    return int_from_i64(n);
}

static Value bio_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"b", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    const char *p;
    int64_t n;
    if (!need_bytes(a[0], &p, &n)) return VNULL;
    if (bio_write_bytes(b, p, n) < 0) return VNULL;
    return int_from_i64(n);
}

static Value bio_writelines(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"writelines", 1, 1, 0, {"lines", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    if (!bio_open(args[0])) return VNULL;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    for (;;) {
        Value line = obj_next(it);
        if (!line) return err_occurred() ? VNULL : V_NONE;
        BytesIOObject *b = bio_open(args[0]);
        if (!b) return VNULL;
        const char *p;
        int64_t n;
        if (!need_bytes(line, &p, &n)) return VNULL;
        if (bio_write_bytes(b, p, n) < 0) return VNULL;
    }
}

static Value bio_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 2, 1, 0, {"pos", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t pos, whence = 0;
    if (index_arg(a[0], &pos) < 0) return VNULL;
    if (a[1] && index_arg(a[1], &whence) < 0) return VNULL;
    if (pos < 0 && whence == 0) return err_format(&exc_ValueError, "negative seek value %zd", (ssize_t)pos);
    if (whence == 1) pos += b->pos;
    else if (whence == 2) pos += b->size;
    else if (whence != 0)
        return err_format(&exc_ValueError, "invalid whence (%d, should be 0, 1 or 2)", (int)whence);
    if (pos < 0) pos = 0;
    b->pos = pos;
    return int_from_i64(pos);
}

static Value bio_tell(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    BytesIOObject *b = bio_open(args[0]);
    return b ? int_from_i64(b->pos) : VNULL;
}

static Value bio_truncate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    int64_t size;
    if (!a[0] || a[0] == V_NONE) size = b->pos;
    else if (size_arg(a[0], &size) < 0) return VNULL;
    if (size < 0) return err_format(&exc_ValueError, "negative size value %zd", (ssize_t)size);
    if (size < b->size) b->size = size;
    return int_from_i64(size);
}

static Value bio_true(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return bio_open(args[0]) ? V_TRUE : VNULL;
}
static Value bio_flush(Value *args, size_t nargs, Value kwnames) {
    NOARGS("flush");
    return bio_open(args[0]) ? V_NONE : VNULL;
}
static Value bio_isatty(Value *args, size_t nargs, Value kwnames) {
    NOARGS("isatty");
    return bio_open(args[0]) ? V_FALSE : VNULL;
}
static Value bio_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    BIO(args[0])->buf = NULL;
    return V_NONE;
}
static Value bio_closed_get(Value self) { return v_bool(BIO(self)->buf == NULL); }

static Value bio_iter(Value self) {
    if (!bio_open(self)) return VNULL;
    return self;
}
static Value bio_iternext(Value self) {
    BytesIOObject *b = bio_open(self);
    if (!b) return VNULL;
    /* CPython's BytesIO iterates with its own readline, even in subclasses */
    int64_t n = bio_line_len(b, -1);
    return n ? bio_read_n(b, n) : VNULL;
}

static Value bio_getstate(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__getstate__");
    BytesIOObject *b = bio_open(args[0]);
    if (!b) return VNULL;
    Value d = instance_get_dict(args[0]);
    Value st[3] = {bytes_new(b->buf, (size_t)b->size), int_from_i64(b->pos), d && dict_size(d) ? dict_copy(d) : V_NONE};
    return tuple_from_array(st, 3);
}

static Value bio_setstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__setstate__", 1, 1, 0, {"state", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    Value self = args[0], st = a[0];
    if (!tuple_check(st) || tuple_size(st) < 3)
        return err_format(&exc_TypeError, "%s.__setstate__ argument should be 3-tuple, got %T", type_of(self)->tname, st);
    BytesIOObject *b = bio_open(self);
    if (!b) return VNULL;
    const char *p;
    int64_t n;
    if (!need_bytes(tuple_get(st, 0), &p, &n)) return VNULL;
    b->size = b->pos = 0;
    if (bio_write_bytes(b, p, n) < 0) return VNULL;
    Value pv = tuple_get(st, 1);
    if (!int_check(pv))
        return err_format(&exc_TypeError, "second item of state must be an integer, not %T", pv);
    int64_t pos = int_as_i64(pv);
    if (pos == -1 && err_occurred()) return VNULL;
    if (pos < 0) return err_set(&exc_ValueError, "position value cannot be negative");
    b->pos = pos;
    Value d = tuple_get(st, 2);
    if (d != V_NONE) {
        if (!dict_check(d))
            return err_format(&exc_TypeError, "third item of state should be a dict, got a %T", d);
        Value mine = instance_get_dict(self);
        if (mine && dict_update(mine, d) < 0) return VNULL;
    }
    return V_NONE;
}

static const MethodDef bytesio_methods[] = {
    {"getvalue", bio_getvalue, MF_KEYWORDS, NULL},
    {"getbuffer", bio_getbuffer, MF_KEYWORDS, NULL},
    {"read", bio_read, MF_KEYWORDS, NULL},
    {"read1", bio_read1, MF_KEYWORDS, NULL},
    {"readline", bio_readline, MF_KEYWORDS, NULL},
    {"readlines", bio_readlines, MF_KEYWORDS, NULL},
    {"readinto", bio_readinto, MF_KEYWORDS, NULL},
    {"write", bio_write, MF_KEYWORDS, NULL},
    {"writelines", bio_writelines, MF_KEYWORDS, NULL},
    {"seek", bio_seek, MF_KEYWORDS, NULL},
    {"tell", bio_tell, MF_KEYWORDS, NULL},
    {"truncate", bio_truncate, MF_KEYWORDS, NULL},
    {"readable", bio_true, 0, NULL},
    {"writable", bio_true, 0, NULL},
    {"seekable", bio_true, 0, NULL},
    {"flush", bio_flush, MF_KEYWORDS, NULL},
    {"isatty", bio_isatty, MF_KEYWORDS, NULL},
    {"close", bio_close, MF_KEYWORDS, NULL},
    {"__getstate__", bio_getstate, MF_KEYWORDS, NULL},
    {"__setstate__", bio_setstate, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef bytesio_getsets[] = {
    {"closed", bio_closed_get, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- newline handling shared by StringIO and TextIOWrapper ------------------ */

enum { SEEN_LF = 1, SEEN_CR = 2, SEEN_CRLF = 4 };

/* The IncrementalNewlineDecoder's own state. */
typedef struct NLState {
    bool pendingcr, translate;
    int seennl;
} NLState;

/* Apply the newline decoder to decoded text s (a str): keeps a final '\r'
 * back unless final, records the kinds of newline seen, translates. */
static Value nl_process(NLState *st, Value s, bool final) {
    const char *p = str_data(s);
    int64_t n = str_nbytes(s);
    bool pre_cr = st->pendingcr && (final || n > 0);
    bool keep_cr = !final && n > 0 && p[n - 1] == '\r';
    if (!pre_cr && !keep_cr && !memchr(p, '\r', (size_t)n)) {
        if (memchr(p, '\n', (size_t)n)) st->seennl |= SEEN_LF;
        return s;
    }
    Buf b;
    buf_init(&b, (size_t)n + 2);
    if (pre_cr) {
        buf_putc(&b, '\r');
        st->pendingcr = false;
    }
    buf_put(&b, p, (size_t)n);
    if (keep_cr) {
        b.len--;
        b.data[b.len] = 0;
        st->pendingcr = true;
    }
    /* count and translate in one pass */
    char *d = b.data;
    size_t w = 0;
    for (size_t i = 0; i < b.len; i++) {
        char c = d[i];
        if (c == '\r') {
            if (i + 1 < b.len && d[i + 1] == '\n') {
                st->seennl |= SEEN_CRLF;
                if (st->translate) {
                    d[w++] = '\n';
                    i++;
                    continue;
                }
                d[w++] = '\r';
                d[w++] = '\n';
                i++;
                continue;
            }
            st->seennl |= SEEN_CR;
            d[w++] = st->translate ? '\n' : '\r';
            continue;
        }
        if (c == '\n') st->seennl |= SEEN_LF;
        d[w++] = c;
    }
    b.len = w;
    d[w] = 0;
    return str_from_buf(&b);
}

static Value nl_newlines(int seennl) {
    switch (seennl) {
    case 0: return V_NONE;
    case SEEN_CR: return str_from_cstr("\r");
    case SEEN_LF: return str_from_cstr("\n");
    case SEEN_CRLF: return str_from_cstr("\r\n");
    case SEEN_CR | SEEN_LF: return tuple_pack(2, str_from_cstr("\r"), str_from_cstr("\n"));
    case SEEN_CR | SEEN_CRLF: return tuple_pack(2, str_from_cstr("\r"), str_from_cstr("\r\n"));
    case SEEN_LF | SEEN_CRLF: return tuple_pack(2, str_from_cstr("\n"), str_from_cstr("\r\n"));
    default: return tuple_pack(3, str_from_cstr("\r"), str_from_cstr("\n"), str_from_cstr("\r\n"));
    }
}

/* Where the first line of p[0..n) ends (the index after its terminator),
 * or -1 when it is not complete; as CPython's _PyIO_find_line_ending:
 * translated: '\n' only; universal: any of \r \n \r\n; else readnl. */
static int64_t find_line_ending(bool translated, bool universal, const char *readnl, size_t nllen, const char *p,
                                int64_t n) {
    if (translated) {
        const char *q = memchr(p, '\n', (size_t)n);
        return q ? q - p + 1 : -1;
    }
    if (universal) {
        for (int64_t i = 0; i < n; i++) {
            if (p[i] == '\n') return i + 1;
            /* the newline decoder never splits a \r\n pair */
            if (p[i] == '\r') return i + 1 < n && p[i + 1] == '\n' ? i + 2 : i + 1;
        }
        return -1;
    }
    const char *q = bytes_find_raw(p, n, readnl, (int64_t)nllen);
    return q ? q - p + (int64_t)nllen : -1;
}

/* Validate newline (str or None): 0, or -1 with TypeError / ValueError. */
static int check_newline(Value nl, const char *fname) {
    if (!nl || nl == V_NONE) return 0;
    if (!str_check(nl)) {
        err_format(&exc_TypeError, "%s() argument 'newline' must be str or None, not %T", fname, nl);
        return -1;
    }
    const char *s = str_data(nl);
    if (str_nbytes(nl) == 0 || !strcmp(s, "\n") || !strcmp(s, "\r") || !strcmp(s, "\r\n")) return 0;
    /* StringIO shows the repr, TextIOWrapper the string itself */
    if (!strcmp(fname, "StringIO")) err_format(&exc_ValueError, "illegal newline value: %R", nl);
    else err_format(&exc_ValueError, "illegal newline value: %s", s);
    return -1;
}

/* ---- StringIO --------------------------------------------------------------- */

typedef struct StringIOObject {
    Object hdr;
    uint32_t *buf;          /* code points */
    int64_t size, cap, pos;
    bool ok, closed;
    bool readuniversal, readtranslate, has_decoder;
    NLState nl;
    Value readnl;           /* str or VNULL (None) */
    Value writenl;          /* str or VNULL: no translation */
    InstanceAttrs attrs;
} StringIOObject;

#define SIO(v) V_AS(StringIOObject, v)

static Value stringio_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return instance_new(t);
}

static StringIOObject *sio_open(Value self) {
    StringIOObject *s = SIO(self);
    if (!s->ok) {
        err_set(&exc_ValueError, "I/O operation on uninitialized object");
        return NULL;
    }
    if (s->closed) {
        err_set(&exc_ValueError, "I/O operation on closed file");
        return NULL;
    }
    return s;
}

static int sio_reserve(StringIOObject *s, int64_t need) {
    if (need <= s->cap) return 0;
    if (need > ((int64_t)1 << 46)) return err_no_memory(), -1;
    int64_t nc = s->cap * 2;
    if (nc < need) nc = need;
    if (nc < 16) nc = 16;
    uint32_t *nb = gc_try_alloc_atomic((size_t)nc * 4);
    if (!nb) return err_no_memory(), -1;
    if (s->size) memcpy(nb, s->buf, (size_t)s->size * 4);
    s->buf = nb;
    s->cap = nc;
    return 0;
}

/* The str of code points buf[a..b). */
static Value u32_to_str(const uint32_t *buf, int64_t a, int64_t b) {
    if (b <= a) return str_empty;
    Buf out;
    buf_init(&out, (size_t)(b - a) + 1);
    for (int64_t i = a; i < b; i++) {
        uint32_t c = buf[i];
        if (c < 0x80) buf_putc(&out, (char)c);
        else {
            char tmp[4];
            buf_put(&out, tmp, (size_t)utf8_encode(c, tmp));
        }
    }
    return str_from_buf(&out);
}

/* Write str v at the position (after newline translation); returns the
 * length of v, -1 on error. */
static int64_t sio_write_str(StringIOObject *s, Value v) {
    int64_t len = str_len(v);
    Value dec = v;
    if (s->has_decoder) dec = nl_process(&s->nl, v, true);
    if (s->writenl && memchr(str_data(dec), '\n', (size_t)str_nbytes(dec))) {
        Buf b;
        buf_init(&b, (size_t)str_nbytes(dec) + 8);
        const char *p = str_data(dec), *e = p + str_nbytes(dec);
        for (; p < e; p++) {
            if (*p == '\n') buf_put(&b, str_data(s->writenl), (size_t)str_nbytes(s->writenl));
            else buf_putc(&b, *p);
        }
        dec = str_from_buf(&b);
    }
    int64_t n = str_len(dec);
    if (n == 0) return len;
    int64_t end = s->pos + n;
    if (sio_reserve(s, end) < 0) return -1;
    if (s->pos > s->size) memset(s->buf + s->size, 0, (size_t)(s->pos - s->size) * 4);
    const char *p = str_data(dec);
    uint32_t *d = s->buf + s->pos;
    if (str_is_ascii(dec)) {
        for (int64_t i = 0; i < n; i++) d[i] = (unsigned char)p[i];
    } else {
        for (int64_t i = 0; i < n; i++) {
            int l;
            d[i] = utf8_decode(p, &l);
            p += l;
        }
    }
    s->pos = end;
    if (end > s->size) s->size = end;
    return len;
}

static int stringio_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"StringIO", 0, 0, 0, {"initial_value", "newline", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    Value init = a[0], nl = a[1] ? a[1] : str_from_cstr("\n");
    if (nl != V_NONE && !str_check(nl))
        return err_format(&exc_TypeError, "newline must be str or None, not %T", nl), -1;
    if (nl != V_NONE && check_newline(nl, "StringIO") < 0) return -1;
    if (init && init != V_NONE && !str_check(init))
        return err_format(&exc_TypeError, "initial_value must be str or None, not %T", init), -1;
    StringIOObject *s = SIO(self);
    s->ok = false;
    s->closed = false;
    s->size = s->pos = 0;
    s->readnl = nl == V_NONE ? VNULL : nl;
    s->readuniversal = nl == V_NONE || str_nbytes(nl) == 0;
    s->readtranslate = nl == V_NONE;
    s->writenl = nl != V_NONE && str_data(nl)[0] == '\r' ? nl : VNULL;
    s->has_decoder = s->readuniversal;
    s->nl = (NLState){false, s->readtranslate, 0};
    s->ok = true;
    if (init && init != V_NONE && str_len(init)) {
        if (sio_write_str(s, init) < 0) return -1;
        s->pos = 0;
    }
    return 0;
}

static Value sio_getvalue(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getvalue");
    StringIOObject *s = sio_open(args[0]);
    return s ? u32_to_str(s->buf, 0, s->size) : VNULL;
}

static Value sio_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    int64_t avail = s->size - s->pos;
    if (avail < 0) avail = 0;
    if (n < 0 || n > avail) n = avail;
    Value r = u32_to_str(s->buf, s->pos, s->pos + n);
    s->pos += n;
    return r;
}

/* The length of the line at the position, at most limit (if >= 0). */
static int64_t sio_line_len(StringIOObject *s, int64_t limit) {
    int64_t avail = s->size - s->pos;
    if (avail <= 0) return 0;
    const uint32_t *p = s->buf + s->pos;
    int64_t end = -1;
    if (s->readtranslate) {
        for (int64_t i = 0; i < avail; i++)
            if (p[i] == '\n') {
                end = i + 1;
                break;
            }
    } else if (s->readuniversal) {
        for (int64_t i = 0; i < avail; i++) {
            if (p[i] == '\n') {
                end = i + 1;
                break;
            }
            if (p[i] == '\r') {
                end = i + 1 < avail && p[i + 1] == '\n' ? i + 2 : i + 1;
                break;
            }
        }
    } else {
        const char *nl = str_data(s->readnl);
        int64_t nn = str_nbytes(s->readnl);
        for (int64_t i = 0; i + nn <= avail && end < 0; i++) {
            int64_t k = 0;
            while (k < nn && p[i + k] == (unsigned char)nl[k]) k++;
            if (k == nn) end = i + nn;
        }
    }
    if (end < 0) end = avail;
    if (limit >= 0 && end > limit) end = limit;
    return end;
}

static Value sio_readline_n(StringIOObject *s, int64_t limit) {
    int64_t n = sio_line_len(s, limit);
    Value r = u32_to_str(s->buf, s->pos, s->pos + n);
    s->pos += n;
    return r;
}

static Value sio_readline(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    return sio_readline_n(s, n);
}

static Value sio_iternext(Value self) {
    StringIOObject *s = sio_open(self);
    if (!s) return VNULL;
    Value line;
    if (type_of(self) == &stringio_type) {
        line = sio_readline_n(s, -1);
    } else {
        line = call0(self, "readline");
        if (!line) return VNULL;
        if (!str_check(line))
            return err_format(&exc_OSError, "readline() should have returned a str object, not '%T'", line);
    }
    return str_nbytes(line) ? line : VNULL;
}

static Value sio_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"s", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "string argument expected, got '%T'", a[0]);
    int64_t n = sio_write_str(s, a[0]);
    return n < 0 ? VNULL : int_from_i64(n);
}

static Value sio_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 2, 1, 0, {"pos", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    int64_t pos, whence = 0;
    if (index_arg(a[0], &pos) < 0) return VNULL;
    if (a[1] && index_arg(a[1], &whence) < 0) return VNULL;
    if (whence != 0 && whence != 1 && whence != 2)
        return err_format(&exc_ValueError, "Invalid whence (%d, should be 0, 1 or 2)", (int)whence);
    if (pos < 0 && whence == 0) return err_format(&exc_ValueError, "Negative seek position %zd", (ssize_t)pos);
    if (whence != 0 && pos != 0) return err_set(&exc_OSError, "Can't do nonzero cur-relative seeks");
    if (whence == 1) pos = s->pos;
    else if (whence == 2) pos = s->size;
    s->pos = pos;
    return int_from_i64(pos);
}

static Value sio_tell(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    StringIOObject *s = sio_open(args[0]);
    return s ? int_from_i64(s->pos) : VNULL;
}

static Value sio_truncate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 1, 0, 0, {"pos", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    int64_t size;
    if (!a[0] || a[0] == V_NONE) size = s->pos;
    else if (size_arg(a[0], &size) < 0) return VNULL;
    if (size < 0) return err_format(&exc_ValueError, "Negative size value %zd", (ssize_t)size);
    if (size < s->size) s->size = size;
    return int_from_i64(size);
}

static Value sio_true(Value *args, size_t nargs, Value kwnames) {
    (void)nargs, (void)kwnames;
    return sio_open(args[0]) ? V_TRUE : VNULL;
}
static Value sio_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    StringIOObject *s = SIO(args[0]);
    s->closed = true;
    s->buf = NULL;
    s->size = s->cap = 0;
    return V_NONE;
}
static Value sio_closed_get(Value self) {
    StringIOObject *s = SIO(self);
    if (!s->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    return v_bool(s->closed);
}
static Value sio_line_buffering_get(Value self) {
    return sio_open(self) ? V_FALSE : VNULL;
}
static Value sio_newlines_get(Value self) {
    StringIOObject *s = sio_open(self);
    if (!s) return VNULL;
    return s->has_decoder ? nl_newlines(s->nl.seennl) : V_NONE;
}

static Value sio_getstate(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__getstate__");
    StringIOObject *s = sio_open(args[0]);
    if (!s) return VNULL;
    Value d = instance_get_dict(args[0]);
    Value st[4] = {u32_to_str(s->buf, 0, s->size), s->readnl ? s->readnl : V_NONE, int_from_i64(s->pos),
                   d && dict_size(d) ? dict_copy(d) : V_NONE};
    return tuple_from_array(st, 4);
}

static Value sio_setstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__setstate__", 1, 1, 0, {"state", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    Value self = args[0], st = a[0];
    if (!tuple_check(st) || tuple_size(st) < 4)
        return err_format(&exc_TypeError, "%s.__setstate__ argument should be 4-tuple, got %T", type_of(self)->tname, st);
    if (SIO(self)->ok && SIO(self)->closed) return err_set(&exc_ValueError, "I/O operation on closed file");
    Value ia[2] = {V_NONE, tuple_get(st, 1)};
    if (stringio_init(self, ia, 2, VNULL) < 0) return VNULL;
    StringIOObject *s = SIO(self);
    Value v = tuple_get(st, 0);
    if (!str_check(v)) return err_set(&exc_TypeError, "initial_value must be str");
    /* the value is restored as is, without newline translation */
    bool hd = s->has_decoder;
    Value wn = s->writenl;
    s->has_decoder = false;
    s->writenl = VNULL;
    if (sio_write_str(s, v) < 0) return VNULL;
    s->has_decoder = hd;
    s->writenl = wn;
    Value pv = tuple_get(st, 2);
    if (!int_check(pv)) return err_format(&exc_TypeError, "third item of state must be an integer, got %T", pv);
    int64_t pos = int_as_i64(pv);
    if (pos < 0) return err_set(&exc_ValueError, "position value cannot be negative");
    s->pos = pos;
    Value d = tuple_get(st, 3);
    if (d != V_NONE) {
        if (!dict_check(d)) return err_format(&exc_TypeError, "fourth item of state should be a dict, got a %T", d);
        Value mine = instance_get_dict(self);
        if (mine && dict_update(mine, d) < 0) return VNULL;
    }
    return V_NONE;
}

static const MethodDef stringio_methods[] = {
    {"getvalue", sio_getvalue, MF_KEYWORDS, NULL},
    {"read", sio_read, MF_KEYWORDS, NULL},
    {"readline", sio_readline, MF_KEYWORDS, NULL},
    {"write", sio_write, MF_KEYWORDS, NULL},
    {"seek", sio_seek, MF_KEYWORDS, NULL},
    {"tell", sio_tell, MF_KEYWORDS, NULL},
    {"truncate", sio_truncate, MF_KEYWORDS, NULL},
    {"readable", sio_true, 0, NULL},
    {"writable", sio_true, 0, NULL},
    {"seekable", sio_true, 0, NULL},
    {"close", sio_close, MF_KEYWORDS, NULL},
    {"__getstate__", sio_getstate, MF_KEYWORDS, NULL},
    {"__setstate__", sio_setstate, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef stringio_getsets[] = {
    {"closed", sio_closed_get, NULL, NULL},
    {"line_buffering", sio_line_buffering_get, NULL, NULL},
    {"newlines", sio_newlines_get, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- Buffered{Reader,Writer,Random} ----------------------------------------- */

/* One layout for the three classes. The read buffer holds rbuf[rpos..rlen)
 * not yet returned; rbuf[0] lies at raw position abs_pos - rlen. Pending
 * writes wbuf[0..wlen) go at raw position abs_pos. At most one of the two
 * holds data: a write drops the read-ahead (seeking the raw stream back to
 * the logical position) and a read flushes pending writes first. */
typedef struct BufferedObject {
    Object hdr;
    Value raw;              /* VNULL once detached */
    bool ok, detached, readable, writable, fast_raw, owned;
    bool finalizing;        /* close() runs for the finalizer: warn first */
    int64_t buffer_size;
    char *rbuf;
    int64_t rpos, rlen;
    char *wbuf;
    int64_t wlen;
    int64_t abs_pos;        /* raw stream position; -1: not known */
    /* CPython's per-object lock: a raw call may let the interpreter lock
       go (or run Python code), and another thread must not see the
       buffers half-updated meanwhile */
    bool busy;
    pthread_t owner;
    InstanceAttrs attrs;
} BufferedObject;

#define BUF(v) V_AS(BufferedObject, v)

static int buf_write_data(BufferedObject *b, const char *p, int64_t n);

/* Take the object's lock: wait (letting the interpreter lock go) while
 * another thread holds it; the holding thread itself coming back (from a
 * signal handler, or a raw stream calling back) is a RuntimeError as in
 * CPython. false with the error set. */
static bool buf_enter(BufferedObject *b, Value self) {
    if (b->busy) {
        if (pthread_equal(b->owner, pthread_self())) {
            err_format(&exc_RuntimeError, "reentrant call inside %R", self);
            return false;
        }
        /* at shutdown the other threads never run again (the lock is
           kept for good): the holder will not let go, so fail as CPython
           fails there rather than wait for ever (its message; the exit
           finalizer that asks drops the error) */
        if (gil_finalizing) {
            err_format(&exc_RuntimeError,
                       "could not acquire lock for %R at interpreter shutdown, possibly due to daemon threads", self);
            return false;
        }
        while (b->busy) {
            bool released = gil_blocking_begin();
            sched_yield();
            gil_blocking_end(released);
        }
    }
    b->busy = true;
    b->owner = pthread_self();
    return true;
}
static void buf_leave(BufferedObject *b) { b->busy = false; }

static void buffered_finalizer(void *p) {
    if (((BufferedObject *)p)->owned) return;
    iobase_finalize_obj(V_FROM_PTR(p));
}
static void fileio_finalizer(void *p) {
    if (((FileIOObject *)p)->owned) return;
    iobase_finalize_obj(V_FROM_PTR(p));
}

static Value buffered_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value self = instance_new(t);
    BUF(self)->abs_pos = -1;
    if (!type_has_flag(t, TF_HEAPTYPE)) gc_register_finalizer(V_OBJ(self), buffered_finalizer);
    return self;
}

static BufferedObject *buf_check(Value self) {
    BufferedObject *b = BUF(self);
    if (!b->ok) {
        err_set(&exc_ValueError, b->detached ? "raw stream has been detached" : "I/O operation on uninitialized object");
        return NULL;
    }
    return b;
}

static int buf_raw_closed(BufferedObject *b) {
    if (b->fast_raw) return FIO(b->raw)->fd < 0;
    return io_is_closed(b->raw);
}

/* The checks every operation starts with; msg: the closed file message. */
static BufferedObject *buf_check_open(Value self, const char *msg) {
    BufferedObject *b = buf_check(self);
    if (!b) return NULL;
    int c = buf_raw_closed(b);
    if (c < 0) return NULL;
    if (c && !(b->readable && b->rlen - b->rpos > 0 && !strncmp(msg, "read", 4))) {
        err_set(&exc_ValueError, msg);
        return NULL;
    }
    return b;
}

/* Read up to n bytes from the raw stream into p: the count, -2 when it
 * would block (None), -1 on error. */
static int64_t buf_raw_read(BufferedObject *b, char *p, int64_t n) {
    int64_t r;
    if (b->fast_raw) {
        if (FIO(b->raw)->fd < 0) return fileio_closed_error(), -1;
        r = fio_read_raw(FIO(b->raw), p, n);
        if (r < 0) return r;
    } else {
        Value ba = bytearray_new("", 0);
        if (bytearray_resize(ba, n) < 0) return -1;
        Value res;
        for (;;) {
            res = call1(b->raw, "readinto", ba);
            if (res || !err_matches(&exc_InterruptedError)) break;
            err_clear();
        }
        if (!res) return -1;
        if (res == V_NONE) return -2;
        if (index_arg(res, &r) < 0) {
            /* not a count: an OSError caused by the TypeError (CPython's) */
            Value cause = err_fetch();
            err_set(&exc_OSError, "raw readinto() failed");
            err_chain_cause(cause);
            return -1;
        }
        if (r < 0 || r > n)
            return err_format(&exc_OSError, "raw readinto() returned invalid length %zd (should have been between 0 and %zd)",
                              (ssize_t)r, (ssize_t)n),
                   -1;
        memcpy(p, bytearray_data(ba), (size_t)r);
    }
    if (b->abs_pos >= 0) b->abs_pos += r;
    return r;
}

static int64_t buf_raw_write(BufferedObject *b, const char *p, int64_t n) {
    int64_t r;
    if (b->fast_raw) {
        if (FIO(b->raw)->fd < 0) return fileio_closed_error(), -1;
        r = fio_write_raw(FIO(b->raw), p, n);
        if (r < 0) return r;
    } else {
        Value res;
        Value data = bytes_new(p, (size_t)n);
        for (;;) {
            res = call1(b->raw, "write", data);
            if (res || !err_matches(&exc_InterruptedError)) break;
            err_clear();
        }
        if (!res) return -1;
        if (res == V_NONE) return -2;
        if (index_arg(res, &r) < 0) return -1;
        if (r < 0 || r > n)
            return err_format(&exc_OSError, "raw write() returned invalid length %zd (should have been between 0 and %zd)",
                              (ssize_t)r, (ssize_t)n),
                   -1;
    }
    if (b->abs_pos >= 0) b->abs_pos += r;
    return r;
}

static int64_t buf_raw_seek(BufferedObject *b, int64_t pos, int whence) {
    int64_t n;
    if (b->fast_raw) {
        if (FIO(b->raw)->fd < 0) return fileio_closed_error(), -1;
        off_t r = lseek(FIO(b->raw)->fd, (off_t)pos, whence);
        if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL), -1;
        n = r;
    } else {
        Value a[2] = {int_from_i64(pos), v_int(whence)};
        Value r = obj_call_method(b->raw, "seek", a, 2);
        if (!r) return -1;
        if (index_arg(r, &n) < 0) return -1;
        if (n < 0) return err_format(&exc_OSError, "Raw stream returned invalid position %lld", (long long)n), -1;
    }
    b->abs_pos = n;
    return n;
}

static int64_t buf_raw_tell(BufferedObject *b) {
    if (b->abs_pos >= 0) return b->abs_pos;
    int64_t n;
    if (b->fast_raw) {
        off_t r = lseek(FIO(b->raw)->fd, 0, SEEK_CUR);
        if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL), -1;
        n = r;
    } else {
        Value r = call0(b->raw, "tell");
        if (!r) return -1;
        if (index_arg(r, &n) < 0) return -1;
        if (n < 0) return err_format(&exc_OSError, "Raw stream returned invalid position %lld", (long long)n), -1;
    }
    b->abs_pos = n;
    return n;
}

/* BlockingIOError(EAGAIN, ..., written): a non-blocking raw stream took
   only part of a write. -1. */
static int buf_blocking_error(int64_t written) {
    Value ea[3] = {v_int(EAGAIN), str_from_cstr("write could not complete without blocking"), int_from_i64(written)};
    Value exc = exc_new(&exc_BlockingIOError, ea, 3);
    if (exc) err_set_exc(exc);
    return -1;
}

static int buf_flush_writes(BufferedObject *b) {
    int64_t off = 0;
    while (off < b->wlen) {
        int64_t r = buf_raw_write(b, b->wbuf + off, b->wlen - off);
        if (r == -1) goto fail;
        if (r == -2) {
            buf_blocking_error(0);
            goto fail;
        }
        off += r;
        if (pending_check() < 0) goto fail;
    }
    b->wlen = 0;
    return 0;
fail:
    memmove(b->wbuf, b->wbuf + off, (size_t)(b->wlen - off));
    b->wlen -= off;
    return -1;
}

/* Drop the read-ahead, moving the raw stream back to the logical position. */
static int buf_rewind_read(BufferedObject *b) {
    int64_t ahead = b->rlen - b->rpos;
    if (ahead > 0 && buf_raw_seek(b, -ahead, SEEK_CUR) < 0) return -1;
    b->rpos = b->rlen = 0;
    return 0;
}

static int buf_flush_and_rewind(BufferedObject *b) {
    if (b->writable && buf_flush_writes(b) < 0) return -1;
    if (b->readable && b->writable && buf_rewind_read(b) < 0) return -1;
    return 0;
}

static int buffered_init_common(Value self, Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, bool rd,
                                bool wr) {
    Value a[2];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return -1;
    BufferedObject *b = BUF(self);
    b->ok = b->detached = false;
    Value raw = a[0];
    if (rd && wr && !check_bool_method(raw, "seekable", "File or stream is not seekable.")) return -1;
    if (rd && !check_bool_method(raw, "readable", "File or stream is not readable.")) return -1;
    if (wr && !check_bool_method(raw, "writable", "File or stream is not writable.")) return -1;
    int64_t size = DEFAULT_BUFFER_SIZE;
    if (a[1] && index_arg(a[1], &size) < 0) return -1;
    if (size <= 0) return err_set(&exc_ValueError, "buffer size must be strictly positive"), -1;
    b->raw = raw;
    b->buffer_size = size;
    b->readable = rd;
    b->writable = wr;
    /* the size is the program's: MemoryError when it cannot be had */
    b->rbuf = rd ? gc_try_alloc_atomic((size_t)size) : NULL;
    b->wbuf = wr ? gc_try_alloc_atomic((size_t)size) : NULL;
    if ((rd && !b->rbuf) || (wr && !b->wbuf)) return err_no_memory(), -1;
    b->rpos = b->rlen = b->wlen = 0;
    b->fast_raw = fileio_exact(raw);
    if (b->fast_raw) FIO(raw)->owned = true;
    b->abs_pos = -1;
    if (buf_raw_tell(b) < 0) err_clear();
    b->ok = true;
    return 0;
}

/* also the classes' __text_signature__ */
static const ArgSpec bufreader_args = {"BufferedReader", 0, 1, 0, {"raw", "buffer_size=DEFAULT_BUFFER_SIZE", NULL}};
static const ArgSpec bufwriter_args = {"BufferedWriter", 0, 1, 0, {"raw", "buffer_size=DEFAULT_BUFFER_SIZE", NULL}};
static const ArgSpec bufrandom_args = {"BufferedRandom", 0, 1, 0, {"raw", "buffer_size=DEFAULT_BUFFER_SIZE", NULL}};

static int bufreader_init(Value self, Value *args, size_t nargs, Value kwnames) {
    return buffered_init_common(self, args, nargs, kwnames, &bufreader_args, true, false);
}
static int bufwriter_init(Value self, Value *args, size_t nargs, Value kwnames) {
    return buffered_init_common(self, args, nargs, kwnames, &bufwriter_args, false, true);
}
static int bufrandom_init(Value self, Value *args, size_t nargs, Value kwnames) {
    return buffered_init_common(self, args, nargs, kwnames, &bufrandom_args, true, true);
}

static Value buf_readall(BufferedObject *b) {
    Buf out;
    buf_init(&out, (size_t)(b->rlen - b->rpos) + 64);
    buf_put(&out, b->rbuf + b->rpos, (size_t)(b->rlen - b->rpos));
    b->rpos = b->rlen = 0;
    if (b->fast_raw) {
        if (FIO(b->raw)->fd < 0) return fileio_closed_error();
        Value r = fio_readall_impl(FIO(b->raw));
        if (!r) return VNULL;
        b->abs_pos = -1;
        if (r == V_NONE) return out.len ? bytes_new(out.data, out.len) : V_NONE;
        if (!out.len) return r;
        buf_put(&out, bytes_data(r), (size_t)bytes_size(r));
        return bytes_new(out.data, out.len);
    }
    Value readall = obj_getattr_opt(b->raw, s_("readall"));
    if (!readall && err_occurred()) return VNULL;
    if (readall) {
        Value r = obj_call0(readall);
        if (!r) return VNULL;
        b->abs_pos = -1;
        if (r != V_NONE && !bytes_check(r)) return err_set(&exc_TypeError, "readall() should return bytes");
        if (r == V_NONE) return out.len ? bytes_new(out.data, out.len) : V_NONE;
        if (!out.len) return r;
        buf_put(&out, bytes_data(r), (size_t)bytes_size(r));
        return bytes_new(out.data, out.len);
    }
    bool any = out.len > 0;
    for (;;) {
        Value r = call0(b->raw, "read");
        if (!r) return VNULL;
        b->abs_pos = -1;
        if (r != V_NONE && !bytes_check(r)) return err_set(&exc_TypeError, "read() should return bytes");
        if (r == V_NONE || bytes_size(r) == 0) {
            if (r == V_NONE && !any) return V_NONE;
            return bytes_new(out.data, out.len);
        }
        any = true;
        buf_put(&out, bytes_data(r), (size_t)bytes_size(r));
    }
}

/* Read n >= 0 bytes (fewer at EOF); None when nothing came and the raw
 * stream would block. */
static Value buf_read_n(BufferedObject *b, int64_t n) {
    int64_t avail = b->rlen - b->rpos;
    if (n <= avail) {
        Value r = bytes_new(b->rbuf + b->rpos, (size_t)n);
        b->rpos += n;
        return r;
    }
    Value res = bytes_try_alloc((size_t)n);
    if (!res) return VNULL;
    char *out = V_AS(BytesObject, res)->data;
    memcpy(out, b->rbuf + b->rpos, (size_t)avail);
    int64_t written = avail, remaining = n - avail;
    b->rpos = b->rlen = 0;
    /* whole blocks straight into the result, the tail through the buffer */
    while (remaining > 0) {
        int64_t want = remaining - remaining % b->buffer_size;
        if (want == 0) break;
        int64_t r = buf_raw_read(b, out + written, want);
        if (r == -1) return VNULL;
        if (r == 0 || r == -2) {
            if (r == 0 || written > 0) return bytes_new(out, (size_t)written);
            return V_NONE;
        }
        remaining -= r;
        written += r;
    }
    while (remaining > 0 && b->rlen < b->buffer_size) {
        int64_t r = buf_raw_read(b, b->rbuf + b->rlen, b->buffer_size - b->rlen);
        if (r == -1) return VNULL;
        if (r == 0 || r == -2) {
            if (r == 0 || written > 0) return bytes_new(out, (size_t)written);
            return V_NONE;
        }
        b->rlen += r;
        int64_t k = r < remaining ? r : remaining;
        memcpy(out + written, b->rbuf + b->rpos, (size_t)k);
        b->rpos += k;
        written += k;
        remaining -= k;
    }
    return written == n ? res : bytes_new(out, (size_t)written);
}

static Value bufm_read_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    BufferedObject *b = buf_check(args[0]);
    if (!b) return VNULL;
    if (n < -1) return err_set(&exc_ValueError, "read length must be non-negative or -1");
    if (!buf_check_open(args[0], "read of closed file")) return VNULL;
    if (b->writable && buf_flush_writes(b) < 0) return VNULL;
    if (n == -1) return buf_readall(b);
    return buf_read_n(b, n);
}

static Value bufm_read1_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read1", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    BufferedObject *b = buf_check_open(args[0], "read of closed file");
    if (!b) return VNULL;
    if (n < 0) n = b->buffer_size;
    if (n == 0) return bytes_new("", 0);
    int64_t have = b->rlen - b->rpos;
    if (have > 0) {
        if (n > have) n = have;
        Value r = bytes_new(b->rbuf + b->rpos, (size_t)n);
        b->rpos += n;
        return r;
    }
    if (b->writable && buf_flush_writes(b) < 0) return VNULL;
    b->rpos = b->rlen = 0;
    Value res = bytes_try_alloc((size_t)n);
    if (!res) return VNULL;
    int64_t r = buf_raw_read(b, V_AS(BytesObject, res)->data, n);
    if (r == -1) return VNULL;
    if (r == -2) r = 0;
    return r == n ? res : bytes_new(bytes_data(res), (size_t)r);
}

static Value bufm_peek_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"peek", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n = 0;
    if (a[0] && index_arg(a[0], &n) < 0) return VNULL;
    BufferedObject *b = buf_check_open(args[0], "peek of closed file");
    if (!b) return VNULL;
    if (b->writable && buf_flush_and_rewind(b) < 0) return VNULL;
    int64_t have = b->rlen - b->rpos;
    if (have > 0) return bytes_new(b->rbuf + b->rpos, (size_t)have);
    b->rpos = b->rlen = 0;
    int64_t r = buf_raw_read(b, b->rbuf, b->buffer_size);
    if (r == -1) return VNULL;
    if (r == -2) r = 0;
    b->rlen = r;
    return bytes_new(b->rbuf, (size_t)r);
}

static Value bufm_readinto_common(Value *args, size_t nargs, Value kwnames, const char *fname, bool one) {
    const ArgSpec spec = {fname, 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    char *p;
    int64_t n;
    if (!need_writable(a[0], fname, &p, &n)) return VNULL;
    BufferedObject *b = buf_check_open(args[0], "readinto of closed file");
    if (!b) return VNULL;
    if (b->writable && buf_flush_writes(b) < 0) return VNULL;
    /* CPython's _buffered_readinto_generic: what is buffered, then a
       request larger than the buffer straight from the raw stream, a
       smaller one through the buffer; readinto1 reads the raw stream at
       most once, and not at all through the buffer when it has data */
    Buf out;
    buf_init(&out, (size_t)(n < 4096 ? n : 4096) + 1);
    int64_t have = b->rlen - b->rpos;
    if (have > n) have = n;
    buf_put(&out, b->rbuf + b->rpos, (size_t)have);
    b->rpos += have;
    int64_t written = have, remaining = n - have;
    if (remaining > 0) b->rpos = b->rlen = 0;
    while (remaining > 0) {
        int64_t r;
        if (remaining > b->buffer_size) {
            buf_reserve(&out, (size_t)remaining);
            r = buf_raw_read(b, out.data + out.len, remaining);
            if (r > 0) out.len += (size_t)r;
        } else if (!(one && written)) {
            r = buf_raw_read(b, b->rbuf, b->buffer_size);
            if (r > 0) {
                b->rlen = r;
                int64_t k = r < remaining ? r : remaining;
                buf_put(&out, b->rbuf, (size_t)k);
                b->rpos = k;
                r = k;
            }
        } else {
            r = 0;
        }
        if (r == -1) return VNULL;
        if (r == 0 || (r == -2 && written > 0)) break;
        if (r == -2) return V_NONE;
        written += r;
        remaining -= r;
        if (one) break;
    }
    if (copy_into_buffer(a[0], out.data, written) < 0) return VNULL;
    return int_from_i64(written);
}
static Value bufm_readinto_unlocked(Value *args, size_t nargs, Value kwnames) {
    return bufm_readinto_common(args, nargs, kwnames, "readinto", false);
}
static Value bufm_readinto1_unlocked(Value *args, size_t nargs, Value kwnames) {
    return bufm_readinto_common(args, nargs, kwnames, "readinto1", true);
}

static Value buf_readline_impl(BufferedObject *b, int64_t limit) {
    if (b->writable && buf_flush_writes(b) < 0) return VNULL;
    int64_t avail = b->rlen - b->rpos;
    int64_t scan = limit >= 0 && limit < avail ? limit : avail;
    const char *nl = memchr(b->rbuf + b->rpos, '\n', (size_t)scan);
    if (nl || scan == limit) {
        int64_t n = nl ? nl - (b->rbuf + b->rpos) + 1 : scan;
        Value r = bytes_new(b->rbuf + b->rpos, (size_t)n);
        b->rpos += n;
        return r;
    }
    Buf out;
    buf_init(&out, (size_t)avail + 80);
    buf_put(&out, b->rbuf + b->rpos, (size_t)avail);
    b->rpos = b->rlen = 0;
    if (limit >= 0) limit -= avail;
    for (;;) {
        int64_t r = buf_raw_read(b, b->rbuf, b->buffer_size);
        if (r == -1) return VNULL;
        if (r <= 0) break;
        b->rlen = r;
        int64_t take = limit >= 0 && limit < r ? limit : r;
        nl = memchr(b->rbuf, '\n', (size_t)take);
        if (nl) take = nl - b->rbuf + 1;
        buf_put(&out, b->rbuf, (size_t)take);
        b->rpos = take;
        if (nl) break;
        if (limit >= 0) {
            limit -= take;
            if (limit == 0) break;
        }
    }
    return bytes_new(out.data, out.len);
}

static Value bufm_readline_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    BufferedObject *b = buf_check_open(args[0], "readline of closed file");
    if (!b) return VNULL;
    return buf_readline_impl(b, n);
}

static Value buf_iternext(Value self) {
    Type *t = type_of(self);
    Value line;
    if (t == &bufreader_type || t == &bufrandom_type) {
        BufferedObject *b = buf_check_open(self, "readline of closed file");
        if (!b || !buf_enter(b, self)) return VNULL;
        line = buf_readline_impl(b, -1);
        buf_leave(b);
    } else {
        line = call0(self, "readline");
        if (line && !bytes_check(line))
            return err_format(&exc_OSError, "readline() should have returned a bytes object, not '%T'", line);
    }
    if (!line) return VNULL;
    return bytes_size(line) ? line : VNULL;
}

static Value bufm_write_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BufferedObject *b = buf_check(args[0]);
    if (!b) return VNULL;
    const char *p;
    int64_t n;
    if (!need_bytes(a[0], &p, &n)) return VNULL;
    if (!buf_check_open(args[0], "write to closed file")) return VNULL;
    if (buf_write_data(b, p, n) < 0) return VNULL;
    return int_from_i64(n);
}

/* The body of write() on an open object: 0, or -1. */
static int buf_write_data(BufferedObject *b, const char *p, int64_t n) {
    if (b->readable && buf_rewind_read(b) < 0) return -1;
    if (b->wlen + n <= b->buffer_size) {
        memcpy(b->wbuf + b->wlen, p, (size_t)n);
        b->wlen += n;
        return 0;
    }
    /* flush what is pending, write whole blocks directly, keep the tail */
    if (buf_flush_writes(b) < 0) {
        /* a non-blocking raw stream took part of the buffer: what fits in
           the room left is buffered, and BlockingIOError says how much */
        if (!err_matches(&exc_BlockingIOError)) return -1;
        int64_t avail = b->buffer_size - b->wlen;
        int64_t take = n < avail ? n : avail;
        memcpy(b->wbuf + b->wlen, p, (size_t)take);
        b->wlen += take;
        if (take == n) {
            err_clear();
            return 0;
        }
        return buf_blocking_error(take);
    }
    int64_t off = 0;
    while (n - off > b->buffer_size) {
        int64_t r = buf_raw_write(b, p + off, n - off);
        if (r == -1) return -1;
        if (r == -2) {
            /* the raw stream would block: a tail that fits is buffered
               and the write succeeds; otherwise a buffer's worth is kept
               and the count given includes it */
            if (n - off <= b->buffer_size) break;
            memcpy(b->wbuf, p + off, (size_t)b->buffer_size);
            b->wlen = b->buffer_size;
            return buf_blocking_error(off + b->buffer_size);
        }
        off += r;
        /* a partial write can be a signal's doing: its handlers run before
           the next write blocks again, maybe for ever */
        if (pending_check() < 0) return -1;
    }
    memcpy(b->wbuf, p + off, (size_t)(n - off));
    b->wlen = n - off;
    return 0;
}

static Value bufm_flush_unlocked(Value *args, size_t nargs, Value kwnames) {
    NOARGS("flush");
    BufferedObject *b = buf_check_open(args[0], "flush of closed file");
    if (!b) return VNULL;
    if (!b->writable) return call0(b->raw, "flush");
    if (buf_flush_and_rewind(b) < 0) return VNULL;
    return V_NONE;
}

static Value bufm_tell_unlocked(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    BufferedObject *b = buf_check(args[0]);
    if (!b) return VNULL;
    /* the cached position must not hide a closed raw stream: ask it */
    int c = buf_raw_closed(b);
    if (c < 0) return VNULL;
    if (c) {
        if (b->fast_raw) return fileio_closed_error();
        b->abs_pos = -1;
    }
    int64_t pos = buf_raw_tell(b);
    if (pos < 0) return VNULL;
    pos = pos - (b->rlen - b->rpos) + b->wlen;
    if (pos < 0) pos = 0;
    return int_from_i64(pos);
}

static Value bufm_seek_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 1, 1, 0, {"target", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    BufferedObject *b = buf_check(args[0]);
    if (!b) return VNULL;
    int64_t target, whence = 0;
    if (a[1] && index_arg(a[1], &whence) < 0) return VNULL;
    if (whence < 0 || whence > 2) return err_format(&exc_ValueError, "whence value %d unsupported", (int)whence);
    if (!buf_check_open(args[0], "seek of closed file")) return VNULL;
    if (b->fast_raw) {
        Value r = fio_seekable(&b->raw, 1, VNULL);
        if (!r) return VNULL;
        if (r != V_TRUE) return io_unsupported("File or stream is not seekable.");
    } else if (!check_bool_method(b->raw, "seekable", "File or stream is not seekable.")) {
        return VNULL;
    }
    if (float_check(a[0])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[0]);
    if (index_arg(a[0], &target) < 0) return VNULL;
    /* a seek within the read-ahead moves in the buffer only */
    if (whence != 2 && b->readable && b->rlen > 0 && b->wlen == 0) {
        int64_t cur = buf_raw_tell(b);
        if (cur < 0) return VNULL;
        int64_t offset = whence == 0 ? target - (cur - b->rlen) - b->rpos : target;
        if (offset >= -b->rpos && offset <= b->rlen - b->rpos) {
            b->rpos += offset;
            return int_from_i64(cur - b->rlen + b->rpos);
        }
    }
    if (b->writable && buf_flush_writes(b) < 0) return VNULL;
    if (whence == 1) target -= b->rlen - b->rpos;
    int64_t n = buf_raw_seek(b, target, (int)whence);
    if (n < 0) return VNULL;
    b->rpos = b->rlen = 0;
    return int_from_i64(n);
}

static Value bufm_truncate_unlocked(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 1, 0, 0, {"pos", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    BufferedObject *b = buf_check_open(args[0], "truncate of closed file");
    if (!b) return VNULL;
    if (!b->writable) return io_unsupported("truncate");
    if (buf_flush_and_rewind(b) < 0) return VNULL;
    Value r = call1(b->raw, "truncate", a[0] ? a[0] : V_NONE);
    if (!r) return VNULL;
    b->abs_pos = -1;
    if (buf_raw_tell(b) < 0) err_clear();
    return r;
}


/* The methods above under the object's lock. */
#define BUF_LOCKED(name)                                                     \
    static Value name(Value *args, size_t nargs, Value kwnames) {            \
        BufferedObject *b = BUF(args[0]);                                    \
        if (nargs < 1 || !b->ok) return name##_unlocked(args, nargs, kwnames); \
        if (!buf_enter(b, args[0])) return VNULL;                            \
        Value r = name##_unlocked(args, nargs, kwnames);                     \
        buf_leave(b);                                                        \
        return r;                                                            \
    }
BUF_LOCKED(bufm_read)
BUF_LOCKED(bufm_read1)
BUF_LOCKED(bufm_peek)
BUF_LOCKED(bufm_readinto)
BUF_LOCKED(bufm_readinto1)
BUF_LOCKED(bufm_readline)
BUF_LOCKED(bufm_write)
BUF_LOCKED(bufm_flush)
BUF_LOCKED(bufm_tell)
BUF_LOCKED(bufm_seek)
BUF_LOCKED(bufm_truncate)

/* The raw stream's ResourceWarning, naming source (the buffered object,
   or a text wrapper over it); errors dropped. */
static void buf_dealloc_warn(BufferedObject *b, Value source) {
    if (!b->ok || !b->raw) return;
    Value saved = err_fetch();
    if (b->fast_raw) {
        fileio_dealloc_warn(FIO(b->raw), source);
    } else {
        Value m = obj_getattr_opt(b->raw, s_("_dealloc_warn"));
        if (m) obj_call1(m, source);
    }
    err_clear();
    err_restore(saved);
}

static Value bufm_dealloc_warn(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_dealloc_warn", 1, 1, 0, {"source", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    buf_dealloc_warn(BUF(args[0]), a[0]);
    return V_NONE;
}

static Value bufg_finalizing(Value self) { return v_bool(BUF(self)->finalizing); }
static int bufs_finalizing(Value self, Value v) { return io_set_finalizing(&BUF(self)->finalizing, v); }

static Value bufm_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    Value self = args[0];
    BufferedObject *b = buf_check(self);
    if (!b) return VNULL;
    int c = buf_raw_closed(b);
    if (c < 0) return VNULL;
    if (c) return V_NONE;
    if (b->finalizing) buf_dealloc_warn(b, self);
    Value r = call0(self, "flush");
    Value exc = r ? VNULL : err_fetch();
    /* the raw close runs under the object's lock: a write from another
       thread waits for it, then finds the file closed (CPython's) */
    if (!buf_enter(b, self)) {
        if (exc) err_clear(), err_restore(exc);
        return VNULL;
    }
    r = call0(b->raw, "close");
    b->rpos = b->rlen = 0;
    buf_leave(b);
    if (exc) {
        if (!r) {
            Value e2 = err_fetch();
            if (exc_check(e2)) V_AS(ExcObject, e2)->context = exc;
            err_restore(e2);
            return VNULL;
        }
        err_restore(exc);
        return VNULL;
    }
    return r ? V_NONE : VNULL;
}

static Value bufm_detach(Value *args, size_t nargs, Value kwnames) {
    NOARGS("detach");
    Value self = args[0];
    BufferedObject *b = buf_check(self);
    if (!b) return VNULL;
    if (!call0(self, "flush")) return VNULL;
    Value raw = b->raw;
    if (b->fast_raw) FIO(raw)->owned = false;
    b->raw = VNULL;
    b->fast_raw = false;
    b->detached = true;
    b->ok = false;
    return raw;
}

#define BUF_FORWARD(cname, meth)                                   \
    static Value cname(Value *args, size_t nargs, Value kwnames) { \
        NOARGS(meth);                                              \
        BufferedObject *b = buf_check(args[0]);                    \
        if (!b) return VNULL;                                      \
        return call0(b->raw, meth);                                \
    }
BUF_FORWARD(bufm_fileno, "fileno")
BUF_FORWARD(bufm_isatty, "isatty")
BUF_FORWARD(bufm_seekable, "seekable")
BUF_FORWARD(bufm_readable, "readable")
BUF_FORWARD(bufm_writable, "writable")

static Value bufg_raw(Value self) {
    if (BUF(self)->detached) return V_NONE;   /* a plain member in CPython */
    BufferedObject *b = buf_check(self);
    return b ? b->raw : VNULL;
}
static Value bufg_closed(Value self) {
    BufferedObject *b = buf_check(self);
    return b ? obj_getattr(b->raw, s_("closed")) : VNULL;
}
static Value bufg_name(Value self) {
    BufferedObject *b = buf_check(self);
    return b ? obj_getattr(b->raw, NAME(name)) : VNULL;
}
static Value bufg_mode(Value self) {
    BufferedObject *b = buf_check(self);
    return b ? obj_getattr(b->raw, s_("mode")) : VNULL;
}

static Value buf_repr(Value self) {
    const char *tn = type_of(self)->tname;
    Value name = obj_getattr_opt(self, NAME(name));
    if (!name && err_occurred()) {
        /* a raw stream without a name, or detached */
        if (!err_matches(&exc_ValueError) && !err_matches(&exc_AttributeError)) return VNULL;
        err_clear();
    }
    if (!name) return str_printf("<%s>", tn);
    int re = repr_enter(self);
    if (re < 0) return VNULL;
    if (re) return err_format(&exc_RuntimeError, "reentrant call inside %s.__repr__", tn);
    Value nr = obj_repr(name);
    repr_leave(self);
    if (!nr) return VNULL;
    return str_printf("<%s name=%U>", tn, nr);
}

static const MethodDef buffered_common_methods[] = {
    {"close", bufm_close, MF_KEYWORDS, NULL},
    {"detach", bufm_detach, MF_KEYWORDS, NULL},
    {"flush", bufm_flush, MF_KEYWORDS, NULL},
    {"fileno", bufm_fileno, MF_KEYWORDS, NULL},
    {"isatty", bufm_isatty, MF_KEYWORDS, NULL},
    {"seekable", bufm_seekable, MF_KEYWORDS, NULL},
    {"seek", bufm_seek, MF_KEYWORDS, NULL},
    {"tell", bufm_tell, MF_KEYWORDS, NULL},
    {"truncate", bufm_truncate, MF_KEYWORDS, NULL},
    {"_dealloc_warn", bufm_dealloc_warn, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const MethodDef buffered_read_methods[] = {
    {"read", bufm_read, MF_KEYWORDS, NULL},
    {"read1", bufm_read1, MF_KEYWORDS, NULL},
    {"peek", bufm_peek, MF_KEYWORDS, NULL},
    {"readinto", bufm_readinto, MF_KEYWORDS, NULL},
    {"readinto1", bufm_readinto1, MF_KEYWORDS, NULL},
    {"readline", bufm_readline, MF_KEYWORDS, NULL},
    {"readable", bufm_readable, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const MethodDef buffered_write_methods[] = {
    {"write", bufm_write, MF_KEYWORDS, NULL},
    {"writable", bufm_writable, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef buffered_getsets[] = {
    {"raw", bufg_raw, NULL, NULL},
    {"closed", bufg_closed, NULL, NULL},
    {"name", bufg_name, NULL, NULL},
    {"mode", bufg_mode, NULL, NULL},
    {"_finalizing", bufg_finalizing, bufs_finalizing, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- BufferedRWPair ----------------------------------------------------------- */

typedef struct RWPairObject {
    Object hdr;
    Value reader, writer;   /* a BufferedReader and a BufferedWriter */
    InstanceAttrs attrs;
} RWPairObject;

#define RWP(v) V_AS(RWPairObject, v)

static int rwpair_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"BufferedRWPair", 0, 2, 0, {"reader", "writer", "buffer_size", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    if (!check_bool_method(a[0], "readable", "File or stream is not readable.")) return -1;
    if (!check_bool_method(a[1], "writable", "File or stream is not writable.")) return -1;
    Value ra[2] = {a[0], a[2] ? a[2] : v_int(DEFAULT_BUFFER_SIZE)};
    Value r = obj_call(V_FROM_PTR(&bufreader_type), ra, 2, VNULL);
    if (!r) return -1;
    ra[0] = a[1];
    Value w = obj_call(V_FROM_PTR(&bufwriter_type), ra, 2, VNULL);
    if (!w) return -1;
    RWP(self)->reader = r;
    RWP(self)->writer = w;
    return 0;
}

static Value rwp_forward(Value *args, size_t nargs, Value kwnames, bool to_reader, const char *meth) {
    RWPairObject *p = RWP(args[0]);
    Value target = to_reader ? p->reader : p->writer;
    if (!target) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    Value m = obj_getattr(target, s_(meth));
    if (!m) return VNULL;
    return obj_call(m, args + 1, nargs - 1, kwnames);
}
#define RWP_FORWARD(cname, rd, meth) \
    static Value cname(Value *args, size_t nargs, Value kwnames) { return rwp_forward(args, nargs, kwnames, rd, meth); }
RWP_FORWARD(rwp_read, true, "read")
RWP_FORWARD(rwp_peek, true, "peek")
RWP_FORWARD(rwp_read1, true, "read1")
RWP_FORWARD(rwp_readinto, true, "readinto")
RWP_FORWARD(rwp_readinto1, true, "readinto1")
RWP_FORWARD(rwp_readable, true, "readable")
RWP_FORWARD(rwp_write, false, "write")
RWP_FORWARD(rwp_flush, false, "flush")
RWP_FORWARD(rwp_writable, false, "writable")

static Value rwp_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    RWPairObject *p = RWP(args[0]);
    if (!p->writer) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    Value r = call0(p->writer, "close");
    Value exc = r ? VNULL : err_fetch();
    r = call0(p->reader, "close");
    if (exc) {
        if (!r) {
            Value e2 = err_fetch();
            if (exc_check(e2)) V_AS(ExcObject, e2)->context = exc;
            err_restore(e2);
        } else {
            err_restore(exc);
        }
        return VNULL;
    }
    return r;
}
static Value rwp_isatty(Value *args, size_t nargs, Value kwnames) {
    NOARGS("isatty");
    RWPairObject *p = RWP(args[0]);
    if (!p->writer) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    Value r = call0(p->writer, "isatty");
    if (!r || r != V_FALSE) return r;
    return call0(p->reader, "isatty");
}
static Value rwpg_closed(Value self) {
    RWPairObject *p = RWP(self);
    if (!p->writer) return err_set(&exc_RuntimeError, "the BufferedRWPair object is being garbage-collected");
    return obj_getattr(p->writer, s_("closed"));
}

static const MethodDef rwpair_methods[] = {
    {"read", rwp_read, MF_KEYWORDS, NULL},
    {"peek", rwp_peek, MF_KEYWORDS, NULL},
    {"read1", rwp_read1, MF_KEYWORDS, NULL},
    {"readinto", rwp_readinto, MF_KEYWORDS, NULL},
    {"readinto1", rwp_readinto1, MF_KEYWORDS, NULL},
    {"write", rwp_write, MF_KEYWORDS, NULL},
    {"flush", rwp_flush, MF_KEYWORDS, NULL},
    {"readable", rwp_readable, MF_KEYWORDS, NULL},
    {"writable", rwp_writable, MF_KEYWORDS, NULL},
    {"close", rwp_close, MF_KEYWORDS, NULL},
    {"isatty", rwp_isatty, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef rwpair_getsets[] = {
    {"closed", rwpg_closed, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- IncrementalNewlineDecoder -------------------------------------------------- */

typedef struct NLDecoderObject {
    Object hdr;
    Value decoder;      /* None or an incremental decoder */
    NLState nl;
    bool ok;
    InstanceAttrs attrs;
} NLDecoderObject;

#define NLD(v) V_AS(NLDecoderObject, v)

static Value nldecoder_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return instance_new(t);
}

static int nldecoder_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"IncrementalNewlineDecoder", 0, 2, 0, {"decoder", "translate", "errors", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    int tr = obj_truth(a[1]);
    if (tr < 0) return -1;
    NLDecoderObject *d = NLD(self);
    d->decoder = a[0];
    d->nl = (NLState){false, tr != 0, 0};
    d->ok = true;
    return 0;
}

static NLDecoderObject *nld_check(Value self) {
    NLDecoderObject *d = NLD(self);
    if (!d->ok) {
        err_set(&exc_ValueError, "IncrementalNewlineDecoder.__init__() not called");
        return NULL;
    }
    return d;
}

static Value nld_decode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"decode", 0, 1, 0, {"input", "final", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    NLDecoderObject *d = nld_check(args[0]);
    if (!d) return VNULL;
    int final = 0;
    if (a[1] && (final = obj_truth(a[1])) < 0) return VNULL;
    Value out = a[0];
    if (d->decoder != V_NONE) {
        Value da[2] = {a[0], v_bool(final)};
        Value m = obj_getattr(d->decoder, s_("decode"));
        if (!m) return VNULL;
        Value kw = tuple_pack(1, s_("final"));
        out = obj_call(m, da, 1, kw);
        if (!out) return VNULL;
    }
    if (!str_check(out)) return err_format(&exc_TypeError, "decoder should return a string result, not '%T'", out);
    return nl_process(&d->nl, out, final);
}

static Value nld_getstate(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getstate");
    NLDecoderObject *d = nld_check(args[0]);
    if (!d) return VNULL;
    Value buffer = bytes_new("", 0);
    int64_t flag = 0;
    if (d->decoder != V_NONE) {
        Value st = call0(d->decoder, "getstate");
        if (!st) return VNULL;
        if (!tuple_check(st) || tuple_size(st) != 2) return err_set(&exc_TypeError, "illegal decoder state");
        buffer = tuple_get(st, 0);
        if (index_arg(tuple_get(st, 1), &flag) < 0) return VNULL;
    }
    flag <<= 1;
    if (d->nl.pendingcr) flag |= 1;
    return tuple_pack(2, buffer, int_from_i64(flag));
}

static Value nld_setstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setstate", 1, 1, 0, {"state", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    NLDecoderObject *d = nld_check(args[0]);
    if (!d) return VNULL;
    if (!tuple_check(a[0])) return err_set(&exc_TypeError, "state argument must be a tuple");
    if (tuple_size(a[0]) != 2) return err_set(&exc_TypeError, "illegal decoder state");
    int64_t flag;
    if (index_arg(tuple_get(a[0], 1), &flag) < 0) return VNULL;
    d->nl.pendingcr = flag & 1;
    if (d->decoder != V_NONE) {
        Value st = tuple_pack(2, tuple_get(a[0], 0), int_from_i64(flag >> 1));
        return call1(d->decoder, "setstate", st);
    }
    return V_NONE;
}

static Value nld_reset(Value *args, size_t nargs, Value kwnames) {
    NOARGS("reset");
    NLDecoderObject *d = nld_check(args[0]);
    if (!d) return VNULL;
    d->nl.seennl = 0;
    d->nl.pendingcr = false;
    if (d->decoder != V_NONE) return call0(d->decoder, "reset");
    return V_NONE;
}

static Value nldg_newlines(Value self) {
    NLDecoderObject *d = nld_check(self);
    return d ? nl_newlines(d->nl.seennl) : VNULL;
}

static const MethodDef nldecoder_methods[] = {
    {"decode", nld_decode, MF_KEYWORDS, NULL},
    {"getstate", nld_getstate, MF_KEYWORDS, NULL},
    {"setstate", nld_setstate, MF_KEYWORDS, NULL},
    {"reset", nld_reset, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef nldecoder_getsets[] = {
    {"newlines", nldg_newlines, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- TextIOWrapper ---------------------------------------------------------------- */

enum { ENC_OTHER, ENC_UTF8, ENC_UTF8SIG, ENC_LATIN1, ENC_ASCII };
static const char *const native_codec[] = {NULL, "utf-8", "utf-8", "latin-1", "ascii"};

typedef struct TextIOObject {
    Object hdr;
    bool ok, detached;
    Value buffer, encoding, errors;
    int enc;                    /* ENC_*: the native coder in use, or ENC_OTHER */
    bool readable, writable;    /* have a decoder / an encoder */
    Value decoder, encoder;     /* ENC_OTHER: codecs' incremental coders */
    /* native decoder state: an incomplete UTF-8 sequence held back, and
       for utf-8-sig whether the BOM may still come (its "first" flag) */
    unsigned char dpend[4];
    int ndpend;
    bool sig_first;
    bool bom_pending;           /* utf-8-sig encoder: BOM not written yet */
    bool readuniversal, readtranslate, line_buffering, write_through;
    NLState nl;                 /* the newline decoder (readuniversal) */
    Value readnl, writenl;      /* str or VNULL */
    Value decoded;              /* str: the last decoded chunk, or VNULL */
    bool decoded_own;           /* made by tio_read_chunk and never handed
                                   out: freed when replaced */
    int64_t used_b, used_c;     /* consumed part of it: bytes, code points */
    Value snap_input;           /* snapshot for tell(): bytes or VNULL */
    bool snap_own;              /* snap_input is a chunk the C BufferedReader
                                   made for tio_read_chunk and nothing else
                                   references: freed when replaced */
    int64_t snap_flags;
    double b2cratio;
    bool seekable, telling, has_read1;
    int64_t chunk_size;
    Buf pending;                /* encoded text not yet given to the buffer */
    bool is_std;                /* sys.std*: flushed, never closed, at the end */
    bool finalizing;            /* close() runs for the finalizer: warn first */
    Map *nowrite_map;           /* an attribute map known to hold no `write` */
    InstanceAttrs attrs;
} TextIOObject;

#define TIO(v) V_AS(TextIOObject, v)

static void textio_finalizer(void *p) {
    if (((TextIOObject *)p)->is_std) {
        /* the standard streams outlive everything: flush only */
        Value saved = err_fetch();
        if (!call0(V_FROM_PTR(p), "flush")) err_clear();
        err_restore(saved);
        return;
    }
    iobase_finalize_obj(V_FROM_PTR(p));
}

static Value textio_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value self = instance_new(t);
    TextIOObject *tw = TIO(self);
    buf_init(&tw->pending, 64);
    tw->chunk_size = 8192;
    if (!type_has_flag(t, TF_HEAPTYPE)) gc_register_finalizer(V_OBJ(self), textio_finalizer);
    return self;
}

static TextIOObject *tio_attached(Value self) {
    TextIOObject *t = TIO(self);
    if (!t->ok) {
        err_set(&exc_ValueError, "I/O operation on uninitialized object");
        return NULL;
    }
    if (t->detached) {
        err_set(&exc_ValueError, "underlying buffer has been detached");
        return NULL;
    }
    return t;
}

static int tio_buffer_closed(TextIOObject *t) {
    if (v_is_ptr(t->buffer) && (type_of(t->buffer) == &bufreader_type || type_of(t->buffer) == &bufwriter_type ||
                                type_of(t->buffer) == &bufrandom_type)) {
        BufferedObject *b = BUF(t->buffer);
        if (b->ok && b->fast_raw) return FIO(b->raw)->fd < 0;
    }
    return io_is_closed(t->buffer);
}

static TextIOObject *tio_open(Value self) {
    TextIOObject *t = tio_attached(self);
    if (!t) return NULL;
    int c = type_of(self) == &textiowrapper_type ? tio_buffer_closed(t) : io_is_closed(self);
    if (c < 0) return NULL;
    if (c) {
        closed_file_error();
        return NULL;
    }
    return t;
}

/* -- the decoder (native or codecs', then the newline decoder) -- */

/* Length of an incomplete but so far valid UTF-8 sequence ending p[0..n). */
static int utf8_incomplete_tail(const unsigned char *p, int64_t n) {
    for (int k = 1; k <= 3 && k <= n; k++) {
        unsigned char c = p[n - k];
        if ((c & 0xC0) == 0x80) continue;
        int need = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (need <= k) return 0;
        if (k >= 2) {
            unsigned char c1 = p[n - k + 1];
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
                (c == 0xF4 && c1 > 0x8F))
                return 0;
        }
        return k;
    }
    return 0;
}

static Value bytes_decode_with(const char *p, int64_t n, const char *codec, Value errors) {
    if (n == 0) return str_empty;
    Value b = bytes_new(p, (size_t)n);
    Value a[3] = {b, str_from_cstr(codec), errors};
    return obj_call(type_lookup_cstr(&bytes_type, "decode"), a, 3, VNULL);
}

/* *fresh (when given): set when the result is a str made here from a copy
 * of p[0..n) that nothing else references (so that the caller may free
 * both the str, later, and the block p is in). */
static Value tio_decode_fresh(TextIOObject *t, const char *p, int64_t n, bool final, bool *fresh) {
    Value s;
    if (fresh) *fresh = false;
    if (t->enc == ENC_OTHER) {
        Value m = obj_getattr(t->decoder, s_("decode"));
        if (!m) return VNULL;
        Value da[2] = {bytes_new(p, (size_t)n), v_bool(final)};
        s = obj_call(m, da, 1, tuple_pack(1, s_("final")));
        if (!s) return VNULL;
        if (!str_check(s)) return err_format(&exc_TypeError, "decoder should return a string result, not '%T'", s);
    } else {
        char *tmp = NULL;
        if (t->ndpend) {
            tmp = gc_alloc_atomic((size_t)(n + t->ndpend) + 1);
            memcpy(tmp, t->dpend, (size_t)t->ndpend);
            memcpy(tmp + t->ndpend, p, (size_t)n);
            n += t->ndpend;
            p = tmp;
            t->ndpend = 0;
        }
        if (t->enc == ENC_UTF8SIG && t->sig_first) {
            static const char bom[3] = {'\xEF', '\xBB', '\xBF'};
            if (n < 3 && !memcmp(p, bom, (size_t)n) && !final) {
                memcpy(t->dpend, p, (size_t)n);
                t->ndpend = (int)n;
                return str_empty;
            }
            t->sig_first = false;
            if (n >= 3 && !memcmp(p, bom, 3)) {
                p += 3;
                n -= 3;
            }
        }
        if (!final && (t->enc == ENC_UTF8 || t->enc == ENC_UTF8SIG)) {
            int k = utf8_incomplete_tail((const unsigned char *)p, n);
            if (k) {
                memcpy(t->dpend, p + n - k, (size_t)k);
                t->ndpend = k;
                n -= k;
            }
        }
        /* well-formed UTF-8 (or ASCII) is its own decoding, whatever the
           error handler; the check counts the code points too */
        int64_t ncp = 0;
        bool plain;
        if (t->enc == ENC_UTF8 || t->enc == ENC_UTF8SIG) {
            plain = utf8_wellformed_prefix(p, n, &ncp) == n;
        } else {
            plain = true;
            for (int64_t i = 0; i < n && plain; i++) plain = (unsigned char)p[i] < 0x80;
            ncp = n;
        }
        s = plain ? str_try_new_counted(p, (size_t)n, ncp) : bytes_decode_with(p, n, native_codec[t->enc], t->errors);
        if (!s) return VNULL;
        /* str_try_new_counted shares the strs of 0 and 1 bytes */
        if (fresh) *fresh = plain && n > 1;
    }
    if (t->readuniversal) {
        Value u = nl_process(&t->nl, s, final);
        if (fresh && u != s) *fresh = false;
        s = u;
    }
    return s;
}
static Value tio_decode(TextIOObject *t, const char *p, int64_t n, bool final) {
    return tio_decode_fresh(t, p, n, final, NULL);
}

/* The decoder's state as getstate() gives it: *buf (bytes) and *flags. */
static int tio_dec_getstate(TextIOObject *t, Value *buf, int64_t *flags) {
    if (t->enc == ENC_OTHER) {
        Value st = call0(t->decoder, "getstate");
        if (!st) return -1;
        if (!tuple_check(st) || tuple_size(st) != 2) return err_set(&exc_TypeError, "illegal decoder state"), -1;
        *buf = tuple_get(st, 0);
        if (!bytes_check(*buf)) return err_set(&exc_TypeError, "illegal decoder state"), -1;
        if (index_arg(tuple_get(st, 1), flags) < 0) return -1;
    } else {
        *buf = bytes_new((const char *)t->dpend, (size_t)t->ndpend);
        *flags = t->enc == ENC_UTF8SIG ? t->sig_first : 0;
    }
    if (t->readuniversal) *flags = (*flags << 1) | t->nl.pendingcr;
    return 0;
}

static int tio_dec_setstate(TextIOObject *t, Value buf, int64_t flags) {
    if (t->readuniversal) {
        t->nl.pendingcr = flags & 1;
        flags >>= 1;
    }
    if (t->enc == ENC_OTHER) {
        Value r = call1(t->decoder, "setstate", tuple_pack(2, buf, int_from_i64(flags)));
        return r ? 0 : -1;
    }
    int64_t n = bytes_size(buf);
    if (n > 4) n = 4;
    memcpy(t->dpend, bytes_data(buf), (size_t)n);
    t->ndpend = (int)n;
    if (t->enc == ENC_UTF8SIG) t->sig_first = flags != 0;
    return 0;
}

static int tio_dec_reset(TextIOObject *t) {
    t->nl.seennl = 0;
    t->nl.pendingcr = false;
    if (t->enc == ENC_OTHER) return call0(t->decoder, "reset") ? 0 : -1;
    t->ndpend = 0;
    t->sig_first = true;
    return 0;
}

/* -- the encoder -- */

static Value tio_encode(TextIOObject *t, Value s) {
    if (t->enc == ENC_OTHER) {
        Value r = call1(t->encoder, "encode", s);
        if (r && !bytes_check(r)) return err_format(&exc_TypeError, "encoder should return a bytes object, not '%T'", r);
        return r;
    }
    const char *p = str_data(s);
    int64_t n = str_nbytes(s);
    bool plain = str_is_ascii(s) ||
                 ((t->enc == ENC_UTF8 || t->enc == ENC_UTF8SIG) && !memchr(p, '\xED', (size_t)n));
    Value r;
    if (plain) {
        r = bytes_new(p, (size_t)n);
    } else {
        Value a[3] = {s, str_from_cstr(native_codec[t->enc]), t->errors};
        r = obj_call(type_lookup_cstr(&str_type, "encode"), a, 3, VNULL);
        if (!r) return VNULL;
    }
    if (t->enc == ENC_UTF8SIG && t->bom_pending) {
        t->bom_pending = false;
        Buf b;
        buf_init(&b, (size_t)bytes_size(r) + 4);
        buf_put(&b, "\xEF\xBB\xBF", 3);
        buf_put(&b, bytes_data(r), (size_t)bytes_size(r));
        r = bytes_from_buf(&b);
    }
    return r;
}

/* After a seek: the encoder starts the stream (BOM) only at position 0. */
static int tio_enc_set_start(TextIOObject *t, bool start) {
    if (!t->writable) return 0;
    if (t->enc == ENC_OTHER) {
        Value r = start ? call0(t->encoder, "reset") : call1(t->encoder, "setstate", v_int(0));
        return r ? 0 : -1;
    }
    t->bom_pending = start;
    return 0;
}

/* -- decoded characters -- */

/* A chunk's decoded str that nothing else references goes back to the
 * collector at once when the next one replaces it: reading a file line by
 * line then allocates its lines, not also two chunk-sized blocks per
 * chunk (the raw bytes and their decoding), which made most of the
 * collections, and the freed blocks are reused while still in the cache. */
static void tio_set_decoded(TextIOObject *t, Value s) {
    if (t->decoded_own && t->decoded && t->decoded != s) gc_free(V_OBJ(t->decoded));
    t->decoded_own = false;
    t->decoded = s;
    t->used_b = t->used_c = 0;
}

/* The same for the raw chunk kept for tell() while reading with readline():
 * it stays referenced only by snap_input until the next chunk. tell() reads
 * it without running Python code once it has taken it (the native decoders
 * are C), so freeing it here cannot pull it from under a tell(). */
static void tio_set_snap(TextIOObject *t, Value snap, bool own) {
    if (t->snap_own && t->snap_input && t->snap_input != snap) gc_free(V_OBJ(t->snap_input));
    t->snap_input = snap;
    t->snap_own = own && snap;
}

/* Byte length of the first n code points of UTF-8 p[0..len) (all if fewer). */
static int64_t utf8_prefix_bytes(const char *p, int64_t len, int64_t n, int64_t *chars) {
    int64_t i = 0, c = 0;
    while (i < len && c < n) {
        unsigned char ch = (unsigned char)p[i];
        i += ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
        c++;
    }
    if (i > len) i = len;
    *chars = c;
    return i;
}

/* Take up to n (-1: all) of the decoded characters not yet consumed. */
static Value tio_get_decoded(TextIOObject *t, int64_t n) {
    if (!t->decoded) return str_empty;
    const char *p = str_data(t->decoded) + t->used_b;
    int64_t avail = str_nbytes(t->decoded) - t->used_b;
    if (avail <= 0) return str_empty;
    int64_t nb, nc;
    if (n < 0) {
        nb = avail;
        nc = str_len(t->decoded) - t->used_c;
    } else if (str_is_ascii(t->decoded)) {
        nb = nc = n < avail ? n : avail;
    } else {
        nb = utf8_prefix_bytes(p, avail, n, &nc);
    }
    Value r = (t->used_b == 0 && nb == str_nbytes(t->decoded)) ? t->decoded : str_new(p, (size_t)nb);
    if (r == t->decoded) t->decoded_own = false;
    t->used_b += nb;
    t->used_c += nc;
    return r;
}

/* Give the pending encoded text to the buffer: straight to the C code of
 * a BufferedWriter/BufferedRandom or FileIO (whose write is not replaced
 * on the instance), else by calling buffer.write. */
static int tio_writeflush(TextIOObject *t) {
    if (t->pending.len == 0) return 0;
    Value buffer = t->buffer;
    int64_t n = (int64_t)t->pending.len;
    /* the data leaves in its own block: writing may let the interpreter
       lock go or run Python code, and other writes start a new one */
    char *data = t->pending.data;
    buf_init(&t->pending, n < 256 ? 256 : (size_t)n + 64);
    Type *bt = v_is_ptr(buffer) ? V_OBJ(buffer)->type : NULL;
    if ((bt == &bufwriter_type || bt == &bufrandom_type || bt == &fileio_type) &&
        !instance_get_attr(buffer, NAME(write))) {
        char *p = data;
        if (bt == &fileio_type) {
            FileIOObject *f = FIO(buffer);
            if (f->fd < 0) return fileio_closed_error(), -1;
            if (!f->writable) return fio_err_mode("writing"), -1;
            int64_t r = fio_write_raw(f, p, n);
            if (r == -1) return -1;
            return 0;
        }
        BufferedObject *b = buf_check_open(buffer, "write to closed file");
        if (!b || !buf_enter(b, buffer)) return -1;
        int r = buf_write_data(b, p, n);
        buf_leave(b);
        return r;
    }
    return call1(buffer, "write", bytes_new(data, (size_t)n)) ? 0 : -1;
}

/* Read and decode one chunk: 1, 0 at EOF, -1 on error. */
static int tio_read_chunk(TextIOObject *t, int64_t size_hint) {
    if (!t->readable) return io_unsupported("not readable"), -1;
    Value dec_buffer = VNULL;
    int64_t dec_flags = 0;
    if (t->telling && tio_dec_getstate(t, &dec_buffer, &dec_flags) < 0) return -1;
    int64_t size = t->chunk_size;
    if (size_hint > 0) {
        int64_t h = (int64_t)((t->b2cratio > 1.0 ? t->b2cratio : 1.0) * (double)size_hint);
        if (h > size) size = h;
    }
    Value chunk = call1(t->buffer, t->has_read1 ? "read1" : "read", int_from_i64(size));
    if (!chunk) return -1;
    const char *p;
    int64_t n;
    if (!byteslike_view(chunk, &p, &n))
        return err_format(&exc_TypeError, "underlying %s() should have returned a bytes-like object, not '%T'",
                          t->has_read1 ? "read1" : "read", chunk),
               -1;
    bool eof = n == 0;
    bool fresh;
    Value s = tio_decode_fresh(t, p, n, eof, &fresh);
    if (!s) return -1;
    tio_set_decoded(t, s);
    t->decoded_own = fresh;
    int64_t nchars = str_len(s);
    t->b2cratio = nchars > 0 ? (double)n / (double)nchars : 0.0;
    if (nchars > 0) eof = false;
    /* The chunk is ours alone when the C BufferedReader's read1 made it
       (it returns a new bytes object that it keeps no reference to). */
    Type *bt = v_is_ptr(t->buffer) ? V_OBJ(t->buffer)->type : NULL;
    bool chunk_own = n > 64 && bytes_check_exact(chunk) && t->has_read1 &&
                     (bt == &bufreader_type || bt == &bufrandom_type) && !instance_get_attr(t->buffer, s_("read1"));
    if (t->telling) {
        /* the snapshot is the decoder's pending bytes and the chunk: usually
           none are pending, and an exact bytes chunk (immutable) serves as
           it is, without a copy per chunk */
        int64_t nd = bytes_size(dec_buffer);
        Value snap = chunk;
        bool snap_own = chunk_own && t->enc != ENC_OTHER;
        if (nd || !bytes_check_exact(chunk)) {
            snap = bytes_try_alloc((size_t)(nd + n));
            if (!snap) return -1;
            memcpy(V_AS(BytesObject, snap)->data, bytes_data(dec_buffer), (size_t)nd);
            memcpy(V_AS(BytesObject, snap)->data + nd, p, (size_t)n);
            snap_own = t->enc != ENC_OTHER;
        }
        t->snap_flags = dec_flags;
        tio_set_snap(t, snap, snap_own);
    }
    /* Otherwise the chunk is garbage now that the decoding copied it: freed
       at once, as the decoded str later. */
    if (fresh && chunk_own && chunk != t->snap_input) gc_free(V_OBJ(chunk));
    return eof ? 0 : 1;
}

static Value str_join2(Value a, Value b) {
    if (str_nbytes(a) == 0) return b;
    if (str_nbytes(b) == 0) return a;
    return str_concat(a, b);
}

static Value tiom_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    TextIOObject *t = tio_attached(args[0]);
    if (!t) return VNULL;
    int64_t n;
    if (size_arg(a[0], &n) < 0) return VNULL;
    if (!tio_open(args[0])) return VNULL;
    if (!t->readable) return io_unsupported("not readable");
    if (tio_writeflush(t) < 0) return VNULL;
    if (n < 0) {
        Value data = call0(t->buffer, "read");
        if (!data) return VNULL;
        const char *p;
        int64_t len;
        if (!byteslike_view(data, &p, &len))
            return err_format(&exc_TypeError, "underlying read() should have returned a bytes object, not '%T'", data);
        Value dec = tio_decode(t, p, len, true);
        if (!dec) return VNULL;
        Value r = str_join2(tio_get_decoded(t, -1), dec);
        tio_set_decoded(t, VNULL);
        tio_set_snap(t, VNULL, false);
        return r;
    }
    Value result = tio_get_decoded(t, n);
    int64_t remaining = n - str_len(result);
    if (remaining <= 0) return result;
    Buf acc;
    buf_init(&acc, (size_t)str_nbytes(result) + 64);
    buf_put(&acc, str_data(result), (size_t)str_nbytes(result));
    while (remaining > 0) {
        int r = tio_read_chunk(t, remaining);
        if (r < 0) return VNULL;
        if (r == 0) break;
        Value more = tio_get_decoded(t, remaining);
        buf_put(&acc, str_data(more), (size_t)str_nbytes(more));
        remaining -= str_len(more);
    }
    return str_from_buf(&acc);
}

static Value tio_readline_impl(TextIOObject *t, int64_t limit) {
    if (tio_writeflush(t) < 0) return VNULL;
    Buf acc = {0};   /* the line's parts from several chunks, when it has them */
    int64_t accn = 0;
    const char *readnl = t->readnl ? str_data(t->readnl) : "\n";
    size_t nllen = t->readnl ? (size_t)str_nbytes(t->readnl) : 1;
    for (;;) {
        while (!t->decoded || t->used_b >= str_nbytes(t->decoded)) {
            int r = tio_read_chunk(t, 0);
            if (r < 0) return VNULL;
            if (r == 0) {
                tio_set_decoded(t, VNULL);
                tio_set_snap(t, VNULL, false);
                goto done;
            }
        }
        const char *p = str_data(t->decoded) + t->used_b;
        int64_t n = str_nbytes(t->decoded) - t->used_b;
        int64_t e;
        if (!t->readuniversal && nllen == 2 && acc.len && acc.data[acc.len - 1] == readnl[0] && p[0] == readnl[1])
            e = 1;   /* a two-character terminator split between chunks */
        else
            e = find_line_ending(t->readtranslate, t->readuniversal, readnl, nllen, p, n);
        int64_t take = e >= 0 ? e : n, nc;
        if (limit >= 0) {
            int64_t tb = utf8_prefix_bytes(p, take, limit - accn, &nc);
            if (tb < take || accn + nc >= limit) {
                take = tb;
                e = 0;
            }
        }
        nc = str_is_ascii(t->decoded) ? take : utf8_count(p, (size_t)take);
        if (e >= 0 && acc.len == 0) {
            /* the usual case, a whole line inside the decoded chunk: made
               straight from it */
            t->used_b += take;
            t->used_c += nc;
            return str_try_new_counted(p, (size_t)take, nc);
        }
        if (!acc.data) buf_init(&acc, (size_t)take + 80);
        buf_put(&acc, p, (size_t)take);
        accn += nc;
        t->used_b += take;
        t->used_c += nc;
        if (e >= 0) break;
    }
done:
    return acc.data ? str_from_buf(&acc) : str_empty;
}

static Value tiom_readline(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline", 1, 0, 0, {"size", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    int64_t n = -1;
    if (a[0] && index_arg(a[0], &n) < 0) return VNULL;
    TextIOObject *t = tio_open(args[0]);
    if (!t) return VNULL;
    if (!t->readable) return io_unsupported("not readable");
    return tio_readline_impl(t, n);
}

static Value tio_iternext(Value self) {
    TextIOObject *t = tio_attached(self);
    if (!t) return VNULL;
    t->telling = false;
    Value line;
    if (type_of(self) == &textiowrapper_type) {
        if (!tio_open(self)) return VNULL;
        if (!t->readable) return io_unsupported("not readable");
        line = tio_readline_impl(t, -1);
    } else {
        line = call0(self, "readline");
        if (line && !str_check(line))
            return err_format(&exc_OSError, "readline() should have returned a str object, not '%T'", line);
    }
    if (!line) return VNULL;
    if (str_nbytes(line) == 0) {
        tio_set_snap(t, VNULL, false);
        t->telling = t->seekable;
        return VNULL;
    }
    return line;
}

/* Write str text (checked) to an open, writable wrapper: 0, or -1. */
static int tio_write_str(TextIOObject *t, Value text) {
    const char *p = str_data(text);
    size_t nb = (size_t)str_nbytes(text);
    bool haslf = (t->writenl || t->line_buffering) && memchr(p, '\n', nb);
    if (haslf && t->writenl) {
        Buf b;
        buf_init(&b, nb + 16);
        for (size_t i = 0; i < nb; i++) {
            if (p[i] == '\n') buf_put(&b, str_data(t->writenl), (size_t)str_nbytes(t->writenl));
            else buf_putc(&b, p[i]);
        }
        text = str_from_buf(&b);
    }
    bool needflush = t->line_buffering && (haslf || memchr(p, '\r', nb));
    const char *tp = str_data(text);
    size_t tn = (size_t)str_nbytes(text);
    if (t->enc != ENC_OTHER && !(t->enc == ENC_UTF8SIG && t->bom_pending) &&
        (str_is_ascii(text) || ((t->enc == ENC_UTF8 || t->enc == ENC_UTF8SIG) && !memchr(tp, '\xED', tn)))) {
        /* the encoded bytes are the str's own (what print does most) */
    } else {
        Value enc = tio_encode(t, text);
        if (!enc) return -1;
        tp = bytes_data(enc);
        tn = (size_t)bytes_size(enc);
    }
    /* as CPython, pending text never grows past a chunk: what is pending
       goes first, and a chunk's worth is written at once */
    if ((int64_t)(t->pending.len + tn) > t->chunk_size && tio_writeflush(t) < 0) return -1;
    buf_put(&t->pending, tp, tn);
    if ((int64_t)t->pending.len >= t->chunk_size || needflush || t->write_through) {
        if (tio_writeflush(t) < 0) return -1;
    }
    if (needflush && !call0(t->buffer, "flush")) return -1;
    if (t->decoded || t->snap_input) {
        tio_set_decoded(t, VNULL);
        tio_set_snap(t, VNULL, false);
    }
    if (t->readable && tio_dec_reset(t) < 0) return -1;
    return 0;
}

static Value tiom_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"text", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    TextIOObject *t = tio_open(args[0]);
    if (!t) return VNULL;
    Value text = a[0];
    if (!str_check(text)) return err_format(&exc_TypeError, "write() argument must be str, not %T", text);
    if (!t->writable) return io_unsupported("not writable");
    if (tio_write_str(t, text) < 0) return VNULL;
    return int_from_i64(str_len(text));
}

static Value tiom_flush(Value *args, size_t nargs, Value kwnames) {
    NOARGS("flush");
    TextIOObject *t = tio_open(args[0]);
    if (!t) return VNULL;
    t->telling = t->seekable;
    if (tio_writeflush(t) < 0) return VNULL;
    return call0(t->buffer, "flush");
}

static Value tiog_finalizing(Value self) { return v_bool(TIO(self)->finalizing); }
static int tios_finalizing(Value self, Value v) { return io_set_finalizing(&TIO(self)->finalizing, v); }

static Value tiom_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    Value self = args[0];
    TextIOObject *t = tio_attached(self);
    if (!t) return VNULL;
    int c = tio_buffer_closed(t);
    if (c < 0) return VNULL;
    if (c) return V_NONE;
    if (t->finalizing) {
        /* the file's ResourceWarning names this wrapper */
        Value saved = err_fetch();
        Value m = obj_getattr_opt(t->buffer, s_("_dealloc_warn"));
        if (m) obj_call1(m, self);
        err_clear();
        err_restore(saved);
    }
    Value r = call0(self, "flush");
    Value exc = r ? VNULL : err_fetch();
    r = call0(t->buffer, "close");
    if (exc) {
        if (!r) {
            Value e2 = err_fetch();
            if (exc_check(e2)) V_AS(ExcObject, e2)->context = exc;
            err_restore(e2);
        } else {
            err_restore(exc);
        }
        return VNULL;
    }
    return r ? V_NONE : VNULL;
}

/* -- tell/seek cookies, packed as CPython's C implementation packs them:
   start_pos (64 bits) | dec_flags << 64 | bytes_to_feed << 96 |
   chars_to_skip << 128 | need_eof << 160 (32-bit fields, an 8-bit flag) -- */

typedef struct Cookie {
    int64_t start_pos;
    uint32_t dec_flags, bytes_to_feed, chars_to_skip;
    int need_eof;
} Cookie;

static Value cookie_build(const Cookie *c) {
    if (!c->dec_flags && !c->bytes_to_feed && !c->chars_to_skip && !c->need_eof) return int_from_i64(c->start_pos);
    /* the start position is an unsigned 64-bit word of the packed cookie */
    Value r = int_from_u64((uint64_t)c->start_pos);
    uint64_t parts[4] = {c->dec_flags, c->bytes_to_feed, c->chars_to_skip, (uint64_t)c->need_eof};
    for (int i = 0; i < 4; i++) {
        if (!parts[i]) continue;
        Value sh = int_binop(int_from_u64(parts[i]), v_int(64 + 32 * i), BINOP_LSHIFT);
        if (!sh) return VNULL;
        r = int_binop(r, sh, BINOP_OR);
        if (!r) return VNULL;
    }
    return r;
}

/* The low `bits` bits of int v (v >= 0). */
static uint64_t int_low_bits(Value v, int bits) {
    Value m = int_binop(int_binop(v_int(1), v_int(bits), BINOP_LSHIFT), v_int(1), BINOP_SUB);
    Value part = int_binop(v, m, BINOP_AND);
    if (v_is_int(part)) return (uint64_t)v_intval(part);
    Value lo = int_binop(part, v_int(0xFFFFFFFF), BINOP_AND);
    Value hi = int_binop(part, v_int(32), BINOP_RSHIFT);
    return ((uint64_t)int_as_i64(hi) << 32) | (uint64_t)int_as_i64(lo);
}

static int cookie_parse(Value v, Cookie *c) {
    c->start_pos = (int64_t)int_low_bits(v, 64);
    v = int_binop(v, v_int(64), BINOP_RSHIFT);
    if (!v) return -1;
    c->dec_flags = (uint32_t)int_low_bits(v, 32);
    v = int_binop(v, v_int(32), BINOP_RSHIFT);
    c->bytes_to_feed = (uint32_t)int_low_bits(v, 32);
    v = int_binop(v, v_int(32), BINOP_RSHIFT);
    c->chars_to_skip = (uint32_t)int_low_bits(v, 32);
    v = int_binop(v, v_int(32), BINOP_RSHIFT);
    c->need_eof = int_low_bits(v, 8) != 0;
    return err_occurred() ? -1 : 0;
}

static Value tiom_tell(Value *args, size_t nargs, Value kwnames) {
    NOARGS("tell");
    Value self = args[0];
    TextIOObject *t = tio_open(self);
    if (!t) return VNULL;
    if (!t->seekable) return io_unsupported("underlying stream is not seekable");
    if (!t->telling) return err_set(&exc_OSError, "telling position disabled by next() call");
    if (tio_writeflush(t) < 0) return VNULL;
    if (!call0(self, "flush")) return VNULL;
    Value posobj = call0(t->buffer, "tell");
    if (!posobj) return VNULL;
    if (!t->readable || !t->snap_input) return posobj;
    int64_t pos;
    if (index_arg(posobj, &pos) < 0) return VNULL;
    Value input = t->snap_input;
    const char *in = bytes_data(input);
    int64_t inlen = bytes_size(input);
    Cookie c = {pos - inlen, (uint32_t)t->snap_flags, 0, 0, 0};
    if (t->used_c == 0) return cookie_build(&c);
    int64_t chars_to_skip = t->used_c;
    Value saved_buf;
    int64_t saved_flags;
    if (tio_dec_getstate(t, &saved_buf, &saved_flags) < 0) return VNULL;
    NLState saved_nl = t->nl;
    Value empty = bytes_new("", 0), result = VNULL;
    int64_t dec_flags = c.dec_flags;
    /* Fast search for a point where the decoder is clean, using the
       bytes/chars ratio of the chunk; then feed byte by byte. */
    int64_t skip_bytes = (int64_t)(t->b2cratio * (double)chars_to_skip), skip_back = 1;
    if (skip_bytes > inlen) skip_bytes = inlen;
    while (skip_bytes > 0) {
        if (tio_dec_setstate(t, empty, dec_flags) < 0) goto fail;
        Value d = tio_decode(t, in, skip_bytes, false);
        if (!d) goto fail;
        int64_t n = str_len(d);
        if (n <= chars_to_skip) {
            Value b;
            int64_t fl;
            if (tio_dec_getstate(t, &b, &fl) < 0) goto fail;
            if (bytes_size(b) == 0) {
                dec_flags = fl;
                chars_to_skip -= n;
                break;
            }
            skip_bytes -= bytes_size(b);
            skip_back = 1;
        } else {
            skip_bytes -= skip_back;
            skip_back *= 2;
        }
    }
    if (skip_bytes <= 0) {
        skip_bytes = 0;
        if (tio_dec_setstate(t, empty, dec_flags) < 0) goto fail;
    }
    c.start_pos += skip_bytes;
    c.dec_flags = (uint32_t)dec_flags;
    if (chars_to_skip == 0) {
        result = cookie_build(&c);
        goto restore;
    }
    {
        int64_t bytes_fed = 0, chars_decoded = 0, i;
        for (i = skip_bytes; i < inlen; i++) {
            bytes_fed++;
            Value d = tio_decode(t, in + i, 1, false);
            if (!d) goto fail;
            chars_decoded += str_len(d);
            Value b;
            int64_t fl;
            if (tio_dec_getstate(t, &b, &fl) < 0) goto fail;
            if (bytes_size(b) == 0 && chars_decoded <= chars_to_skip) {
                c.start_pos += bytes_fed;
                chars_to_skip -= chars_decoded;
                c.dec_flags = (uint32_t)fl;
                bytes_fed = chars_decoded = 0;
            }
            if (chars_decoded >= chars_to_skip) break;
        }
        if (i >= inlen) {
            Value d = tio_decode(t, "", 0, true);
            if (!d) goto fail;
            chars_decoded += str_len(d);
            c.need_eof = 1;
            if (chars_decoded < chars_to_skip) {
                err_set(&exc_OSError, "can't reconstruct logical file position");
                goto fail;
            }
        }
        c.bytes_to_feed = (uint32_t)bytes_fed;
        c.chars_to_skip = (uint32_t)chars_to_skip;
        result = cookie_build(&c);
    }
restore:
    if (tio_dec_setstate(t, saved_buf, saved_flags) < 0) return VNULL;
    t->nl.seennl = saved_nl.seennl;
    return result;
fail: {
    Value exc = err_fetch();
    tio_dec_setstate(t, saved_buf, saved_flags);
    t->nl.seennl = saved_nl.seennl;
    err_restore(exc);
    return VNULL;
}
}

static Value tiom_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"seek", 1, 1, 0, {"cookie", "whence", NULL}};
    Value a[2];
    if (PARSE(spec, a)) return VNULL;
    Value self = args[0];
    TextIOObject *t = tio_open(self);
    if (!t) return VNULL;
    int64_t whence = 0;
    if (a[1] && index_arg(a[1], &whence) < 0) return VNULL;
    Value cookie = a[0];
    if (!t->seekable) return io_unsupported("underlying stream is not seekable");
    if (whence == 1) {
        int z = obj_richcompare_bool(cookie, v_int(0), CMP_EQ);
        if (z < 0) return VNULL;
        if (!z) return io_unsupported("can't do nonzero cur-relative seeks");
        cookie = call0(self, "tell");
        if (!cookie) return VNULL;
    } else if (whence == 2) {
        int z = obj_richcompare_bool(cookie, v_int(0), CMP_EQ);
        if (z < 0) return VNULL;
        if (!z) return io_unsupported("can't do nonzero end-relative seeks");
        if (!call0(self, "flush")) return VNULL;
        tio_set_decoded(t, VNULL);
        tio_set_snap(t, VNULL, false);
        if (t->readable && tio_dec_reset(t) < 0) return VNULL;
        Value sa[2] = {v_int(0), v_int(2)};
        Value res = obj_call_method(t->buffer, "seek", sa, 2);
        if (!res) return VNULL;
        if (t->writable) {
            int z0 = obj_richcompare_bool(res, v_int(0), CMP_EQ);
            if (z0 < 0 || tio_enc_set_start(t, z0) < 0) return VNULL;
        }
        return res;
    } else if (whence != 0) {
        return err_format(&exc_ValueError, "invalid whence (%d, should be 0, 1 or 2)", (int)whence);
    }
    int neg = obj_richcompare_bool(cookie, v_int(0), CMP_LT);
    if (neg < 0) return VNULL;
    if (neg) return err_format(&exc_ValueError, "negative seek position %R", cookie);
    if (!call0(self, "flush")) return VNULL;
    /* the cookie goes through int() as in CPython (a float is accepted);
       the object given is returned */
    Value icookie = int_check(cookie) ? cookie : obj_call1(V_FROM_PTR(&int_type), cookie);
    if (!icookie) return VNULL;
    Cookie c;
    if (cookie_parse(icookie, &c) < 0) return VNULL;
    if (!call1(t->buffer, "seek", int_from_i64(c.start_pos))) return VNULL;
    tio_set_decoded(t, VNULL);
    tio_set_snap(t, VNULL, false);
    if (t->readable) {
        bool zero = int_sign(icookie) == 0;
        if (zero) {
            if (tio_dec_reset(t) < 0) return VNULL;
        } else if (tio_dec_setstate(t, bytes_new("", 0), c.dec_flags) < 0) {
            return VNULL;
        }
        t->snap_flags = c.dec_flags;
        tio_set_snap(t, bytes_new("", 0), false);
    }
    if (c.chars_to_skip) {
        Value chunk = call1(t->buffer, "read", int_from_i64(c.bytes_to_feed));
        if (!chunk) return VNULL;
        const char *p;
        int64_t n;
        if (!byteslike_view(chunk, &p, &n))
            return err_format(&exc_TypeError, "underlying read() should have returned a bytes object, not '%T'", chunk);
        tio_set_snap(t, bytes_new(p, (size_t)n), false);
        Value d = tio_decode(t, p, n, c.need_eof);
        if (!d) return VNULL;
        tio_set_decoded(t, d);
        if (str_len(d) < c.chars_to_skip) return err_set(&exc_OSError, "can't restore logical file position");
        int64_t nc;
        t->used_b = utf8_prefix_bytes(str_data(d), str_nbytes(d), c.chars_to_skip, &nc);
        t->used_c = nc;
    }
    if (t->writable && tio_enc_set_start(t, int_sign(icookie) == 0) < 0) return VNULL;
    return cookie;
}

static Value tiom_truncate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"truncate", 1, 0, 0, {"pos", NULL}};
    Value a[1];
    if (PARSE(spec, a)) return VNULL;
    TextIOObject *t = tio_attached(args[0]);
    if (!t) return VNULL;
    if (!call0(args[0], "flush")) return VNULL;
    return call1(t->buffer, "truncate", a[0] ? a[0] : V_NONE);
}

static Value tiom_detach(Value *args, size_t nargs, Value kwnames) {
    NOARGS("detach");
    Value self = args[0];
    TextIOObject *t = tio_attached(self);
    if (!t) return VNULL;
    if (!call0(self, "flush")) return VNULL;
    Value b = t->buffer;
    if (v_is_ptr(b) && (type_of(b) == &bufreader_type || type_of(b) == &bufwriter_type || type_of(b) == &bufrandom_type))
        BUF(b)->owned = false;
    else if (v_is_ptr(b) && type_of(b) == &fileio_type) FIO(b)->owned = false;
    t->buffer = V_NONE;
    t->detached = true;
    return b;
}

#define TIO_FORWARD(cname, meth)                                   \
    static Value cname(Value *args, size_t nargs, Value kwnames) { \
        NOARGS(meth);                                              \
        TextIOObject *t = tio_attached(args[0]);                   \
        if (!t) return VNULL;                                      \
        return call0(t->buffer, meth);                             \
    }
TIO_FORWARD(tiom_fileno, "fileno")
TIO_FORWARD(tiom_isatty, "isatty")

static Value tiom_seekable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("seekable");
    TextIOObject *t = tio_open(args[0]);
    return t ? v_bool(t->seekable) : VNULL;
}
static Value tiom_readable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("readable");
    TextIOObject *t = tio_attached(args[0]);
    return t ? call0(t->buffer, "readable") : VNULL;
}
static Value tiom_writable(Value *args, size_t nargs, Value kwnames) {
    NOARGS("writable");
    TextIOObject *t = tio_attached(args[0]);
    return t ? call0(t->buffer, "writable") : VNULL;
}

static Value tiog_name(Value self) {
    TextIOObject *t = tio_attached(self);
    return t ? obj_getattr(t->buffer, NAME(name)) : VNULL;
}
static Value tiog_closed(Value self) {
    TextIOObject *t = tio_attached(self);
    return t ? obj_getattr(t->buffer, s_("closed")) : VNULL;
}
static Value tiog_buffer(Value self) {
    if (TIO(self)->detached) return V_NONE;   /* a plain member in CPython */
    TextIOObject *t = tio_attached(self);
    return t ? t->buffer : VNULL;
}
static Value tiog_encoding(Value self) {
    TextIOObject *t = TIO(self);
    if (!t->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    return t->encoding;
}
static Value tiog_errors(Value self) {
    TextIOObject *t = TIO(self);
    if (!t->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    return t->errors;
}
static Value tiog_line_buffering(Value self) {
    TextIOObject *t = TIO(self);
    if (!t->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    return v_bool(t->line_buffering);
}
static Value tiog_write_through(Value self) {
    TextIOObject *t = TIO(self);
    if (!t->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    return v_bool(t->write_through);
}
static Value tiog_newlines(Value self) {
    TextIOObject *t = tio_attached(self);
    if (!t) return VNULL;
    if (!t->readable || !t->readuniversal) {
        if (t->readable && t->enc == ENC_OTHER) {
            Value r = obj_getattr_opt(t->decoder, s_("newlines"));
            if (r || err_occurred()) return r;
        }
        return V_NONE;
    }
    return nl_newlines(t->nl.seennl);
}
static Value tiog_chunk_size(Value self) {
    TextIOObject *t = tio_attached(self);
    return t ? int_from_i64(t->chunk_size) : VNULL;
}
static int tios_chunk_size(Value self, Value v) {
    TextIOObject *t = tio_attached(self);
    if (!t) return -1;
    if (!v) return err_set(&exc_AttributeError, "cannot delete attribute"), -1;
    int64_t n;
    if (index_arg(v, &n) < 0) return -1;
    if (n <= 0) return err_set(&exc_ValueError, "a strictly positive integer is required"), -1;
    t->chunk_size = n;
    return 0;
}

static Value tio_repr(Value self) {
    TextIOObject *t = TIO(self);
    const char *tn = "_io.TextIOWrapper";   /* as CPython, even for subclasses */
    if (!t->ok) return err_set(&exc_ValueError, "I/O operation on uninitialized object");
    int re = repr_enter(self);
    if (re < 0) return VNULL;
    if (re) return err_format(&exc_RuntimeError, "reentrant call inside %s.__repr__", tn);
    Buf b;
    buf_init(&b, 64);
    buf_printf(&b, "<%s", tn);
    Value name = obj_getattr_opt(self, NAME(name));
    if (!name && err_occurred()) {
        if (!err_matches(&exc_Exception)) goto fail;
        err_clear();
    }
    if (name) {
        Value r = obj_repr(name);
        if (!r) goto fail;
        buf_puts(&b, " name=");
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    Value mode = obj_getattr_opt(self, s_("mode"));
    if (!mode && err_occurred()) goto fail;
    if (mode) {
        Value r = obj_repr(mode);
        if (!r) goto fail;
        buf_puts(&b, " mode=");
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    Value r = obj_repr(t->encoding);
    if (!r) goto fail;
    buf_puts(&b, " encoding=");
    buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    buf_putc(&b, '>');
    repr_leave(self);
    return str_new(b.data, b.len);
fail:
    repr_leave(self);
    return VNULL;
}

/* -- construction -- */

static int native_encoding(const char *name) {
    char n[32];
    size_t i = 0;
    for (; name[i] && i < sizeof n - 1; i++) {
        char c = name[i];
        n[i] = c == '_' ? '-' : (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    if (name[i]) return ENC_OTHER;
    n[i] = 0;
    static const struct {
        const char *name;
        int enc;
    } table[] = {
        {"utf-8", ENC_UTF8}, {"utf8", ENC_UTF8}, {"u8", ENC_UTF8}, {"utf", ENC_UTF8},
        {"utf-8-sig", ENC_UTF8SIG}, {"utf8-sig", ENC_UTF8SIG},
        {"latin-1", ENC_LATIN1}, {"latin1", ENC_LATIN1}, {"latin", ENC_LATIN1}, {"l1", ENC_LATIN1},
        {"iso-8859-1", ENC_LATIN1}, {"iso8859-1", ENC_LATIN1}, {"8859", ENC_LATIN1}, {"cp819", ENC_LATIN1},
        {"iso-ir-100", ENC_LATIN1},
        {"ascii", ENC_ASCII}, {"us-ascii", ENC_ASCII}, {"646", ENC_ASCII}, {"us", ENC_ASCII},
        {"ansi-x3.4-1968", ENC_ASCII},   /* the C locale's codeset */
    };
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (!strcmp(n, table[k].name)) return table[k].enc;
    return ENC_OTHER;
}

/* sys.flags.utf8_mode: -X utf8, PYTHONUTF8, else the C or POSIX locale */
static bool utf8_mode(void) { return tpy_config.utf8_mode != 0; }

/* The locale's encoding, as locale.getencoding() gives it: "utf-8" in
 * UTF-8 mode, else the codeset of LC_CTYPE (set from the environment at
 * start-up, as CPython does; main.c). */
static Value locale_encoding(void) {
    if (utf8_mode()) return str_from_cstr("utf-8");
    const char *cs = nl_langinfo(CODESET);
    return str_from_cstr(cs && *cs ? cs : "UTF-8");
}

/* Set up the decoder and encoder for encoding/errors. */
static int tio_setup_coders(TextIOObject *t, Value encoding, Value errors) {
    t->enc = native_encoding(str_data(encoding));
    t->decoder = t->encoder = VNULL;
    t->ndpend = 0;
    t->sig_first = true;
    t->bom_pending = true;
    if (t->enc == ENC_OTHER) {
        Value codecs = import_name(s_("codecs"), V_NONE, v_int(0), VNULL);
        if (!codecs) {
            /* no codecs module (codecs.py raises SystemError without
               _codecs): the encoding is unknown to this interpreter */
            if (!err_matches(&exc_ImportError) && !err_matches(&exc_SystemError)) return -1;
            err_clear();
            return err_format(&exc_LookupError, "unknown encoding: %s", str_data(encoding)), -1;
        }
        Value info = call1(codecs, "lookup", encoding);
        if (!info) return -1;
        Value is_text = obj_getattr_opt(info, s_("_is_text_encoding"));
        if (!is_text && err_occurred()) return -1;
        if (is_text) {
            int r = obj_truth(is_text);
            if (r < 0) return -1;
            if (!r)
                return err_format(&exc_LookupError, "%R is not a text encoding; use codecs.open() to handle arbitrary codecs",
                                  encoding),
                       -1;
        }
        if (t->readable) {
            t->decoder = call1(info, "incrementaldecoder", errors);
            if (!t->decoder) return -1;
        }
        if (t->writable) {
            t->encoder = call1(info, "incrementalencoder", errors);
            if (!t->encoder) return -1;
        }
    }
    t->encoding = encoding;
    t->errors = errors;
    return 0;
}

static void tio_set_newline(TextIOObject *t, Value nl) {
    bool none = !nl || nl == V_NONE;
    t->readuniversal = none || str_nbytes(nl) == 0;
    t->readtranslate = none;
    t->readnl = none ? VNULL : nl;
    t->writenl = VNULL;
    if (!t->readuniversal && t->readnl && strcmp(str_data(t->readnl), "\n")) t->writenl = t->readnl;
    t->nl = (NLState){false, t->readtranslate, 0};
}

/* At the start of a stream the encoder writes a BOM (utf-8-sig); elsewhere not. */
static int tio_fix_encoder_state(TextIOObject *t) {
    if (!t->seekable || !t->writable) return 0;
    Value pos = call0(t->buffer, "tell");
    if (!pos) return -1;
    int z = obj_richcompare_bool(pos, v_int(0), CMP_EQ);
    if (z < 0) return -1;
    if (!z) return tio_enc_set_start(t, false);
    return 0;
}

/* A flag given as an int (Argument Clinic's bool(accept={int})). */
static int int_flag_arg(Value v, int *out) {
    if (float_check(v) || !(int_check(v) || (v_is_ptr(v) && type_lookup(type_of(v), NAME(__index__))))) {
        err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", v);
        return -1;
    }
    int t = obj_truth(v);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

static int tio_check_str_arg(Value v, const char *what) {
    if (v && v != V_NONE && !str_check(v)) {
        err_format(&exc_TypeError, "TextIOWrapper() argument '%s' must be str or None, not %T", what, v);
        return -1;
    }
    return 0;
}

/* -X warn_default_encoding (PEP 597): an EncodingWarning where a text
 * stream's encoding is left to the locale, blaming the frame stacklevel
 * up (1: the Python code that called into C) */
static int warn_default_encoding(int64_t stacklevel) {
    if (!tpy_config.warn_default_encoding) return 0;
    return warn_c(&exc_EncodingWarning, str_from_cstr("'encoding' argument not specified"), stacklevel);
}

static int textio_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {
        "TextIOWrapper", 0, 1, 0, {"buffer", "encoding", "errors", "newline", "line_buffering", "write_through", NULL}};
    Value a[6];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    TextIOObject *t = TIO(self);
    t->ok = t->detached = false;
    Value buffer = a[0], encoding = a[1], errors = a[2], newline = a[3];
    if (tio_check_str_arg(encoding, "encoding") < 0 || tio_check_str_arg(errors, "errors") < 0) return -1;
    if (check_newline(newline, "TextIOWrapper") < 0) return -1;
    int lb = 0, wt = 0;
    if (a[4] && int_flag_arg(a[4], &lb) < 0) return -1;
    if (a[5] && int_flag_arg(a[5], &wt) < 0) return -1;
    if ((!encoding || encoding == V_NONE) && warn_default_encoding(1) < 0) return -1;
    if (!encoding || encoding == V_NONE || str_eq_cstr(encoding, "locale")) encoding = locale_encoding();
    if (!errors || errors == V_NONE) errors = str_from_cstr("strict");
    else if (str_nbytes(errors) != (int64_t)strlen(str_data(errors)))
        return err_set(&exc_ValueError, "embedded null character"), -1;
    /* development mode checks the error handler now, not at first use */
    else if (tpy_config.dev_mode && !codec_lookup_error(errors))
        return -1;
    t->buffer = buffer;
    t->line_buffering = lb;
    t->write_through = wt;
    t->chunk_size = 8192;
    t->decoded = VNULL;
    tio_set_snap(t, VNULL, false);
    t->b2cratio = 0.0;
    t->pending.len = 0;
    tio_set_newline(t, newline);
    Value r = call0(buffer, "readable");
    if (!r) return -1;
    int rd = obj_truth(r);
    if (rd < 0) return -1;
    r = call0(buffer, "writable");
    if (!r) return -1;
    int wr = obj_truth(r);
    if (wr < 0) return -1;
    t->readable = rd;
    t->writable = wr;
    if (tio_setup_coders(t, encoding, errors) < 0) return -1;
    r = call0(buffer, "seekable");
    if (!r) return -1;
    int sk = obj_truth(r);
    if (sk < 0) return -1;
    t->seekable = t->telling = sk;
    int h = obj_hasattr(buffer, s_("read1"));
    if (h < 0) return -1;
    t->has_read1 = h;
    if (tio_fix_encoder_state(t) < 0) return -1;
    if (v_is_ptr(buffer) &&
        (type_of(buffer) == &bufreader_type || type_of(buffer) == &bufwriter_type || type_of(buffer) == &bufrandom_type))
        BUF(buffer)->owned = true;
    /* an unbuffered stream's file (-u's sys.stdout) likewise: a standard
       stream's stays open while finalizers run at exit */
    else if (v_is_ptr(buffer) && type_of(buffer) == &fileio_type) FIO(buffer)->owned = true;
    t->ok = true;
    return 0;
}

static Value tiom_reconfigure(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {
        "reconfigure", 0, 0, 5, {"encoding", "errors", "newline", "line_buffering", "write_through", NULL}};
    Value a[5];
    if (PARSE(spec, a)) return VNULL;
    Value self = args[0];
    TextIOObject *t = tio_attached(self);
    if (!t) return VNULL;
    Value encoding = a[0] && a[0] != V_NONE ? a[0] : VNULL;
    Value errors = a[1] && a[1] != V_NONE ? a[1] : VNULL;
    Value newline = a[2];
    /* CPython 3.11 converts these by hand, with PyErr_BadArgument's message */
    if ((encoding && !str_check(encoding)) || (errors && !str_check(errors)) ||
        (newline && newline != V_NONE && !str_check(newline)))
        return err_set(&exc_TypeError, "bad argument type for built-in operation");
    if (newline && check_newline(newline, "reconfigure") < 0) return VNULL;
    if (t->decoded && (encoding || errors || newline))
        return io_unsupported("It is not possible to set the encoding or newline of stream after the first read");
    int lb = t->line_buffering, wt = t->write_through;
    if (a[3] && a[3] != V_NONE && int_flag_arg(a[3], &lb) < 0) return VNULL;
    if (a[4] && a[4] != V_NONE && int_flag_arg(a[4], &wt) < 0) return VNULL;
    if (!call0(self, "flush")) return VNULL;
    if (newline) tio_set_newline(t, newline);
    if (encoding || errors) {
        if (!errors) errors = encoding ? str_from_cstr("strict") : t->errors;
        if (!encoding) encoding = t->encoding;
        else if (str_eq_cstr(encoding, "locale")) encoding = locale_encoding();
        if (tio_setup_coders(t, encoding, errors) < 0) return VNULL;
        if (tio_fix_encoder_state(t) < 0) return VNULL;
    }
    t->line_buffering = lb;
    t->write_through = wt;
    return V_NONE;
}

static const MethodDef textio_methods[] = {
    {"detach", tiom_detach, MF_KEYWORDS, NULL},
    {"reconfigure", tiom_reconfigure, MF_KEYWORDS, NULL},
    {"write", tiom_write, MF_KEYWORDS, NULL},
    {"read", tiom_read, MF_KEYWORDS, NULL},
    {"readline", tiom_readline, MF_KEYWORDS, NULL},
    {"flush", tiom_flush, MF_KEYWORDS, NULL},
    {"close", tiom_close, MF_KEYWORDS, NULL},
    {"fileno", tiom_fileno, MF_KEYWORDS, NULL},
    {"seekable", tiom_seekable, MF_KEYWORDS, NULL},
    {"readable", tiom_readable, MF_KEYWORDS, NULL},
    {"writable", tiom_writable, MF_KEYWORDS, NULL},
    {"isatty", tiom_isatty, MF_KEYWORDS, NULL},
    {"seek", tiom_seek, MF_KEYWORDS, NULL},
    {"tell", tiom_tell, MF_KEYWORDS, NULL},
    {"truncate", tiom_truncate, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef textio_getsets[] = {
    {"encoding", tiog_encoding, NULL, NULL},
    {"errors", tiog_errors, NULL, NULL},
    {"line_buffering", tiog_line_buffering, NULL, NULL},
    {"write_through", tiog_write_through, NULL, NULL},
    {"buffer", tiog_buffer, NULL, NULL},
    {"name", tiog_name, NULL, NULL},
    {"closed", tiog_closed, NULL, NULL},
    {"newlines", tiog_newlines, NULL, NULL},
    {"_CHUNK_SIZE", tiog_chunk_size, tios_chunk_size, NULL},
    {"_finalizing", tiog_finalizing, tios_finalizing, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- open() ------------------------------------------------------------------- */

static Value io_open(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {
        "open", 0, 1, 0,
        {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener", NULL}};
    Value a[8];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value file = a[0];
    if (a[1] && !str_check(a[1]))
        return err_format(&exc_TypeError, "open() argument 'mode' must be str, not %T", a[1]);
    Value modeobj = a[1] ? a[1] : str_from_cstr("r");
    const char *mode = str_data(modeobj);
    int64_t buffering = -1;
    if (a[2]) {
        if (float_check(a[2])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[2]);
        if (index_arg(a[2], &buffering) < 0) return VNULL;
    }
    Value encoding = a[3] && a[3] != V_NONE ? a[3] : VNULL;
    Value errors = a[4] && a[4] != V_NONE ? a[4] : VNULL;
    Value newline = a[5] && a[5] != V_NONE ? a[5] : VNULL;
    if (encoding && !str_check(encoding))
        return err_format(&exc_TypeError, "open() argument 'encoding' must be str or None, not %T", encoding);
    if (errors && !str_check(errors))
        return err_format(&exc_TypeError, "open() argument 'errors' must be str or None, not %T", errors);
    if (newline && !str_check(newline))
        return err_format(&exc_TypeError, "open() argument 'newline' must be str or None, not %T", newline);
    int closefd = 1;
    if (a[6] && (closefd = obj_truth(a[6])) < 0) return VNULL;
    Value opener = a[7] ? a[7] : V_NONE;

    if (!int_check(file)) {
        Value p = io_fspath(file);
        if (!p) return VNULL;
        file = p;
    }
    bool creating = false, reading = false, writing = false, appending = false, updating = false, text = false,
         binary = false;
    size_t mlen = (size_t)str_nbytes(modeobj);
    for (size_t i = 0; i < mlen; i++) {
        char c = mode[i];
        switch (c) {
        case 'x': creating = true; break;
        case 'r': reading = true; break;
        case 'w': writing = true; break;
        case 'a': appending = true; break;
        case '+': updating = true; break;
        case 't': text = true; break;
        case 'b': binary = true; break;
        default: goto invalid_mode;
        }
        if (memchr(mode + i + 1, c, mlen - i - 1)) goto invalid_mode;
    }
    char rawmode[6], *m = rawmode;
    if (creating) *m++ = 'x';
    if (reading) *m++ = 'r';
    if (writing) *m++ = 'w';
    if (appending) *m++ = 'a';
    if (updating) *m++ = '+';
    *m = 0;
    if (text && binary) return err_set(&exc_ValueError, "can't have text and binary mode at once");
    if (creating + reading + writing + appending > 1)
        return err_set(&exc_ValueError, "must have exactly one of create/read/write/append mode");
    if (binary && encoding) return err_set(&exc_ValueError, "binary mode doesn't take an encoding argument");
    if (binary && errors) return err_set(&exc_ValueError, "binary mode doesn't take an errors argument");
    if (binary && newline) return err_set(&exc_ValueError, "binary mode doesn't take a newline argument");
    if (binary && buffering == 1) {
        /* CPython warns (RuntimeWarning) and uses the default size */
        Value warnings = import_name(s_("warnings"), V_NONE, v_int(0), VNULL);
        if (warnings) {
            Value wa[3] = {str_from_cstr("line buffering (buffering=1) isn't supported in binary mode, the default "
                                         "buffer size will be used"),
                           V_FROM_PTR(&exc_RuntimeWarning), v_int(2)};
            if (!obj_call_method(warnings, "warn", wa, 3)) return VNULL;
        } else {
            err_clear();
        }
    }
    Value fa[4] = {file, str_from_cstr(rawmode), v_bool(closefd), opener};
    Value raw = obj_call(V_FROM_PTR(&fileio_type), fa, 4, VNULL);
    if (!raw) return VNULL;
    Value result = raw;
    bool line_buffering = false;
    {
        bool tty = false;
        if (buffering < 0) {
            Value r = call0(raw, "isatty");
            if (!r) goto fail;
            int x = obj_truth(r);
            if (x < 0) goto fail;
            tty = x;
        }
        if (buffering == 1 || tty) {
            buffering = -1;
            line_buffering = true;
        }
        if (buffering < 0) buffering = FIO(raw)->blksize;
        if (buffering < 0) {
            err_set(&exc_ValueError, "invalid buffering size");
            goto fail;
        }
        if (buffering == 0) {
            if (!binary) {
                err_set(&exc_ValueError, "can't have unbuffered text I/O");
                goto fail;
            }
            return result;
        }
        Type *bt = updating ? &bufrandom_type : (creating || writing || appending) ? &bufwriter_type : &bufreader_type;
        if (!updating && !(creating || writing || appending) && !reading) {
            err_format(&exc_ValueError, "unknown mode: '%s'", mode);
            goto fail;
        }
        Value ba[2] = {raw, int_from_i64(buffering)};
        Value buffer = obj_call(V_FROM_PTR(bt), ba, 2, VNULL);
        if (!buffer) goto fail;
        result = buffer;
        if (binary) return result;
        Value ta[5] = {buffer, encoding ? encoding : V_NONE, errors ? errors : V_NONE, newline ? newline : V_NONE,
                       v_bool(line_buffering)};
        Value wrapper = obj_call(V_FROM_PTR(&textiowrapper_type), ta, 5, VNULL);
        if (!wrapper) goto fail;
        result = wrapper;
        if (obj_setattr(wrapper, s_("mode"), modeobj) < 0) goto fail;
        return result;
    }
fail: {
    Value exc = err_fetch();
    Value r = call0(result, "close");
    if (!r) err_clear();
    err_restore(exc);
    return VNULL;
}
invalid_mode:
    return err_format(&exc_ValueError, "invalid mode: '%s'", mode);
}

static Value io_open_code(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"open_code", 0, 1, 0, {"path", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "open_code() argument 'path' must be str, not %T", a[0]);
    Value oa[2] = {a[0], str_from_cstr("rb")};
    return io_open(oa, 2, VNULL);
}

static Value io_text_encoding(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"text_encoding", 1, 1, 0, {"encoding", "stacklevel", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t stacklevel = 2;
    if (a[1] && index_arg(a[1], &stacklevel) < 0) return VNULL;
    if (a[0] != V_NONE) return a[0];
    if (warn_default_encoding(stacklevel) < 0) return VNULL;
    return str_from_cstr(utf8_mode() ? "utf-8" : "locale");
}

/* ---- the module ------------------------------------------------------------------ */

static int io_types_init(void);

/* open() as a function of the module before the module is made: the
 * builtin open is the same object as io.open (CPython's `open is io.open`). */
static Value io_open_entry(Value *args, size_t nargs, Value kwnames) {
    if (io_types_init() < 0) return VNULL;
    return io_open(args, nargs, kwnames);
}

static const MethodDef io_open_def = {"open", io_open_entry, MF_KEYWORDS, NULL};
static Value io_open_fn;

/* The one open function object, for builtins and _io. */
Value io_open_function(void) {
    if (!io_open_fn) io_open_fn = builtin_function_new(&io_open_def, VNULL, str_intern_cstr("io"));
    return io_open_fn;
}

static const MethodDef io_functions[] = {
    {"open_code", io_open_code, MF_KEYWORDS, NULL},
    {"text_encoding", io_text_encoding, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

#define IO_TYPE(var, cname, parent, T, extra...)                       \
    static Type var = {                                                \
        .tname = "_io." cname,                                         \
        .flags = TF_BASETYPE | TF_WEAKREFABLE,                         \
        .base = parent,                                                \
        .basicsize = IO_BASICSIZE(T),                                  \
        .attrs_offset = offsetof(T, attrs),                            \
        .inline_slots = IO_INLINE_ATTRS,                               \
        extra};

IO_TYPE(iobase_type, "_IOBase", NULL, IOBaseObject, .new_ = iobase_new, .iter = iob_iter, .iternext = iob_iternext)
IO_TYPE(rawiobase_type, "_RawIOBase", &iobase_type, IOBaseObject, .new_ = iobase_new)
IO_TYPE(bufferediobase_type, "_BufferedIOBase", &iobase_type, IOBaseObject, .new_ = iobase_new)
IO_TYPE(textiobase_type, "_TextIOBase", &iobase_type, IOBaseObject, .new_ = iobase_new)
IO_TYPE(fileio_type, "FileIO", &rawiobase_type, FileIOObject, .new_ = fileio_new, .init = fileio_init,
        .repr = fio_repr)
IO_TYPE(bytesio_type, "BytesIO", &bufferediobase_type, BytesIOObject, .new_ = bytesio_new, .init = bytesio_init,
        .iter = bio_iter, .iternext = bio_iternext)
IO_TYPE(stringio_type, "StringIO", &textiobase_type, StringIOObject, .new_ = stringio_new, .init = stringio_init,
        .iternext = sio_iternext)
IO_TYPE(bufreader_type, "BufferedReader", &bufferediobase_type, BufferedObject, .new_ = buffered_new,
        .init = bufreader_init, .repr = buf_repr, .iternext = buf_iternext, .sig = &bufreader_args)
IO_TYPE(bufwriter_type, "BufferedWriter", &bufferediobase_type, BufferedObject, .new_ = buffered_new,
        .init = bufwriter_init, .repr = buf_repr, .sig = &bufwriter_args)
IO_TYPE(bufrandom_type, "BufferedRandom", &bufferediobase_type, BufferedObject, .new_ = buffered_new,
        .init = bufrandom_init, .repr = buf_repr, .iternext = buf_iternext, .sig = &bufrandom_args)
IO_TYPE(bufrwpair_type, "BufferedRWPair", &bufferediobase_type, RWPairObject, .new_ = iobase_new,
        .init = rwpair_init)
IO_TYPE(textiowrapper_type, "TextIOWrapper", &textiobase_type, TextIOObject, .new_ = textio_new,
        .init = textio_init, .repr = tio_repr, .iternext = tio_iternext)
IO_TYPE(nldecoder_type, "IncrementalNewlineDecoder", NULL, NLDecoderObject, .new_ = nldecoder_new,
        .init = nldecoder_init)

static void io_ready(Type *t, const char *name, const MethodDef *m1, const MethodDef *m2, const MethodDef *m3,
                     const GetSetDef *g) {
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr("_io");
    if (m1) type_add_methods(t, m1);
    if (m2) type_add_methods(t, m2);
    if (m3) type_add_methods(t, m3);
    if (g) type_add_getsets(t, g);
    type_ready(t);
}

/* Ready the types and make io.UnsupportedOperation, once. 0, or -1. */
static int io_types_init(void) {
    if (!(iobase_type.flags & TF_READY)) {
        io_ready(&iobase_type, "_IOBase", iobase_methods, NULL, NULL, iobase_getsets);
        io_ready(&rawiobase_type, "_RawIOBase", rawiobase_methods, NULL, NULL, NULL);
        io_ready(&bufferediobase_type, "_BufferedIOBase", bufferediobase_methods, NULL, NULL, NULL);
        io_ready(&textiobase_type, "_TextIOBase", textiobase_methods, NULL, NULL, textiobase_getsets);
        io_ready(&fileio_type, "FileIO", fileio_methods, NULL, NULL, fileio_getsets);
        io_ready(&bytesio_type, "BytesIO", bytesio_methods, NULL, NULL, bytesio_getsets);
        io_ready(&stringio_type, "StringIO", stringio_methods, NULL, NULL, stringio_getsets);
        io_ready(&bufreader_type, "BufferedReader", buffered_common_methods, buffered_read_methods, NULL,
                 buffered_getsets);
        io_ready(&bufwriter_type, "BufferedWriter", buffered_common_methods, buffered_write_methods, NULL,
                 buffered_getsets);
        io_ready(&bufrandom_type, "BufferedRandom", buffered_common_methods, buffered_read_methods,
                 buffered_write_methods, buffered_getsets);
        io_ready(&bufrwpair_type, "BufferedRWPair", rwpair_methods, NULL, NULL, rwpair_getsets);
        io_ready(&textiowrapper_type, "TextIOWrapper", textio_methods, NULL, NULL, textio_getsets);
        io_ready(&nldecoder_type, "IncrementalNewlineDecoder", nldecoder_methods, NULL, NULL, nldecoder_getsets);
        /* io.UnsupportedOperation(OSError, ValueError), made as a class
           statement would make it */
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("io"));
        Value ta[3] = {str_from_cstr("UnsupportedOperation"),
                       tuple_pack(2, V_FROM_PTR(&exc_OSError), V_FROM_PTR(&exc_ValueError)), ns};
        unsupported_op = obj_call(V_FROM_PTR(&type_type), ta, 3, VNULL);
        if (!unsupported_op) return -1;
    }
    return 0;
}

/* sys.stdin, sys.stdout, sys.stderr as CPython's create_stdio makes them:
 * a TextIOWrapper (newline "\n") over a BufferedReader/BufferedWriter over
 * FileIO(fd, closefd=False), named "<stdout>"...; line-buffered on a
 * terminal (stderr always); unbuffered (-u): the FileIO itself under a
 * write-through wrapper. Encoding and errors from PYTHONIOENCODING, else
 * the locale's (an encoding named there without errors means strict, as
 * CPython's); stderr's errors are backslashreplace. None when fd is not
 * open, as CPython.
 * A codec other than the built-in ones is looked up in the standard
 * library, which start-up has not put on sys.path when sys makes the
 * streams: until io_std_codecs_ready, such a stream is made UTF-8 and
 * io_std_deferred set, and start-up makes the streams again
 * (sys_remake_std_streams). */
bool io_std_codecs_ready, io_std_deferred;
Value io_std_stream(int fd, bool unbuffered) {
    if (io_types_init() < 0) return VNULL;
    bool write = fd != 0;
    static const char *const std_names[] = {"<stdin>", "<stdout>", "<stderr>"};
    Value enc = VNULL, errs = VNULL;
    const char *pe = tpy_config.ignore_environment ? NULL : getenv("PYTHONIOENCODING");
    if (pe && *pe) {
        const char *colon = strchr(pe, ':');
        if (!colon) enc = str_from_cstr(pe);
        else {
            if (colon > pe) enc = str_new(pe, (size_t)(colon - pe));
            if (colon[1]) errs = str_from_cstr(colon + 1);
        }
        if (enc && !errs) errs = str_from_cstr("strict");
    }
    if (!enc) enc = locale_encoding();
    /* the streams report the codec's own name, as CPython's config does */
    static const char *const canonical[] = {NULL, "utf-8", "utf-8-sig", "iso8859-1", "ascii"};
    int native = native_encoding(str_data(enc));
    if (native != ENC_OTHER) enc = str_from_cstr(canonical[native]);
    else if (!io_std_codecs_ready) {
        enc = str_from_cstr("utf-8");
        io_std_deferred = true;
    }
    if (fd == 2) errs = str_from_cstr("backslashreplace");
    else if (!errs) {
        const char *v = getenv("LC_ALL");
        if (!v || !*v) v = getenv("LC_CTYPE");
        if (!v || !*v) v = getenv("LANG");
        /* the C locale (also what a locale not installed falls back to)
           and the UTF-8 ones CPython coerces it to */
        bool c_locale = !v || !*v || !strcmp(v, "C") || !strcmp(v, "POSIX") || !strcmp(v, "C.UTF-8") ||
                        !strcmp(v, "C.utf8") || !strcmp(v, "UTF-8");
        if (!c_locale) {
            locale_t l = newlocale(LC_CTYPE_MASK, v, (locale_t)0);
            if (l) freelocale(l);
            else c_locale = true;
        }
        errs = str_from_cstr(c_locale || utf8_mode() ? "surrogateescape" : "strict");
    }
    Value fa[3] = {v_int(fd), str_from_cstr(write ? "wb" : "rb"), V_FALSE};
    Value raw = obj_call(V_FROM_PTR(&fileio_type), fa, 3, VNULL);
    if (!raw) {
        if (!err_matches(&exc_OSError)) return VNULL;
        err_clear();
        return V_NONE;
    }
    if (obj_setattr(raw, NAME(name), str_from_cstr(std_names[fd])) < 0) return VNULL;
    Value buf = raw;
    if (!(unbuffered && write)) {
        Value ba[1] = {raw};
        buf = obj_call(V_FROM_PTR(write ? &bufwriter_type : &bufreader_type), ba, 1, VNULL);
        if (!buf) return VNULL;
    }
    bool line_buffering = !unbuffered && (isatty(fd) || fd == 2);
    Value ta[6] = {buf, enc, errs, str_from_cstr("\n"), v_bool(line_buffering), v_bool(unbuffered)};
    Value stream = obj_call(V_FROM_PTR(&textiowrapper_type), ta, 6, VNULL);
    if (!stream) return VNULL;
    if (obj_setattr(stream, s_("mode"), str_from_cstr(write ? "w" : "r")) < 0) return VNULL;
    TIO(stream)->is_std = true;
    return stream;
}

/* print's path to a stream: is it a TextIOWrapper whose write is the C
 * one (not replaced on the instance)? Then io_text_write writes to it. */
bool io_text_fast(Value stream) {
    if (!v_is_ptr(stream) || V_OBJ(stream)->type != &textiowrapper_type) return false;
    /* maps are immutable: one seen without `write` never gets it */
    TextIOObject *t = TIO(stream);
    Map *m = t->attrs.map;
    if (m == t->nowrite_map) return true;
    if (instance_get_attr(stream, NAME(write))) return false;
    if (m != &dict_mode_map) t->nowrite_map = m;
    return true;
}

/* stream.write(s) for a stream io_text_fast accepts, s a str: 0, or -1. */
int io_text_write(Value stream, Value s) {
    TextIOObject *t = TIO(stream);
    Value b = t->buffer;
    /* the usual case checked at once: open, over an open BufferedWriter
       over an open FileIO */
    if (!(t->ok && !t->detached && t->writable && v_is_ptr(b) && V_OBJ(b)->type == &bufwriter_type &&
          BUF(b)->ok && BUF(b)->fast_raw && FIO(BUF(b)->raw)->fd >= 0)) {
        if (!tio_open(stream)) return -1;
        if (!t->writable) return io_unsupported("not writable"), -1;
    }
    return tio_write_str(t, s);
}


Value _io_module_create(void) {
    if (io_types_init() < 0) return VNULL;
    Value m = module_new_cstr("_io");
    module_add_functions(m, io_functions);
    module_add(m, "open", io_open_function());
    module_add(m, "DEFAULT_BUFFER_SIZE", v_int(DEFAULT_BUFFER_SIZE));
    module_add(m, "UnsupportedOperation", unsupported_op);
    module_add(m, "BlockingIOError", V_FROM_PTR(&exc_BlockingIOError));
    module_add(m, "_IOBase", V_FROM_PTR(&iobase_type));
    module_add(m, "_RawIOBase", V_FROM_PTR(&rawiobase_type));
    module_add(m, "_BufferedIOBase", V_FROM_PTR(&bufferediobase_type));
    module_add(m, "_TextIOBase", V_FROM_PTR(&textiobase_type));
    module_add(m, "FileIO", V_FROM_PTR(&fileio_type));
    module_add(m, "BytesIO", V_FROM_PTR(&bytesio_type));
    module_add(m, "StringIO", V_FROM_PTR(&stringio_type));
    module_add(m, "BufferedReader", V_FROM_PTR(&bufreader_type));
    module_add(m, "BufferedWriter", V_FROM_PTR(&bufwriter_type));
    module_add(m, "BufferedRandom", V_FROM_PTR(&bufrandom_type));
    module_add(m, "BufferedRWPair", V_FROM_PTR(&bufrwpair_type));
    module_add(m, "TextIOWrapper", V_FROM_PTR(&textiowrapper_type));
    module_add(m, "IncrementalNewlineDecoder", V_FROM_PTR(&nldecoder_type));
    return m;
}
