/* mmap.c: the `mmap` module (Linux), CPython 3.11's behaviour and messages.
 *
 * An mmap object owns a mapping made by mmap(2): `size` bytes at `data`,
 * a file position `pos` (may exceed `size` after a shrinking resize: reads
 * then return nothing), and a private dup of the file's descriptor (-1 for
 * anonymous maps). The mapping is not collector memory: close() unmaps it
 * and sets `data` to NULL, which every access checks ("mmap closed or
 * invalid"); a finalizer unmaps an object the collector finds unreachable.
 *
 * Buffer exports: memoryviews count themselves in `exports`
 * (BufferInfo.exports, obj/memoryview.c) until released or collected;
 * close() and resize() refuse while views are alive, as CPython's, because
 * they would unmap or move memory a view (or a ctypes object made by
 * from_buffer, which keeps a memoryview) still points into. Without
 * reference counts a dropped view is only known dead after a collection,
 * so close() and resize() collect once before refusing.
 *
 * Arguments are converted before the memory is touched, and validity is
 * checked again after any conversion that may run Python code (__index__
 * of an argument could close or resize the map).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "modules.h"

enum { ACCESS_DEFAULT, ACCESS_READ, ACCESS_WRITE, ACCESS_COPY };
static const char *const access_names[] = {"ACCESS_DEFAULT", "ACCESS_READ", "ACCESS_WRITE", "ACCESS_COPY"};

typedef struct MmapObject {
    Object hdr;
    char *data;        /* the mapping; NULL once closed */
    int64_t size;      /* bytes mapped */
    int64_t pos;       /* file position, >= 0, may be > size */
    int64_t offset;    /* offset of the mapping in the file */
    int64_t exports;   /* live memoryviews of this map */
    int fd;            /* our dup of the file; -1: anonymous or closed */
    int access;
} MmapObject;

static Type mmap_type, mmapiter_type;
#define MM(v) V_AS(MmapObject, v)
#define SELF MM(args[0])

/* The methods parse as PyArg_ParseTuple does, with its messages: no
   keywords, then the count of positional arguments, then arg_parse binds.
   spec->fname is the qualified name ("mmap.read"). */
static int mm_parse(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    const char *qual = spec->fname, *name = qual + 5;
    if (kwnames && tuple_size(kwnames))
        return err_format(&exc_TypeError, "%s() takes no keyword arguments", qual), -1;
    int n = 0;
    while (spec->names[n]) n++;
    if (n == 0) {
        if (nargs) return err_format(&exc_TypeError, "%s() takes no arguments (%zd given)", qual, (ssize_t)nargs), -1;
        return 0;
    }
    if (nargs < (size_t)spec->nrequired || nargs > (size_t)n) {
        int lim = nargs < (size_t)spec->nrequired ? spec->nrequired : n;
        err_format(&exc_TypeError, "%s() takes %s %d argument%s (%zd given)", name,
                   spec->nrequired == n ? "exactly" : nargs < (size_t)spec->nrequired ? "at least" : "at most", lim,
                   lim == 1 ? "" : "s", (ssize_t)nargs);
        return -1;
    }
    return arg_parse(spec, args, nargs, VNULL, out);
}
#define PARSE(spec, out) \
    if (mm_parse(&(spec), args + 1, nargs - 1, kwnames, (out)) < 0) return VNULL

static Value closed_error(void) { return err_set(&exc_ValueError, "mmap closed or invalid"); }
#define CHECK_VALID(m) \
    if (!(m)->data) return closed_error()

static Value os_error(void) { return err_set_errno(&exc_OSError, errno, VNULL); }

static void mm_release(MmapObject *m) {
    if (m->fd >= 0) close(m->fd);
    m->fd = -1;
    if (m->data) munmap(m->data, (size_t)m->size);
    m->data = NULL;
}

static void mm_finalize(void *p) { mm_release(p); }

/* No live views, after one collection to find dropped ones (module
   comment). The collection is gc.collect()'s, which first clears the dead
   value-stack slots of the calling frame (where dropped views linger). */
