/* _socket.c: the _socket module (CPython 3.11's API and messages, Linux):
 * the socket type that socket.py subclasses, address conversion for
 * AF_INET, AF_INET6 and AF_UNIX, name resolution and byte-order helpers.
 *
 * Timeouts as CPython's: a socket's timeout is < 0 (blocking), 0
 * (non-blocking) or > 0; when it is not negative the descriptor itself is
 * in O_NONBLOCK mode, and each call waits with poll() for readiness until
 * the deadline before trying. Every blocking system call runs with the
 * interpreter lock released and is retried on EINTR after the signal
 * handlers ran (PEP 475), through sock_call(). */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/can.h>
#include <linux/can/bcm.h>
#include <linux/can/j1939.h>
#include <linux/can/raw.h>
#include <linux/if_alg.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <linux/tipc.h>
#include <linux/vm_sockets.h>
#include <math.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netinet/udp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

typedef struct SockObject {
    Object base;
    int fd;           /* -1 once closed or detached */
    int family, type, proto;
    double timeout;   /* seconds; < 0: blocking (None) */
} SockObject;

#define SOCK(v) V_AS(SockObject, v)

static Type sock_type;
static Value herror_type, gaierror_type;
/* setdefaulttimeout(): the timeout new sockets start with */
static double default_timeout = -1.0;

/* ---- errors and arguments -------------------------------------------------------- */

static Value sock_errno(int e) { return err_set_errno(&exc_OSError, e, VNULL); }
static Value sock_timeout_error(void) { return err_set(&exc_TimeoutError, "timed out"); }

static Value raise_pair(Value type, int code, const char *msg) {
    Value args[2] = {v_int(code), str_from_cstr(msg)};
    Value exc = exc_new((Type *)V_OBJ(type), args, 2);
    if (exc) err_set_exc(exc);
    return VNULL;
}
static Value raise_gai(int code) {
    if (code == EAI_SYSTEM) return sock_errno(errno);
    return raise_pair(gaierror_type, code, gai_strerror(code));
}
static Value h_error(int code) { return raise_pair(herror_type, code, hstrerror(code)); }

/* an integer argument (__index__) as a C long, with CPython's overflow */
static int to_long(Value v, long *out) {
    if (float_check(v)) {
        err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname);
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    if (!v_is_int(i) && (int_compare(i, int_from_i64(LONG_MAX)) > 0 || int_compare(i, int_from_i64(LONG_MIN)) < 0)) {
        err_set(&exc_OverflowError, "Python int too large to convert to C long");
        return -1;
    }
    *out = (long)int_as_i64(i);
    return 0;
}
static int to_int(Value v, int *out) {
    long l;
    if (to_long(v, &l) < 0) return -1;
    if (l > INT_MAX) {
        err_set(&exc_OverflowError, "signed integer is greater than maximum");
        return -1;
    }
    if (l < INT_MIN) {
        err_set(&exc_OverflowError, "signed integer is less than minimum");
        return -1;
    }
    *out = (int)l;
    return 0;
}
/* an optional int argument (VNULL: dflt) */
static int opt_int(Value v, int dflt, int *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    return to_int(v, out);
}

/* a str argument as C text, with PyArg_Parse's "s" errors */
static int need_str(Value v, const char *fname, int n) {
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() argument %d must be str, not %s", fname, n, type_of(v)->tname);
        return -1;
    }
    if (memchr(str_data(v), 0, (size_t)str_nbytes(v))) {
        err_set(&exc_ValueError, "embedded null character");
        return -1;
    }
    return 0;
}

/* a timeout argument: None -> -1, else seconds >= 0 */
static int parse_timeout(Value v, double *out) {
    if (v == V_NONE) {
        *out = -1.0;
        return 0;
    }
    double d;
    if (float_check(v)) d = float_val(v);
    else {
        Value i = obj_index(v);
        if (!i) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname);
            }
            return -1;
        }
        d = obj_as_double(i);
        if (d == -1.0 && err_occurred()) return -1;
    }
    if (isnan(d)) {
        err_set(&exc_ValueError, "Invalid value NaN (not a number)");
        return -1;
    }
    if (d < 0) {
        err_set(&exc_ValueError, "Timeout value out of range");
        return -1;
    }
    if (d > 9.2e9) {
        err_set(&exc_OverflowError, "timeout doesn't fit into C timeval");
        return -1;
    }
    *out = d;
    return 0;
}

static double mono_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the one blocking-call loop ------------------------------------------------ */

/* A system call made without the interpreter lock: it touches only C
 * memory (the caller keeps any buffer it points into alive); returns the
 * call's result, < 0 with errno set on failure. */
typedef ssize_t (*SockFn)(int fd, void *data);

/* Wait until fd is ready (POLLIN or POLLOUT) or the deadline (seconds on
 * the monotonic clock; < 0: none): 1 ready, 0 timed out, -1 with an error
 * set. EINTR runs the signal handlers and waits what is left. */
static int sock_wait(int fd, bool writing, double deadline) {
    if (fd < 0) return 1;   /* closed: the call itself fails with EBADF */
    for (;;) {
        int ms = -1;
        if (deadline >= 0) {
            double left = deadline - mono_now();
            if (left < 0) left = 0;
            ms = left > 2e9 / 1000 ? INT_MAX : (int)ceil(left * 1000);
        }
        struct pollfd p = {fd, writing ? POLLOUT : POLLIN, 0};
        bool released = gil_blocking_begin();
        int r = poll(&p, 1, ms);
        int e = errno;
        gil_blocking_end(released);
        if (r > 0) return 1;
        if (r == 0) return 0;
        if (e != EINTR) {
            sock_errno(e);
            return -1;
        }
        if (pending_check() < 0) return -1;
    }
}

static double sock_deadline(SockObject *s) { return s->timeout > 0 ? mono_now() + s->timeout : -1.0; }

/* Call fn(fd, data) as socket s's timeout says, until it succeeds, fails
 * with an error other than EINTR (and, with a timeout, EAGAIN), or the
 * deadline passes (TimeoutError). Returns the call's result, or -1 with an
 * error set. */
static ssize_t sock_call(SockObject *s, bool writing, SockFn fn, void *data, double deadline) {
    for (;;) {
        if (s->timeout > 0) {
            int r = sock_wait(s->fd, writing, deadline);
            if (r < 0) return -1;
            if (r == 0) {
                sock_timeout_error();
                return -1;
            }
        }
        bool released = gil_blocking_begin();
        ssize_t n = fn(s->fd, data);
        int e = errno;
        gil_blocking_end(released);
        if (n >= 0) return n;
        if (e == EINTR) {
            if (pending_check() < 0) return -1;
            continue;
        }
        if (s->timeout > 0 && (e == EAGAIN || e == EWOULDBLOCK)) continue;
        sock_errno(e);
        return -1;
    }
}

/* For _ssl (modules.h): a socket's descriptor and timeout, read at each
 * call as CPython's _ssl reads PySocketSockObject, and the same wait. */
int socket_fd_timeout(Value sock, int *fd, double *timeout) {
    if (v_is_ptr(sock) && obj_isinstance_type(sock, &sock_type)) {
        *fd = SOCK(sock)->fd;
        *timeout = SOCK(sock)->timeout;
        return 0;
    }
    err_format(&exc_TypeError, "a socket object is required, not %T", sock);
    return -1;
}
int socket_wait_ready(int fd, bool writing, double deadline) { return sock_wait(fd, writing, deadline); }
double socket_monotonic(void) { return mono_now(); }

/* ---- addresses ------------------------------------------------------------------ */

typedef struct SockAddr {
    union {
        struct sockaddr sa;
        struct sockaddr_in in4;
        struct sockaddr_in6 in6;
        struct sockaddr_un un;
        struct sockaddr_storage st;
    } u;
    socklen_t len;
} SockAddr;

/* A host name argument as C text: str (IDNA-encoded when not ASCII),
 * bytes or bytearray; out has room for size bytes. */
static int host_cstr(Value v, char *out, size_t size) {
    const char *p = NULL;
    int64_t n = 0;
    if (str_check(v)) {
        if (str_is_ascii(v)) {
            p = str_data(v);
            n = str_nbytes(v);
        } else {
            Value enc = str_from_cstr("idna");
            Value b = obj_call_method(v, "encode", &enc, 1);
            if (!b) return -1;
            p = bytes_data(b);
            n = bytes_size(b);
        }
    } else if (bytes_check(v) || bytearray_check(v)) {
        byteslike_view(v, &p, &n);
    } else {
        err_format(&exc_TypeError, "str, bytes or bytearray expected, not %s", type_of(v)->tname);
        return -1;
    }
    if (memchr(p, 0, (size_t)n)) {
        err_set(&exc_TypeError, "host name must not contain null character");
        return -1;
    }
    if ((size_t)n >= size) {
        err_set(&exc_OSError, "host name too long");
        return -1;
    }
    memcpy(out, p, (size_t)n);
    out[n] = 0;
    return 0;
}

/* Resolve a host name to an address of family af (AF_UNSPEC: either) into
 * *a, as CPython's setipaddr: "" is the wildcard address, "<broadcast>"
 * INADDR_BROADCAST, numeric addresses are taken as they are, and other
 * names go to getaddrinfo (gaierror on failure). */
static int set_ipaddr(const char *name, int af, SockAddr *a) {
    memset(a, 0, sizeof *a);
    struct addrinfo hints, *res = NULL;
    int e;
    if (name[0] == 0) {
        memset(&hints, 0, sizeof hints);
        hints.ai_family = af;
        hints.ai_socktype = SOCK_DGRAM;
        hints.ai_flags = AI_PASSIVE;
        bool released = gil_blocking_begin();
        e = getaddrinfo(NULL, "0", &hints, &res);
        gil_blocking_end(released);
        if (e) {
            raise_gai(e);
            return -1;
        }
        if (res->ai_next) {
            freeaddrinfo(res);
            err_set(&exc_OSError, "wildcard resolved to multiple address");
            return -1;
        }
        memcpy(&a->u, res->ai_addr, res->ai_addrlen);
        a->len = res->ai_addrlen;
        freeaddrinfo(res);
        return 0;
    }
    if (!strcmp(name, "<broadcast>") || !strcmp(name, "255.255.255.255")) {
        if (af != AF_INET && af != AF_UNSPEC) {
            err_set(&exc_OSError, "address family mismatched");
            return -1;
        }
        a->u.in4.sin_family = AF_INET;
        a->u.in4.sin_addr.s_addr = htonl(INADDR_BROADCAST);
        a->len = sizeof a->u.in4;
        return 0;
    }
    if ((af == AF_INET || af == AF_UNSPEC) && inet_pton(AF_INET, name, &a->u.in4.sin_addr) == 1) {
        a->u.in4.sin_family = AF_INET;
        a->len = sizeof a->u.in4;
        return 0;
    }
    if ((af == AF_INET6 || af == AF_UNSPEC) && inet_pton(AF_INET6, name, &a->u.in6.sin6_addr) == 1) {
        a->u.in6.sin6_family = AF_INET6;
        a->len = sizeof a->u.in6;
        return 0;
    }
    memset(&hints, 0, sizeof hints);
    hints.ai_family = af;
    bool released = gil_blocking_begin();
    e = getaddrinfo(name, NULL, &hints, &res);
    gil_blocking_end(released);
    if (e) {
        raise_gai(e);
        return -1;
    }
    memcpy(&a->u, res->ai_addr, res->ai_addrlen);
    a->len = res->ai_addrlen;
    freeaddrinfo(res);
    return 0;
}

/* the file system form of a str path (UTF-8, surrogateescape) */
static Value fs_bytes(Value s) {
    if (str_is_ascii(s)) return bytes_new(str_data(s), (size_t)str_nbytes(s));
    return bytes_encode_str(s, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
}

/* a port number item: int, 0-65535 */
static int parse_port(Value v, const char *caller, int *port) {
    if (to_int(v, port) < 0) return -1;
    if (*port < 0 || *port > 0xffff) {
        err_format(&exc_OverflowError, "%s(): port must be 0-65535.", caller);
        return -1;
    }
    return 0;
}

/* A Python address for socket family af as a C one (CPython's
 * getsockaddrarg); caller names the method in messages. */
static int get_sockaddr(int af, Value addr, SockAddr *a, const char *caller) {
    memset(a, 0, sizeof *a);
    switch (af) {
    case AF_UNIX: {
        const char *p;
        int64_t n;
        Value b = addr;
        if (str_check(addr)) {
            b = fs_bytes(addr);
            if (!b) return -1;
        }
        if (!byteslike_view(b, &p, &n)) {
            err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(addr)->tname);
            return -1;
        }
        if ((size_t)n > sizeof a->u.un.sun_path || (n == sizeof a->u.un.sun_path && p[0] != 0)) {
            err_set(&exc_OSError, "AF_UNIX path too long");
            return -1;
        }
        a->u.un.sun_family = AF_UNIX;
        memcpy(a->u.un.sun_path, p, (size_t)n);
        /* exactly the name's bytes (the kernel reads a path up to its
           NUL, in the zeroed rest); none at all asks Linux to autobind */
        a->len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + (size_t)n);
        return 0;
    }
    case AF_INET: {
        if (!tuple_check(addr)) {
            err_format(&exc_TypeError, "%s(): AF_INET address must be tuple, not %s", caller, type_of(addr)->tname);
            return -1;
        }
        if (tuple_size(addr) != 2) {
            err_format(&exc_TypeError, "AF_INET address must be a pair (host, port)");
            return -1;
        }
        char host[1024];
        int port;
        if (host_cstr(tuple_get(addr, 0), host, sizeof host) < 0) return -1;
        if (parse_port(tuple_get(addr, 1), caller, &port) < 0) return -1;
        if (set_ipaddr(host, AF_INET, a) < 0) return -1;
        a->u.in4.sin_port = htons((uint16_t)port);
        a->len = sizeof a->u.in4;
        return 0;
    }
    case AF_INET6: {
        if (!tuple_check(addr)) {
            err_format(&exc_TypeError, "%s(): AF_INET6 address must be tuple, not %s", caller, type_of(addr)->tname);
            return -1;
        }
        int64_t n = tuple_size(addr);
        if (n < 2 || n > 4) {
            err_format(&exc_TypeError, "AF_INET6 address must be a tuple (host, port[, flowinfo[, scopeid]])");
            return -1;
        }
        char host[1024];
        int port;
        long flow = 0, scope = 0;
        if (host_cstr(tuple_get(addr, 0), host, sizeof host) < 0) return -1;
        if (parse_port(tuple_get(addr, 1), caller, &port) < 0) return -1;
        if (n > 2 && to_long(tuple_get(addr, 2), &flow) < 0) return -1;
        if (n > 3 && to_long(tuple_get(addr, 3), &scope) < 0) return -1;
        if (flow < 0 || flow > 0xfffff) {
            err_format(&exc_OverflowError, "%s(): flowinfo must be 0-1048575.", caller);
            return -1;
        }
        if (set_ipaddr(host, AF_INET6, a) < 0) return -1;
        a->u.in6.sin6_port = htons((uint16_t)port);
        a->u.in6.sin6_flowinfo = htonl((uint32_t)flow);
        a->u.in6.sin6_scope_id = (uint32_t)scope;
        a->len = sizeof a->u.in6;
        return 0;
    }
    case AF_VSOCK: {
        if (!tuple_check(addr)) {
            err_format(&exc_TypeError, "%s(): AF_VSOCK address must be tuple, not %s", caller, type_of(addr)->tname);
            return -1;
        }
        if (tuple_size(addr) != 2) {
            err_format(&exc_TypeError, "%s() takes exactly 2 arguments (%zd given)", caller, (ssize_t)tuple_size(addr));
            return -1;
        }
        long cid, port;
        if (to_long(tuple_get(addr, 0), &cid) < 0 || to_long(tuple_get(addr, 1), &port) < 0) return -1;
        a->u.st.ss_family = AF_VSOCK;
        struct sockaddr_vm *vm = (struct sockaddr_vm *)&a->u.st;
        vm->svm_cid = (unsigned)cid;
        vm->svm_port = (unsigned)port;
        a->len = sizeof *vm;
        return 0;
    }
    default:
        err_format(&exc_OSError, "%s(): bad family", caller);
        return -1;
    }
}

