/* _posixsubprocess.c: fork_exec(), the one function subprocess.Popen uses
 * to start a child on POSIX, with CPython 3.11's parameter list.
 *
 * Everything that needs Python objects (argv, envp, cwd, the fds to keep,
 * groups) is converted to C data in the parent before fork(). Between fork
 * and exec the child makes only async-signal-safe calls: it touches neither
 * the collector nor any lock (another thread may have held one at fork
 * time), except when the caller gave a preexec_fn, which is Python code and
 * runs as in a forked copy of the interpreter (os.fork()'s hooks run).
 *
 * A child that fails before exec succeeds reports through errpipe_write in
 * the form subprocess.py parses: "OSError:<hex errno>:" (plus "noexec" when
 * the failure came before the exec was tried), or
 * "SubprocessError:0:<message>" when no errno applies. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "modules.h"

/* __index__ then a C long: OverflowError (not obj_index_i64's IndexError)
   when it does not fit, as CPython's integer converters */
static int64_t index_long(Value v) {
    Value i = obj_index(v);
    if (!i) return -1;
    return int_as_i64(i);
}

/* str, bytes or os.PathLike -> NUL-terminated bytes (UTF-8 with
 * surrogateescape, the file system's encoding); VNULL with an error */
static Value fs_bytes(Value o) {
    if (!str_check(o) && !bytes_check(o)) {
        Value m = type_lookup_cstr(type_of(o), "__fspath__");
        if (!m) return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", o);
        Value r = obj_call1(m, o);
        if (!r) return VNULL;
        if (!str_check(r) && !bytes_check(r))
            return err_format(&exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %T",
                              type_of(o)->tname, r);
        o = r;
    }
    if (str_check(o)) {
        o = bytes_encode_str(o, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
        if (!o) return VNULL;
    }
    if (memchr(bytes_data(o), 0, (size_t)bytes_size(o))) return err_set(&exc_ValueError, "embedded null byte");
    return o;
}

/* a sequence of paths -> a NULL-terminated char* array; the bytes stay
 * alive through `keep` (a list the caller holds until after fork) */
static char **charp_array(Value seq, Value keep, const char *what) {
    Value l = list_from_iterable(seq);
    if (!l) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "%s must be a sequence", what);
        }
        return NULL;
    }
    int64_t n = list_size(l);
    char **out = gc_alloc(sizeof(char *) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        Value b = fs_bytes(list_get(l, i));
        if (!b) return NULL;
        list_append(keep, b);
        out[i] = (char *)bytes_data(b);
    }
    out[n] = NULL;
    list_append(keep, l);
    return out;
}