static bool mm_unexported(MmapObject *m) {
    if (m->exports <= 0) return true;
    Value gc = import_name(str_intern_cstr("gc"), V_NONE, v_int(0), VNULL);
    Value collect = gc ? obj_getattr_cstr(gc, "collect") : VNULL;
    if (!collect || !obj_call(collect, NULL, 0, VNULL)) err_clear();
    return m->exports <= 0;
}

/* ---- argument conversion (PyArg's "n", "i", "b" formats) ------------------------------------ */

/* a Py_ssize_t ("n"): OverflowError when it does not fit */
static int ssize_arg(Value v, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x;
    return 0;
}

/* a C int ("i") */
static int cint_arg(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if ((x == -1 && err_occurred()) || x > INT32_MAX || x < INT32_MIN) {
        bool neg = err_occurred() ? int_sign(i) < 0 : x < 0;
        err_clear();
        err_set(&exc_OverflowError, neg ? "signed integer is less than minimum" : "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* PyNumber_AsSsize_t(v, exc): the index clamped, or exc when it does not fit
   (exc NULL: clamped silently) */
static int index_clamped(Value v, Type *exc, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) {
        err_clear();
        if (exc) {
            err_format(exc, "cannot fit '%T' into an index-sized integer", v);
            return -1;
        }
        x = int_sign(i) < 0 ? INT64_MIN : INT64_MAX;
    }
    *out = x;
    return 0;
}

static bool index_check(Value v) { return int_check(v) || type_lookup(type_of(v), str_intern_cstr("__index__")); }

static bool is_writable(MmapObject *m) {
    if (m->access != ACCESS_READ) return true;
    err_set(&exc_TypeError, "mmap can't modify a readonly memory map.");
    return false;
}

/* ---- creation ------------------------------------------------------------------------------- */

/* arg_parse's message for "function()" reworded as PyArg_ParseTupleAndKeywords
   words it for a format without a name ("function takes...", "for this
   function") */
static Value unnamed_parse_error(void) {
    Value exc = err_fetch();
    Value msg = obj_str(exc);
    if (!msg) return VNULL;
    const char *s = str_data(msg);
    char buf[256];
    size_t k = 0;
    while (*s && k < sizeof buf - 16) {
        if (!strcmp(s, "for function()")) {
            strcpy(buf + k, "for this function");
            k += strlen(buf + k);
            break;
        }
        if (!strncmp(s, "function()", 10)) {
            memcpy(buf + k, "function", 8);
            k += 8;
            s += 10;
            continue;
        }
        buf[k++] = *s++;
    }
    buf[k] = 0;
    return err_set(&exc_TypeError, buf);
}

static Value mmap_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* PyArg_ParseTupleAndKeywords without a function name: "function ..." */
    static const ArgSpec spec = {"function", 0, 2, 0, {"fileno", "length", "flags", "prot", "access", "offset", NULL}};
    Value a[6];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return unnamed_parse_error();
    int fd, flags = MAP_SHARED, prot = PROT_WRITE | PROT_READ, access = ACCESS_DEFAULT;
    int64_t size, offset = 0;
    if (cint_arg(a[0], &fd) < 0 || ssize_arg(a[1], &size) < 0) return VNULL;
    if (a[2] && cint_arg(a[2], &flags) < 0) return VNULL;
    if (a[3] && cint_arg(a[3], &prot) < 0) return VNULL;
    if (a[4] && cint_arg(a[4], &access) < 0) return VNULL;
    if (a[5]) {
        /* off_t ("L"): a long long */
        Value i = obj_index(a[5]);
        if (!i) return VNULL;
        offset = int_as_i64(i);
        if (offset == -1 && err_occurred()) return VNULL;
    }
    if (AUDIT("mmap.__new__", 4, int_from_i64(fd), int_from_i64(size), int_from_i64(access), int_from_i64(offset)) < 0)
        return VNULL;
    if (size < 0) return err_set(&exc_OverflowError, "memory mapped length must be positive");
    if (offset < 0) return err_set(&exc_OverflowError, "memory mapped offset must be positive");
    if (access != ACCESS_DEFAULT && (flags != MAP_SHARED || prot != (PROT_WRITE | PROT_READ)))
        return err_set(&exc_ValueError, "mmap can't specify both access and flags, prot.");
    switch (access) {
    case ACCESS_READ:
        flags = MAP_SHARED;
        prot = PROT_READ;
        break;
    case ACCESS_WRITE:
        flags = MAP_SHARED;
        prot = PROT_READ | PROT_WRITE;
        break;
    case ACCESS_COPY:
        flags = MAP_PRIVATE;
        prot = PROT_READ | PROT_WRITE;
        break;
    case ACCESS_DEFAULT:
        /* the access mode that prot amounts to */
        if ((prot & PROT_READ) && (prot & PROT_WRITE))
            ;
        else if (prot & PROT_WRITE)
            access = ACCESS_WRITE;
        else
            access = ACCESS_READ;
        break;
    default:
        return err_set(&exc_ValueError, "mmap invalid access parameter.");
    }
    if (fd != -1) {
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
            if (size == 0) {
                if (st.st_size == 0) return err_set(&exc_ValueError, "cannot mmap an empty file");
                if (offset >= st.st_size) return err_set(&exc_ValueError, "mmap offset is greater than file size");
                size = st.st_size - offset;
            } else if (offset > st.st_size || st.st_size - offset < size) {
                return err_set(&exc_ValueError, "mmap length is greater than file size");
            }
        }
    }
    int myfd = -1;
    if (fd == -1) {
        flags |= MAP_ANONYMOUS;
    } else {
        myfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
        if (myfd < 0) return os_error();
    }
    void *p = mmap(NULL, (size_t)size, prot, flags, myfd, (off_t)offset);
    if (p == MAP_FAILED) {
        int e = errno;
        if (myfd >= 0) close(myfd);
        return err_set_errno(&exc_OSError, e, VNULL);
    }
    Value self = instance_new(t);
    MmapObject *m = MM(self);
    m->data = p;
    m->size = size;
    m->offset = offset;
    m->fd = myfd;
    m->access = access;
    gc_register_finalizer(m, mm_finalize);
    return self;
}