/* A C address as Python's (CPython's makesockaddr) */
static Value make_sockaddr(const struct sockaddr *sa, socklen_t len) {
    if (len == 0) return V_NONE;
    char buf[INET6_ADDRSTRLEN];
    switch (sa->sa_family) {
    case AF_INET: {
        const struct sockaddr_in *a = (const struct sockaddr_in *)sa;
        inet_ntop(AF_INET, &a->sin_addr, buf, sizeof buf);
        return tuple_pack(2, str_from_cstr(buf), v_int(ntohs(a->sin_port)));
    }
    case AF_INET6: {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)sa;
        inet_ntop(AF_INET6, &a->sin6_addr, buf, sizeof buf);
        return tuple_pack(4, str_from_cstr(buf), v_int(ntohs(a->sin6_port)), v_int(ntohl(a->sin6_flowinfo)),
                          v_int(a->sin6_scope_id));
    }
    case AF_UNIX: {
        const struct sockaddr_un *a = (const struct sockaddr_un *)sa;
        size_t n = len - offsetof(struct sockaddr_un, sun_path);
        if (len > offsetof(struct sockaddr_un, sun_path) && a->sun_path[0] == 0)
            return bytes_new(a->sun_path, n);   /* Linux's abstract namespace */
        size_t k = strnlen(a->sun_path, len > offsetof(struct sockaddr_un, sun_path) ? n : 0);
        Value b = bytes_new(a->sun_path, k);
        if (utf8_valid(a->sun_path, k)) return str_new(a->sun_path, k);
        Value args[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
        return obj_call_method(b, "decode", args, 2);
    }
    case AF_VSOCK: {
        const struct sockaddr_vm *vm = (const struct sockaddr_vm *)sa;
        return tuple_pack(2, int_from_i64(vm->svm_cid), int_from_i64(vm->svm_port));
    }
    default:
        return tuple_pack(2, v_int(sa->sa_family), bytes_new(sa->sa_data, sizeof sa->sa_data));
    }
}

/* ---- the socket type ------------------------------------------------------------- */

/* O_NONBLOCK on or off as the timeout asks */
static int set_blocking(SockObject *s, bool block) {
    int fl = fcntl(s->fd, F_GETFL);
    if (fl < 0) {
        sock_errno(errno);
        return -1;
    }
    int nfl = block ? fl & ~O_NONBLOCK : fl | O_NONBLOCK;
    if (nfl != fl && fcntl(s->fd, F_SETFL, nfl) < 0) {
        sock_errno(errno);
        return -1;
    }
    return 0;
}

/* A socket collected while open: CPython's ResourceWarning ("unclosed
   <socket.socket ...>", its repr while still open), then the descriptor
   closed. Errors are dropped (a warning made an error is reported as
   unraisable): this runs from the collector's finalizers. */
static void sock_finalizer(void *p) {
    SockObject *s = p;
    if (s->fd < 0) return;
    Value self = V_FROM_PTR(p);
    Value saved = err_fetch();
    Value r = obj_repr(self);
    if (r && warn_source_c(&exc_ResourceWarning, str_printf("unclosed %U", r), 1, self) < 0) {
        if (err_matches(&exc_Warning)) err_write_unraisable(err_fetch(), NULL, self);
    }
    err_clear();
    err_restore(saved);
    if (s->fd >= 0) close(s->fd);
    s->fd = -1;
}

static Value sock_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value self = instance_new(t);
    SockObject *s = SOCK(self);
    s->fd = -1;
    s->family = AF_INET;
    s->type = SOCK_STREAM;
    s->timeout = -1.0;
    /* a subclass with __del__ has its own finalizer (which would replace
       this one); its descriptor is closed by close() or not at all */
    if (!type_has_flag(t, TF_HAS_DEL)) gc_register_finalizer(V_OBJ(self), sock_finalizer);
    return self;
}

/* Take descriptor fd into s, with the default timeout (or none for a
 * SOCK_NONBLOCK type) */
static int sock_setup(SockObject *s, int fd, int family, int type, int proto) {
    s->fd = fd;
    s->family = family;
    s->type = type & ~(SOCK_NONBLOCK | SOCK_CLOEXEC);
    s->proto = proto;
    if (type & SOCK_NONBLOCK) s->timeout = 0;
    else {
        s->timeout = default_timeout;
        if (default_timeout >= 0 && set_blocking(s, false) < 0) return -1;
    }
    return 0;
}

/* socket(family=-1, type=-1, proto=-1, fileno=None) */
static int sock_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"socket", 0, 0, 0, {"family", "type", "proto", "fileno", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    int family, type, proto;
    if (opt_int(a[0], -1, &family) < 0 || opt_int(a[1], -1, &type) < 0 || opt_int(a[2], -1, &proto) < 0) return -1;
    if (AUDIT("socket.__new__", 4, self, int_from_i64(family), int_from_i64(type), int_from_i64(proto)) < 0) return -1;
    SockObject *s = SOCK(self);
    int fd;
    if (a[3] && a[3] != V_NONE) {
        long l;
        if (to_long(a[3], &l) < 0) return -1;
        if (l < 0) {
            err_set(&exc_ValueError, "negative file descriptor");
            return -1;
        }
        if (l > INT_MAX) {
            err_set(&exc_OverflowError, "file descriptor out of range");
            return -1;
        }
        fd = (int)l;
        /* what the caller leaves out, the descriptor tells */
        if (family == -1) {
            SockAddr sa;
            sa.len = sizeof sa.u;
            if (getsockname(fd, &sa.u.sa, &sa.len) < 0) {
                sock_errno(errno);
                return -1;
            }
            family = sa.u.sa.sa_family;
        }
        socklen_t ol = sizeof(int);
        if (type == -1 && getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &ol) < 0) {
            sock_errno(errno);
            return -1;
        }
        ol = sizeof(int);
        if (proto == -1 && getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &ol) < 0) {
            sock_errno(errno);
            return -1;
        }
    } else {
        if (family == -1) family = AF_INET;
        if (type == -1) type = SOCK_STREAM;
        if (proto == -1) proto = 0;
        fd = socket(family, type | SOCK_CLOEXEC, proto);
        if (fd < 0) {
            sock_errno(errno);
            return -1;
        }
    }
    return sock_setup(s, fd, family, type, proto);
}

static Value sock_repr(Value self) {
    SockObject *s = SOCK(self);
    return str_printf("<socket object, fd=%ld, family=%d, type=%d, proto=%d>", (long)s->fd, s->family, s->type,
                      s->proto);
}

#define SELF SOCK(args[0])

/* a method with no arguments */
#define NOARGS(name)                                                                  \
    do {                                                                              \
        if (arg_nokw(name, kwnames) < 0 || arg_count(name, nargs - 1, 0, 0) < 0) return VNULL; \
    } while (0)

/* the bytes-like data argument of send and friends */
static int data_arg(Value v, BufferInfo *b) { return buffer_get(v, b, false); }

typedef struct IOArgs {
    char *buf;
    size_t len;
    int flags;
    SockAddr *addr;   /* recvfrom, sendto; else NULL */
} IOArgs;

static ssize_t do_recv(int fd, void *d) {
    IOArgs *a = d;
    return recv(fd, a->buf, a->len, a->flags);
}
static ssize_t do_recvfrom(int fd, void *d) {
    IOArgs *a = d;
    a->addr->len = sizeof a->addr->u;
    return recvfrom(fd, a->buf, a->len, a->flags, &a->addr->u.sa, &a->addr->len);
}
static ssize_t do_send(int fd, void *d) {
    IOArgs *a = d;
    return send(fd, a->buf, a->len, a->flags);
}
static ssize_t do_sendto(int fd, void *d) {
    IOArgs *a = d;
    return sendto(fd, a->buf, a->len, a->flags, &a->addr->u.sa, a->addr->len);
}
static ssize_t do_accept(int fd, void *d) {
    SockAddr *a = d;
    a->len = sizeof a->u;
    return accept4(fd, &a->u.sa, &a->len, SOCK_CLOEXEC);
}

/* _accept() -> (fd, address) */
static Value s_accept(Value *args, size_t nargs, Value kwnames) {
    NOARGS("_accept");
    SockAddr a;
    ssize_t fd = sock_call(SELF, false, do_accept, &a, sock_deadline(SELF));
    if (fd < 0) return VNULL;
    Value addr = make_sockaddr(&a.u.sa, a.len);
    if (!addr) {
        close((int)fd);
        return VNULL;
    }
    return tuple_pack(2, v_int(fd), addr);
}

static Value s_bind(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("bind", kwnames) < 0 || arg_count("bind", nargs - 1, 1, 1) < 0) return VNULL;
    if (AUDIT("socket.bind", 2, args[0], args[1]) < 0) return VNULL;
    SockAddr a;
    if (get_sockaddr(SELF->family, args[1], &a, "bind") < 0) return VNULL;
    if (bind(SELF->fd, &a.u.sa, a.len) < 0) return sock_errno(errno);
    return V_NONE;
}

static Value s_listen(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("listen", kwnames) < 0 || arg_count("listen", nargs - 1, 0, 1) < 0) return VNULL;
    int backlog = SOMAXCONN < 128 ? SOMAXCONN : 128;
    if (nargs > 1 && to_int(args[1], &backlog) < 0) return VNULL;
    if (backlog < 0) backlog = 0;
    if (listen(SELF->fd, backlog) < 0) return sock_errno(errno);
    return V_NONE;
}

/* connect as CPython's internal_connect: 0, an errno value (raise false),
 * or -1 with an error set. A connection interrupted by a signal or in
 * progress on a socket with a timeout is waited for, then its outcome
 * read from SO_ERROR. */
static int sock_connect(SockObject *s, Value address, bool raise, const char *caller) {
    SockAddr a;
    if (get_sockaddr(s->family, address, &a, caller) < 0) return -1;
    bool released = gil_blocking_begin();
    int r = connect(s->fd, &a.u.sa, a.len);
    int e = errno;
    gil_blocking_end(released);
    if (r == 0) return 0;
    bool wait;
    if (e == EINTR) {
        if (pending_check() < 0) return -1;
        wait = s->timeout != 0;
    } else
        wait = s->timeout > 0 && e == EINPROGRESS;
    if (wait) {
        int w = sock_wait(s->fd, true, sock_deadline(s));
        if (w < 0) return -1;
        if (w == 0) {
            if (!raise) return EWOULDBLOCK;
            sock_timeout_error();
            return -1;
        }
        socklen_t len = sizeof e;
        if (getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &e, &len) < 0) e = errno;
        if (e == 0) return 0;
    }
    if (!raise) return e;
    sock_errno(e);
    return -1;
}

static Value s_connect(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("connect", kwnames) < 0 || arg_count("connect", nargs - 1, 1, 1) < 0) return VNULL;
    return sock_connect(SELF, args[1], true, "connect") < 0 ? VNULL : V_NONE;
}

static Value s_connect_ex(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("connect_ex", kwnames) < 0 || arg_count("connect_ex", nargs - 1, 1, 1) < 0) return VNULL;
    int e = sock_connect(SELF, args[1], false, "connect_ex");
    return e < 0 ? VNULL : v_int(e);
}

/* send(data[, flags]) */
static Value s_send(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("send", kwnames) < 0 || arg_count("send", nargs - 1, 1, 2) < 0) return VNULL;
    BufferInfo b;
    IOArgs io = {0};
    if (data_arg(args[1], &b) < 0 || opt_int(nargs > 2 ? args[2] : VNULL, 0, &io.flags) < 0) return VNULL;
    io.buf = b.data;
    io.len = (size_t)b.len;
    ssize_t n = sock_call(SELF, true, do_send, &io, sock_deadline(SELF));
    return n < 0 ? VNULL : int_from_i64(n);
}

