/* termios.c: the termios module (POSIX tty control: tcgetattr and friends,
 * the window size, the constants), with CPython 3.11's behaviour. Failed
 * calls raise termios.error(errno, strerror), an Exception subclass. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "../runtime.h"
#include "modules.h"
#include "../vm/gil.h"
#include "../vm/pending.h"

static Value termios_error;   /* termios.error */

static Value tty_error(int e) {
    Value args[2] = {v_int(e), str_from_cstr(strerror(e))};
    Value exc = exc_new(V_AS(Type, termios_error), args, 2);
    if (exc) err_set_exc(exc);
    return VNULL;
}

static int int_arg(Value v, int *out) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return -1;
    if (x < INT_MIN || x > INT_MAX) {
        err_set(&exc_OverflowError, x < 0 ? "signed integer is less than minimum" : "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* an unsigned C long attribute field; -1 with an error */
static int flag_arg(Value v, unsigned long *out) {
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return -1;
    *out = (unsigned long)x;
    return 0;
}

static const ArgSpec tm_tcgetattr_spec = {"tcgetattr", 1, 1, 0, {"fd", NULL}};
static Value tm_tcgetattr(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&tm_tcgetattr_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int fd = fd_from_object(a[0]);
    if (fd < 0) return VNULL;
    struct termios t;
    if (tcgetattr(fd, &t) < 0) return tty_error(errno);
    Value cc = list_new(NCCS);
    for (int i = 0; i < NCCS; i++) {
        char c = (char)t.c_cc[i];
        /* in non-canonical mode VMIN and VTIME are counts, not characters */
        if (!(t.c_lflag & ICANON) && (i == VMIN || i == VTIME)) list_append(cc, v_int(t.c_cc[i]));
        else list_append(cc, bytes_new(&c, 1));
    }
    Value v[7] = {int_from_i64(t.c_iflag), int_from_i64(t.c_oflag), int_from_i64(t.c_cflag), int_from_i64(t.c_lflag),
                  int_from_i64(cfgetispeed(&t)), int_from_i64(cfgetospeed(&t)), cc};
    Value l = list_new(7);
    for (int i = 0; i < 7; i++) list_append(l, v[i]);
    return l;
}

static const ArgSpec tm_tcsetattr_spec = {"tcsetattr", 3, 3, 0, {"fd", "when", "attributes", NULL}};
static Value tm_tcsetattr(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&tm_tcsetattr_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int fd = fd_from_object(a[0]), when;
    if (fd < 0 || int_arg(a[1], &when) < 0) return VNULL;
    Value attrs = a[2];
    if (!list_check(attrs) || list_size(attrs) != 7)
        return err_set(&exc_TypeError, "tcsetattr, arg 3: must be 7 element list");
    struct termios t;
    if (tcgetattr(fd, &t) < 0) return tty_error(errno);
    unsigned long f[6];
    for (int i = 0; i < 6; i++)
        if (flag_arg(list_get(attrs, i), &f[i]) < 0) return VNULL;
    Value cc = list_get(attrs, 6);
    if (!list_check(cc) || list_size(cc) != NCCS)
        return err_format(&exc_TypeError, "tcsetattr: attributes[6] must be %d element list", NCCS);
    t.c_iflag = (tcflag_t)f[0];
    t.c_oflag = (tcflag_t)f[1];
    t.c_cflag = (tcflag_t)f[2];
    t.c_lflag = (tcflag_t)f[3];
    for (int i = 0; i < NCCS; i++) {
        Value c = list_get(cc, i);
        if (bytes_check(c) && bytes_size(c) == 1) t.c_cc[i] = (cc_t)bytes_data(c)[0];
        else if (int_check(c)) {
            int x;
            if (int_arg(c, &x) < 0) return VNULL;
            t.c_cc[i] = (cc_t)x;
        } else
            return err_set(&exc_TypeError, "tcsetattr: elements of attributes must be characters or integers");
    }
    if (cfsetispeed(&t, (speed_t)f[4]) < 0 || cfsetospeed(&t, (speed_t)f[5]) < 0) return tty_error(errno);
    if (tcsetattr(fd, when, &t) < 0) return tty_error(errno);
    return V_NONE;
}

/* fd and one int, then a call that may be interrupted (tcdrain waits) */
static Value fd_int_call(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int (*fn)(int, int)) {
    Value a[2] = {VNULL, VNULL};
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    int fd = fd_from_object(a[0]), x = 0;
    if (fd < 0 || (a[1] && int_arg(a[1], &x) < 0)) return VNULL;
    int r;
    for (;;) {
        bool released = gil_blocking_begin();
        r = fn(fd, x);
        int e = errno;
        gil_blocking_end(released);
        if (r == 0) break;
        if (e != EINTR) return tty_error(e);
        if (pending_check() < 0) return VNULL;
    }
    return V_NONE;
}

static int do_drain(int fd, int unused) { return tcdrain(fd); }

static Value tm_tcsendbreak(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tcsendbreak", 2, 2, 0, {"fd", "duration", NULL}};
    return fd_int_call(&spec, args, nargs, kwnames, tcsendbreak);
}
static Value tm_tcdrain(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tcdrain", 1, 1, 0, {"fd", NULL}};
    return fd_int_call(&spec, args, nargs, kwnames, do_drain);
}
static Value tm_tcflush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tcflush", 2, 2, 0, {"fd", "queue", NULL}};
    return fd_int_call(&spec, args, nargs, kwnames, tcflush);
}
static Value tm_tcflow(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tcflow", 2, 2, 0, {"fd", "action", NULL}};
    return fd_int_call(&spec, args, nargs, kwnames, tcflow);
}

static const ArgSpec tm_tcgetwinsize_spec = {"tcgetwinsize", 1, 1, 0, {"fd", NULL}};
static Value tm_tcgetwinsize(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&tm_tcgetwinsize_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int fd = fd_from_object(a[0]);
    if (fd < 0) return VNULL;
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) < 0) return tty_error(errno);
    return tuple_pack(2, v_int(w.ws_row), v_int(w.ws_col));
}