/* ---- methods -------------------------------------------------------------------------------- */

static Value m_close(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.close", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    MmapObject *m = SELF;
    if (!mm_unexported(m)) return err_set(&exc_BufferError, "cannot close exported pointers exist");
    mm_release(m);
    return V_NONE;
}

static Value get_closed(Value self) { return v_bool(MM(self)->data == NULL); }

static Value m_enter(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.__enter__", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    CHECK_VALID(SELF);
    return args[0];
}

/* __exit__(*args): closes, whatever the arguments */
static Value m_exit(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "mmap.__exit__() takes no keyword arguments");
    return m_close(args, 1, VNULL);
}

/* find/rfind(sub[, start[, end]]): bounds as slice indices; start defaults
   to the current position */
static Value gfind(Value *args, size_t nargs, Value kwnames, bool reverse) {
    static const ArgSpec fspec = {"mmap.find", 3, 1, 0, {"", "", "", NULL}};
    static const ArgSpec rspec = {"mmap.rfind", 3, 1, 0, {"", "", "", NULL}};
    Value a[3];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    if (mm_parse(reverse ? &rspec : &fspec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    BufferInfo b;
    if (buffer_get(a[0], &b, false) < 0) return VNULL;
    /* the needle's bytes may move if converting the bounds runs code: copy */
    Value needle = bytes_new(b.data, (size_t)b.len);
    int64_t start = m->pos, end = m->size;
    if (a[1] && ssize_arg(a[1], &start) < 0) return VNULL;
    if (a[2] && ssize_arg(a[2], &end) < 0) return VNULL;
    CHECK_VALID(m);
    int64_t size = m->size;
    if (start < 0) start += size;
    if (start < 0) start = 0;
    else if (start > size) start = size;
    if (end < 0) end += size;
    if (end < 0) end = 0;
    else if (end > size) end = size;
    const char *h = m->data + start, *nd = bytes_data(needle);
    int64_t nn = bytes_size(needle);
    /* as CPython's: an empty needle is found at the bounds even when they
       cross */
    if (nn == 0) return int_from_i64(reverse ? end : start);
    if (end < start) return v_int(-1);
    const char *r = reverse ? bytes_rfind_raw(h, end - start, nd, nn) : bytes_find_raw(h, end - start, nd, nn);
    return int_from_i64(r ? r - m->data : -1);
}

static Value m_find(Value *args, size_t nargs, Value kwnames) { return gfind(args, nargs, kwnames, false); }
static Value m_rfind(Value *args, size_t nargs, Value kwnames) { return gfind(args, nargs, kwnames, true); }

static Value m_flush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.flush", 2, 0, 0, {"", "", NULL}};
    Value a[2];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int64_t offset = 0, size = m->size;
    if (a[0] && ssize_arg(a[0], &offset) < 0) return VNULL;
    if (a[1] && ssize_arg(a[1], &size) < 0) return VNULL;
    CHECK_VALID(m);
    if (size < 0 || offset < 0 || m->size - offset < size) return err_set(&exc_ValueError, "flush values out of range");
    if (m->access == ACCESS_READ || m->access == ACCESS_COPY) return V_NONE;
    /* writing back may wait for the disk: other threads run meanwhile (one
       that unmaps the region makes msync fail with ENOMEM, no worse) */
    bool released = gil_blocking_begin();
    int r = msync(m->data + offset, (size_t)size, MS_SYNC);
    int e = errno;
    gil_blocking_end(released);
    if (r < 0) return err_set_errno(&exc_OSError, e, VNULL);
    return V_NONE;
}

static Value m_madvise(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.madvise", 3, 1, 0, {"", "", "", NULL}};
    Value a[3];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int option;
    int64_t start = 0, length = m->size;
    if (cint_arg(a[0], &option) < 0) return VNULL;
    if (a[1] && ssize_arg(a[1], &start) < 0) return VNULL;
    if (a[2] && ssize_arg(a[2], &length) < 0) return VNULL;
    CHECK_VALID(m);
    if (start < 0 || start >= m->size) return err_set(&exc_ValueError, "madvise start out of bounds");
    if (length < 0) return err_set(&exc_ValueError, "madvise length invalid");
    if (INT64_MAX - start < length) return err_set(&exc_OverflowError, "madvise length too large");
    if (start + length > m->size) length = m->size - start;
    if (madvise(m->data + start, (size_t)length, option) < 0) return os_error();
    return V_NONE;
}

static Value m_move(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.move", 3, 3, 0, {"", "", "", NULL}};
    Value a[3];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int64_t dest, src, cnt;
    if (ssize_arg(a[0], &dest) < 0 || ssize_arg(a[1], &src) < 0 || ssize_arg(a[2], &cnt) < 0) return VNULL;
    CHECK_VALID(m);
    if (!is_writable(m)) return VNULL;
    if (dest < 0 || src < 0 || cnt < 0 || m->size - dest < cnt || m->size - src < cnt)
        return err_set(&exc_ValueError, "source, destination, or count out of range");
    memmove(m->data + dest, m->data + src, (size_t)cnt);
    return V_NONE;
}

/* bytes [pos, pos+n) clipped to the map, advancing pos */
static Value read_at_pos(MmapObject *m, int64_t n) {
    int64_t left = m->pos < m->size ? m->size - m->pos : 0;
    if (n < 0 || n > left) n = left;
    Value r = bytes_new(m->data + (m->pos < m->size ? m->pos : m->size), (size_t)n);
    m->pos += n;
    return r;
}

static Value m_read(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.read", 1, 0, 0, {"", NULL}};
    Value a[1];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int64_t n = -1;
    if (a[0] && a[0] != V_NONE) {
        if (!index_check(a[0]))
            return err_format(&exc_TypeError, "argument should be integer or None, not '%T'", a[0]);
        if (index_clamped(a[0], &exc_OverflowError, &n) < 0) return VNULL;
    }
    CHECK_VALID(m);
    return read_at_pos(m, n);
}

static Value m_read_byte(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.read_byte", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    MmapObject *m = SELF;
    CHECK_VALID(m);
    if (m->pos >= m->size) return err_set(&exc_ValueError, "read byte out of range");
    return v_int((unsigned char)m->data[m->pos++]);
}

static Value m_readline(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.readline", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    MmapObject *m = SELF;
    CHECK_VALID(m);
    int64_t left = m->pos < m->size ? m->size - m->pos : 0;
    if (!left) return bytes_new("", 0);
    const char *start = m->data + m->pos;
    const char *eol = memchr(start, '\n', (size_t)left);
    return read_at_pos(m, eol ? eol - start + 1 : left);
}

static Value m_resize(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.resize", 1, 1, 0, {"", NULL}};
    Value a[1];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int64_t n;
    if (ssize_arg(a[0], &n) < 0) return VNULL;
    CHECK_VALID(m);
    if (!mm_unexported(m)) return err_set(&exc_BufferError, "mmap can't resize with extant buffers exported.");
    if (m->access != ACCESS_WRITE && m->access != ACCESS_DEFAULT)
        return err_set(&exc_TypeError, "mmap can't resize a readonly or copy-on-write memory map.");
    if (n < 0 || INT64_MAX - n < m->offset) return err_set(&exc_ValueError, "new size out of range");
    if (m->fd != -1 && ftruncate(m->fd, (off_t)(m->offset + n)) < 0) return os_error();
    void *p = mremap(m->data, (size_t)m->size, (size_t)n, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) return os_error();
    m->data = p;
    m->size = n;
    return V_NONE;
}

static Value m_seek(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.seek", 2, 1, 0, {"", "", NULL}};
    Value a[2];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    int64_t dist, where;
    int how = 0;
    if (ssize_arg(a[0], &dist) < 0) return VNULL;
    if (a[1] && cint_arg(a[1], &how) < 0) return VNULL;
    CHECK_VALID(m);
    switch (how) {
    case 0:
        if (dist < 0) goto out_of_range;
        where = dist;
        break;
    case 1:
        if (INT64_MAX - m->pos < dist) goto out_of_range;
        where = m->pos + dist;
        break;
    case 2:
        if (INT64_MAX - m->size < dist) goto out_of_range;
        where = m->size + dist;
        break;
    default:
        return err_set(&exc_ValueError, "unknown seek type");
    }
    if (where > m->size || where < 0) goto out_of_range;
    m->pos = where;
    return V_NONE;
out_of_range:
    return err_set(&exc_ValueError, "seek out of range");
}

static Value m_size(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.size", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    MmapObject *m = SELF;
    CHECK_VALID(m);
    struct stat st;
    if (fstat(m->fd, &st) < 0) return os_error();
    return int_from_i64(st.st_size);
}

static Value m_tell(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.tell", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    CHECK_VALID(SELF);
    return int_from_i64(SELF->pos);
}

static Value m_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.write", 1, 1, 0, {"", NULL}};
    Value a[1];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    BufferInfo b;
    if (buffer_get(a[0], &b, false) < 0) return VNULL;
    if (!is_writable(m)) return VNULL;
    if (m->pos > m->size || m->size - m->pos < b.len) return err_set(&exc_ValueError, "data out of range");
    memmove(m->data + m->pos, b.data, (size_t)b.len);
    m->pos += b.len;
    return int_from_i64(b.len);
}