/* sendall(data[, flags]): everything, within one timeout overall */
static Value s_sendall(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sendall", kwnames) < 0 || arg_count("sendall", nargs - 1, 1, 2) < 0) return VNULL;
    BufferInfo b;
    IOArgs io = {0};
    if (data_arg(args[1], &b) < 0 || opt_int(nargs > 2 ? args[2] : VNULL, 0, &io.flags) < 0) return VNULL;
    double deadline = sock_deadline(SELF);
    int64_t done = 0;
    while (done < b.len) {
        io.buf = b.data + done;
        io.len = (size_t)(b.len - done);
        ssize_t n = sock_call(SELF, true, do_send, &io, deadline);
        if (n < 0) return VNULL;
        done += n;
        if (pending_check() < 0) return VNULL;
    }
    return V_NONE;
}

/* sendto(data[, flags], address) */
static Value s_sendto(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sendto", kwnames) < 0) return VNULL;
    if (nargs - 1 < 2 || nargs - 1 > 3)
        return err_format(&exc_TypeError, "sendto() takes 2 or 3 arguments (%zd given)", (ssize_t)(nargs - 1));
    BufferInfo b;
    IOArgs io = {0};
    SockAddr a;
    if (data_arg(args[1], &b) < 0) return VNULL;
    if (nargs == 4 && to_int(args[2], &io.flags) < 0) return VNULL;
    if (get_sockaddr(SELF->family, args[nargs - 1], &a, "sendto") < 0) return VNULL;
    io.buf = b.data;
    io.len = (size_t)b.len;
    io.addr = &a;
    ssize_t n = sock_call(SELF, true, do_sendto, &io, sock_deadline(SELF));
    return n < 0 ? VNULL : int_from_i64(n);
}

/* the bufsize argument of recv and recvfrom */
static int bufsize_arg(Value v, const char *fname, size_t *out) {
    long l;
    if (to_long(v, &l) < 0) return -1;
    if (l < 0) {
        err_format(&exc_ValueError, "negative buffersize in %s", fname);
        return -1;
    }
    *out = (size_t)l;
    return 0;
}

/* the received bytes: b itself when filled, else its first n */
static Value shrink(Value b, ssize_t n, size_t want) {
    if ((size_t)n == want) return b;
    return bytes_new(bytes_data(b), (size_t)n);
}

static Value s_recv(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("recv", kwnames) < 0 || arg_count("recv", nargs - 1, 1, 2) < 0) return VNULL;
    IOArgs io = {0};
    if (bufsize_arg(args[1], "recv", &io.len) < 0 || opt_int(nargs > 2 ? args[2] : VNULL, 0, &io.flags) < 0)
        return VNULL;
    Value b = bytes_try_alloc(io.len);
    if (!b) return VNULL;
    io.buf = V_AS(BytesObject, b)->data;
    ssize_t n = sock_call(SELF, false, do_recv, &io, sock_deadline(SELF));
    return n < 0 ? VNULL : shrink(b, n, io.len);
}

static Value s_recvfrom(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("recvfrom", kwnames) < 0 || arg_count("recvfrom", nargs - 1, 1, 2) < 0) return VNULL;
    IOArgs io = {0};
    SockAddr a;
    if (bufsize_arg(args[1], "recvfrom", &io.len) < 0 || opt_int(nargs > 2 ? args[2] : VNULL, 0, &io.flags) < 0)
        return VNULL;
    Value b = bytes_try_alloc(io.len);
    if (!b) return VNULL;
    io.buf = V_AS(BytesObject, b)->data;
    io.addr = &a;
    ssize_t n = sock_call(SELF, false, do_recvfrom, &io, sock_deadline(SELF));
    if (n < 0) return VNULL;
    Value addr = make_sockaddr(&a.u.sa, a.len);
    return addr ? tuple_pack(2, shrink(b, n, io.len), addr) : VNULL;
}

/* recv_into / recvfrom_into(buffer, nbytes=0, flags=0): the buffer and
 * the byte count to read into it */
static int into_args(const char *fname, Value *args, size_t nargs, Value kwnames, BufferInfo *b, IOArgs *io) {
    ArgSpec spec = {fname, 0, 1, 0, {"buffer", "nbytes", "flags", NULL}};
    Value a[3];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return -1;
    if (buffer_get(a[0], b, true) < 0) return -1;
    long nbytes = 0;
    if (a[1] && to_long(a[1], &nbytes) < 0) return -1;
    if (opt_int(a[2], 0, &io->flags) < 0) return -1;
    if (nbytes < 0) {
        err_format(&exc_ValueError, "negative buffersize in %s", fname);
        return -1;
    }
    if (nbytes > b->len) {
        err_set(&exc_ValueError, strcmp(fname, "recv_into") ? "nbytes is greater than the length of the buffer"
                                                          : "buffer too small for requested bytes");
        return -1;
    }
    io->buf = b->data;
    io->len = (size_t)(nbytes ? nbytes : b->len);
    return 0;
}

static Value s_recv_into(Value *args, size_t nargs, Value kwnames) {
    BufferInfo b;
    IOArgs io = {0};
    if (into_args("recv_into", args, nargs, kwnames, &b, &io) < 0) return VNULL;
    ssize_t n = sock_call(SELF, false, do_recv, &io, sock_deadline(SELF));
    return n < 0 ? VNULL : int_from_i64(n);
}

static Value s_recvfrom_into(Value *args, size_t nargs, Value kwnames) {
    BufferInfo b;
    IOArgs io = {0};
    SockAddr a;
    if (into_args("recvfrom_into", args, nargs, kwnames, &b, &io) < 0) return VNULL;
    io.addr = &a;
    ssize_t n = sock_call(SELF, false, do_recvfrom, &io, sock_deadline(SELF));
    if (n < 0) return VNULL;
    Value addr = make_sockaddr(&a.u.sa, a.len);
    return addr ? tuple_pack(2, int_from_i64(n), addr) : VNULL;
}

static Value s_shutdown(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("shutdown", kwnames) < 0 || arg_count("shutdown", nargs - 1, 1, 1) < 0) return VNULL;
    int how;
    if (to_int(args[1], &how) < 0) return VNULL;
    if (shutdown(SELF->fd, how) < 0) return sock_errno(errno);
    return V_NONE;
}

/* close a descriptor; ECONNRESET means the peer went first: not an error */
static int close_fd(int fd) {
    bool released = gil_blocking_begin();
    int r = close(fd);
    int e = errno;
    gil_blocking_end(released);
    if (r < 0 && e != ECONNRESET) {
        sock_errno(e);
        return -1;
    }
    return 0;
}

static Value s_close(Value *args, size_t nargs, Value kwnames) {
    NOARGS("close");
    int fd = SELF->fd;
    if (fd < 0) return V_NONE;
    SELF->fd = -1;
    return close_fd(fd) < 0 ? VNULL : V_NONE;
}

static Value s_detach(Value *args, size_t nargs, Value kwnames) {
    NOARGS("detach");
    int fd = SELF->fd;
    SELF->fd = -1;
    return v_int(fd);
}

static Value s_fileno(Value *args, size_t nargs, Value kwnames) {
    NOARGS("fileno");
    return v_int(SELF->fd);
}

static Value s_dup(Value *args, size_t nargs, Value kwnames) {
    NOARGS("dup");
    int fd = fcntl(SELF->fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) return sock_errno(errno);
    Value r = sock_new(&sock_type, NULL, 0, VNULL);
    if (sock_setup(SOCK(r), fd, SELF->family, SELF->type, SELF->proto) < 0) {
        close(fd);
        SOCK(r)->fd = -1;
        return VNULL;
    }
    return r;
}

static Value s_getsockname(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getsockname");
    SockAddr a;
    memset(&a, 0, sizeof a);
    a.len = sizeof a.u;
    if (getsockname(SELF->fd, &a.u.sa, &a.len) < 0) return sock_errno(errno);
    return make_sockaddr(&a.u.sa, a.len);
}

static Value s_getpeername(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getpeername");
    SockAddr a;
    memset(&a, 0, sizeof a);
    a.len = sizeof a.u;
    if (getpeername(SELF->fd, &a.u.sa, &a.len) < 0) return sock_errno(errno);
    return make_sockaddr(&a.u.sa, a.len);
}

/* setsockopt(level, option, value: int | buffer)
 * setsockopt(level, option, None, optlen: int) */
static Value s_setsockopt(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setsockopt", kwnames) < 0) return VNULL;
    if (nargs - 1 < 3 || nargs - 1 > 4)
        return err_format(&exc_TypeError, "setsockopt() takes exactly 4 arguments (%zd given)", (ssize_t)(nargs - 1));
    int level, opt, r;
    if (to_int(args[1], &level) < 0 || to_int(args[2], &opt) < 0) return VNULL;
    Value v = args[3];
    if (nargs == 5) {
        if (v != V_NONE)
            return err_format(&exc_TypeError, "setsockopt() argument 3 must be NoneType, not %s", type_of(v)->tname);
        long len;
        if (to_long(args[4], &len) < 0) return VNULL;
        if (len < 0 || len > UINT_MAX) return err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
        r = setsockopt(SELF->fd, level, opt, NULL, (socklen_t)len);
    } else if (level == AF_VSOCK) {   /* VSOCK's options are 64-bit */
        Value i = obj_index(v);
        if (!i) return VNULL;
        uint64_t u = (uint64_t)int_as_i64(i);
        r = setsockopt(SELF->fd, level, opt, &u, sizeof u);
    } else if (bytes_check(v) || bytearray_check(v) || buffer_check(v)) {
        BufferInfo b;
        if (buffer_get(v, &b, false) < 0) return VNULL;
        r = setsockopt(SELF->fd, level, opt, b.data, (socklen_t)b.len);
    } else {
        /* an int, as CPython's first try ("iii"); what is neither an int
           nor bytes-like fails as its second ("iiy*") */
        int i;
        if (to_int(v, &i) < 0) {
            if (!err_matches(&exc_TypeError)) return VNULL;
            err_clear();
            return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(v)->tname);
        }
        r = setsockopt(SELF->fd, level, opt, &i, sizeof i);
    }
    if (r < 0) return sock_errno(errno);
    return V_NONE;
}

/* getsockopt(level, option[, buflen]): an int, or buflen bytes */
static Value s_getsockopt(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getsockopt", kwnames) < 0 || arg_count("getsockopt", nargs - 1, 2, 3) < 0) return VNULL;
    int level, opt, buflen = 0;
    if (to_int(args[1], &level) < 0 || to_int(args[2], &opt) < 0) return VNULL;
    if (nargs == 4 && to_int(args[3], &buflen) < 0) return VNULL;
    if (level == AF_VSOCK && buflen == 0) {   /* VSOCK's options are 64-bit */
        uint64_t u = 0;
        socklen_t len = sizeof u;
        if (getsockopt(SELF->fd, level, opt, &u, &len) < 0) return sock_errno(errno);
        return int_from_u64(u);
    }
    if (buflen == 0) {   /* not given, or 0: an int option */
        int i = 0;
        socklen_t len = sizeof i;
        if (getsockopt(SELF->fd, level, opt, &i, &len) < 0) return sock_errno(errno);
        return v_int(i);
    }
    if (buflen <= 0 || buflen > 1024) return err_set(&exc_OSError, "getsockopt buflen out of range");
    char buf[1024];
    socklen_t len = (socklen_t)buflen;
    if (getsockopt(SELF->fd, level, opt, buf, &len) < 0) return sock_errno(errno);
    return bytes_new(buf, len);
}

static Value s_setblocking(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setblocking", kwnames) < 0 || arg_count("setblocking", nargs - 1, 1, 1) < 0) return VNULL;
    long block;
    if (to_long(args[1], &block) < 0) return VNULL;
    SELF->timeout = block ? -1.0 : 0.0;
    return set_blocking(SELF, block != 0) < 0 ? VNULL : V_NONE;
}

static Value s_getblocking(Value *args, size_t nargs, Value kwnames) {
    NOARGS("getblocking");
    return v_bool(SELF->timeout != 0);
}

static Value s_settimeout(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("settimeout", kwnames) < 0 || arg_count("settimeout", nargs - 1, 1, 1) < 0) return VNULL;
    double t;
    if (parse_timeout(args[1], &t) < 0) return VNULL;
    SELF->timeout = t;
    return set_blocking(SELF, t < 0) < 0 ? VNULL : V_NONE;
}

static Value timeout_value(double t) { return t < 0 ? V_NONE : float_from_double(t); }

static Value s_gettimeout(Value *args, size_t nargs, Value kwnames) {
    NOARGS("gettimeout");
    return timeout_value(SELF->timeout);
}


static Value g_family(Value self) { return v_int(SOCK(self)->family); }
static Value g_type(Value self) { return v_int(SOCK(self)->type); }
static Value g_proto(Value self) { return v_int(SOCK(self)->proto); }
static Value g_timeout(Value self) { return timeout_value(SOCK(self)->timeout); }

/* ---- sendmsg / recvmsg ---------------------------------------------------------- */

typedef struct MsgArgs {
    struct msghdr msg;
    int flags;
} MsgArgs;

static ssize_t do_recvmsg(int fd, void *d) {
    MsgArgs *a = d;
    return recvmsg(fd, &a->msg, a->flags);
}
static ssize_t do_sendmsg(int fd, void *d) {
    MsgArgs *a = d;
    return sendmsg(fd, &a->msg, a->flags);
}

/* the ancillary buffer size and flags of recvmsg and recvmsg_into */
static int recvmsg_opts(Value *args, size_t nargs, size_t first, size_t *ancsize, int *flags) {
    long anc = 0;
    *flags = 0;
    if (nargs > first && to_long(args[first], &anc) < 0) return -1;
    if (nargs > first + 1 && to_int(args[first + 1], flags) < 0) return -1;
    if (anc < 0) {
        err_set(&exc_ValueError, "invalid ancillary data buffer length");
        return -1;
    }
    *ancsize = (size_t)anc;
    return 0;
}

/* recvmsg's result after n bytes arrived: (first, ancdata, msg_flags, address) */
static Value recvmsg_result(Value first, MsgArgs *a, SockAddr *sa) {
    Value anc = list_new(0);
    if (a->msg.msg_controllen) {
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&a->msg); c; c = CMSG_NXTHDR(&a->msg, c)) {
            char *end = (char *)a->msg.msg_control + a->msg.msg_controllen;
            size_t len = c->cmsg_len < CMSG_LEN(0) ? 0 : c->cmsg_len - CMSG_LEN(0);
            /* a truncated item keeps what arrived of its data */
            if ((char *)CMSG_DATA(c) + len > end) len = (size_t)(end - (char *)CMSG_DATA(c));
            list_append(anc, tuple_pack(3, v_int(c->cmsg_level), v_int(c->cmsg_type),
                                        bytes_new((const char *)CMSG_DATA(c), len)));
        }
    }
    Value addr = make_sockaddr(&sa->u.sa, a->msg.msg_namelen);
    if (!addr) return VNULL;
    return tuple_pack(4, first, anc, v_int(a->msg.msg_flags), addr);
}