static const ArgSpec tm_tcsetwinsize_spec = {"tcsetwinsize", 2, 2, 0, {"fd", "winsize", NULL}};
static Value tm_tcsetwinsize(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&tm_tcsetwinsize_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int fd = fd_from_object(a[0]);
    if (fd < 0) return VNULL;
    Value ws = a[1];
    if (str_check(ws) || bytes_check(ws) || dict_check(ws) || !obj_getattr_opt(ws, str_intern_cstr("__getitem__")))
        return err_set(&exc_TypeError, "tcsetwinsize, arg 2: must be a two-item sequence");
    int64_t n = obj_len(ws);
    if (n < 0) return VNULL;
    if (n != 2) return err_set(&exc_TypeError, "tcsetwinsize, arg 2: must be a two-item sequence");
    struct winsize w;
    /* the pixel sizes are kept as they are */
    if (ioctl(fd, TIOCGWINSZ, &w) < 0) return tty_error(errno);
    int64_t v[2];
    for (int i = 0; i < 2; i++) {
        Value item = obj_getitem(ws, v_int(i));
        if (!item) return VNULL;
        if (float_check(item)) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        v[i] = index_as_long(item);
        if (v[i] == -1 && err_occurred()) return VNULL;
        if (v[i] < 0 || v[i] > USHRT_MAX)
            return err_set(&exc_OverflowError, "winsize value(s) out of range.");
    }
    w.ws_row = (unsigned short)v[0];
    w.ws_col = (unsigned short)v[1];
    if (ioctl(fd, TIOCSWINSZ, &w) < 0) return tty_error(errno);
    return V_NONE;
}