static Value m_write_byte(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mmap.write_byte", 1, 1, 0, {"", NULL}};
    Value a[1];
    MmapObject *m = SELF;
    CHECK_VALID(m);
    PARSE(spec, a);
    /* "b": an unsigned byte */
    Value i = obj_index(a[0]);
    if (!i) return VNULL;
    int64_t x = int_as_i64(i);
    if ((x == -1 && err_occurred()) || x < 0 || x > 255) {
        bool neg = err_occurred() ? int_sign(i) < 0 : x < 0;
        err_clear();
        return err_set(&exc_OverflowError,
                       neg ? "unsigned byte integer is less than minimum" : "unsigned byte integer is greater than maximum");
    }
    CHECK_VALID(m);
    if (!is_writable(m)) return VNULL;
    if (m->pos >= m->size) return err_set(&exc_ValueError, "write byte out of range");
    m->data[m->pos++] = (char)x;
    return V_NONE;
}

/* ---- the sequence protocol ------------------------------------------------------------------ */

static int64_t mmap_len(Value self) {
    MmapObject *m = MM(self);
    if (!m->data) return closed_error(), -1;
    return m->size;
}

static Value mmap_getitem(Value self, Value key) {
    MmapObject *m = MM(self);
    CHECK_VALID(m);
    if (index_check(key)) {
        int64_t i;
        if (index_clamped(key, &exc_IndexError, &i) < 0) return VNULL;
        CHECK_VALID(m);
        if (i < 0) i += m->size;
        if (i < 0 || i >= m->size) return err_set(&exc_IndexError, "mmap index out of range");
        return v_int((unsigned char)m->data[i]);
    }
    if (slice_check(key)) {
        int64_t start, stop, step;
        /* the size after the bounds' __index__ methods ran (misc.h, SliceBounds) */
        SliceBounds sb;
        if (slice_unpack_obj(key, &sb) < 0) return VNULL;
        int64_t n = slice_adjust(&sb, (int64_t)m->size, &start, &stop, &step);
        CHECK_VALID(m);
        if (n == 0) return bytes_new("", 0);
        if (step == 1) return bytes_new(m->data + start, (size_t)n);
        Value r = bytes_alloc((size_t)n);
        char *out = (char *)bytes_data(r);
        for (int64_t k = 0, i = start; k < n; k++, i += step) out[k] = m->data[i];
        return r;
    }
    return err_set(&exc_TypeError, "mmap indices must be integers");
}