/* recvmsg(bufsize[, ancbufsize[, flags]]) */
static Value s_recvmsg(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("recvmsg", kwnames) < 0 || arg_count("recvmsg", nargs - 1, 1, 3) < 0) return VNULL;
    long bufsize;
    size_t ancsize;
    MsgArgs a;
    memset(&a, 0, sizeof a);
    if (to_long(args[1], &bufsize) < 0 || recvmsg_opts(args, nargs, 2, &ancsize, &a.flags) < 0) return VNULL;
    if (bufsize < 0) return err_set(&exc_ValueError, "negative buffer size in recvmsg()");
    Value b = bytes_try_alloc((size_t)bufsize);
    if (!b) return VNULL;
    struct iovec iov = {V_AS(BytesObject, b)->data, (size_t)bufsize};
    SockAddr sa;
    memset(&sa, 0, sizeof sa);
    char *ctl = ancsize ? gc_alloc_atomic(ancsize) : NULL;
    if (ctl) memset(ctl, 0, ancsize);
    a.msg.msg_name = &sa.u;
    a.msg.msg_namelen = sizeof sa.u;
    a.msg.msg_iov = &iov;
    a.msg.msg_iovlen = 1;
    a.msg.msg_control = ctl;
    a.msg.msg_controllen = ancsize;
    ssize_t n = sock_call(SELF, false, do_recvmsg, &a, sock_deadline(SELF));
    if (n < 0) return VNULL;
    return recvmsg_result(shrink(b, n, (size_t)bufsize), &a, &sa);
}

/* a sequence of writable (recvmsg_into) or readable (sendmsg) buffers as
 * an iovec array; fname and argn name the argument in messages */
static struct iovec *buffers_arg(Value v, bool writable, const char *fname, int argn, size_t *count) {
    Value it = obj_iter(v);
    if (!it) {
        err_clear();
        err_format(&exc_TypeError, "%s() argument %d must be an iterable", fname, argn);
        return NULL;
    }
    Value list = list_from_iterable(it);
    if (!list) return NULL;
    size_t n = (size_t)list_size(list);
    struct iovec *iov = gc_alloc((n ? n : 1) * sizeof *iov);
    for (size_t i = 0; i < n; i++) {
        BufferInfo b;
        if (buffer_get(list_get(list, (int64_t)i), &b, writable) < 0) return NULL;
        iov[i].iov_base = b.data;
        iov[i].iov_len = (size_t)b.len;
    }
    *count = n;
    return iov;
}

/* recvmsg_into(buffers[, ancbufsize[, flags]]) */
static Value s_recvmsg_into(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("recvmsg_into", kwnames) < 0 || arg_count("recvmsg_into", nargs - 1, 1, 3) < 0) return VNULL;
    size_t ancsize, niov;
    MsgArgs a;
    memset(&a, 0, sizeof a);
    if (recvmsg_opts(args, nargs, 2, &ancsize, &a.flags) < 0) return VNULL;
    struct iovec *iov = buffers_arg(args[1], true, "recvmsg_into", 1, &niov);
    if (!iov) return VNULL;
    SockAddr sa;
    memset(&sa, 0, sizeof sa);
    char *ctl = ancsize ? gc_alloc_atomic(ancsize) : NULL;
    if (ctl) memset(ctl, 0, ancsize);
    a.msg.msg_name = &sa.u;
    a.msg.msg_namelen = sizeof sa.u;
    a.msg.msg_iov = iov;
    a.msg.msg_iovlen = niov;
    a.msg.msg_control = ctl;
    a.msg.msg_controllen = ancsize;
    ssize_t n = sock_call(SELF, false, do_recvmsg, &a, sock_deadline(SELF));
    if (n < 0) return VNULL;
    return recvmsg_result(int_from_i64(n), &a, &sa);
}

/* sendmsg(buffers[, ancdata[, flags[, address]]]) */
static Value s_sendmsg(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sendmsg", kwnames) < 0 || arg_count("sendmsg", nargs - 1, 1, 4) < 0) return VNULL;
    MsgArgs a;
    memset(&a, 0, sizeof a);
    size_t niov;
    struct iovec *iov = buffers_arg(args[1], false, "sendmsg", 1, &niov);
    if (!iov) return VNULL;
    if (nargs > 3 && to_int(args[3], &a.flags) < 0) return VNULL;
    SockAddr sa;
    if (nargs > 4 && args[4] != V_NONE) {
        if (get_sockaddr(SELF->family, args[4], &sa, "sendmsg") < 0) return VNULL;
        a.msg.msg_name = &sa.u;
        a.msg.msg_namelen = sa.len;
    }
    /* ancillary data: (level, type, data) items laid out as cmsghdrs */
    if (nargs > 2) {
        Value it = obj_iter(args[2]);
        if (!it) {
            err_clear();
            return err_set(&exc_TypeError, "sendmsg() argument 2 must be an iterable");
        }
        Value items = list_from_iterable(it);
        if (!items) return VNULL;
        size_t n = (size_t)list_size(items), total = 0;
        int *lv = gc_alloc_atomic((n ? n : 1) * 2 * sizeof(int));
        BufferInfo *data = gc_alloc((n ? n : 1) * sizeof(BufferInfo));
        for (size_t i = 0; i < n; i++) {
            Value t = list_get(items, (int64_t)i);
            if (list_check(t)) t = tuple_from_array(list_items(t), list_size(t));   /* any sequence */
            if (!tuple_check(t))
                return err_format(&exc_TypeError, "[sendmsg() ancillary data items]() argument must be tuple, not %s",
                                  type_of(t)->tname);
            if (tuple_size(t) != 3)
                return err_format(&exc_TypeError,
                                  "[sendmsg() ancillary data items]() argument must be sequence of length 3, not %zd",
                                  (ssize_t)tuple_size(t));
            if (to_int(tuple_get(t, 0), &lv[2 * i]) < 0 || to_int(tuple_get(t, 1), &lv[2 * i + 1]) < 0 ||
                buffer_get(tuple_get(t, 2), &data[i], false) < 0)
                return VNULL;
            total += CMSG_SPACE((size_t)data[i].len);
        }
        if (n) {
            char *ctl = gc_alloc_atomic(total);
            memset(ctl, 0, total);
            a.msg.msg_control = ctl;
            a.msg.msg_controllen = total;
            struct cmsghdr *c = CMSG_FIRSTHDR(&a.msg);
            for (size_t i = 0; i < n; i++, c = CMSG_NXTHDR(&a.msg, c)) {
                c->cmsg_level = lv[2 * i];
                c->cmsg_type = lv[2 * i + 1];
                c->cmsg_len = CMSG_LEN((size_t)data[i].len);
                memcpy(CMSG_DATA(c), data[i].data, (size_t)data[i].len);
            }
        }
    }
    a.msg.msg_iov = iov;
    a.msg.msg_iovlen = niov;
    ssize_t r = sock_call(SELF, true, do_sendmsg, &a, sock_deadline(SELF));
    return r < 0 ? VNULL : int_from_i64(r);
}

/* ---- module functions ------------------------------------------------------------- */

/* socketpair(family=AF_UNIX, type=SOCK_STREAM, proto=0) */
static Value m_socketpair(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"socketpair", 3, 0, 0, {"family", "type", "proto", NULL}};
    Value a[3];
    int family, type, proto;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || opt_int(a[0], AF_UNIX, &family) < 0 ||
        opt_int(a[1], SOCK_STREAM, &type) < 0 || opt_int(a[2], 0, &proto) < 0)
        return VNULL;
    int fds[2];
    if (socketpair(family, type | SOCK_CLOEXEC, proto, fds) < 0) return sock_errno(errno);
    Value s0 = sock_new(&sock_type, NULL, 0, VNULL), s1 = sock_new(&sock_type, NULL, 0, VNULL);
    if (sock_setup(SOCK(s0), fds[0], family, type, proto) < 0 || sock_setup(SOCK(s1), fds[1], family, type, proto) < 0)
        return VNULL;   /* the finalizers close both */
    return tuple_pack(2, s0, s1);
}

/* getaddrinfo(host, port, family=0, type=0, proto=0, flags=0) */
static Value m_getaddrinfo(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getaddrinfo", 0, 2, 0, {"host", "port", "family", "type", "proto", "flags", NULL}};
    Value a[6];
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || opt_int(a[2], 0, &hints.ai_family) < 0 ||
        opt_int(a[3], 0, &hints.ai_socktype) < 0 || opt_int(a[4], 0, &hints.ai_protocol) < 0 ||
        opt_int(a[5], 0, &hints.ai_flags) < 0)
        return VNULL;
    char host[1024], port[1024];
    const char *hp = NULL, *pp = NULL;
    if (a[0] != V_NONE) {
        if (!str_check(a[0]) && !bytes_check(a[0]))
            return err_set(&exc_TypeError, "getaddrinfo() argument 1 must be string or None");
        if (host_cstr(a[0], host, sizeof host) < 0) return VNULL;
        hp = host;
    }
    Value p = a[1];
    if (v_is_int(p) || (v_is_ptr(p) && type_of(p) == &int_type)) {
        long l;
        if (to_long(p, &l) < 0) return VNULL;
        snprintf(port, sizeof port, "%ld", l);
        pp = port;
    } else if (str_check(p) || bytes_check(p)) {
        if (str_check(p) && !str_is_ascii(p)) {
            Value enc = str_from_cstr("utf-8");
            p = obj_call_method(p, "encode", &enc, 1);   /* strict: surrogates fail */
            if (!p) return VNULL;
        }
        const char *d = str_check(p) ? str_data(p) : bytes_data(p);
        int64_t n = str_check(p) ? str_nbytes(p) : bytes_size(p);
        if ((size_t)n >= sizeof port || memchr(d, 0, (size_t)n)) return err_set(&exc_OSError, "Int or String expected");
        memcpy(port, d, (size_t)n);
        port[n] = 0;
        pp = port;
    } else if (p != V_NONE)
        return err_set(&exc_OSError, "Int or String expected");
    struct addrinfo *res = NULL;
    bool released = gil_blocking_begin();
    int e = getaddrinfo(hp, pp, &hints, &res);
    gil_blocking_end(released);
    if (e) return raise_gai(e);
    Value list = list_new(0);
    for (struct addrinfo *r = res; r; r = r->ai_next) {
        Value addr = make_sockaddr(r->ai_addr, r->ai_addrlen);
        if (!addr) {
            freeaddrinfo(res);
            return VNULL;
        }
        Value t = tuple_pack(5, v_int(r->ai_family), v_int(r->ai_socktype), v_int(r->ai_protocol),
                             str_from_cstr(r->ai_canonname ? r->ai_canonname : ""), addr);
        list_append(list, t);
    }
    freeaddrinfo(res);
    return list;
}

/* getnameinfo(sockaddr, flags) -> (host, port) */
static Value m_getnameinfo(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getnameinfo", kwnames) < 0 || arg_count("getnameinfo", nargs, 2, 2) < 0) return VNULL;
    Value sa = args[0];
    if (!tuple_check(sa)) return err_set(&exc_TypeError, "getnameinfo() argument 1 must be a tuple");
    int flags;
    if (to_int(args[1], &flags) < 0) return VNULL;
    int64_t n = tuple_size(sa);
    if (n < 2 || n > 4)
        return err_format(&exc_TypeError, "function takes at least 2 arguments (%zd given)", (ssize_t)n);
    char host[1024], port[16];
    int pnum;
    long flow = 0, scope = 0;
    if (host_cstr(tuple_get(sa, 0), host, sizeof host) < 0 || to_int(tuple_get(sa, 1), &pnum) < 0) return VNULL;
    if (n > 2 && to_long(tuple_get(sa, 2), &flow) < 0) return VNULL;
    if (n > 3 && to_long(tuple_get(sa, 3), &scope) < 0) return VNULL;
    if (flow < 0 || flow > 0xfffff) return err_set(&exc_OverflowError, "getnameinfo(): flowinfo must be 0-1048575.");
    snprintf(port, sizeof port, "%d", pnum);
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_DGRAM;
    hints.ai_flags = AI_NUMERICHOST;
    bool released = gil_blocking_begin();
    int e = getaddrinfo(host, port, &hints, &res);
    gil_blocking_end(released);
    if (e) return raise_gai(e);
    if (res->ai_next) {
        freeaddrinfo(res);
        return err_set(&exc_OSError, "sockaddr resolved to multiple addresses");
    }
    SockAddr a;
    memcpy(&a.u, res->ai_addr, res->ai_addrlen);
    a.len = res->ai_addrlen;
    freeaddrinfo(res);
    if (a.u.sa.sa_family == AF_INET) {
        if (n != 2) return err_set(&exc_OSError, "IPv4 sockaddr must be 2 tuple");
    } else if (a.u.sa.sa_family == AF_INET6) {
        a.u.in6.sin6_flowinfo = htonl((uint32_t)flow);
        a.u.in6.sin6_scope_id = (uint32_t)scope;
    }
    char hbuf[NI_MAXHOST], sbuf[NI_MAXSERV];
    released = gil_blocking_begin();
    e = getnameinfo(&a.u.sa, a.len, hbuf, sizeof hbuf, sbuf, sizeof sbuf, flags);
    gil_blocking_end(released);
    if (e) return raise_gai(e);
    return tuple_pack(2, str_from_cstr(hbuf), str_from_cstr(sbuf));
}

static Value m_gethostname(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("gethostname", kwnames) < 0 || arg_count("gethostname", nargs, 0, 0) < 0) return VNULL;
    if (AUDIT("socket.gethostname", 0) < 0) return VNULL;
    char buf[1024];
    if (gethostname(buf, sizeof buf - 1) < 0) return sock_errno(errno);
    buf[sizeof buf - 1] = 0;
    return str_from_cstr(buf);
}

