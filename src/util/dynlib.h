/* dynlib.h: shared libraries opened when a module first needs them.
 *
 * tpy does not link the heavy libraries that some modules wrap (libcrypto,
 * libsqlite3, libdb, libb2, libedit): the dynamic loader would resolve
 * their thousands of relocations at every start, which cost more than
 * everything else `tpy -c pass` does. A module names the symbols it uses
 * once, as an X-macro list, and DYNLIB_DEFINE derives the rest:
 *
 *     #define SQLITE_API(X) X(sqlite3_open_v2) X(sqlite3_step) ...
 *     DYNLIB_DEFINE(sqlite, TPY_SONAME_SQLITE3, SQLITE_API)
 *     #define SQL(f) (sqlite.f)
 *
 * gives `sqlite`, a struct of pointers typed after the header's own
 * declarations (__typeof__(&sym): a function pointer, or for a variable a
 * pointer to it), and sqlite_load(), which opens the library by its SONAME
 * once and resolves every symbol of the list. Calls read
 * SQL(sqlite3_step)(stmt): a symbol left out of the list does not compile
 * and a direct call does not link. The SONAMEs come from the build
 * (Makefile: -DTPY_SONAME_*), read from the -dev packages' link libraries.
 *
 * Invariant: a library is either wholly resolved (every pointer set,
 * `handle_` non-NULL) or not at all (all NULL): a failed load leaves
 * nothing behind, so the next import tries again and fails the same way. */
#ifndef TPY_DYNLIB_H
#define TPY_DYNLIB_H

#include <string.h>

/* dlopen(soname, RTLD_NOW | RTLD_LOCAL): the handle, or NULL with
 * ImportError naming the library and dlerror()'s text. */
void *dynlib_open(const char *soname);
/* The address of `name` in the library h: NULL with ImportError. */
void *dynlib_sym(void *h, const char *soname, const char *name);
void dynlib_close(void *h);

#define DYNLIB_FIELD_(sym) __typeof__(&sym) sym;
#define DYNLIB_RESOLVE_(sym) \
    if (!(api_->sym = (__typeof__(&sym))dynlib_sym(h_, soname_, #sym))) goto fail_;

/* `api`: the struct of pointers; api##_load(): 0 once the library is
 * loaded (at once when it already is), or -1 with ImportError. Call it
 * from the module's creator, before anything goes through `api`. */
#define DYNLIB_DEFINE(api, soname, LIST)                           \
    _Static_assert(sizeof(soname) > 1, "no SONAME for " #api);     \
    static struct {                                                \
        LIST(DYNLIB_FIELD_)                                        \
        void *handle_;                                             \
    } api;                                                         \
    static int api##_load(void) {                                  \
        if (api.handle_) return 0;                                 \
        const char *soname_ = soname;                              \
        void *h_ = dynlib_open(soname_);                           \
        if (!h_) return -1;                                        \
        __typeof__(&api) api_ = &api;                              \
        LIST(DYNLIB_RESOLVE_)                                      \
        api.handle_ = h_;                                          \
        return 0;                                                  \
    fail_:                                                         \
        memset(&api, 0, sizeof api);                               \
        dynlib_close(h_);                                          \
        return -1;                                                 \
    }

#endif
