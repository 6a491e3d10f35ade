/* _posixshmem.c: the _posixshmem module under multiprocessing's
 * shared_memory: POSIX shared memory objects by name (shm_open,
 * shm_unlink). The mapping itself is mmap's business.
 *
 * glibc's shm_open always opens with O_CLOEXEC, so the descriptor is
 * non-inheritable as PEP 446 wants (and as CPython's is). Both calls may
 * block on a slow file system: they let the interpreter lock go and, on
 * EINTR, run the signal handlers and retry (PEP 475).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

/* a str argument as CPython's "unicode" converter takes it */
static int path_arg(const char *fname, Value v) {
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() argument 'path' must be str, not %T", fname, v);
        return -1;
    }
    return 0;
}


/* shm_open(path, flags, mode=0o777) -> fd */
static Value shm_open_fn(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"shm_open", 0, 2, 0, {"path", "flags", "mode", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (path_arg("shm_open", a[0]) < 0) return VNULL;
    int flags, mode = 0777;
    if (index_as_c_int(a[1], &flags) < 0) return VNULL;
    if (a[2] && index_as_c_int(a[2], &mode) < 0) return VNULL;
    const char *name = str_data(a[0]);
    int fd, e;
    for (;;) {
        bool released = gil_blocking_begin();
        fd = shm_open(name, flags, (mode_t)mode);
        e = errno;
        gil_blocking_end(released);
        if (fd >= 0) return v_int(fd);
        if (e != EINTR) break;
        if (pending_check() < 0) return VNULL;
    }
    return err_set_errno(&exc_OSError, e, a[0]);
}

/* shm_unlink(path) */
static Value shm_unlink_fn(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"shm_unlink", 0, 1, 0, {"path", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (path_arg("shm_unlink", a[0]) < 0) return VNULL;
    const char *name = str_data(a[0]);
    int r, e;
    for (;;) {
        bool released = gil_blocking_begin();
        r = shm_unlink(name);
        e = errno;
        gil_blocking_end(released);
        if (r == 0) return V_NONE;
        if (e != EINTR) break;
        if (pending_check() < 0) return VNULL;
    }
    return err_set_errno(&exc_OSError, e, a[0]);
}

static const MethodDef posixshmem_functions[] = {
    {"shm_open", shm_open_fn, MF_KEYWORDS, "Open a shared memory object.  Returns a file descriptor (integer)."},
    {"shm_unlink", shm_unlink_fn, MF_KEYWORDS,
     "Remove a shared memory object (similar to unlink()).\n\n"
     "Remove a shared memory object name, and, once all processes  have  unmapped\n"
     "the object, de-allocates and destroys the contents of the associated memory\n"
     "region."},
    {NULL, NULL, 0, NULL},
};

Value _posixshmem_module_create(void) {
    Value m = module_new_cstr("_posixshmem");
    module_add(m, "__doc__", str_from_cstr("POSIX shared memory module"));
    module_add_functions(m, posixshmem_functions);
    return m;
}