/* the one str argument (a host name) of the gethostby* functions */
static int one_host_arg(const char *fname, Value *args, size_t nargs, Value kwnames, char *host, size_t size) {
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 1, 1) < 0) return -1;
    if (!str_check(args[0]) && !bytes_check(args[0]) && !bytearray_check(args[0])) {
        err_format(&exc_TypeError, "%s() argument 1 must be str, bytes or bytearray, not %s", fname,
                   type_of(args[0])->tname);
        return -1;
    }
    return host_cstr(args[0], host, size);
}

static Value m_gethostbyname(Value *args, size_t nargs, Value kwnames) {
    char host[1024], buf[INET_ADDRSTRLEN];
    SockAddr a;
    if (one_host_arg("gethostbyname", args, nargs, kwnames, host, sizeof host) < 0) return VNULL;
    if (set_ipaddr(host, AF_INET, &a) < 0) return VNULL;
    inet_ntop(AF_INET, &a.u.in4.sin_addr, buf, sizeof buf);
    return str_from_cstr(buf);
}

/* (name, aliases, addresses) of a hostent, as CPython's gethost_common */
static Value hostent_tuple(struct hostent *h, int herr) {
    if (!h) return h_error(herr);
    Value aliases = list_new(0), addrs = list_new(0);
    for (char **p = h->h_aliases; p && *p; p++) list_append(aliases, str_from_cstr(*p));
    char buf[INET6_ADDRSTRLEN];
    for (char **p = h->h_addr_list; p && *p; p++) {
        inet_ntop(h->h_addrtype, *p, buf, sizeof buf);
        list_append(addrs, str_from_cstr(buf));
    }
    return tuple_pack(3, str_from_cstr(h->h_name), aliases, addrs);
}

static Value m_gethostbyname_ex(Value *args, size_t nargs, Value kwnames) {
    char host[1024], work[16384];
    SockAddr a;
    if (one_host_arg("gethostbyname_ex", args, nargs, kwnames, host, sizeof host) < 0) return VNULL;
    if (set_ipaddr(host, AF_INET, &a) < 0) return VNULL;
    struct hostent he, *h = NULL;
    int herr = 0;
    bool released = gil_blocking_begin();
    gethostbyname_r(host, &he, work, sizeof work, &h, &herr);
    gil_blocking_end(released);
    return hostent_tuple(h, herr);
}

static Value m_gethostbyaddr(Value *args, size_t nargs, Value kwnames) {
    char host[1024], work[16384];
    SockAddr a;
    if (one_host_arg("gethostbyaddr", args, nargs, kwnames, host, sizeof host) < 0) return VNULL;
    if (set_ipaddr(host, AF_UNSPEC, &a) < 0) return VNULL;
    const void *ap;
    socklen_t al;
    if (a.u.sa.sa_family == AF_INET6) {
        ap = &a.u.in6.sin6_addr;
        al = sizeof a.u.in6.sin6_addr;
    } else {
        ap = &a.u.in4.sin_addr;
        al = sizeof a.u.in4.sin_addr;
    }
    struct hostent he, *h = NULL;
    int herr = 0;
    bool released = gil_blocking_begin();
    gethostbyaddr_r(ap, al, a.u.sa.sa_family, &he, work, sizeof work, &h, &herr);
    gil_blocking_end(released);
    return hostent_tuple(h, herr);
}

/* getservbyname(servicename[, protocolname]) */
static Value m_getservbyname(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getservbyname", kwnames) < 0 || arg_count("getservbyname", nargs, 1, 2) < 0) return VNULL;
    if (need_str(args[0], "getservbyname", 1) < 0 || (nargs > 1 && need_str(args[1], "getservbyname", 2) < 0))
        return VNULL;
    struct servent se, *r = NULL;
    char work[4096];
    getservbyname_r(str_data(args[0]), nargs > 1 ? str_data(args[1]) : NULL, &se, work, sizeof work, &r);
    if (!r) return err_set(&exc_OSError, "service/proto not found");
    return v_int(ntohs((uint16_t)r->s_port));
}

/* getservbyport(port[, protocolname]) */
static Value m_getservbyport(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getservbyport", kwnames) < 0 || arg_count("getservbyport", nargs, 1, 2) < 0) return VNULL;
    int port;
    if (to_int(args[0], &port) < 0 || (nargs > 1 && need_str(args[1], "getservbyport", 2) < 0)) return VNULL;
    if (port < 0 || port > 0xffff) return err_set(&exc_OverflowError, "getservbyport: port must be 0-65535.");
    struct servent se, *r = NULL;
    char work[4096];
    getservbyport_r(htons((uint16_t)port), nargs > 1 ? str_data(args[1]) : NULL, &se, work, sizeof work, &r);
    if (!r) return err_set(&exc_OSError, "port/proto not found");
    return str_from_cstr(r->s_name);
}

static Value m_getprotobyname(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getprotobyname", kwnames) < 0 || arg_count("getprotobyname", nargs, 1, 1) < 0) return VNULL;
    if (need_str(args[0], "getprotobyname", 1) < 0) return VNULL;
    struct protoent pe, *r = NULL;
    char work[4096];
    getprotobyname_r(str_data(args[0]), &pe, work, sizeof work, &r);
    if (!r) return err_set(&exc_OSError, "protocol not found");
    return v_int(r->p_proto);
}

static Value m_inet_aton(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("inet_aton", kwnames) < 0 || arg_count("inet_aton", nargs, 1, 1) < 0) return VNULL;
    if (need_str(args[0], "inet_aton", 1) < 0) return VNULL;
    struct in_addr in;
    if (!inet_aton(str_data(args[0]), &in))
        return err_set(&exc_OSError, "illegal IP address string passed to inet_aton");
    return bytes_new((const char *)&in, sizeof in);
}

static Value m_inet_ntoa(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("inet_ntoa", kwnames) < 0 || arg_count("inet_ntoa", nargs, 1, 1) < 0) return VNULL;
    BufferInfo b;
    if (buffer_get(args[0], &b, false) < 0) return VNULL;
    if (b.len != 4) return err_set(&exc_OSError, "packed IP wrong length for inet_ntoa");
    char buf[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, b.data, buf, sizeof buf);
    return str_from_cstr(buf);
}

static Value m_inet_pton(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("inet_pton", kwnames) < 0 || arg_count("inet_pton", nargs, 2, 2) < 0) return VNULL;
    int af;
    if (to_int(args[0], &af) < 0 || need_str(args[1], "inet_pton", 2) < 0) return VNULL;
    unsigned char out[sizeof(struct in6_addr)];
    int r = inet_pton(af, str_data(args[1]), out);
    if (r < 0) return sock_errno(errno);
    if (r == 0) return err_set(&exc_OSError, "illegal IP address string passed to inet_pton");
    return bytes_new((const char *)out, af == AF_INET ? 4 : 16);
}

static Value m_inet_ntop(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("inet_ntop", kwnames) < 0 || arg_count("inet_ntop", nargs, 2, 2) < 0) return VNULL;
    int af;
    BufferInfo b;
    if (to_int(args[0], &af) < 0 || buffer_get(args[1], &b, false) < 0) return VNULL;
    if (af == AF_INET) {
        if (b.len != 4) return err_set(&exc_ValueError, "invalid length of packed IP address string");
    } else if (af == AF_INET6) {
        if (b.len != 16) return err_set(&exc_ValueError, "invalid length of packed IP address string");
    } else
        return err_format(&exc_ValueError, "unknown address family %d", af);
    char buf[INET6_ADDRSTRLEN];
    if (!inet_ntop(af, b.data, buf, sizeof buf)) return sock_errno(errno);
    return str_from_cstr(buf);
}

/* htons / ntohs: a 16-bit value byte-swapped */
static Value short_swap(const char *fname, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 1, 1) < 0) return VNULL;
    int x;
    if (to_int(args[0], &x) < 0) return VNULL;
    if (x < 0) return err_format(&exc_OverflowError, "%s: can't convert negative Python int to C 16-bit unsigned integer", fname);
    if (x > 0xffff) return err_format(&exc_OverflowError, "%s: Python int too large to convert to C 16-bit unsigned integer", fname);
    return v_int(htons((uint16_t)x));
}
static Value m_htons(Value *args, size_t nargs, Value kwnames) { return short_swap("htons", args, nargs, kwnames); }
static Value m_ntohs(Value *args, size_t nargs, Value kwnames) { return short_swap("ntohs", args, nargs, kwnames); }

/* htonl / ntohl: a 32-bit value byte-swapped */
static Value long_swap(const char *fname, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 1, 1) < 0) return VNULL;
    Value v = args[0];
    if (!v_is_int(v) && type_of(v) != &int_type && !type_has_flag(type_of(v), TF_INT_SUBCLASS) && type_of(v) != &bool_type)
        return err_format(&exc_TypeError, "expected int, %s found", type_of(v)->tname);
    if (int_sign(v) < 0) return err_set(&exc_OverflowError, "can't convert negative value to unsigned int");
    if (int_compare(v, int_from_i64(0xffffffffLL)) > 0) return err_set(&exc_OverflowError, "int larger than 32 bits");
    return int_from_i64(htonl((uint32_t)int_as_i64(v)));
}
static Value m_htonl(Value *args, size_t nargs, Value kwnames) { return long_swap("htonl", args, nargs, kwnames); }
static Value m_ntohl(Value *args, size_t nargs, Value kwnames) { return long_swap("ntohl", args, nargs, kwnames); }

static Value m_getdefaulttimeout(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getdefaulttimeout", kwnames) < 0 || arg_count("getdefaulttimeout", nargs, 0, 0) < 0) return VNULL;
    return timeout_value(default_timeout);
}

static Value m_setdefaulttimeout(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setdefaulttimeout", kwnames) < 0 || arg_count("setdefaulttimeout", nargs, 1, 1) < 0) return VNULL;
    double t;
    if (parse_timeout(args[0], &t) < 0) return VNULL;
    default_timeout = t;
    return V_NONE;
}

/* dup(fd) and close(fd): socket.py's helpers on raw descriptors */
static Value m_dup(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("dup", kwnames) < 0 || arg_count("dup", nargs, 1, 1) < 0) return VNULL;
    int fd;
    if (to_int(args[0], &fd) < 0) return VNULL;
    int r = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (r < 0) return sock_errno(errno);
    return v_int(r);
}

static Value m_close(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("close", kwnames) < 0 || arg_count("close", nargs, 1, 1) < 0) return VNULL;
    int fd;
    if (to_int(args[0], &fd) < 0) return VNULL;
    return close_fd(fd) < 0 ? VNULL : V_NONE;
}

/* CMSG_LEN / CMSG_SPACE(length) */
static Value cmsg_size(const char *fname, Value *args, size_t nargs, Value kwnames, bool space) {
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 1, 1) < 0) return VNULL;
    long n;
    if (to_long(args[0], &n) < 0) return VNULL;
    /* the result must fit a socklen_t (int-sized, as CPython limits it);
       CMSG_SPACE's bound leaves room for the padding of any length */
    long limit = INT_MAX - (long)(space ? CMSG_SPACE(1) : CMSG_LEN(0));
    if (n < 0 || n > limit) return err_format(&exc_OverflowError, "%s() argument out of range", fname);
    return int_from_i64(space ? (int64_t)CMSG_SPACE((size_t)n) : (int64_t)CMSG_LEN((size_t)n));
}
static Value m_cmsg_len(Value *args, size_t nargs, Value kwnames) { return cmsg_size("CMSG_LEN", args, nargs, kwnames, false); }
static Value m_cmsg_space(Value *args, size_t nargs, Value kwnames) { return cmsg_size("CMSG_SPACE", args, nargs, kwnames, true); }

static Value m_if_nametoindex(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("if_nametoindex", kwnames) < 0 || arg_count("if_nametoindex", nargs, 1, 1) < 0) return VNULL;
    Value b = args[0];
    if (str_check(b)) b = fs_bytes(b);
    if (!b) return VNULL;
    if (!bytes_check(b))
        return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", type_of(args[0])->tname);
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) return err_set(&exc_ValueError, "embedded null byte");
    unsigned idx = if_nametoindex(bytes_data(b));
    if (!idx) return err_set(&exc_OSError, "no interface with this name");
    return int_from_i64(idx);
}

static Value m_if_indextoname(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("if_indextoname", kwnames) < 0 || arg_count("if_indextoname", nargs, 1, 1) < 0) return VNULL;
    if (!v_is_int(args[0]) && type_of(args[0]) != &int_type && !type_has_flag(type_of(args[0]), TF_INT_SUBCLASS))
        return err_set(&exc_TypeError, "an integer is required");
    if (int_sign(args[0]) < 0 || int_compare(args[0], int_from_i64(UINT_MAX)) > 0)
        return err_set(&exc_OverflowError, "index too large");
    char name[IF_NAMESIZE + 1];
    if (!if_indextoname((unsigned)int_as_i64(args[0]), name)) return sock_errno(errno);
    return str_from_cstr(name);
}

static Value m_if_nameindex(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("if_nameindex", kwnames) < 0 || arg_count("if_nameindex", nargs, 0, 0) < 0) return VNULL;
    struct if_nameindex *ni = if_nameindex();
    if (!ni) return sock_errno(errno);
    Value list = list_new(0);
    for (struct if_nameindex *p = ni; p->if_index; p++)
        list_append(list, tuple_pack(2, int_from_i64(p->if_index), str_from_cstr(p->if_name)));
    if_freenameindex(ni);
    return list;
}

/* ---- tables ----------------------------------------------------------------------- */