static int mmap_setitem(Value self, Value key, Value v) {
    MmapObject *m = MM(self);
    if (!m->data) return closed_error(), -1;
    if (!is_writable(m)) return -1;
    if (index_check(key)) {
        int64_t i, x;
        if (index_clamped(key, &exc_IndexError, &i) < 0) return -1;
        if (i < 0) i += m->size;
        if (i < 0 || i >= m->size) return err_set(&exc_IndexError, "mmap index out of range"), -1;
        if (!v) return err_set(&exc_TypeError, "mmap doesn't support item deletion"), -1;
        if (!index_check(v)) return err_set(&exc_TypeError, "mmap item value must be an int"), -1;
        if (index_clamped(v, NULL, &x) < 0) return -1;
        if (x < 0 || x > 255) return err_set(&exc_ValueError, "mmap item value must be in range(0, 256)"), -1;
        if (!m->data) return closed_error(), -1;
        if (i >= m->size) return err_set(&exc_IndexError, "mmap index out of range"), -1;
        m->data[i] = (char)x;
        return 0;
    }
    if (slice_check(key)) {
        if (!v) return err_set(&exc_TypeError, "mmap object doesn't support slice deletion"), -1;
        BufferInfo b;
        if (buffer_get(v, &b, false) < 0) return -1;
        /* the source's bytes may move if resolving the slice runs code */
        Value src = bytes_new(b.data, (size_t)b.len);
        int64_t start, stop, step;
        SliceBounds sb;
        if (slice_unpack_obj(key, &sb) < 0) return -1;
        int64_t n = slice_adjust(&sb, (int64_t)m->size, &start, &stop, &step);
        if (!m->data) return closed_error(), -1;
        if (bytes_size(src) != n) return err_set(&exc_IndexError, "mmap slice assignment is wrong size"), -1;
        const char *s = bytes_data(src);
        if (step == 1)
            memcpy(m->data + start, s, (size_t)n);
        else
            for (int64_t k = 0, i = start; k < n; k++, i += step) m->data[i] = s[k];
        return 0;
    }
    return err_set(&exc_TypeError, "mmap indices must be integer"), -1;
}