static int to_int(Value v, int *out) {
    int64_t x = index_long(v);
    if (x == -1 && err_occurred()) return -1;
    if (x < INT32_MIN || x > INT32_MAX) {
        err_set(&exc_OverflowError, x < 0 ? "signed integer is less than minimum"
                                          : "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* a uid or gid: a non-negative int below (id_t)-1, or -1 */
static int to_id(Value v, const char *kind, uint32_t *out) {
    if (!int_check(v)) {
        err_format(&exc_TypeError, "%s should be integer, not %T", kind, v);
        return -1;
    }
    int64_t x = index_long(v);
    if (x == -1 && err_occurred()) {
        if (err_matches(&exc_OverflowError)) {
            err_clear();
            err_format(&exc_OverflowError, "%s is greater than maximum", kind);
        }
        return -1;
    }
    if (x < -1) {
        err_format(&exc_OverflowError, "%s is less than minimum", kind);
        return -1;
    }
    if (x >= (int64_t)UINT32_MAX) {
        err_format(&exc_OverflowError, "%s is greater than maximum", kind);
        return -1;
    }
    *out = (uint32_t)x;
    return 0;
}

/* ---- the child: async-signal-safe from here to exec ----------------------------------------- */

typedef struct ChildArgs {
    char **argv, **exec_array, **envp;
    const char *cwd;
    const int *keep;   /* sorted, errpipe_write among them */
    int nkeep;
    bool close_fds, restore_signals, call_setsid, unblock_signals;
    int p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite, errpipe_read, errpipe_write;
    int pgid_to_set, child_umask;
    bool set_gid, set_uid, set_groups;
    gid_t gid;
    uid_t uid;
    gid_t *groups;
    int ngroups;
    Value preexec_fn;   /* VNULL: none */
    int max_fd;         /* the fd limit, for closing without close_range */
} ChildArgs;

static void write_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

static int set_inheritable(int fd, bool inheritable) {
    int fl = fcntl(fd, F_GETFD);
    if (fl < 0) return -1;
    int nfl = inheritable ? fl & ~FD_CLOEXEC : fl | FD_CLOEXEC;
    if (nfl != fl && fcntl(fd, F_SETFD, nfl) < 0) return -1;
    return 0;
}

/* close every fd from lo to hi inclusive (hi -1: all above lo); without
   close_range, up to the fd limit */
static void close_span(int lo, int hi, int max_fd) {
    if (hi >= 0 && lo > hi) return;
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lo, hi < 0 ? ~0u : (unsigned)hi, 0) == 0) return;
#endif
    if (hi < 0 || hi > max_fd) hi = max_fd;
    for (int fd = lo; fd <= hi; fd++) close(fd);
}

/* close fds >= 3 except those to keep (sorted) */
static void close_open_fds(const ChildArgs *c) {
    int lo = 3;
    for (int i = 0; i < c->nkeep; i++) {
        int k = c->keep[i];
        if (k < lo) continue;
        close_span(lo, k - 1, c->max_fd);
        lo = k + 1;
    }
    close_span(lo, -1, c->max_fd);
}

static void hex_errno(char *buf, size_t *n, int e) {
    char tmp[16];
    size_t k = 0;
    do {
        tmp[k++] = "0123456789ABCDEF"[e % 16];
        e /= 16;
    } while (e && k < sizeof tmp);
    for (size_t i = 0; i < k; i++) buf[i] = tmp[k - 1 - i];
    *n = k;
}

static _Noreturn void child_exec(const ChildArgs *c) {
    const char *err_msg = "";
    bool reached_preexec = false;
    int e = 0;
    int c2pwrite = c->c2pwrite, errwrite = c->errwrite;

    if (c->unblock_signals) {
        /* forked from a thread that blocks all signals (only the main
           thread takes them): the program run should not inherit that */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
    }
    /* the fds to keep are to be inherited by the program */
    for (int i = 0; i < c->nkeep; i++) {
        if (c->keep[i] == c->errpipe_write) continue;
        if (set_inheritable(c->keep[i], true) < 0) goto fail;
    }
    /* the parent's ends of the pipes */
    if (c->p2cwrite != -1) close(c->p2cwrite);
    if (c->c2pread != -1) close(c->c2pread);
    if (c->errread != -1) close(c->errread);
    close(c->errpipe_read);

    /* an fd about to be replaced by an earlier dup2 is moved out of the way
       first (stdout given as stdin's pipe, and so on) */
    if (c2pwrite == 0) {
        if ((c2pwrite = dup(c2pwrite)) < 0 || set_inheritable(c2pwrite, false) < 0) goto fail;
    }
    while (errwrite == 0 || errwrite == 1) {
        if ((errwrite = dup(errwrite)) < 0 || set_inheritable(errwrite, false) < 0) goto fail;
    }
    /* dup2 leaves the new fd inheritable; an fd already in place must be
       made so by hand */
    if (c->p2cread == 0) {
        if (set_inheritable(0, true) < 0) goto fail;
    } else if (c->p2cread != -1 && dup2(c->p2cread, 0) < 0) goto fail;
    if (c2pwrite == 1) {
        if (set_inheritable(1, true) < 0) goto fail;
    } else if (c2pwrite != -1 && dup2(c2pwrite, 1) < 0) goto fail;
    if (errwrite == 2) {
        if (set_inheritable(2, true) < 0) goto fail;
    } else if (errwrite != -1 && dup2(errwrite, 2) < 0) goto fail;
    /* the originals are closed by close_fds (or by exec if close-on-exec) */

    if (c->cwd && chdir(c->cwd) < 0) goto fail;
    if (c->child_umask >= 0) umask((mode_t)c->child_umask);
    if (c->restore_signals) {
        /* what the interpreter ignores at startup goes back to default */
        signal(SIGPIPE, SIG_DFL);
        signal(SIGXFSZ, SIG_DFL);
    }
    if (c->call_setsid && setsid() < 0) goto fail;
    if (c->pgid_to_set >= 0 && setpgid(0, c->pgid_to_set) < 0) goto fail;
    if (c->set_groups && setgroups((size_t)c->ngroups, c->groups) < 0) goto fail;
    if (c->set_gid && setregid(c->gid, c->gid) < 0) goto fail;
    if (c->set_uid && setreuid(c->uid, c->uid) < 0) goto fail;

    reached_preexec = true;
    if (c->preexec_fn) {
        /* Python code in the forked copy, as CPython allows */
        Value r = obj_call0(c->preexec_fn);
        if (!r) {
            err_clear();
            err_msg = "Exception occurred in preexec_fn.";
            errno = 0;
            goto fail;
        }
    }
    if (c->close_fds) close_open_fds(c);

    /* each candidate path in turn; the first error other than "not there"
       is the one reported */
    for (int i = 0; c->exec_array[i]; i++) {
        if (c->envp) execve(c->exec_array[i], c->argv, c->envp);
        else execv(c->exec_array[i], c->argv);
        if (errno != ENOENT && errno != ENOTDIR && e == 0) e = errno;
    }
    if (e) errno = e;

fail:
    e = errno;
    if (e) {
        char hex[16];
        size_t n;
        hex_errno(hex, &n, e);
        write_all(c->errpipe_write, "OSError:", 8);
        write_all(c->errpipe_write, hex, n);
        write_all(c->errpipe_write, ":", 1);
        /* the parent blames cwd, not the executable, for these */
        if (!reached_preexec) write_all(c->errpipe_write, "noexec", 6);
    } else {
        write_all(c->errpipe_write, "SubprocessError:0:", 18);
        write_all(c->errpipe_write, err_msg, strlen(err_msg));
    }
    _exit(255);
}

/* ---- fork_exec ------------------------------------------------------------------------------ */

static Value ps_fork_exec(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("fork_exec", kwnames) < 0) return VNULL;
    if (nargs != 23)
        return err_format(&exc_TypeError, "fork_exec() takes exactly 23 arguments (%zd given)", (ssize_t)nargs);
    ChildArgs c;
    memset(&c, 0, sizeof c);
    Value keep = list_new(0);   /* what the C arrays point into */
    Value process_args = args[0], executable_list = args[1], fds = args[3], cwd = args[4], env = args[5];
    int t = obj_truth(args[2]);
    if (t < 0) return VNULL;
    c.close_fds = t;
    if (!tuple_check(fds)) return err_format(&exc_TypeError, "fork_exec() argument 4 must be tuple, not %T", fds);
    int *pipes[8] = {&c.p2cread, &c.p2cwrite, &c.c2pread, &c.c2pwrite, &c.errread, &c.errwrite, &c.errpipe_read,
                     &c.errpipe_write};
    for (int i = 0; i < 8; i++)
        if (to_int(args[6 + i], pipes[i]) < 0) return VNULL;
    if ((t = obj_truth(args[14])) < 0) return VNULL;
    c.restore_signals = t;
    if ((t = obj_truth(args[15])) < 0) return VNULL;
    c.call_setsid = t;
    if (to_int(args[16], &c.pgid_to_set) < 0) return VNULL;
    Value gid = args[17], groups = args[18], uid = args[19];
    if (to_int(args[20], &c.child_umask) < 0) return VNULL;
    Value preexec_fn = args[21];
    if ((t = obj_truth(args[22])) < 0) return VNULL;   /* allow_vfork: fork() is always used */

    if (c.close_fds && c.errpipe_write < 3) return err_set(&exc_ValueError, "errpipe_write must be >= 3");
    int64_t nkeep = tuple_size(fds);
    int *keepfds = gc_alloc_atomic(sizeof(int) * (size_t)(nkeep + 1));
    for (int64_t i = 0; i < nkeep; i++) {
        Value f = tuple_get(fds, i);
        int64_t x = int_check(f) && type_of(f) == &int_type ? index_long(f) : -1;
        if (x == -1 && err_occurred()) err_clear();
        if (x < 0 || x > INT32_MAX || (i && x <= keepfds[i - 1]))
            return err_set(&exc_ValueError, "bad value(s) in fds_to_keep");
        keepfds[i] = (int)x;
    }
    c.keep = keepfds;
    c.nkeep = (int)nkeep;

    if (process_args != V_NONE) {
        if (!(c.argv = charp_array(process_args, keep, "args"))) return VNULL;
    } else {
        c.argv = gc_alloc(sizeof(char *));
    }
    if (!(c.exec_array = charp_array(executable_list, keep, "executable_list"))) return VNULL;
    if (env != V_NONE && !(c.envp = charp_array(env, keep, "env"))) return VNULL;
    if (cwd != V_NONE) {
        Value b = fs_bytes(cwd);
        if (!b) return VNULL;
        list_append(keep, b);
        c.cwd = bytes_data(b);
    }
    if (groups != V_NONE) {
        if (!list_check(groups)) return err_set(&exc_TypeError, "setgroups argument must be a list");
        int64_t n = list_size(groups);
        long max = sysconf(_SC_NGROUPS_MAX);
        if (max >= 0 && n > max) return err_set(&exc_ValueError, "too many groups");
        c.groups = gc_alloc_atomic(sizeof(gid_t) * (size_t)(n + 1));
        for (int64_t i = 0; i < n; i++) {
            uint32_t g;
            /* any bad entry is reported as one ValueError, as CPython */
            if (to_id(list_get(groups, i), "gid", &g) < 0) {
                err_clear();
                return err_set(&exc_ValueError, "invalid group id");
            }
            c.groups[i] = (gid_t)g;
        }
        c.ngroups = (int)n;
        c.set_groups = true;
    }
    if (gid != V_NONE) {
        uint32_t g;
        if (to_id(gid, "gid", &g) < 0) return VNULL;
        c.gid = (gid_t)g;
        c.set_gid = true;
    }
    if (uid != V_NONE) {
        uint32_t u;
        if (to_id(uid, "uid", &u) < 0) return VNULL;
        c.uid = (uid_t)u;
        c.set_uid = true;
    }
    struct rlimit rl;
    c.max_fd = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < INT32_MAX
                   ? (int)rl.rlim_cur - 1
                   : 65535;
    c.unblock_signals = !gil_is_main_thread();
    if (preexec_fn != V_NONE) {
        c.preexec_fn = preexec_fn;
        posix_run_at_fork(0);   /* os.register_at_fork(before=...) */
    }

    pid_t pid = fork();
    if (pid == 0) {
        if (c.preexec_fn) posix_run_at_fork(1);
        child_exec(&c);
    }
    int e = errno;
    if (c.preexec_fn) posix_run_at_fork(2);
    (void)keep;   /* alive until here */
    if (pid < 0) return err_set_errno(&exc_OSError, e, VNULL);
    return int_from_i64(pid);
}

static const MethodDef posixsubprocess_functions[] = {
    {"fork_exec", ps_fork_exec, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _posixsubprocess_module_create(void) {
    Value m = module_new_cstr("_posixsubprocess");
    module_add_functions(m, posixsubprocess_functions);
    return m;
}