#define K(n) {#n, (long)(n)}
static const struct {
    const char *name;
    long value;
} sock_constants[] = {
#ifdef AF_ALG
    K(AF_ALG),
#endif
#ifdef AF_APPLETALK
    K(AF_APPLETALK),
#endif
#ifdef AF_ASH
    K(AF_ASH),
#endif
#ifdef AF_ATMPVC
    K(AF_ATMPVC),
#endif
#ifdef AF_ATMSVC
    K(AF_ATMSVC),
#endif
#ifdef AF_AX25
    K(AF_AX25),
#endif
#ifdef AF_BRIDGE
    K(AF_BRIDGE),
#endif
#ifdef AF_CAN
    K(AF_CAN),
#endif
#ifdef AF_ECONET
    K(AF_ECONET),
#endif
#ifdef AF_INET
    K(AF_INET),
#endif
#ifdef AF_INET6
    K(AF_INET6),
#endif
#ifdef AF_IPX
    K(AF_IPX),
#endif
#ifdef AF_IRDA
    K(AF_IRDA),
#endif
#ifdef AF_KEY
    K(AF_KEY),
#endif
#ifdef AF_LLC
    K(AF_LLC),
#endif
#ifdef AF_NETBEUI
    K(AF_NETBEUI),
#endif
#ifdef AF_NETLINK
    K(AF_NETLINK),
#endif
#ifdef AF_NETROM
    K(AF_NETROM),
#endif
#ifdef AF_PACKET
    K(AF_PACKET),
#endif
#ifdef AF_PPPOX
    K(AF_PPPOX),
#endif
#ifdef AF_QIPCRTR
    K(AF_QIPCRTR),
#endif
#ifdef AF_RDS
    K(AF_RDS),
#endif
#ifdef AF_ROSE
    K(AF_ROSE),
#endif
#ifdef AF_ROUTE
    K(AF_ROUTE),
#endif
#ifdef AF_SECURITY
    K(AF_SECURITY),
#endif
#ifdef AF_SNA
    K(AF_SNA),
#endif
#ifdef AF_TIPC
    K(AF_TIPC),
#endif
#ifdef AF_UNIX
    K(AF_UNIX),
#endif
#ifdef AF_UNSPEC
    K(AF_UNSPEC),
#endif
#ifdef AF_VSOCK
    K(AF_VSOCK),
#endif
#ifdef AF_WANPIPE
    K(AF_WANPIPE),
#endif
#ifdef AF_X25
    K(AF_X25),
#endif
#ifdef AI_ADDRCONFIG
    K(AI_ADDRCONFIG),
#endif
#ifdef AI_ALL
    K(AI_ALL),
#endif
#ifdef AI_CANONNAME
    K(AI_CANONNAME),
#endif
#ifdef AI_NUMERICHOST
    K(AI_NUMERICHOST),
#endif
#ifdef AI_NUMERICSERV
    K(AI_NUMERICSERV),
#endif
#ifdef AI_PASSIVE
    K(AI_PASSIVE),
#endif
#ifdef AI_V4MAPPED
    K(AI_V4MAPPED),
#endif
#ifdef ALG_OP_DECRYPT
    K(ALG_OP_DECRYPT),
#endif
#ifdef ALG_OP_ENCRYPT
    K(ALG_OP_ENCRYPT),
#endif
#ifdef ALG_OP_SIGN
    K(ALG_OP_SIGN),
#endif
#ifdef ALG_OP_VERIFY
    K(ALG_OP_VERIFY),
#endif
#ifdef ALG_SET_AEAD_ASSOCLEN
    K(ALG_SET_AEAD_ASSOCLEN),
#endif
#ifdef ALG_SET_AEAD_AUTHSIZE
    K(ALG_SET_AEAD_AUTHSIZE),
#endif
#ifdef ALG_SET_IV
    K(ALG_SET_IV),
#endif
#ifdef ALG_SET_KEY
    K(ALG_SET_KEY),
#endif
#ifdef ALG_SET_OP
    K(ALG_SET_OP),
#endif
#ifdef ALG_SET_PUBKEY
    K(ALG_SET_PUBKEY),
#endif
#ifdef CAN_BCM
    K(CAN_BCM),
#endif
#ifdef CAN_BCM_CAN_FD_FRAME
    K(CAN_BCM_CAN_FD_FRAME),
#endif
#ifdef CAN_BCM_RX_ANNOUNCE_RESUME
    K(CAN_BCM_RX_ANNOUNCE_RESUME),
#endif
#ifdef CAN_BCM_RX_CHANGED
    K(CAN_BCM_RX_CHANGED),
#endif
#ifdef CAN_BCM_RX_CHECK_DLC
    K(CAN_BCM_RX_CHECK_DLC),
#endif
#ifdef CAN_BCM_RX_DELETE
    K(CAN_BCM_RX_DELETE),
#endif
#ifdef CAN_BCM_RX_FILTER_ID
    K(CAN_BCM_RX_FILTER_ID),
#endif
#ifdef CAN_BCM_RX_NO_AUTOTIMER
    K(CAN_BCM_RX_NO_AUTOTIMER),
#endif
#ifdef CAN_BCM_RX_READ
    K(CAN_BCM_RX_READ),
#endif
#ifdef CAN_BCM_RX_RTR_FRAME
    K(CAN_BCM_RX_RTR_FRAME),
#endif
#ifdef CAN_BCM_RX_SETUP
    K(CAN_BCM_RX_SETUP),
#endif
#ifdef CAN_BCM_RX_STATUS
    K(CAN_BCM_RX_STATUS),
#endif
#ifdef CAN_BCM_RX_TIMEOUT
    K(CAN_BCM_RX_TIMEOUT),
#endif
#ifdef CAN_BCM_SETTIMER
    K(CAN_BCM_SETTIMER),
#endif
#ifdef CAN_BCM_STARTTIMER
    K(CAN_BCM_STARTTIMER),
#endif
#ifdef CAN_BCM_TX_ANNOUNCE
    K(CAN_BCM_TX_ANNOUNCE),
#endif
#ifdef CAN_BCM_TX_COUNTEVT
    K(CAN_BCM_TX_COUNTEVT),
#endif
#ifdef CAN_BCM_TX_CP_CAN_ID
    K(CAN_BCM_TX_CP_CAN_ID),
#endif
#ifdef CAN_BCM_TX_DELETE
    K(CAN_BCM_TX_DELETE),
#endif
#ifdef CAN_BCM_TX_EXPIRED
    K(CAN_BCM_TX_EXPIRED),
#endif
#ifdef CAN_BCM_TX_READ
    K(CAN_BCM_TX_READ),
#endif
#ifdef CAN_BCM_TX_RESET_MULTI_IDX
    K(CAN_BCM_TX_RESET_MULTI_IDX),
#endif
#ifdef CAN_BCM_TX_SEND
    K(CAN_BCM_TX_SEND),
#endif
#ifdef CAN_BCM_TX_SETUP
    K(CAN_BCM_TX_SETUP),
#endif
#ifdef CAN_BCM_TX_STATUS
    K(CAN_BCM_TX_STATUS),
#endif
#ifdef CAN_EFF_FLAG
    K(CAN_EFF_FLAG),
#endif
#ifdef CAN_EFF_MASK
    K(CAN_EFF_MASK),
#endif
#ifdef CAN_ERR_FLAG
    K(CAN_ERR_FLAG),
#endif
#ifdef CAN_ERR_MASK
    K(CAN_ERR_MASK),
#endif
#ifdef CAN_ISOTP
    K(CAN_ISOTP),
#endif
#ifdef CAN_J1939
    K(CAN_J1939),
#endif
#ifdef CAN_RAW
    K(CAN_RAW),
#endif
#ifdef CAN_RAW_FD_FRAMES
    K(CAN_RAW_FD_FRAMES),
#endif
#ifdef CAN_RAW_FILTER
    K(CAN_RAW_FILTER),
#endif
#ifdef CAN_RAW_JOIN_FILTERS
    K(CAN_RAW_JOIN_FILTERS),
#endif
#ifdef CAN_RAW_LOOPBACK
    K(CAN_RAW_LOOPBACK),
#endif
#ifdef CAN_RAW_RECV_OWN_MSGS
    K(CAN_RAW_RECV_OWN_MSGS),
#endif
#ifdef CAN_RTR_FLAG
    K(CAN_RTR_FLAG),
#endif
#ifdef CAN_SFF_MASK
    K(CAN_SFF_MASK),
#endif
#ifdef EAI_ADDRFAMILY
    K(EAI_ADDRFAMILY),
#endif
#ifdef EAI_AGAIN
    K(EAI_AGAIN),
#endif
#ifdef EAI_BADFLAGS
    K(EAI_BADFLAGS),
#endif
#ifdef EAI_FAIL
    K(EAI_FAIL),
#endif
#ifdef EAI_FAMILY
    K(EAI_FAMILY),
#endif
#ifdef EAI_MEMORY
    K(EAI_MEMORY),
#endif
#ifdef EAI_NODATA
    K(EAI_NODATA),
#endif
#ifdef EAI_NONAME
    K(EAI_NONAME),
#endif
#ifdef EAI_OVERFLOW
    K(EAI_OVERFLOW),
#endif
#ifdef EAI_SERVICE
    K(EAI_SERVICE),
#endif
#ifdef EAI_SOCKTYPE
    K(EAI_SOCKTYPE),
#endif
#ifdef EAI_SYSTEM
    K(EAI_SYSTEM),
#endif
#ifdef INADDR_ALLHOSTS_GROUP
    K(INADDR_ALLHOSTS_GROUP),
#endif
#ifdef INADDR_ANY
    K(INADDR_ANY),
#endif
#ifdef INADDR_BROADCAST
    K(INADDR_BROADCAST),
#endif
#ifdef INADDR_LOOPBACK
    K(INADDR_LOOPBACK),
#endif
#ifdef INADDR_MAX_LOCAL_GROUP
    K(INADDR_MAX_LOCAL_GROUP),
#endif
#ifdef INADDR_NONE
    K(INADDR_NONE),
#endif
#ifdef INADDR_UNSPEC_GROUP
    K(INADDR_UNSPEC_GROUP),
#endif
#ifdef IOCTL_VM_SOCKETS_GET_LOCAL_CID
    /* _IO(7, 0xb9); the header's form is not a constant expression */
    {"IOCTL_VM_SOCKETS_GET_LOCAL_CID", 1977},
#endif
#ifdef IPPORT_RESERVED
    K(IPPORT_RESERVED),
#endif
#ifdef IPPORT_USERRESERVED
    K(IPPORT_USERRESERVED),
#endif
#ifdef IPPROTO_AH
    K(IPPROTO_AH),
#endif
#ifdef IPPROTO_DSTOPTS
    K(IPPROTO_DSTOPTS),
#endif
#ifdef IPPROTO_EGP
    K(IPPROTO_EGP),
#endif
#ifdef IPPROTO_ESP
    K(IPPROTO_ESP),
#endif
#ifdef IPPROTO_FRAGMENT
    K(IPPROTO_FRAGMENT),
#endif
#ifdef IPPROTO_GRE
    K(IPPROTO_GRE),
#endif
#ifdef IPPROTO_HOPOPTS
    K(IPPROTO_HOPOPTS),
#endif
#ifdef IPPROTO_ICMP
    K(IPPROTO_ICMP),
#endif
#ifdef IPPROTO_ICMPV6
    K(IPPROTO_ICMPV6),
#endif
#ifdef IPPROTO_IDP
    K(IPPROTO_IDP),
#endif
#ifdef IPPROTO_IGMP
    K(IPPROTO_IGMP),
#endif
#ifdef IPPROTO_IP
    K(IPPROTO_IP),
#endif
#ifdef IPPROTO_IPIP
    K(IPPROTO_IPIP),
#endif
#ifdef IPPROTO_IPV6
    K(IPPROTO_IPV6),
#endif
#ifdef IPPROTO_MPTCP
    K(IPPROTO_MPTCP),
#endif
#ifdef IPPROTO_NONE
    K(IPPROTO_NONE),
#endif
#ifdef IPPROTO_PIM
    K(IPPROTO_PIM),
#endif
#ifdef IPPROTO_PUP
    K(IPPROTO_PUP),
#endif
#ifdef IPPROTO_RAW
    K(IPPROTO_RAW),
#endif
#ifdef IPPROTO_ROUTING
    K(IPPROTO_ROUTING),
#endif
#ifdef IPPROTO_RSVP
    K(IPPROTO_RSVP),
#endif
#ifdef IPPROTO_SCTP
    K(IPPROTO_SCTP),
#endif
#ifdef IPPROTO_TCP
    K(IPPROTO_TCP),
#endif
#ifdef IPPROTO_TP
    K(IPPROTO_TP),
#endif
#ifdef IPPROTO_UDP
    K(IPPROTO_UDP),
#endif
#ifdef IPPROTO_UDPLITE
    K(IPPROTO_UDPLITE),
#endif
#ifdef IPV6_CHECKSUM
    K(IPV6_CHECKSUM),
#endif
#ifdef IPV6_DONTFRAG
    K(IPV6_DONTFRAG),
#endif
#ifdef IPV6_DSTOPTS
    K(IPV6_DSTOPTS),
#endif
#ifdef IPV6_HOPLIMIT
    K(IPV6_HOPLIMIT),
#endif
#ifdef IPV6_HOPOPTS
    K(IPV6_HOPOPTS),
#endif
#ifdef IPV6_JOIN_GROUP
    K(IPV6_JOIN_GROUP),
#endif
#ifdef IPV6_LEAVE_GROUP
    K(IPV6_LEAVE_GROUP),
#endif
#ifdef IPV6_MULTICAST_HOPS
    K(IPV6_MULTICAST_HOPS),
#endif
#ifdef IPV6_MULTICAST_IF
    K(IPV6_MULTICAST_IF),
#endif
#ifdef IPV6_MULTICAST_LOOP
    K(IPV6_MULTICAST_LOOP),
#endif
#ifdef IPV6_NEXTHOP
    K(IPV6_NEXTHOP),
#endif
#ifdef IPV6_PATHMTU
    K(IPV6_PATHMTU),
#endif
#ifdef IPV6_PKTINFO
    K(IPV6_PKTINFO),
#endif
#ifdef IPV6_RECVDSTOPTS
    K(IPV6_RECVDSTOPTS),
#endif
#ifdef IPV6_RECVHOPLIMIT
    K(IPV6_RECVHOPLIMIT),
#endif
#ifdef IPV6_RECVHOPOPTS
    K(IPV6_RECVHOPOPTS),
#endif
#ifdef IPV6_RECVPATHMTU
    K(IPV6_RECVPATHMTU),
#endif
#ifdef IPV6_RECVPKTINFO
    K(IPV6_RECVPKTINFO),
#endif
#ifdef IPV6_RECVRTHDR
    K(IPV6_RECVRTHDR),
#endif
#ifdef IPV6_RECVTCLASS
    K(IPV6_RECVTCLASS),
#endif
#ifdef IPV6_RTHDR
    K(IPV6_RTHDR),
#endif
#ifdef IPV6_RTHDRDSTOPTS
    K(IPV6_RTHDRDSTOPTS),
#endif
#ifdef IPV6_RTHDR_TYPE_0
    K(IPV6_RTHDR_TYPE_0),
#endif
#ifdef IPV6_TCLASS
    K(IPV6_TCLASS),
#endif
#ifdef IPV6_UNICAST_HOPS
    K(IPV6_UNICAST_HOPS),
#endif
#ifdef IPV6_V6ONLY
    K(IPV6_V6ONLY),
#endif
#ifdef IP_ADD_MEMBERSHIP
    K(IP_ADD_MEMBERSHIP),
#endif
#ifdef IP_BIND_ADDRESS_NO_PORT
    K(IP_BIND_ADDRESS_NO_PORT),
#endif
#ifdef IP_DEFAULT_MULTICAST_LOOP
    K(IP_DEFAULT_MULTICAST_LOOP),
#endif
#ifdef IP_DEFAULT_MULTICAST_TTL
    K(IP_DEFAULT_MULTICAST_TTL),
#endif
#ifdef IP_DROP_MEMBERSHIP
    K(IP_DROP_MEMBERSHIP),
#endif
#ifdef IP_HDRINCL
    K(IP_HDRINCL),
#endif
#ifdef IP_MAX_MEMBERSHIPS
    K(IP_MAX_MEMBERSHIPS),
#endif
#ifdef IP_MULTICAST_IF
    K(IP_MULTICAST_IF),
#endif
#ifdef IP_MULTICAST_LOOP
    K(IP_MULTICAST_LOOP),
#endif
#ifdef IP_MULTICAST_TTL
    K(IP_MULTICAST_TTL),
#endif
#ifdef IP_OPTIONS
    K(IP_OPTIONS),
#endif
#ifdef IP_RECVOPTS
    K(IP_RECVOPTS),
#endif
#ifdef IP_RECVRETOPTS
    K(IP_RECVRETOPTS),
#endif
#ifdef IP_RECVTOS
    K(IP_RECVTOS),
#endif
#ifdef IP_RETOPTS
    K(IP_RETOPTS),
#endif
#ifdef IP_TOS
    K(IP_TOS),
#endif
#ifdef IP_TRANSPARENT
    K(IP_TRANSPARENT),
#endif
#ifdef IP_TTL
    K(IP_TTL),
#endif
#ifdef J1939_EE_INFO_NONE
    K(J1939_EE_INFO_NONE),
#endif
#ifdef J1939_EE_INFO_TX_ABORT
    K(J1939_EE_INFO_TX_ABORT),
#endif
#ifdef J1939_FILTER_MAX
    K(J1939_FILTER_MAX),
#endif
#ifdef J1939_IDLE_ADDR
    K(J1939_IDLE_ADDR),
#endif
#ifdef J1939_MAX_UNICAST_ADDR
    K(J1939_MAX_UNICAST_ADDR),
#endif
#ifdef J1939_NLA_BYTES_ACKED
    K(J1939_NLA_BYTES_ACKED),
#endif
#ifdef J1939_NLA_PAD
    K(J1939_NLA_PAD),
#endif
#ifdef J1939_NO_ADDR
    K(J1939_NO_ADDR),
#endif
#ifdef J1939_NO_NAME
    K(J1939_NO_NAME),
#endif
#ifdef J1939_NO_PGN
    K(J1939_NO_PGN),
#endif
#ifdef J1939_PGN_ADDRESS_CLAIMED
    K(J1939_PGN_ADDRESS_CLAIMED),
#endif
#ifdef J1939_PGN_ADDRESS_COMMANDED
    K(J1939_PGN_ADDRESS_COMMANDED),
#endif
#ifdef J1939_PGN_MAX
    K(J1939_PGN_MAX),
#endif
#ifdef J1939_PGN_PDU1_MAX
    K(J1939_PGN_PDU1_MAX),
#endif
#ifdef J1939_PGN_REQUEST
    K(J1939_PGN_REQUEST),
#endif
#ifdef MSG_CMSG_CLOEXEC
    K(MSG_CMSG_CLOEXEC),
#endif
#ifdef MSG_CONFIRM
    K(MSG_CONFIRM),
#endif
#ifdef MSG_CTRUNC
    K(MSG_CTRUNC),
#endif
#ifdef MSG_DONTROUTE
    K(MSG_DONTROUTE),
#endif
#ifdef MSG_DONTWAIT
    K(MSG_DONTWAIT),
#endif
#ifdef MSG_EOR
    K(MSG_EOR),
#endif
#ifdef MSG_ERRQUEUE
    K(MSG_ERRQUEUE),
#endif
#ifdef MSG_FASTOPEN
    K(MSG_FASTOPEN),
#endif
#ifdef MSG_MORE
    K(MSG_MORE),
#endif
#ifdef MSG_NOSIGNAL
    K(MSG_NOSIGNAL),
#endif
#ifdef MSG_OOB
    K(MSG_OOB),
#endif
#ifdef MSG_PEEK
    K(MSG_PEEK),
#endif
#ifdef MSG_TRUNC
    K(MSG_TRUNC),
#endif
#ifdef MSG_WAITALL
    K(MSG_WAITALL),
#endif
#ifdef NETLINK_CRYPTO
    K(NETLINK_CRYPTO),
#endif
#ifdef NETLINK_DNRTMSG
    K(NETLINK_DNRTMSG),
#endif
#ifdef NETLINK_FIREWALL
    K(NETLINK_FIREWALL),
#endif
#ifdef NETLINK_IP6_FW
    K(NETLINK_IP6_FW),
#endif
#ifdef NETLINK_NFLOG
    K(NETLINK_NFLOG),
#endif
#ifdef NETLINK_ROUTE
    K(NETLINK_ROUTE),
#endif
#ifdef NETLINK_USERSOCK
    K(NETLINK_USERSOCK),
#endif
#ifdef NETLINK_XFRM
    K(NETLINK_XFRM),
#endif
#ifdef NI_DGRAM
    K(NI_DGRAM),
#endif
#ifdef NI_MAXHOST
    K(NI_MAXHOST),
#endif
#ifdef NI_MAXSERV
    K(NI_MAXSERV),
#endif
#ifdef NI_NAMEREQD
    K(NI_NAMEREQD),
#endif
#ifdef NI_NOFQDN
    K(NI_NOFQDN),
#endif
#ifdef NI_NUMERICHOST
    K(NI_NUMERICHOST),
#endif
#ifdef NI_NUMERICSERV
    K(NI_NUMERICSERV),
#endif
#ifdef PACKET_BROADCAST
    K(PACKET_BROADCAST),
#endif
#ifdef PACKET_FASTROUTE
    K(PACKET_FASTROUTE),
#endif
#ifdef PACKET_HOST
    K(PACKET_HOST),
#endif
#ifdef PACKET_LOOPBACK
    K(PACKET_LOOPBACK),
#endif
#ifdef PACKET_MULTICAST
    K(PACKET_MULTICAST),
#endif
#ifdef PACKET_OTHERHOST
    K(PACKET_OTHERHOST),
#endif
#ifdef PACKET_OUTGOING
    K(PACKET_OUTGOING),
#endif
#ifdef PF_CAN
    K(PF_CAN),
#endif
#ifdef PF_PACKET
    K(PF_PACKET),
#endif
#ifdef PF_RDS
    K(PF_RDS),
#endif
#ifdef SCM_CREDENTIALS
    K(SCM_CREDENTIALS),
#endif
#ifdef SCM_J1939_DEST_ADDR
    K(SCM_J1939_DEST_ADDR),
#endif
#ifdef SCM_J1939_DEST_NAME
    K(SCM_J1939_DEST_NAME),
#endif
#ifdef SCM_J1939_ERRQUEUE
    K(SCM_J1939_ERRQUEUE),
#endif
#ifdef SCM_J1939_PRIO
    K(SCM_J1939_PRIO),
#endif
#ifdef SCM_RIGHTS
    K(SCM_RIGHTS),
#endif
#ifdef SHUT_RD
    K(SHUT_RD),
#endif
#ifdef SHUT_RDWR
    K(SHUT_RDWR),
#endif
#ifdef SHUT_WR
    K(SHUT_WR),
#endif
#ifdef SOCK_CLOEXEC
    K(SOCK_CLOEXEC),
#endif
#ifdef SOCK_DGRAM
    K(SOCK_DGRAM),
#endif
#ifdef SOCK_NONBLOCK
    K(SOCK_NONBLOCK),
#endif
#ifdef SOCK_RAW
    K(SOCK_RAW),
#endif
#ifdef SOCK_RDM
    K(SOCK_RDM),
#endif
#ifdef SOCK_SEQPACKET
    K(SOCK_SEQPACKET),
#endif
#ifdef SOCK_STREAM
    K(SOCK_STREAM),
#endif
#ifdef SOL_ALG
    K(SOL_ALG),
#endif
#ifdef SOL_CAN_BASE
    K(SOL_CAN_BASE),
#endif
#ifdef SOL_CAN_RAW
    K(SOL_CAN_RAW),
#endif
#ifdef SOL_IP
    K(SOL_IP),
#endif
#ifdef SOL_RDS
    K(SOL_RDS),
#endif
#ifdef SOL_SOCKET
    K(SOL_SOCKET),
#endif
#ifdef SOL_TCP
    K(SOL_TCP),
#endif
#ifdef SOL_TIPC
    K(SOL_TIPC),
#endif
#ifdef SOL_UDP
    K(SOL_UDP),
#endif
#ifdef SOMAXCONN
    K(SOMAXCONN),
#endif
#ifdef SO_ACCEPTCONN
    K(SO_ACCEPTCONN),
#endif
#ifdef SO_BINDTODEVICE
    K(SO_BINDTODEVICE),
#endif
#ifdef SO_BROADCAST
    K(SO_BROADCAST),
#endif
#ifdef SO_DEBUG
    K(SO_DEBUG),
#endif
#ifdef SO_DOMAIN
    K(SO_DOMAIN),
#endif
#ifdef SO_DONTROUTE
    K(SO_DONTROUTE),
#endif
#ifdef SO_ERROR
    K(SO_ERROR),
#endif
#ifdef SO_INCOMING_CPU
    K(SO_INCOMING_CPU),
#endif
#ifdef SO_J1939_ERRQUEUE
    K(SO_J1939_ERRQUEUE),
#endif
#ifdef SO_J1939_FILTER
    K(SO_J1939_FILTER),
#endif
#ifdef SO_J1939_PROMISC
    K(SO_J1939_PROMISC),
#endif
#ifdef SO_J1939_SEND_PRIO
    K(SO_J1939_SEND_PRIO),
#endif
#ifdef SO_KEEPALIVE
    K(SO_KEEPALIVE),
#endif
#ifdef SO_LINGER
    K(SO_LINGER),
#endif
#ifdef SO_MARK
    K(SO_MARK),
#endif
#ifdef SO_OOBINLINE
    K(SO_OOBINLINE),
#endif
#ifdef SO_PASSCRED
    K(SO_PASSCRED),
#endif
#ifdef SO_PASSSEC
    K(SO_PASSSEC),
#endif
#ifdef SO_PEERCRED
    K(SO_PEERCRED),
#endif
#ifdef SO_PEERSEC
    K(SO_PEERSEC),
#endif
#ifdef SO_PRIORITY
    K(SO_PRIORITY),
#endif
#ifdef SO_PROTOCOL
    K(SO_PROTOCOL),
#endif
#ifdef SO_RCVBUF
    K(SO_RCVBUF),
#endif
#ifdef SO_RCVLOWAT
    K(SO_RCVLOWAT),
#endif
#ifdef SO_RCVTIMEO
    K(SO_RCVTIMEO),
#endif
#ifdef SO_REUSEADDR
    K(SO_REUSEADDR),
#endif
#ifdef SO_REUSEPORT
    K(SO_REUSEPORT),
#endif
#ifdef SO_SNDBUF
    K(SO_SNDBUF),
#endif
#ifdef SO_SNDLOWAT
    K(SO_SNDLOWAT),
#endif
#ifdef SO_SNDTIMEO
    K(SO_SNDTIMEO),
#endif
#ifdef SO_TYPE
    K(SO_TYPE),
#endif
#ifdef SO_VM_SOCKETS_BUFFER_MAX_SIZE
    K(SO_VM_SOCKETS_BUFFER_MAX_SIZE),
#endif
#ifdef SO_VM_SOCKETS_BUFFER_MIN_SIZE
    K(SO_VM_SOCKETS_BUFFER_MIN_SIZE),
#endif
#ifdef SO_VM_SOCKETS_BUFFER_SIZE
    K(SO_VM_SOCKETS_BUFFER_SIZE),
#endif
#ifdef TCP_CONGESTION
    K(TCP_CONGESTION),
#endif
#ifdef TCP_CORK
    K(TCP_CORK),
#endif
#ifdef TCP_DEFER_ACCEPT
    K(TCP_DEFER_ACCEPT),
#endif
#ifdef TCP_FASTOPEN
    K(TCP_FASTOPEN),
#endif
#ifdef TCP_INFO
    K(TCP_INFO),
#endif
#ifdef TCP_KEEPCNT
    K(TCP_KEEPCNT),
#endif
#ifdef TCP_KEEPIDLE
    K(TCP_KEEPIDLE),
#endif
#ifdef TCP_KEEPINTVL
    K(TCP_KEEPINTVL),
#endif
#ifdef TCP_LINGER2
    K(TCP_LINGER2),
#endif
#ifdef TCP_MAXSEG
    K(TCP_MAXSEG),
#endif
#ifdef TCP_NODELAY
    K(TCP_NODELAY),
#endif
#ifdef TCP_NOTSENT_LOWAT
    K(TCP_NOTSENT_LOWAT),
#endif
#ifdef TCP_QUICKACK
    K(TCP_QUICKACK),
#endif
#ifdef TCP_SYNCNT
    K(TCP_SYNCNT),
#endif
#ifdef TCP_USER_TIMEOUT
    K(TCP_USER_TIMEOUT),
#endif
#ifdef TCP_WINDOW_CLAMP
    K(TCP_WINDOW_CLAMP),
#endif
#ifdef TIPC_ADDR_ID
    K(TIPC_ADDR_ID),
#endif
#ifdef TIPC_ADDR_NAME
    K(TIPC_ADDR_NAME),
#endif
#ifdef TIPC_ADDR_NAMESEQ
    K(TIPC_ADDR_NAMESEQ),
#endif
#ifdef TIPC_CFG_SRV
    K(TIPC_CFG_SRV),
#endif
#ifdef TIPC_CLUSTER_SCOPE
    K(TIPC_CLUSTER_SCOPE),
#endif
#ifdef TIPC_CONN_TIMEOUT
    K(TIPC_CONN_TIMEOUT),
#endif
#ifdef TIPC_CRITICAL_IMPORTANCE
    K(TIPC_CRITICAL_IMPORTANCE),
#endif
#ifdef TIPC_DEST_DROPPABLE
    K(TIPC_DEST_DROPPABLE),
#endif
#ifdef TIPC_HIGH_IMPORTANCE
    K(TIPC_HIGH_IMPORTANCE),
#endif
#ifdef TIPC_IMPORTANCE
    K(TIPC_IMPORTANCE),
#endif
#ifdef TIPC_LOW_IMPORTANCE
    K(TIPC_LOW_IMPORTANCE),
#endif
#ifdef TIPC_MEDIUM_IMPORTANCE
    K(TIPC_MEDIUM_IMPORTANCE),
#endif
#ifdef TIPC_NODE_SCOPE
    K(TIPC_NODE_SCOPE),
#endif
#ifdef TIPC_PUBLISHED
    K(TIPC_PUBLISHED),
#endif
#ifdef TIPC_SRC_DROPPABLE
    K(TIPC_SRC_DROPPABLE),
#endif
#ifdef TIPC_SUBSCR_TIMEOUT
    K(TIPC_SUBSCR_TIMEOUT),
#endif
#ifdef TIPC_SUB_CANCEL
    K(TIPC_SUB_CANCEL),
#endif
#ifdef TIPC_SUB_PORTS
    K(TIPC_SUB_PORTS),
#endif
#ifdef TIPC_SUB_SERVICE
    K(TIPC_SUB_SERVICE),
#endif
#ifdef TIPC_TOP_SRV
    K(TIPC_TOP_SRV),
#endif
#ifdef TIPC_WAIT_FOREVER
    K(TIPC_WAIT_FOREVER),
#endif
#ifdef TIPC_WITHDRAWN
    K(TIPC_WITHDRAWN),
#endif
#ifdef TIPC_ZONE_SCOPE
    K(TIPC_ZONE_SCOPE),
#endif
#ifdef UDPLITE_RECV_CSCOV
    K(UDPLITE_RECV_CSCOV),
#endif
#ifdef UDPLITE_SEND_CSCOV
    K(UDPLITE_SEND_CSCOV),
#endif
#ifdef VMADDR_CID_ANY
    K(VMADDR_CID_ANY),
#endif
#ifdef VMADDR_CID_HOST
    K(VMADDR_CID_HOST),
#endif
#ifdef VMADDR_PORT_ANY
    K(VMADDR_PORT_ANY),
#endif
#ifdef VM_SOCKETS_INVALID_VERSION
    K(VM_SOCKETS_INVALID_VERSION),
#endif
#ifdef AF_DECnet
    K(AF_DECnet),
#endif
};
#undef K