static int mmap_getbuffer(Value self, BufferInfo *out) {
    MmapObject *m = MM(self);
    if (!m->data) return closed_error(), -1;
    out->data = m->data;
    out->len = m->size;
    out->itemsize = 1;
    out->format = "B";
    out->readonly = m->access == ACCESS_READ;
    out->exports = &m->exports;
    return 0;
}

static Value mmap_repr(Value self) {
    MmapObject *m = MM(self);
    /* CPython's tp_name: "mmap.mmap", or a subclass's own name */
    Type *t = type_of(self);
    Value tname = type_has_flag(t, TF_HEAPTYPE) ? t->name : str_from_cstr(t->tname);
    if (!m->data) return str_printf("<%S closed=True>", tname);
    return str_printf("<%S closed=False, access=%s, length=%ld, pos=%ld, offset=%ld>", tname, access_names[m->access],
                      (long)m->size, (long)m->pos, (long)m->offset);
}

/* iter(m): the old sequence protocol over the map's items, which are bytes
   of length 1 there (CPython's sq_item), not the ints m[i] gives */
typedef struct MmapIterObject {
    Object hdr;
    Value map;      /* VNULL once exhausted */
    int64_t index;
} MmapIterObject;

static Value mmap_iter(Value self) {
    MmapIterObject *it = (MmapIterObject *)obj_alloc(&mmapiter_type, sizeof *it);
    it->map = self;
    return V_FROM_PTR(it);
}