static const MethodDef termios_functions[] = {
    {"tcgetattr", tm_tcgetattr, MF_KEYWORDS, NULL, &tm_tcgetattr_spec},
    {"tcsetattr", tm_tcsetattr, MF_KEYWORDS, NULL, &tm_tcsetattr_spec},
    {"tcsendbreak", tm_tcsendbreak, MF_KEYWORDS, NULL},
    {"tcdrain", tm_tcdrain, MF_KEYWORDS, NULL},
    {"tcflush", tm_tcflush, MF_KEYWORDS, NULL},
    {"tcflow", tm_tcflow, MF_KEYWORDS, NULL},
    {"tcgetwinsize", tm_tcgetwinsize, MF_KEYWORDS, NULL, &tm_tcgetwinsize_spec},
    {"tcsetwinsize", tm_tcsetwinsize, MF_KEYWORDS, NULL, &tm_tcsetwinsize_spec},
    {NULL, NULL, 0, NULL},
};

Value termios_module_create(void) {
    static const struct {
        const char *name;
        int64_t value;
    } consts[] = {
#ifdef B0
    {"B0", (int64_t)B0},
#endif
#ifdef B1000000
    {"B1000000", (int64_t)B1000000},
#endif
#ifdef B110
    {"B110", (int64_t)B110},
#endif
#ifdef B115200
    {"B115200", (int64_t)B115200},
#endif
#ifdef B1152000
    {"B1152000", (int64_t)B1152000},
#endif
#ifdef B1200
    {"B1200", (int64_t)B1200},
#endif
#ifdef B134
    {"B134", (int64_t)B134},
#endif
#ifdef B150
    {"B150", (int64_t)B150},
#endif
#ifdef B1500000
    {"B1500000", (int64_t)B1500000},
#endif
#ifdef B1800
    {"B1800", (int64_t)B1800},
#endif
#ifdef B19200
    {"B19200", (int64_t)B19200},
#endif
#ifdef B200
    {"B200", (int64_t)B200},
#endif
#ifdef B2000000
    {"B2000000", (int64_t)B2000000},
#endif
#ifdef B230400
    {"B230400", (int64_t)B230400},
#endif
#ifdef B2400
    {"B2400", (int64_t)B2400},
#endif
#ifdef B2500000
    {"B2500000", (int64_t)B2500000},
#endif
#ifdef B300
    {"B300", (int64_t)B300},
#endif
#ifdef B3000000
    {"B3000000", (int64_t)B3000000},
#endif
#ifdef B3500000
    {"B3500000", (int64_t)B3500000},
#endif
#ifdef B38400
    {"B38400", (int64_t)B38400},
#endif
#ifdef B4000000
    {"B4000000", (int64_t)B4000000},
#endif
#ifdef B460800
    {"B460800", (int64_t)B460800},
#endif
#ifdef B4800
    {"B4800", (int64_t)B4800},
#endif
#ifdef B50
    {"B50", (int64_t)B50},
#endif
#ifdef B500000
    {"B500000", (int64_t)B500000},
#endif
#ifdef B57600
    {"B57600", (int64_t)B57600},
#endif
#ifdef B576000
    {"B576000", (int64_t)B576000},
#endif
#ifdef B600
    {"B600", (int64_t)B600},
#endif
#ifdef B75
    {"B75", (int64_t)B75},
#endif
#ifdef B921600
    {"B921600", (int64_t)B921600},
#endif
#ifdef B9600
    {"B9600", (int64_t)B9600},
#endif
#ifdef BRKINT
    {"BRKINT", (int64_t)BRKINT},
#endif
#ifdef BS0
    {"BS0", (int64_t)BS0},
#endif
#ifdef BS1
    {"BS1", (int64_t)BS1},
#endif
#ifdef BSDLY
    {"BSDLY", (int64_t)BSDLY},
#endif
#ifdef CBAUD
    {"CBAUD", (int64_t)CBAUD},
#endif
#ifdef CBAUDEX
    {"CBAUDEX", (int64_t)CBAUDEX},
#endif
#ifdef CDSUSP
    {"CDSUSP", (int64_t)CDSUSP},
#endif
#ifdef CEOF
    {"CEOF", (int64_t)CEOF},
#endif
#ifdef CEOL
    {"CEOL", (int64_t)CEOL},
#endif
#ifdef CEOT
    {"CEOT", (int64_t)CEOT},
#endif
#ifdef CERASE
    {"CERASE", (int64_t)CERASE},
#endif
#ifdef CFLUSH
    {"CFLUSH", (int64_t)CFLUSH},
#endif
#ifdef CIBAUD
    {"CIBAUD", (int64_t)CIBAUD},
#endif
#ifdef CINTR
    {"CINTR", (int64_t)CINTR},
#endif
#ifdef CKILL
    {"CKILL", (int64_t)CKILL},
#endif
#ifdef CLNEXT
    {"CLNEXT", (int64_t)CLNEXT},
#endif
#ifdef CLOCAL
    {"CLOCAL", (int64_t)CLOCAL},
#endif
#ifdef CQUIT
    {"CQUIT", (int64_t)CQUIT},
#endif
#ifdef CR0
    {"CR0", (int64_t)CR0},
#endif
#ifdef CR1
    {"CR1", (int64_t)CR1},
#endif
#ifdef CR2
    {"CR2", (int64_t)CR2},
#endif
#ifdef CR3
    {"CR3", (int64_t)CR3},
#endif
#ifdef CRDLY
    {"CRDLY", (int64_t)CRDLY},
#endif
#ifdef CREAD
    {"CREAD", (int64_t)CREAD},
#endif
#ifdef CRPRNT
    {"CRPRNT", (int64_t)CRPRNT},
#endif
#ifdef CRTSCTS
    {"CRTSCTS", (int64_t)CRTSCTS},
#endif
#ifdef CS5
    {"CS5", (int64_t)CS5},
#endif
#ifdef CS6
    {"CS6", (int64_t)CS6},
#endif
#ifdef CS7
    {"CS7", (int64_t)CS7},
#endif
#ifdef CS8
    {"CS8", (int64_t)CS8},
#endif
#ifdef CSIZE
    {"CSIZE", (int64_t)CSIZE},
#endif
#ifdef CSTART
    {"CSTART", (int64_t)CSTART},
#endif
#ifdef CSTOP
    {"CSTOP", (int64_t)CSTOP},
#endif
#ifdef CSTOPB
    {"CSTOPB", (int64_t)CSTOPB},
#endif
#ifdef CSUSP
    {"CSUSP", (int64_t)CSUSP},
#endif
#ifdef CWERASE
    {"CWERASE", (int64_t)CWERASE},
#endif
#ifdef ECHO
    {"ECHO", (int64_t)ECHO},
#endif
#ifdef ECHOCTL
    {"ECHOCTL", (int64_t)ECHOCTL},
#endif
#ifdef ECHOE
    {"ECHOE", (int64_t)ECHOE},
#endif
#ifdef ECHOK
    {"ECHOK", (int64_t)ECHOK},
#endif
#ifdef ECHOKE
    {"ECHOKE", (int64_t)ECHOKE},
#endif
#ifdef ECHONL
    {"ECHONL", (int64_t)ECHONL},
#endif
#ifdef ECHOPRT
    {"ECHOPRT", (int64_t)ECHOPRT},
#endif
#ifdef EXTA
    {"EXTA", (int64_t)EXTA},
#endif
#ifdef EXTB
    {"EXTB", (int64_t)EXTB},
#endif
#ifdef FF0
    {"FF0", (int64_t)FF0},
#endif
#ifdef FF1
    {"FF1", (int64_t)FF1},
#endif
#ifdef FFDLY
    {"FFDLY", (int64_t)FFDLY},
#endif
#ifdef FIOASYNC
    {"FIOASYNC", (int64_t)FIOASYNC},
#endif
#ifdef FIOCLEX
    {"FIOCLEX", (int64_t)FIOCLEX},
#endif
#ifdef FIONBIO
    {"FIONBIO", (int64_t)FIONBIO},
#endif
#ifdef FIONCLEX
    {"FIONCLEX", (int64_t)FIONCLEX},
#endif
#ifdef FIONREAD
    {"FIONREAD", (int64_t)FIONREAD},
#endif
#ifdef FLUSHO
    {"FLUSHO", (int64_t)FLUSHO},
#endif
#ifdef HUPCL
    {"HUPCL", (int64_t)HUPCL},
#endif
#ifdef ICANON
    {"ICANON", (int64_t)ICANON},
#endif
#ifdef ICRNL
    {"ICRNL", (int64_t)ICRNL},
#endif
#ifdef IEXTEN
    {"IEXTEN", (int64_t)IEXTEN},
#endif
#ifdef IGNBRK
    {"IGNBRK", (int64_t)IGNBRK},
#endif
#ifdef IGNCR
    {"IGNCR", (int64_t)IGNCR},
#endif
#ifdef IGNPAR
    {"IGNPAR", (int64_t)IGNPAR},
#endif
#ifdef IMAXBEL
    {"IMAXBEL", (int64_t)IMAXBEL},
#endif
#ifdef INLCR
    {"INLCR", (int64_t)INLCR},
#endif
#ifdef INPCK
    {"INPCK", (int64_t)INPCK},
#endif
#ifdef IOCSIZE_MASK
    {"IOCSIZE_MASK", (int64_t)IOCSIZE_MASK},
#endif
#ifdef IOCSIZE_SHIFT
    {"IOCSIZE_SHIFT", (int64_t)IOCSIZE_SHIFT},
#endif
#ifdef ISIG
    {"ISIG", (int64_t)ISIG},
#endif
#ifdef ISTRIP
    {"ISTRIP", (int64_t)ISTRIP},
#endif
#ifdef IUCLC
    {"IUCLC", (int64_t)IUCLC},
#endif
#ifdef IXANY
    {"IXANY", (int64_t)IXANY},
#endif
#ifdef IXOFF
    {"IXOFF", (int64_t)IXOFF},
#endif
#ifdef IXON
    {"IXON", (int64_t)IXON},
#endif
#ifdef NCC
    {"NCC", (int64_t)NCC},
#endif
#ifdef NCCS
    {"NCCS", (int64_t)NCCS},
#endif
#ifdef NL0
    {"NL0", (int64_t)NL0},
#endif
#ifdef NL1
    {"NL1", (int64_t)NL1},
#endif
#ifdef NLDLY
    {"NLDLY", (int64_t)NLDLY},
#endif
#ifdef NOFLSH
    {"NOFLSH", (int64_t)NOFLSH},
#endif
#ifdef N_MOUSE
    {"N_MOUSE", (int64_t)N_MOUSE},
#endif
#ifdef N_PPP
    {"N_PPP", (int64_t)N_PPP},
#endif
#ifdef N_SLIP
    {"N_SLIP", (int64_t)N_SLIP},
#endif
#ifdef N_STRIP
    {"N_STRIP", (int64_t)N_STRIP},
#endif
#ifdef N_TTY
    {"N_TTY", (int64_t)N_TTY},
#endif
#ifdef OCRNL
    {"OCRNL", (int64_t)OCRNL},
#endif
#ifdef OFDEL
    {"OFDEL", (int64_t)OFDEL},
#endif
#ifdef OFILL
    {"OFILL", (int64_t)OFILL},
#endif
#ifdef OLCUC
    {"OLCUC", (int64_t)OLCUC},
#endif
#ifdef ONLCR
    {"ONLCR", (int64_t)ONLCR},
#endif
#ifdef ONLRET
    {"ONLRET", (int64_t)ONLRET},
#endif
#ifdef ONOCR
    {"ONOCR", (int64_t)ONOCR},
#endif
#ifdef OPOST
    {"OPOST", (int64_t)OPOST},
#endif
#ifdef PARENB
    {"PARENB", (int64_t)PARENB},
#endif
#ifdef PARMRK
    {"PARMRK", (int64_t)PARMRK},
#endif
#ifdef PARODD
    {"PARODD", (int64_t)PARODD},
#endif
#ifdef PENDIN
    {"PENDIN", (int64_t)PENDIN},
#endif
#ifdef TAB0
    {"TAB0", (int64_t)TAB0},
#endif
#ifdef TAB1
    {"TAB1", (int64_t)TAB1},
#endif
#ifdef TAB2
    {"TAB2", (int64_t)TAB2},
#endif
#ifdef TAB3
    {"TAB3", (int64_t)TAB3},
#endif
#ifdef TABDLY
    {"TABDLY", (int64_t)TABDLY},
#endif
#ifdef TCFLSH
    {"TCFLSH", (int64_t)TCFLSH},
#endif
#ifdef TCGETA
    {"TCGETA", (int64_t)TCGETA},
#endif
#ifdef TCGETS
    {"TCGETS", (int64_t)TCGETS},
#endif
#ifdef TCIFLUSH
    {"TCIFLUSH", (int64_t)TCIFLUSH},
#endif
#ifdef TCIOFF
    {"TCIOFF", (int64_t)TCIOFF},
#endif
#ifdef TCIOFLUSH
    {"TCIOFLUSH", (int64_t)TCIOFLUSH},
#endif
#ifdef TCION
    {"TCION", (int64_t)TCION},
#endif
#ifdef TCOFLUSH
    {"TCOFLUSH", (int64_t)TCOFLUSH},
#endif
#ifdef TCOOFF
    {"TCOOFF", (int64_t)TCOOFF},
#endif
#ifdef TCOON
    {"TCOON", (int64_t)TCOON},
#endif
#ifdef TCSADRAIN
    {"TCSADRAIN", (int64_t)TCSADRAIN},
#endif
#ifdef TCSAFLUSH
    {"TCSAFLUSH", (int64_t)TCSAFLUSH},
#endif
#ifdef TCSANOW
    {"TCSANOW", (int64_t)TCSANOW},
#endif
#ifdef TCSBRK
    {"TCSBRK", (int64_t)TCSBRK},
#endif
#ifdef TCSBRKP
    {"TCSBRKP", (int64_t)TCSBRKP},
#endif
#ifdef TCSETA
    {"TCSETA", (int64_t)TCSETA},
#endif
#ifdef TCSETAF
    {"TCSETAF", (int64_t)TCSETAF},
#endif
#ifdef TCSETAW
    {"TCSETAW", (int64_t)TCSETAW},
#endif
#ifdef TCSETS
    {"TCSETS", (int64_t)TCSETS},
#endif
#ifdef TCSETSF
    {"TCSETSF", (int64_t)TCSETSF},
#endif
#ifdef TCSETSW
    {"TCSETSW", (int64_t)TCSETSW},
#endif
#ifdef TCXONC
    {"TCXONC", (int64_t)TCXONC},
#endif
#ifdef TIOCCONS
    {"TIOCCONS", (int64_t)TIOCCONS},
#endif
#ifdef TIOCEXCL
    {"TIOCEXCL", (int64_t)TIOCEXCL},
#endif
#ifdef TIOCGETD
    {"TIOCGETD", (int64_t)TIOCGETD},
#endif
#ifdef TIOCGICOUNT
    {"TIOCGICOUNT", (int64_t)TIOCGICOUNT},
#endif
#ifdef TIOCGLCKTRMIOS
    {"TIOCGLCKTRMIOS", (int64_t)TIOCGLCKTRMIOS},
#endif
#ifdef TIOCGPGRP
    {"TIOCGPGRP", (int64_t)TIOCGPGRP},
#endif
#ifdef TIOCGSERIAL
    {"TIOCGSERIAL", (int64_t)TIOCGSERIAL},
#endif
#ifdef TIOCGSOFTCAR
    {"TIOCGSOFTCAR", (int64_t)TIOCGSOFTCAR},
#endif
#ifdef TIOCGWINSZ
    {"TIOCGWINSZ", (int64_t)TIOCGWINSZ},
#endif
#ifdef TIOCINQ
    {"TIOCINQ", (int64_t)TIOCINQ},
#endif
#ifdef TIOCLINUX
    {"TIOCLINUX", (int64_t)TIOCLINUX},
#endif
#ifdef TIOCMBIC
    {"TIOCMBIC", (int64_t)TIOCMBIC},
#endif
#ifdef TIOCMBIS
    {"TIOCMBIS", (int64_t)TIOCMBIS},
#endif
#ifdef TIOCMGET
    {"TIOCMGET", (int64_t)TIOCMGET},
#endif
#ifdef TIOCMIWAIT
    {"TIOCMIWAIT", (int64_t)TIOCMIWAIT},
#endif
#ifdef TIOCMSET
    {"TIOCMSET", (int64_t)TIOCMSET},
#endif
#ifdef TIOCM_CAR
    {"TIOCM_CAR", (int64_t)TIOCM_CAR},
#endif
#ifdef TIOCM_CD
    {"TIOCM_CD", (int64_t)TIOCM_CD},
#endif
#ifdef TIOCM_CTS
    {"TIOCM_CTS", (int64_t)TIOCM_CTS},
#endif
#ifdef TIOCM_DSR
    {"TIOCM_DSR", (int64_t)TIOCM_DSR},
#endif
#ifdef TIOCM_DTR
    {"TIOCM_DTR", (int64_t)TIOCM_DTR},
#endif
#ifdef TIOCM_LE
    {"TIOCM_LE", (int64_t)TIOCM_LE},
#endif
#ifdef TIOCM_RI
    {"TIOCM_RI", (int64_t)TIOCM_RI},
#endif
#ifdef TIOCM_RNG
    {"TIOCM_RNG", (int64_t)TIOCM_RNG},
#endif
#ifdef TIOCM_RTS
    {"TIOCM_RTS", (int64_t)TIOCM_RTS},
#endif
#ifdef TIOCM_SR
    {"TIOCM_SR", (int64_t)TIOCM_SR},
#endif
#ifdef TIOCM_ST
    {"TIOCM_ST", (int64_t)TIOCM_ST},
#endif
#ifdef TIOCNOTTY
    {"TIOCNOTTY", (int64_t)TIOCNOTTY},
#endif
#ifdef TIOCNXCL
    {"TIOCNXCL", (int64_t)TIOCNXCL},
#endif
#ifdef TIOCOUTQ
    {"TIOCOUTQ", (int64_t)TIOCOUTQ},
#endif
#ifdef TIOCPKT
    {"TIOCPKT", (int64_t)TIOCPKT},
#endif
#ifdef TIOCPKT_DATA
    {"TIOCPKT_DATA", (int64_t)TIOCPKT_DATA},
#endif
#ifdef TIOCPKT_DOSTOP
    {"TIOCPKT_DOSTOP", (int64_t)TIOCPKT_DOSTOP},
#endif
#ifdef TIOCPKT_FLUSHREAD
    {"TIOCPKT_FLUSHREAD", (int64_t)TIOCPKT_FLUSHREAD},
#endif
#ifdef TIOCPKT_FLUSHWRITE
    {"TIOCPKT_FLUSHWRITE", (int64_t)TIOCPKT_FLUSHWRITE},
#endif
#ifdef TIOCPKT_NOSTOP
    {"TIOCPKT_NOSTOP", (int64_t)TIOCPKT_NOSTOP},
#endif
#ifdef TIOCPKT_START
    {"TIOCPKT_START", (int64_t)TIOCPKT_START},
#endif
#ifdef TIOCPKT_STOP
    {"TIOCPKT_STOP", (int64_t)TIOCPKT_STOP},
#endif
#ifdef TIOCSCTTY
    {"TIOCSCTTY", (int64_t)TIOCSCTTY},
#endif
#ifdef TIOCSERCONFIG
    {"TIOCSERCONFIG", (int64_t)TIOCSERCONFIG},
#endif
#ifdef TIOCSERGETLSR
    {"TIOCSERGETLSR", (int64_t)TIOCSERGETLSR},
#endif
#ifdef TIOCSERGETMULTI
    {"TIOCSERGETMULTI", (int64_t)TIOCSERGETMULTI},
#endif
#ifdef TIOCSERGSTRUCT
    {"TIOCSERGSTRUCT", (int64_t)TIOCSERGSTRUCT},
#endif
#ifdef TIOCSERGWILD
    {"TIOCSERGWILD", (int64_t)TIOCSERGWILD},
#endif
#ifdef TIOCSERSETMULTI
    {"TIOCSERSETMULTI", (int64_t)TIOCSERSETMULTI},
#endif
#ifdef TIOCSERSWILD
    {"TIOCSERSWILD", (int64_t)TIOCSERSWILD},
#endif
#ifdef TIOCSER_TEMT
    {"TIOCSER_TEMT", (int64_t)TIOCSER_TEMT},
#endif
#ifdef TIOCSETD
    {"TIOCSETD", (int64_t)TIOCSETD},
#endif
#ifdef TIOCSLCKTRMIOS
    {"TIOCSLCKTRMIOS", (int64_t)TIOCSLCKTRMIOS},
#endif
#ifdef TIOCSPGRP
    {"TIOCSPGRP", (int64_t)TIOCSPGRP},
#endif
#ifdef TIOCSSERIAL
    {"TIOCSSERIAL", (int64_t)TIOCSSERIAL},
#endif
#ifdef TIOCSSOFTCAR
    {"TIOCSSOFTCAR", (int64_t)TIOCSSOFTCAR},
#endif
#ifdef TIOCSTI
    {"TIOCSTI", (int64_t)TIOCSTI},
#endif
#ifdef TIOCSWINSZ
    {"TIOCSWINSZ", (int64_t)TIOCSWINSZ},
#endif
#ifdef TOSTOP
    {"TOSTOP", (int64_t)TOSTOP},
#endif
#ifdef VDISCARD
    {"VDISCARD", (int64_t)VDISCARD},
#endif
#ifdef VEOF
    {"VEOF", (int64_t)VEOF},
#endif
#ifdef VEOL
    {"VEOL", (int64_t)VEOL},
#endif
#ifdef VEOL2
    {"VEOL2", (int64_t)VEOL2},
#endif
#ifdef VERASE
    {"VERASE", (int64_t)VERASE},
#endif
#ifdef VINTR
    {"VINTR", (int64_t)VINTR},
#endif
#ifdef VKILL
    {"VKILL", (int64_t)VKILL},
#endif
#ifdef VLNEXT
    {"VLNEXT", (int64_t)VLNEXT},
#endif
#ifdef VMIN
    {"VMIN", (int64_t)VMIN},
#endif
#ifdef VQUIT
    {"VQUIT", (int64_t)VQUIT},
#endif
#ifdef VREPRINT
    {"VREPRINT", (int64_t)VREPRINT},
#endif
#ifdef VSTART
    {"VSTART", (int64_t)VSTART},
#endif
#ifdef VSTOP
    {"VSTOP", (int64_t)VSTOP},
#endif
#ifdef VSUSP
    {"VSUSP", (int64_t)VSUSP},
#endif
#ifdef VSWTC
    {"VSWTC", (int64_t)VSWTC},
#endif
#ifdef VSWTCH
    {"VSWTCH", (int64_t)VSWTCH},
#endif
#ifdef VT0
    {"VT0", (int64_t)VT0},
#endif
#ifdef VT1
    {"VT1", (int64_t)VT1},
#endif
#ifdef VTDLY
    {"VTDLY", (int64_t)VTDLY},
#endif
#ifdef VTIME
    {"VTIME", (int64_t)VTIME},
#endif
#ifdef VWERASE
    {"VWERASE", (int64_t)VWERASE},
#endif
#ifdef XCASE
    {"XCASE", (int64_t)XCASE},
#endif
#ifdef XTABS
    {"XTABS", (int64_t)XTABS},
#endif
    };
    if (!termios_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, str_intern_cstr("__module__"), str_from_cstr("termios"));
        termios_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!termios_error) return VNULL;
    }
    Value m = module_new_cstr("termios");
    module_add_functions(m, termios_functions);
    module_add(m, "error", termios_error);
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) module_add(m, consts[i].name, int_from_i64(consts[i].value));
    return m;
}