/* constants the headers give as enumerators (no #ifdef can see them), and
 * CPython's names for some that the headers spell otherwise */
static const struct {
    const char *name;
    long value;
} sock_enum_constants[] = {
    {"IPPORT_USERRESERVED", IPPORT_USERRESERVED},
    {"UDPLITE_SEND_CSCOV", 10},   /* linux/udp.h's values; not in glibc */
    {"UDPLITE_RECV_CSCOV", 11},
    {"TIPC_CLUSTER_SCOPE", TIPC_CLUSTER_SCOPE},
    {"TIPC_NODE_SCOPE", TIPC_NODE_SCOPE},
    {"CAN_RAW_FILTER", CAN_RAW_FILTER},
    {"CAN_RAW_LOOPBACK", CAN_RAW_LOOPBACK},
    {"CAN_RAW_RECV_OWN_MSGS", CAN_RAW_RECV_OWN_MSGS},
    {"CAN_RAW_FD_FRAMES", CAN_RAW_FD_FRAMES},
    {"CAN_RAW_JOIN_FILTERS", CAN_RAW_JOIN_FILTERS},
    {"CAN_BCM_TX_SETUP", TX_SETUP},
    {"CAN_BCM_TX_DELETE", TX_DELETE},
    {"CAN_BCM_TX_READ", TX_READ},
    {"CAN_BCM_TX_SEND", TX_SEND},
    {"CAN_BCM_RX_SETUP", RX_SETUP},
    {"CAN_BCM_RX_DELETE", RX_DELETE},
    {"CAN_BCM_RX_READ", RX_READ},
    {"CAN_BCM_TX_STATUS", TX_STATUS},
    {"CAN_BCM_TX_EXPIRED", TX_EXPIRED},
    {"CAN_BCM_RX_STATUS", RX_STATUS},
    {"CAN_BCM_RX_TIMEOUT", RX_TIMEOUT},
    {"CAN_BCM_RX_CHANGED", RX_CHANGED},
    {"CAN_BCM_SETTIMER", SETTIMER},
    {"CAN_BCM_STARTTIMER", STARTTIMER},
    {"CAN_BCM_TX_COUNTEVT", TX_COUNTEVT},
    {"CAN_BCM_TX_ANNOUNCE", TX_ANNOUNCE},
    {"CAN_BCM_TX_CP_CAN_ID", TX_CP_CAN_ID},
    {"CAN_BCM_RX_FILTER_ID", RX_FILTER_ID},
    {"CAN_BCM_RX_CHECK_DLC", RX_CHECK_DLC},
    {"CAN_BCM_RX_NO_AUTOTIMER", RX_NO_AUTOTIMER},
    {"CAN_BCM_RX_ANNOUNCE_RESUME", RX_ANNOUNCE_RESUME},
    {"CAN_BCM_TX_RESET_MULTI_IDX", TX_RESET_MULTI_IDX},
    {"CAN_BCM_RX_RTR_FRAME", RX_RTR_FRAME},
    {"CAN_BCM_CAN_FD_FRAME", CAN_FD_FRAME},
    {"SO_J1939_FILTER", SO_J1939_FILTER},
    {"SO_J1939_PROMISC", SO_J1939_PROMISC},
    {"SO_J1939_SEND_PRIO", SO_J1939_SEND_PRIO},
    {"SO_J1939_ERRQUEUE", SO_J1939_ERRQUEUE},
    {"SCM_J1939_DEST_ADDR", SCM_J1939_DEST_ADDR},
    {"SCM_J1939_DEST_NAME", SCM_J1939_DEST_NAME},
    {"SCM_J1939_PRIO", SCM_J1939_PRIO},
    {"SCM_J1939_ERRQUEUE", SCM_J1939_ERRQUEUE},
    {"J1939_NLA_PAD", J1939_NLA_PAD},
    {"J1939_NLA_BYTES_ACKED", J1939_NLA_BYTES_ACKED},
    {"J1939_EE_INFO_NONE", J1939_EE_INFO_NONE},
    {"J1939_EE_INFO_TX_ABORT", J1939_EE_INFO_TX_ABORT},
#ifdef AF_BLUETOOTH
    {"AF_BLUETOOTH", AF_BLUETOOTH},
    /* BlueZ's values (bluetooth/bluetooth.h, hci.h), as Debian's CPython
       has them; Bluetooth addresses themselves are not supported */
    {"BTPROTO_L2CAP", 0},
    {"BTPROTO_HCI", 1},
    {"BTPROTO_SCO", 2},
    {"BTPROTO_RFCOMM", 3},
    {"SOL_HCI", 0},
    {"HCI_DATA_DIR", 1},
    {"HCI_FILTER", 2},
    {"HCI_TIME_STAMP", 3},
#endif
    /* newer than these headers: the kernel's values */
#ifndef ALG_OP_SIGN
    {"ALG_OP_SIGN", 2},
    {"ALG_OP_VERIFY", 3},
#endif
#ifndef ALG_SET_PUBKEY
    {"ALG_SET_PUBKEY", 6},
#endif
};