static Value mmapiter_next(Value self) {
    MmapIterObject *it = V_AS(MmapIterObject, self);
    if (!it->map) return VNULL;
    MmapObject *m = MM(it->map);
    CHECK_VALID(m);
    if (it->index >= m->size) {
        it->map = VNULL;
        return VNULL;
    }
    return bytes_new(m->data + it->index++, 1);
}

static Value mmapiter_iter(Value self) { return self; }

/* ---- the module ----------------------------------------------------------------------------- */

static const MethodDef mmap_methods[] = {
    {"close", m_close, MF_KEYWORDS, NULL},
    {"find", m_find, MF_KEYWORDS, NULL},
    {"rfind", m_rfind, MF_KEYWORDS, NULL},
    {"flush", m_flush, MF_KEYWORDS, NULL},
    {"madvise", m_madvise, MF_KEYWORDS, NULL},
    {"move", m_move, MF_KEYWORDS, NULL},
    {"read", m_read, MF_KEYWORDS, NULL},
    {"read_byte", m_read_byte, MF_KEYWORDS, NULL},
    {"readline", m_readline, MF_KEYWORDS, NULL},
    {"resize", m_resize, MF_KEYWORDS, NULL},
    {"seek", m_seek, MF_KEYWORDS, NULL},
    {"size", m_size, MF_KEYWORDS, NULL},
    {"tell", m_tell, MF_KEYWORDS, NULL},
    {"write", m_write, MF_KEYWORDS, NULL},
    {"write_byte", m_write_byte, MF_KEYWORDS, NULL},
    {"__enter__", m_enter, MF_KEYWORDS, NULL},
    {"__exit__", m_exit, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef mmap_getsets[] = {
    {"closed", get_closed, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type mmap_type = {
    .tname = "mmap.mmap",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(MmapObject),
    .new_ = mmap_new,
    .repr = mmap_repr,
    .len = mmap_len,
    .getitem = mmap_getitem,
    .setitem = mmap_setitem,
    .iter = mmap_iter,
    .getbuffer = mmap_getbuffer,
};

static Type mmapiter_type = {
    .tname = "iterator",
    .basicsize = sizeof(MmapIterObject),
    .flags = TF_ABSTRACT_NEW,
    .iter = mmapiter_iter,
    .iternext = mmapiter_next,
};

static const char mmap_doc[] =
    "Windows: mmap(fileno, length[, tagname[, access[, offset]]])\n\n"
    "Maps length bytes from the file specified by the file handle fileno,\n"
    "and returns a mmap object.  If length is larger than the current size\n"
    "of the file, the file is extended to contain length bytes.  If length\n"
    "is 0, the maximum length of the map is the current size of the file,\n"
    "except that if the file is empty Windows raises an exception (you cannot\n"
    "create an empty mapping on Windows).\n\n"
    "Unix: mmap(fileno, length[, flags[, prot[, access[, offset]]]])\n\n"
    "Maps length bytes from the file specified by the file descriptor fileno,\n"
    "and returns a mmap object.  If length is 0, the maximum length of the map\n"
    "will be the current size of the file when mmap is called.\n"
    "flags specifies the nature of the mapping. MAP_PRIVATE creates a\n"
    "private copy-on-write mapping, so changes to the contents of the mmap\n"
    "object will be private to this process, and MAP_SHARED creates a mapping\n"
    "that's shared with all other processes mapping the same areas of the file.\n"
    "The default value is MAP_SHARED.\n\n"
    "To map anonymous memory, pass -1 as the fileno (both versions).";

static const struct {
    const char *name;
    long value;
} mmap_constants[] = {
    {"PROT_EXEC", PROT_EXEC}, {"PROT_READ", PROT_READ}, {"PROT_WRITE", PROT_WRITE},
    {"MAP_SHARED", MAP_SHARED}, {"MAP_PRIVATE", MAP_PRIVATE}, {"MAP_DENYWRITE", MAP_DENYWRITE},
    {"MAP_EXECUTABLE", MAP_EXECUTABLE}, {"MAP_ANON", MAP_ANONYMOUS}, {"MAP_ANONYMOUS", MAP_ANONYMOUS},
    {"MAP_POPULATE", MAP_POPULATE}, {"MAP_STACK", MAP_STACK},
    {"ACCESS_DEFAULT", ACCESS_DEFAULT}, {"ACCESS_READ", ACCESS_READ}, {"ACCESS_WRITE", ACCESS_WRITE},
    {"ACCESS_COPY", ACCESS_COPY},
    {"MADV_NORMAL", MADV_NORMAL}, {"MADV_RANDOM", MADV_RANDOM}, {"MADV_SEQUENTIAL", MADV_SEQUENTIAL},
    {"MADV_WILLNEED", MADV_WILLNEED}, {"MADV_DONTNEED", MADV_DONTNEED}, {"MADV_FREE", MADV_FREE},
    {"MADV_REMOVE", MADV_REMOVE}, {"MADV_DONTFORK", MADV_DONTFORK}, {"MADV_DOFORK", MADV_DOFORK},
    {"MADV_HWPOISON", MADV_HWPOISON}, {"MADV_MERGEABLE", MADV_MERGEABLE},
    {"MADV_UNMERGEABLE", MADV_UNMERGEABLE}, {"MADV_HUGEPAGE", MADV_HUGEPAGE},
    {"MADV_NOHUGEPAGE", MADV_NOHUGEPAGE}, {"MADV_DONTDUMP", MADV_DONTDUMP}, {"MADV_DODUMP", MADV_DODUMP},
};

Value mmap_module_create(void) {
    if (!(mmap_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("mmap");
        mmap_type.name = mmap_type.qualname = str_intern_cstr("mmap");
        mmap_type.module = mod;
        mmap_type.doc = str_from_cstr(mmap_doc);
        type_add_methods(&mmap_type, mmap_methods);
        type_add_getsets(&mmap_type, mmap_getsets);
        type_ready(&mmap_type);
        type_ready(&mmapiter_type);
    }
    Value m = module_new_cstr("mmap");
    module_add(m, "mmap", V_FROM_PTR(&mmap_type));
    module_add(m, "error", V_FROM_PTR(&exc_OSError));
    long page = sysconf(_SC_PAGESIZE);
    module_add(m, "PAGESIZE", int_from_i64(page));
    module_add(m, "ALLOCATIONGRANULARITY", int_from_i64(page));
    for (size_t i = 0; i < sizeof mmap_constants / sizeof mmap_constants[0]; i++)
        module_add(m, mmap_constants[i].name, int_from_i64(mmap_constants[i].value));
    return m;
}
