/* dynlib.c: opening the lazily loaded libraries (dynlib.h). */
#include "dynlib.h"
#include <dlfcn.h>
#include "../runtime.h"

/* ImportError with dlerror()'s text, which names the file in glibc's
 * messages; the SONAME is added when it does not. */
static void load_error(const char *soname) {
    const char *e = dlerror();
    if (!e) e = "unknown error";
    if (strstr(e, soname)) err_set(&exc_ImportError, e);
    else err_format(&exc_ImportError, "%s: %s", soname, e);
}

void *dynlib_open(const char *soname) {
    /* RTLD_NOW: a library that lacks a symbol it needs fails here, not
       at a later call; RTLD_LOCAL: its symbols stay out of the global
       scope, where they would satisfy or shadow the lookups of libraries
       that ctypes loads later */
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) load_error(soname);
    return h;
}

void *dynlib_sym(void *h, const char *soname, const char *name) {
    dlerror();
    void *p = dlsym(h, name);
    if (!p) load_error(soname);
    return p;
}

void dynlib_close(void *h) {
    if (h) dlclose(h);
}