static const MethodDef sock_methods[] = {
    {"_accept", s_accept, 0, NULL},
    {"bind", s_bind, 0, NULL},
    {"close", s_close, 0, NULL},
    {"connect", s_connect, 0, NULL},
    {"connect_ex", s_connect_ex, 0, NULL},
    {"detach", s_detach, 0, NULL},
    {"dup", s_dup, 0, NULL},
    {"fileno", s_fileno, 0, NULL},
    {"getblocking", s_getblocking, 0, NULL},
    {"getpeername", s_getpeername, 0, NULL},
    {"getsockname", s_getsockname, 0, NULL},
    {"getsockopt", s_getsockopt, 0, NULL},
    {"gettimeout", s_gettimeout, 0, NULL},
    {"listen", s_listen, 0, NULL},
    {"recv", s_recv, 0, NULL},
    {"recv_into", s_recv_into, MF_KEYWORDS, NULL},
    {"recvfrom", s_recvfrom, 0, NULL},
    {"recvfrom_into", s_recvfrom_into, MF_KEYWORDS, NULL},
    {"recvmsg", s_recvmsg, 0, NULL},
    {"recvmsg_into", s_recvmsg_into, 0, NULL},
    {"send", s_send, 0, NULL},
    {"sendall", s_sendall, 0, NULL},
    {"sendmsg", s_sendmsg, 0, NULL},
    {"sendto", s_sendto, 0, NULL},
    {"setblocking", s_setblocking, 0, NULL},
    {"setsockopt", s_setsockopt, 0, NULL},
    {"settimeout", s_settimeout, 0, NULL},
    {"shutdown", s_shutdown, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef sock_getsets[] = {
    {"family", g_family, NULL, "the socket family"},
    {"type", g_type, NULL, "the socket type"},
    {"proto", g_proto, NULL, "the socket protocol"},
    {"timeout", g_timeout, NULL, "the socket timeout"},
    {NULL, NULL, NULL, NULL},
};

static Type sock_type = {
    .tname = "socket",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(SockObject),
    .repr = sock_repr,
    .new_ = sock_new,
    .init = sock_init,
};

static const MethodDef socket_functions[] = {
    {"socketpair", m_socketpair, MF_KEYWORDS, NULL},
    {"getaddrinfo", m_getaddrinfo, MF_KEYWORDS, NULL},
    {"getnameinfo", m_getnameinfo, 0, NULL},
    {"gethostname", m_gethostname, 0, NULL},
    {"gethostbyname", m_gethostbyname, 0, NULL},
    {"gethostbyname_ex", m_gethostbyname_ex, 0, NULL},
    {"gethostbyaddr", m_gethostbyaddr, 0, NULL},
    {"getservbyname", m_getservbyname, 0, NULL},
    {"getservbyport", m_getservbyport, 0, NULL},
    {"getprotobyname", m_getprotobyname, 0, NULL},
    {"inet_aton", m_inet_aton, 0, NULL},
    {"inet_ntoa", m_inet_ntoa, 0, NULL},
    {"inet_pton", m_inet_pton, 0, NULL},
    {"inet_ntop", m_inet_ntop, 0, NULL},
    {"htons", m_htons, 0, NULL},
    {"ntohs", m_ntohs, 0, NULL},
    {"htonl", m_htonl, 0, NULL},
    {"ntohl", m_ntohl, 0, NULL},
    {"getdefaulttimeout", m_getdefaulttimeout, 0, NULL},
    {"setdefaulttimeout", m_setdefaulttimeout, 0, NULL},
    {"dup", m_dup, 0, NULL},
    {"close", m_close, 0, NULL},
    {"CMSG_LEN", m_cmsg_len, 0, NULL},
    {"CMSG_SPACE", m_cmsg_space, 0, NULL},
    {"if_nametoindex", m_if_nametoindex, 0, NULL},
    {"if_indextoname", m_if_indextoname, 0, NULL},
    {"if_nameindex", m_if_nameindex, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* an OSError subclass of module socket */
static Value os_error_subclass(const char *name) {
    Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_OSError)}, 1);
    Value ns = dict_new();
    dict_set(ns, NAME(__module__), str_from_cstr("socket"));
    return type_new_class(&type_type, str_from_cstr(name), bases, ns, VNULL);
}

Value _socket_module_create(void) {
    if (!(sock_type.flags & TF_READY)) {
        sock_type.name = str_intern_cstr("socket");
        sock_type.module = str_intern_cstr("_socket");
        type_add_methods(&sock_type, sock_methods);
        type_add_getsets(&sock_type, sock_getsets);
        type_ready(&sock_type);
    }
    if (!herror_type) {
        herror_type = os_error_subclass("herror");
        if (!herror_type) return VNULL;
        gaierror_type = os_error_subclass("gaierror");
        if (!gaierror_type) return VNULL;
    }
    Value m = module_new_cstr("_socket");
    module_add_functions(m, socket_functions);
    module_add(m, "socket", V_FROM_PTR(&sock_type));
    module_add(m, "SocketType", V_FROM_PTR(&sock_type));
    module_add(m, "error", V_FROM_PTR(&exc_OSError));
    module_add(m, "timeout", V_FROM_PTR(&exc_TimeoutError));
    module_add(m, "herror", herror_type);
    module_add(m, "gaierror", gaierror_type);
    module_add(m, "has_ipv6", V_TRUE);
    for (size_t i = 0; i < sizeof sock_constants / sizeof sock_constants[0]; i++)
        module_add(m, sock_constants[i].name, int_from_i64(sock_constants[i].value));
    for (size_t i = 0; i < sizeof sock_enum_constants / sizeof sock_enum_constants[0]; i++)
        module_add(m, sock_enum_constants[i].name, int_from_i64(sock_enum_constants[i].value));
    return m;
}
