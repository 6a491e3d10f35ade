/* _curses.c: the _curses module under the standard library's curses
 * package, on ncursesw, with CPython 3.11's names, argument rules, results
 * and messages.
 *
 * libncursesw (and through it libtinfo, where the terminfo functions and
 * acs_map live) is opened at the first import (dynlib.h), never linked:
 * `tpy -c pass` does not load it. Every call goes through NC().
 *
 * State is the library's: one screen, made by initscr() (or by setupterm()
 * for the terminfo functions only). The module remembers which of
 * setupterm(), initscr() and start_color() ran, and refuses what needs one
 * of them before with _curses.error "must call initscr() first", as
 * CPython does (ncurses would crash or exit instead).
 *
 * Conventions, as CPython's module:
 *   - a library call that returns ERR raises _curses.error "NAME() returned
 *     ERR", NAME the C function's; one returning NULL raises "curses
 *     function returned NULL";
 *   - characters (ch arguments) are an int, a bytes of length 1 or a str of
 *     length 1; a str one becomes a byte through the window's encoding,
 *     except for addch, which draws it as a wide character (cchar_t);
 *     strings are drawn by the wide-character calls when str, by the byte
 *     ones when bytes;
 *   - window methods with optional leading [y, x] groups count their
 *     positional arguments, and are documented by their first doc line
 *     ("addch([y, x,] ch, [attr=_curses.A_NORMAL])"), having no signature.
 */
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "curses_window.h"
#include "../obj/structseq.h"
#include "../util/dynlib.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

/* From term.h, which is not included: it #defines hundreds of lower-case
 * capability names (lines, columns, bell...). */
extern int setupterm(const char *term, int fd, int *errret);

Value sys_get_stream(const char *name);   /* sys.c */

#define CURSES_LIB_API(X)                                                                           \
    X(initscr) X(endwin) X(isendwin) X(setupterm) X(newwin) X(newpad) X(delwin) X(subwin)        \
    X(derwin) X(subpad) X(is_pad) X(start_color) X(has_colors) X(can_change_color)               \
    X(init_extended_pair) X(init_extended_color) X(extended_pair_content)                        \
    X(extended_color_content) X(use_default_colors) X(cbreak) X(nocbreak) X(raw) X(noraw)         \
    X(echo) X(noecho) X(nl) X(nonl) X(curs_set) X(beep) X(flash) X(napms) X(doupdate)            \
    X(baudrate) X(termname) X(longname) X(tigetstr) X(tigetnum) X(tigetflag) X(tparm) X(putp)    \
    X(unctrl) X(keyname) X(def_prog_mode) X(def_shell_mode) X(reset_prog_mode)                   \
    X(reset_shell_mode) X(resetty) X(savetty) X(resizeterm) X(resize_term) X(is_term_resized)    \
    X(has_key) X(ungetch) X(unget_wch) X(getmouse) X(ungetmouse) X(mousemask) X(mouseinterval)   \
    X(halfdelay) X(typeahead) X(filter) X(delay_output) X(erasechar) X(killchar)                 \
    X(set_escdelay) X(set_tabsize) X(curses_version) X(flushinp) X(has_ic) X(has_il)             \
    X(intrflush) X(meta) X(qiflush) X(noqiflush) X(termattrs) X(use_env) X(leaveok)              \
    X(is_leaveok) X(wmove) X(getcury) X(getcurx) X(getbegy) X(getbegx) X(getmaxy) X(getmaxx)     \
    X(getpary) X(getparx) X(waddch) X(mvwaddch) X(wadd_wch) X(mvwadd_wch) X(setcchar)            \
    X(waddnstr) X(mvwaddnstr) X(waddnwstr) X(mvwaddnwstr) X(winsnstr) X(mvwinsnstr)             \
    X(wins_nwstr) X(mvwins_nwstr) X(winsch) X(mvwinsch) X(wattr_get) X(wattr_set)                \
    X(wattron) X(wattroff) X(wattrset) X(wbkgd) X(wbkgdset) X(getbkgd) X(wborder) X(box)        \
    X(whline) X(wvline) X(wchgat) X(mvwchgat) X(touchline) X(wtouchln) X(is_linetouched)         \
    X(is_wintouched) X(wclear) X(werase) X(wclrtobot) X(wclrtoeol) X(wdelch) X(wdeleteln)        \
    X(winsertln) X(winsdelln) X(wrefresh) X(wnoutrefresh) X(prefresh) X(pnoutrefresh)           \
    X(redrawwin) X(wredrawln) X(touchwin) X(untouchwin) X(wstandout) X(wstandend) X(wsyncup)    \
    X(wsyncdown) X(wcursyncup) X(syncok) X(clearok) X(idlok) X(idcok) X(immedok) X(keypad)      \
    X(nodelay) X(notimeout) X(scrollok) X(wtimeout) X(wscrl) X(wsetscrreg) X(wresize) X(mvwin)  \
    X(mvderwin) X(wenclose) X(overlay) X(overwrite) X(copywin) X(putwin) X(getwin) X(wechochar) \
    X(pechochar) X(wgetch) X(wget_wch) X(wgetnstr) X(winch) X(winnstr) X(stdscr) X(newscr)      \
    X(acs_map) X(LINES) X(COLS) X(COLORS) X(COLOR_PAIRS) X(ESCDELAY) X(TABSIZE)
DYNLIB_DEFINE(ncurses, TPY_SONAME_NCURSESW, CURSES_LIB_API)
#define NC(f) (ncurses.f)

static Value curses_error;       /* _curses.error */
static Value curses_module;      /* _curses: initscr and start_color add names */
static bool setupterm_called, initscr_called, start_color_called;
/* the encoding of the screen's window, for the module's functions that
 * convert characters (unctrl, ungetch) */
static char screen_encoding[64] = "utf-8";

/* ---- errors and checks ------------------------------------------------------------------------ */
static Value curses_err(const char *msg) { return err_set(V_AS(Type, curses_error), msg); }

/* None, or _curses.error "fname() returned ERR" when code is ERR */
static Value check_err(int code, const char *fname) {
    if (code != ERR) return V_NONE;
    return err_format(V_AS(Type, curses_error), "%s() returned ERR", fname);
}
static Value null_err(void) { return curses_err("curses function returned NULL"); }

/* false with "must call NAME() first" unless `called` */
static bool must_have_called(bool called, const char *name) {
    if (!called) err_format(V_AS(Type, curses_error), "must call %s() first", name);
    return called;
}
bool curses_initscr_check(void) { return must_have_called(initscr_called, "initscr"); }
#define NEED_INITSCR() \
    if (!must_have_called(initscr_called, "initscr")) return VNULL
#define NEED_COLOR() \
    if (!must_have_called(start_color_called, "start_color")) return VNULL
#define NEED_SETUPTERM() \
    if (!setupterm_called) return curses_err("must call (at least) setupterm() first")

/* ---- argument conversions (CPython's converters and messages) -------------------------------- */
/* the "i" converter, with its messages */
static bool conv_int(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return false;
    if (!v_is_int(i) || v_intval(i) < LONG_MIN || v_intval(i) > LONG_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C long");
        return false;
    }
    if (v_intval(i) > INT_MAX || v_intval(i) < INT_MIN) {
        err_set(&exc_OverflowError, v_intval(i) > 0 ? "signed integer is greater than maximum"
                                                    : "signed integer is less than minimum");
        return false;
    }
    *out = (int)v_intval(i);
    return true;
}
/* the "k" converter: the int's low bits, never an overflow */
static bool conv_mask(Value v, unsigned long *out) {
    if (!int_check(v)) {
        err_format(&exc_TypeError, "an integer is required (got type %s)", type_of(v)->tname);
        return false;
    }
    if (v_is_int(v)) {
        *out = (unsigned long)v_intval(v);
        return true;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    mpz_fdiv_r_2exp(z, z, 64);   /* two's complement low bits, as PyLong_AsUnsignedLongMask */
    *out = mpz_get_ui(z);
    mpz_clear(z);
    return true;
}
static bool conv_long(Value v, long *out) {
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return false;
    *out = (long)x;
    return true;
}
/* n ints from args (each as the "i" converter) */
static bool conv_ints(const Value *args, int n, int *out) {
    for (int i = 0; i < n; i++)
        if (!conv_int(args[i], &out[i])) return false;
    return true;
}
/* the "b" converter: an unsigned char */
static bool conv_ubyte(Value v, int *out) {
    long x;
    if (!conv_long(v, &x)) return false;
    if (x < 0) {
        err_set(&exc_OverflowError, "unsigned byte integer is less than minimum");
        return false;
    }
    if (x > 255) {
        err_set(&exc_OverflowError, "unsigned byte integer is greater than maximum");
        return false;
    }
    *out = (int)x;
    return true;
}

static const char *window_encoding(const CursesWindowObject *w) {
    return w ? str_data(w->encoding) : screen_encoding;
}

/* A character as a chtype (CPython's PyCurses_ConvertToChtype): an exact
 * int, one byte, or one str character that the encoding makes one byte. */
static bool conv_chtype(const CursesWindowObject *w, Value v, chtype *out) {
    long value;
    if (bytes_check(v) && bytes_size(v) == 1) {
        value = (unsigned char)bytes_data(v)[0];
    } else if (str_check(v) && str_len(v) == 1) {
        value = (long)str_char_at(v, 0);
        if (value > 128) {
            Value enc = str_from_cstr(window_encoding(w));
            Value b = obj_call_method(v, "encode", &enc, 1);
            if (!b) return false;
            value = bytes_size(b) == 1 ? (unsigned char)bytes_data(b)[0] : -1;
            if (value < 0) goto overflow;
        }
    } else if (str_check(v)) {
        err_format(&exc_TypeError, "expect bytes or str of length 1, or int, got a str of length %lld",
                   (long long)str_len(v));
        return false;
    } else if (int_check_exact(v)) {
        if (!v_is_int(v)) goto overflow;
        int64_t x = v_intval(v);
        if (x < LONG_MIN || x > LONG_MAX) goto overflow;
        value = (long)x;
    } else {
        err_format(&exc_TypeError, "expect bytes or str of length 1, or int, got %s", type_of(v)->tname);
        return false;
    }
    *out = (chtype)value;
    if ((long)*out != value) goto overflow;
    return true;
overflow:
    err_set(&exc_OverflowError, "byte doesn't fit in chtype");
    return false;
}

/* A character for the wide calls (PyCurses_ConvertToCchar_t): 1 with *ch
 * for bytes and int, 2 with *wch for a str; 0 with the error set. */
static int conv_cchar(Value v, chtype *ch, wchar_t *wch) {
    if (str_check(v)) {
        if (str_len(v) != 1) {
            err_format(&exc_TypeError, "expect bytes or str of length 1, or int, got a str of length %lld",
                       (long long)str_len(v));
            return 0;
        }
        *wch = (wchar_t)str_char_at(v, 0);
        return 2;
    }
    if (bytes_check(v) && bytes_size(v) == 1) {
        *ch = (unsigned char)bytes_data(v)[0];
        return 1;
    }
    if (int_check_exact(v)) {
        if (!v_is_int(v) || v_intval(v) < LONG_MIN || v_intval(v) > LONG_MAX) {
            err_set(&exc_OverflowError, "int doesn't fit in long");
            return 0;
        }
        long value = (long)v_intval(v);
        *ch = (chtype)value;
        if ((long)*ch != value) {
            err_set(&exc_OverflowError, "byte doesn't fit in chtype");
            return 0;
        }
        return 1;
    }
    err_format(&exc_TypeError, "expect bytes or str of length 1, or int, got %s", type_of(v)->tname);
    return 0;
}

/* A string for the string calls (PyCurses_ConvertToString): 1 with the
 * bytes' chars in *bytes, 2 with the str's wide characters (NUL-ended) in
 * *wide, 0 with the error set. Embedded NULs are refused. A str of fewer
 * than `room` characters goes to `buf` (the caller's stack: most strings
 * drawn are short, and collected memory for each would cost more than the
 * drawing), a longer one to collected memory. */
static int conv_string(Value v, wchar_t *buf, int64_t room, const char **bytes, wchar_t **wide, int64_t *len) {
    if (str_check(v)) {
        int64_t n = str_len(v);
        wchar_t *w = n < room ? buf : gc_alloc_atomic((size_t)(n + 1) * sizeof(wchar_t));
        const char *p = str_data(v);
        for (int64_t i = 0; i < n; i++) {
            int k;
            w[i] = (wchar_t)utf8_decode(p, &k);
            p += k;
            if (w[i] == 0) {
                err_set(&exc_ValueError, "embedded null character");
                return 0;
            }
        }
        w[n] = 0;
        *wide = w;
        *len = n;
        return 2;
    }
    if (bytes_check(v)) {
        if (memchr(bytes_data(v), 0, (size_t)bytes_size(v))) {
            err_set(&exc_ValueError, "embedded null byte");
            return 0;
        }
        *bytes = bytes_data(v);
        *len = bytes_size(v);
        return 1;
    }
    err_format(&exc_TypeError, "expect bytes or str, got %s", type_of(v)->tname);
    return 0;
}

/* A character for unget_wch (PyCurses_ConvertToWchar_t). */
static bool conv_wchar(Value v, wchar_t *out) {
    if (str_check(v)) {
        if (str_len(v) != 1) {
            err_format(&exc_TypeError, "expect str of length 1 or int, got a str of length %lld",
                       (long long)str_len(v));
            return false;
        }
        *out = (wchar_t)str_char_at(v, 0);
        return true;
    }
    if (int_check_exact(v)) {
        if (!v_is_int(v) || v_intval(v) < LONG_MIN || v_intval(v) > LONG_MAX) {
            err_set(&exc_OverflowError, "int doesn't fit in long");
            return false;
        }
        *out = (wchar_t)v_intval(v);
        if ((long)*out != (long)v_intval(v)) {
            err_set(&exc_OverflowError, "character doesn't fit in wchar_t");
            return false;
        }
        return true;
    }
    err_format(&exc_TypeError, "expect str of length 1 or int, got %s", type_of(v)->tname);
    return false;
}

/* Color numbers, pairs and components: CPython's color_converter family */
static bool conv_color_allow_default(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return false;
    int colors = *NC(COLORS);
    if (int_sign(i) > 0 && (!v_is_int(i) || v_intval(i) >= colors)) {
        err_format(&exc_ValueError, "Color number is greater than COLORS-1 (%d).", colors - 1);
        return false;
    }
    *out = int_sign(i) < 0 ? -1 : (int)v_intval(i);
    return true;
}
static bool conv_color(Value v, int *out) {
    if (!conv_color_allow_default(v, out)) return false;
    if (*out < 0) {
        err_set(&exc_ValueError, "Color number is less than 0.");
        return false;
    }
    return true;
}
static bool conv_pair(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return false;
    if (int_sign(i) > 0 && (!v_is_int(i) || v_intval(i) > INT_MAX)) {
        err_format(&exc_ValueError, "Color pair is greater than maximum (%d).", INT_MAX);
        return false;
    }
    if (int_sign(i) < 0) {
        err_set(&exc_ValueError, "Color pair is less than 0.");
        return false;
    }
    *out = (int)v_intval(i);
    return true;
}
static bool conv_component(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return false;
    if (int_sign(i) > 0 && (!v_is_int(i) || v_intval(i) > 1000)) {
        err_set(&exc_ValueError, "Color component is greater than 1000");
        return false;
    }
    if (int_sign(i) < 0) {
        err_set(&exc_ValueError, "Color component is less than 0");
        return false;
    }
    *out = (int)v_intval(i);
    return true;
}

/* arg_count with Argument Clinic's names: a function of no or one
 * argument is named with its module or class ("_curses.baudrate() takes no
 * arguments"), the others by their name alone ("init_pair expected 3
 * arguments, got 2") */
static int arity(const char *owner, const char *name, size_t nargs, size_t min, size_t max) {
    if (min != max || min > 1) return arg_count(name, nargs, min, max);
    char qualname[64];
    snprintf(qualname, sizeof qualname, "%s.%s", owner, name);
    return arg_count(qualname, nargs, min, max);
}
#define mod_args(name, nargs, min, max) arity("_curses", name, nargs, min, max)
#define win_args(name, nargs, min, max) arity("window", name, nargs, min, max)

/* TypeError for a method with optional groups called with a count it does
 * not take: "_curses.window.addch requires 1 to 4 arguments" */
static Value group_count_error(const char *qualname, int min, int max) {
    return err_format(&exc_TypeError, "%s requires %d to %d arguments", qualname, min, max);
}

/* ---- the window type --------------------------------------------------------------------------- */
static void window_delete(CursesWindowObject *w) {
    if (w->win && w->win != *NC(stdscr)) NC(delwin)(w->win);
    w->win = NULL;
    if (w->parent) curses_window_release(w->parent);
}
static void window_finalize(void *obj) {
    CursesWindowObject *w = obj;
    w->finalized = true;
    if (w->holders == 0) window_delete(w);
}
void curses_window_hold(Value v) { V_AS(CursesWindowObject, v)->holders++; }
void curses_window_release(Value v) {
    CursesWindowObject *w = V_AS(CursesWindowObject, v);
    if (--w->holders == 0 && w->finalized) window_delete(w);
}

/* A window object for win, with the locale's encoding unless given. */
static Value window_new(WINDOW *win, const char *encoding, Value parent) {
    if (!encoding) {
        const char *codeset = nl_langinfo(CODESET);
        encoding = codeset && codeset[0] ? codeset : "utf-8";
    }
    CursesWindowObject *w = (CursesWindowObject *)obj_alloc(&curses_window_type, sizeof *w);
    w->win = win;
    w->encoding = str_from_cstr(encoding);
    w->parent = parent;
    w->holders = 0;
    w->finalized = false;
    if (parent) curses_window_hold(parent);
    gc_register_finalizer(w, window_finalize);
    return V_FROM_PTR(w);
}

#define SELF(args) V_AS(CursesWindowObject, (args)[0])
#define WIN(args) (SELF(args)->win)
/* the positional arguments after self */
#define NPOS ((int)nargs - 1)

/* addch([y, x,] ch, [attr]) */
static Value win_addch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n < 1 || n > 4) return group_count_error("_curses.window.addch", 1, 4);
    bool yx = n >= 3;
    int yxv[2] = {0, 0};
    if (yx && !conv_ints(args + 1, 2, yxv)) return VNULL;
    Value *rest = args + 1 + (yx ? 2 : 0);
    long attr = A_NORMAL;
    if ((n == 2 || n == 4) && !conv_long(rest[1], &attr)) return VNULL;
    chtype ch = 0;
    wchar_t wstr[2] = {0, 0};
    int kind = conv_cchar(rest[0], &ch, &wstr[0]);
    if (!kind) return VNULL;
    WINDOW *win = WIN(args);
    if (kind == 2) {
        cchar_t wcval;
        NC(setcchar)(&wcval, wstr, (attr_t)attr, (short)PAIR_NUMBER(attr), NULL);
        int r = yx ? NC(mvwadd_wch)(win, yxv[0], yxv[1], &wcval) : NC(wadd_wch)(win, &wcval);
        return check_err(r, "add_wch");
    }
    int r = yx ? NC(mvwaddch)(win, yxv[0], yxv[1], ch | (attr_t)attr) : NC(waddch)(win, ch | (attr_t)attr);
    return check_err(r, "addch");
}

/* addstr/addnstr/insstr/insnstr: [y, x,] str, [n,] [attr] */
static Value win_string_op(Value *args, size_t nargs, const char *qualname, bool insert, bool counted) {
    int n = NPOS, base = counted ? 2 : 1;
    if (n < base || n > base + 3) return group_count_error(qualname, base, base + 3);
    bool yx = n >= base + 2;
    int yxv[2] = {0, 0};
    if (yx && !conv_ints(args + 1, 2, yxv)) return VNULL;
    Value *rest = args + 1 + (yx ? 2 : 0);
    int count = -1;
    if (counted && !conv_int(rest[1], &count)) return VNULL;
    bool has_attr = n - (yx ? 2 : 0) == base + 1;
    long attr = 0;
    if (has_attr && !conv_long(rest[base], &attr)) return VNULL;
    const char *bytes = NULL;
    wchar_t *wide = NULL;
    int64_t len;
    wchar_t buf[256];
    int kind = conv_string(rest[0], buf, 256, &bytes, &wide, &len);
    if (!kind) return VNULL;
    WINDOW *win = WIN(args);
    attr_t old_attr = 0;
    short old_pair = 0;
    if (has_attr) {
        NC(wattr_get)(win, &old_attr, &old_pair, NULL);
        NC(wattrset)(win, (int)attr);
    }
    int r;
    const char *fname;
    if (kind == 2) {
        if (insert) {
            fname = counted ? "insn_wstr" : "ins_wstr";
            r = yx ? NC(mvwins_nwstr)(win, yxv[0], yxv[1], wide, count) : NC(wins_nwstr)(win, wide, count);
        } else {
            fname = counted ? "addnwstr" : "addwstr";
            r = yx ? NC(mvwaddnwstr)(win, yxv[0], yxv[1], wide, count) : NC(waddnwstr)(win, wide, count);
        }
    } else {
        if (insert) {
            fname = counted ? "insnstr" : "insstr";
            r = yx ? NC(mvwinsnstr)(win, yxv[0], yxv[1], bytes, count) : NC(winsnstr)(win, bytes, count);
        } else {
            fname = counted ? "addnstr" : "addstr";
            r = yx ? NC(mvwaddnstr)(win, yxv[0], yxv[1], bytes, count) : NC(waddnstr)(win, bytes, count);
        }
    }
    if (has_attr) NC(wattr_set)(win, old_attr, old_pair, NULL);
    return check_err(r, fname);
}
static Value win_addstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_string_op(args, nargs, "_curses.window.addstr", false, false);
}
static Value win_addnstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_string_op(args, nargs, "_curses.window.addnstr", false, true);
}
static Value win_insstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_string_op(args, nargs, "_curses.window.insstr", true, false);
}
static Value win_insnstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_string_op(args, nargs, "_curses.window.insnstr", true, true);
}

/* insch([y, x,] ch, [attr]) */
static Value win_insch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n < 1 || n > 4) return group_count_error("_curses.window.insch", 1, 4);
    bool yx = n >= 3;
    int yxv[2] = {0, 0};
    if (yx && !conv_ints(args + 1, 2, yxv)) return VNULL;
    Value *rest = args + 1 + (yx ? 2 : 0);
    long attr = A_NORMAL;
    if ((n == 2 || n == 4) && !conv_long(rest[1], &attr)) return VNULL;
    chtype ch;
    if (!conv_chtype(SELF(args), rest[0], &ch)) return VNULL;
    WINDOW *win = WIN(args);
    int r = yx ? NC(mvwinsch)(win, yxv[0], yxv[1], ch | (attr_t)attr) : NC(winsch)(win, ch | (attr_t)attr);
    return check_err(r, "insch");
}

/* echochar(ch, [attr]) */
static Value win_echochar(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (win_args("echochar", (size_t)n, 1, 2) < 0) return VNULL;
    long attr = A_NORMAL;
    if (n == 2 && !conv_long(args[2], &attr)) return VNULL;
    chtype ch;
    if (!conv_chtype(SELF(args), args[1], &ch)) return VNULL;
    WINDOW *win = WIN(args);
    int r = NC(is_pad)(win) ? NC(pechochar)(win, ch | (attr_t)attr) : NC(wechochar)(win, ch | (attr_t)attr);
    return check_err(r, "echochar");
}

/* attron/attroff/attrset(attr) */
static Value win_attr_op(Value *args, size_t nargs, const char *name, int op) {
    if (win_args(name, nargs - 1, 1, 1) < 0) return VNULL;
    long attr;
    if (!conv_long(args[1], &attr)) return VNULL;
    WINDOW *win = WIN(args);
    int r = op == 0 ? NC(wattron)(win, (int)attr) : op == 1 ? NC(wattroff)(win, (int)attr) : NC(wattrset)(win, (int)attr);
    return check_err(r, name);
}
static Value win_attron(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_attr_op(args, nargs, "attron", 0);
}
static Value win_attroff(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_attr_op(args, nargs, "attroff", 1);
}
static Value win_attrset(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_attr_op(args, nargs, "attrset", 2);
}

/* bkgd(ch, attr=A_NORMAL) and bkgdset(ch, attr=A_NORMAL) */
static Value win_bkgd_op(Value *args, size_t nargs, bool set) {
    const char *name = set ? "bkgdset" : "bkgd";
    if (win_args(name, nargs - 1, 1, 2) < 0) return VNULL;
    long attr = A_NORMAL;
    if (nargs == 3 && !conv_long(args[2], &attr)) return VNULL;
    chtype ch;
    if (!conv_chtype(SELF(args), args[1], &ch)) return VNULL;
    if (set) {
        NC(wbkgdset)(WIN(args), ch | (attr_t)attr);
        return V_NONE;
    }
    return check_err(NC(wbkgd)(WIN(args), ch | (attr_t)attr), "bkgd");
}
static Value win_bkgd(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_bkgd_op(args, nargs, false);
}
static Value win_bkgdset(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_bkgd_op(args, nargs, true);
}

/* border([ls[, rs[, ts[, bs[, tl[, tr[, bl[, br]]]]]]]]): 0 draws the default */
static Value win_border(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("border", nargs - 1, 0, 8) < 0) return VNULL;
    chtype ch[8] = {0};
    for (size_t i = 1; i < nargs; i++)
        if (!conv_chtype(SELF(args), args[i], &ch[i - 1])) return VNULL;
    NC(wborder)(WIN(args), ch[0], ch[1], ch[2], ch[3], ch[4], ch[5], ch[6], ch[7]);
    return V_NONE;
}

/* box([verch=0, horch=0]) */
static Value win_box(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n != 0 && n != 2) return group_count_error("_curses.window.box", 0, 2);
    chtype v = 0, h = 0;
    if (n == 2 && (!conv_chtype(SELF(args), args[1], &v) || !conv_chtype(SELF(args), args[2], &h))) return VNULL;
    NC(box)(WIN(args), v, h);
    return V_NONE;
}

/* hline/vline([y, x,] ch, n, [attr]) */
static Value win_line(Value *args, size_t nargs, bool vertical) {
    int n = NPOS;
    if (n < 2 || n > 5) return group_count_error(vertical ? "_curses.window.vline" : "_curses.window.hline", 2, 5);
    bool yx = n >= 4;
    int yxv[2] = {0, 0};
    if (yx && !conv_ints(args + 1, 2, yxv)) return VNULL;
    Value *rest = args + 1 + (yx ? 2 : 0);
    int count;
    if (!conv_int(rest[1], &count)) return VNULL;
    long attr = A_NORMAL;
    if ((n == 3 || n == 5) && !conv_long(rest[2], &attr)) return VNULL;
    chtype ch;
    if (!conv_chtype(SELF(args), rest[0], &ch)) return VNULL;
    WINDOW *win = WIN(args);
    if (yx && NC(wmove)(win, yxv[0], yxv[1]) == ERR) return check_err(ERR, "wmove");
    int r = vertical ? NC(wvline)(win, ch | (attr_t)attr, count) : NC(whline)(win, ch | (attr_t)attr, count);
    return check_err(r, vertical ? "vline" : "hline");
}
static Value win_hline(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_line(args, nargs, false);
}
static Value win_vline(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_line(args, nargs, true);
}

/* chgat([y, x,] [n=-1,] attr) */
static Value win_chgat(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n < 1 || n > 4) return err_set(&exc_TypeError, "chgat requires 1 to 4 arguments");
    int ints[3] = {0, 0, -1};
    int nints = n - 1;
    /* 2 args: n, attr; 3: y, x, attr; 4: y, x, n, attr */
    if (!conv_ints(args + 1, nints, ints)) return VNULL;
    long attr;
    if (!conv_long(args[n], &attr)) return VNULL;
    int y, x, num = -1;
    bool yx = n >= 3;
    if (n == 2) num = ints[0];
    if (n == 4) num = ints[2];
    WINDOW *win = WIN(args);
    short color = (short)((attr >> 8) & 0xff);
    attr_t a = (attr_t)(attr - ((long)color << 8));
    int r;
    if (yx) {
        y = ints[0];
        x = ints[1];
        r = NC(mvwchgat)(win, y, x, num, a, color, NULL);
    } else {
        y = NC(getcury)(win);
        r = NC(wchgat)(win, num, a, color, NULL);
    }
    NC(touchline)(win, y, 1);
    return check_err(r, "chgat");
}

/* delch([y, x]) */
static Value win_delch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n != 0 && n != 2) return group_count_error("_curses.window.delch", 0, 2);
    WINDOW *win = WIN(args);
    if (n == 0) return check_err(NC(wdelch)(win), "wdelch");
    int yx[2];
    if (!conv_ints(args + 1, 2, yx)) return VNULL;
    if (NC(wmove)(win, yx[0], yx[1]) == ERR) return check_err(ERR, "mvwdelch");
    return check_err(NC(wdelch)(win), "mvwdelch");
}

/* getch/getkey/get_wch([y, x]): they block, without the interpreter lock */
static bool read_yx(Value *args, size_t nargs, const char *qualname, int yx[2], bool *given) {
    int n = NPOS;
    if (n != 0 && n != 2) {
        group_count_error(qualname, 0, 2);
        return false;
    }
    *given = n == 2;
    return !*given || conv_ints(args + 1, 2, yx);
}
static int blocking_getch(WINDOW *win, bool move, int y, int x) {
    bool released = gil_blocking_begin();
    int r = move && NC(wmove)(win, y, x) == ERR ? ERR : NC(wgetch)(win);
    gil_blocking_end(released);
    return r;
}
static Value win_getch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int yx[2] = {0, 0};
    bool given;
    if (!read_yx(args, nargs, "_curses.window.getch", yx, &given)) return VNULL;
    return v_int(blocking_getch(WIN(args), given, yx[0], yx[1]));
}
static Value win_getkey(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int yx[2] = {0, 0};
    bool given;
    if (!read_yx(args, nargs, "_curses.window.getkey", yx, &given)) return VNULL;
    int r = blocking_getch(WIN(args), given, yx[0], yx[1]);
    if (r == ERR) {
        /* getch() returns ERR in nodelay mode, or when a signal came */
        if (pending_check() < 0) return VNULL;
        return curses_err("no input");
    }
    if (r <= 255) return str_from_codepoint((uint32_t)r);
    const char *name = NC(keyname)(r);
    return str_from_cstr(name ? name : "");
}
static Value win_get_wch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int yx[2] = {0, 0};
    bool given;
    if (!read_yx(args, nargs, "_curses.window.get_wch", yx, &given)) return VNULL;
    WINDOW *win = WIN(args);
    wint_t ch = 0;
    bool released = gil_blocking_begin();
    int r = given && NC(wmove)(win, yx[0], yx[1]) == ERR ? ERR : NC(wget_wch)(win, &ch);
    gil_blocking_end(released);
    if (r == ERR) {
        if (pending_check() < 0) return VNULL;
        return curses_err("no input");
    }
    if (r == KEY_CODE_YES) return v_int((int64_t)ch);
    return str_from_codepoint((uint32_t)ch);
}

/* getstr/instr([y, x,] n=1023): at most 1023 bytes */
enum { STR_MAX = 1023 };
static bool read_yx_n(Value *args, size_t nargs, const char *name, int *y, int *x, int *n, bool *yx) {
    int c = NPOS, v[3];
    if (c > 3) {
        /* (sic: CPython 3.11's instr says "0 or 3") */
        err_format(&exc_TypeError, "%s requires 0 %s 3 arguments", name, strcmp(name, "instr") ? "to" : "or");
        return false;
    }
    if (!conv_ints(args + 1, c, v)) return false;
    *yx = c >= 2;
    *n = STR_MAX;
    if (c == 1) *n = v[0];
    if (c >= 2) {
        *y = v[0];
        *x = v[1];
    }
    if (c == 3) *n = v[2];
    if (*n < 0) {
        err_set(&exc_ValueError, "'n' must be nonnegative");
        return false;
    }
    if (*n > STR_MAX) *n = STR_MAX;
    return true;
}
static Value win_getstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int y = 0, x = 0, n;
    bool yx;
    if (!read_yx_n(args, nargs, "getstr", &y, &x, &n, &yx)) return VNULL;
    char buf[STR_MAX + 1];
    WINDOW *win = WIN(args);
    bool released = gil_blocking_begin();
    int r = yx && NC(wmove)(win, y, x) == ERR ? ERR : NC(wgetnstr)(win, buf, n);
    gil_blocking_end(released);
    if (r == ERR) buf[0] = 0;
    return bytes_new(buf, strlen(buf));
}
static Value win_instr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int y = 0, x = 0, n;
    bool yx;
    if (!read_yx_n(args, nargs, "instr", &y, &x, &n, &yx)) return VNULL;
    char buf[STR_MAX + 1];
    WINDOW *win = WIN(args);
    int r = yx && NC(wmove)(win, y, x) == ERR ? ERR : NC(winnstr)(win, buf, n);
    if (r == ERR) buf[0] = 0;
    return bytes_new(buf, strlen(buf));
}

/* inch([y, x]) */
static Value win_inch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int yx[2] = {0, 0};
    bool given;
    if (!read_yx(args, nargs, "_curses.window.inch", yx, &given)) return VNULL;
    WINDOW *win = WIN(args);
    chtype r = given && NC(wmove)(win, yx[0], yx[1]) == ERR ? (chtype)ERR : NC(winch)(win);
    return int_from_u64(r);
}

/* the window's geometry: getyx, getbegyx, getmaxyx, getparyx */
static Value yx_pair(int y, int x) { return tuple_pack(2, v_int(y), v_int(x)); }
static Value win_getyx(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("getyx", nargs - 1, 0, 0) < 0) return VNULL;
    return yx_pair(NC(getcury)(WIN(args)), NC(getcurx)(WIN(args)));
}
static Value win_getbegyx(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("getbegyx", nargs - 1, 0, 0) < 0) return VNULL;
    return yx_pair(NC(getbegy)(WIN(args)), NC(getbegx)(WIN(args)));
}
static Value win_getmaxyx(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("getmaxyx", nargs - 1, 0, 0) < 0) return VNULL;
    return yx_pair(NC(getmaxy)(WIN(args)), NC(getmaxx)(WIN(args)));
}
static Value win_getparyx(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("getparyx", nargs - 1, 0, 0) < 0) return VNULL;
    return yx_pair(NC(getpary)(WIN(args)), NC(getparx)(WIN(args)));
}
static Value win_getbkgd(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("getbkgd", nargs - 1, 0, 0) < 0) return VNULL;
    return v_int((int64_t)NC(getbkgd)(WIN(args)));
}
static Value win_is_wintouched(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("is_wintouched", nargs - 1, 0, 0) < 0) return VNULL;
    return v_bool(NC(is_wintouched)(WIN(args)));
}
static Value win_is_linetouched(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("is_linetouched", nargs - 1, 1, 1) < 0) return VNULL;
    int line;
    if (!conv_int(args[1], &line)) return VNULL;
    /* curses.h's is_linetouched macro checks the line (the function says
       false outside): beyond getmaxy is an error, getmaxy itself is not */
    WINDOW *win = WIN(args);
    int r = line > NC(getmaxy)(win) || line < 0 ? ERR : NC(is_linetouched)(win, line);
    if (r == ERR) return err_set(&exc_TypeError, "is_linetouched: line number outside of boundaries");
    return v_bool(r);
}
/* enclose(y, x): are the screen coordinates inside the window? */
static Value win_enclose(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("enclose", nargs - 1, 2, 2) < 0) return VNULL;
    int yx[2];
    if (!conv_ints(args + 1, 2, yx)) return VNULL;
    return v_bool(NC(wenclose)(WIN(args), yx[0], yx[1]));
}

/* PyArg_ParseTuple's "ii;message" methods: a wrong count raises
 * TypeError with just the message */
static bool varargs_ints(Value *args, size_t nargs, int n, int *out, const char *message) {
    if ((int)nargs - 1 != n) {
        err_set(&exc_TypeError, message);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (!conv_int(args[1 + i], &out[i])) return false;
    return true;
}

/* The methods of no argument that call one function of the window and
 * raise on ERR: (python name, the library function = its name in errors) */
#define WIN_NOARG_ERR(X)                                                                         \
    X(erase, werase) X(deleteln, wdeleteln) X(insertln, winsertln) X(redrawwin, redrawwin)        \
    X(touchwin, touchwin) X(untouchwin, untouchwin)
/* ... and those that return None whatever the function returns */
#define WIN_NOARG_VOID(X)                                                                        \
    X(clear, wclear) X(clrtobot, wclrtobot) X(clrtoeol, wclrtoeol) X(standend, wstandend)         \
    X(standout, wstandout) X(syncup, wsyncup) X(syncdown, wsyncdown) X(cursyncup, wcursyncup)
#define DEFINE_NOARG_ERR(py, c)                                               \
    static Value win_##py(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        if (win_args(#py, nargs - 1, 0, 0) < 0) return VNULL;      \
        return check_err(NC(c)(WIN(args)), #c);                               \
    }
#define DEFINE_NOARG_VOID(py, c)                                              \
    static Value win_##py(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        if (win_args(#py, nargs - 1, 0, 0) < 0) return VNULL;      \
        NC(c)(WIN(args));                                                     \
        return V_NONE;                                                        \
    }
WIN_NOARG_ERR(DEFINE_NOARG_ERR)
WIN_NOARG_VOID(DEFINE_NOARG_VOID)

/* The methods of one int, "i;message": (python name, the library
 * function, the name in errors, the message) */
#define FLAG_MSG "True(1) or False(0)"
#define WIN_ONE_INT_ERR(X)                                                                       \
    X(clearok, clearok, "clearok", FLAG_MSG) X(idlok, idlok, "idlok", FLAG_MSG)                  \
    X(keypad, keypad, "keypad", FLAG_MSG) X(leaveok, leaveok, "leaveok", FLAG_MSG)               \
    X(nodelay, nodelay, "nodelay", FLAG_MSG) X(notimeout, notimeout, "notimeout", FLAG_MSG)      \
    X(scrollok, scrollok, "scrollok", FLAG_MSG) X(syncok, syncok, "syncok", FLAG_MSG)            \
    X(insdelln, winsdelln, "winsdelln", "nlines")
#define WIN_ONE_INT_VOID(X) \
    X(idcok, idcok, "", FLAG_MSG) X(immedok, immedok, "", FLAG_MSG) X(timeout, wtimeout, "", "delay")
#define DEFINE_ONE_INT_ERR(py, c, ename, message)                             \
    static Value win_##py(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        int v;                                                                \
        if (!varargs_ints(args, nargs, 1, &v, message)) return VNULL;         \
        return check_err(NC(c)(WIN(args), v), ename);                         \
    }
#define DEFINE_ONE_INT_VOID(py, c, ename, message)                            \
    static Value win_##py(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        int v;                                                                \
        if (!varargs_ints(args, nargs, 1, &v, message)) return VNULL;         \
        NC(c)(WIN(args), v);                                                  \
        return V_NONE;                                                        \
    }
WIN_ONE_INT_ERR(DEFINE_ONE_INT_ERR)
WIN_ONE_INT_VOID(DEFINE_ONE_INT_VOID)

/* The methods of two ints, "ii;message" (message NULL: Argument Clinic's
 * two positional ints): (python name, the library function, the name in
 * errors, the message) */
#define WIN_TWO_INT(X)                                                                           \
    X(move, wmove, "wmove", "y,x") X(mvwin, mvwin, "mvwin", "y,x")                               \
    X(mvderwin, mvderwin, "mvderwin", "y,x") X(resize, wresize, "wresize", "lines,columns")      \
    X(redrawln, wredrawln, "redrawln", NULL) X(setscrreg, wsetscrreg, "wsetscrreg", NULL)
#define DEFINE_TWO_INT(py, c, ename, message)                                 \
    static Value win_##py(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        int v[2];                                                             \
        const char *m = message;                                              \
        if (m ? !varargs_ints(args, nargs, 2, v, m)                           \
              : win_args(#py, nargs - 1, 2, 2) < 0 || !conv_ints(args + 1, 2, v)) \
            return VNULL;                                                     \
        return check_err(NC(c)(WIN(args), v[0], v[1]), ename);                \
    }
WIN_TWO_INT(DEFINE_TWO_INT)

/* touchline(start, count, [changed]) */
static Value win_touchline(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n != 2 && n != 3) return group_count_error("_curses.window.touchline", 2, 3);
    int v[3];
    if (!conv_ints(args + 1, n, v)) return VNULL;
    if (n == 2) return check_err(NC(touchline)(WIN(args), v[0], v[1]), "touchline");
    return check_err(NC(wtouchln)(WIN(args), v[0], v[1], v[2]), "touchline");
}

/* scroll([lines=1]) */
static Value win_scroll(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    int n = NPOS;
    if (n > 1) return group_count_error("_curses.window.scroll", 0, 1);
    int lines = 1;
    if (n == 1 && !conv_int(args[1], &lines)) return VNULL;
    return check_err(NC(wscrl)(WIN(args), lines), "scroll");
}

/* refresh/noutrefresh([pminrow, pmincol, sminrow, smincol, smaxrow,
 * smaxcol]): the six only (and always) for a pad */
static Value win_refresh_op(Value *args, size_t nargs, bool now) {
    int n = NPOS;
    const char *qual = now ? "_curses.window.refresh" : "_curses.window.noutrefresh";
    if (n != 0 && n != 6) return group_count_error(qual, 0, 6);
    int v[6];
    if (n == 6 && !conv_ints(args + 1, 6, v)) return VNULL;
    WINDOW *win = WIN(args);
    if (NC(is_pad)(win)) {
        if (n == 0)
            return curses_err(now ? "refresh() for a pad requires 6 arguments"
                                  : "noutrefresh() called for a pad requires 6 arguments");
        bool released = gil_blocking_begin();
        int r = now ? NC(prefresh)(win, v[0], v[1], v[2], v[3], v[4], v[5])
                    : NC(pnoutrefresh)(win, v[0], v[1], v[2], v[3], v[4], v[5]);
        gil_blocking_end(released);
        return check_err(r, now ? "prefresh" : "pnoutrefresh");
    }
    if (n == 6)
        return err_format(&exc_TypeError, "%s() takes no arguments (6 given)", now ? "refresh" : "noutrefresh");
    bool released = gil_blocking_begin();
    int r = now ? NC(wrefresh)(win) : NC(wnoutrefresh)(win);
    gil_blocking_end(released);
    /* CPython 3.11 names prefresh for a window's failed refresh too */
    return check_err(r, now ? "prefresh" : "wnoutrefresh");
}
static Value win_refresh(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_refresh_op(args, nargs, true);
}
static Value win_noutrefresh(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_refresh_op(args, nargs, false);
}

/* subwin/derwin/subpad([nlines=0, ncols=0,] begin_y, begin_x): subwin
 * takes screen coordinates, derwin the parent's; a pad's subwin is a
 * subpad */
static Value win_sub_op(Value *args, size_t nargs, const char *qual, bool relative) {
    int n = NPOS;
    if (n != 2 && n != 4) return group_count_error(qual, 2, 4);
    int v[4] = {0, 0, 0, 0};
    if (!conv_ints(args + 1, n, n == 4 ? v : v + 2)) return VNULL;
    WINDOW *win = WIN(args), *sub;
    if (relative) sub = NC(derwin)(win, v[0], v[1], v[2], v[3]);
    else if (NC(is_pad)(win)) sub = NC(subpad)(win, v[0], v[1], v[2], v[3]);
    else sub = NC(subwin)(win, v[0], v[1], v[2], v[3]);
    if (!sub) return null_err();
    return window_new(sub, str_data(SELF(args)->encoding), args[0]);
}
static Value win_subwin(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_sub_op(args, nargs, "_curses.window.subwin", false);
}
static Value win_subpad(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_sub_op(args, nargs, "_curses.window.subwin", false);   /* (sic, as CPython 3.11) */
}
static Value win_derwin(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_sub_op(args, nargs, "_curses.window.derwin", true);
}

/* overlay/overwrite(destwin, [sminrow, smincol, dminrow, dmincol, dmaxrow,
 * dmaxcol]): with the six, copywin of that rectangle */
static Value win_copy_op(Value *args, size_t nargs, bool overlay) {
    int n = NPOS;
    const char *name = overlay ? "overlay" : "overwrite";
    if (n != 1 && n != 7) return group_count_error(overlay ? "_curses.window.overlay" : "_curses.window.overwrite", 1, 7);
    if (!curses_window_check(args[1]))
        return err_format(&exc_TypeError, "%s() argument 1 must be _curses.window, not %s", name,
                          type_of(args[1])->tname);
    WINDOW *src = WIN(args), *dst = V_AS(CursesWindowObject, args[1])->win;
    if (n == 7) {
        int v[6];
        if (!conv_ints(args + 2, 6, v)) return VNULL;
        return check_err(NC(copywin)(src, dst, v[0], v[1], v[2], v[3], v[4], v[5], overlay), "copywin");
    }
    return check_err(overlay ? NC(overlay)(src, dst) : NC(overwrite)(src, dst), name);
}
static Value win_overlay(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_copy_op(args, nargs, true);
}
static Value win_overwrite(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return win_copy_op(args, nargs, false);
}

/* putwin(file): the window's dump, written with file.write() */
static Value win_putwin(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (win_args("putwin", nargs - 1, 1, 1) < 0) return VNULL;
    FILE *fp = tmpfile();
    if (!fp) return err_set_errno(&exc_OSError, errno, VNULL);
    Value res = check_err(NC(putwin)(WIN(args), fp), "putwin");
    if (res) {
        rewind(fp);
        char buf[8192];
        size_t got;
        while (res && (got = fread(buf, 1, sizeof buf, fp)) > 0) {
            Value chunk = bytes_new(buf, got);
            if (!obj_call_method(args[1], "write", &chunk, 1)) res = VNULL;
        }
    }
    fclose(fp);
    return res;
}

/* encoding: get, set (a str), never deleted */
static Value win_get_encoding(Value self) { return V_AS(CursesWindowObject, self)->encoding; }
static int win_set_encoding(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "encoding may not be deleted");
        return -1;
    }
    if (!str_check(v)) {
        err_set(&exc_TypeError, "setting encoding to a non-string");
        return -1;
    }
    if (!str_is_ascii(v)) {
        Value enc = str_from_cstr("ascii");
        if (!obj_call_method(v, "encode", &enc, 1)) return -1;
    }
    V_AS(CursesWindowObject, self)->encoding = v;
    return 0;
}

/* ---- module functions ------------------------------------------------------------------------ */
/* The character of the ACS_* names, set on the module by initscr (the
 * alternate character set is known only once the terminal is). */
#define ACS_NAMES(X)                                                                             \
    X(ULCORNER, 'l') X(LLCORNER, 'm') X(URCORNER, 'k') X(LRCORNER, 'j') X(LTEE, 't')             \
    X(RTEE, 'u') X(BTEE, 'v') X(TTEE, 'w') X(HLINE, 'q') X(VLINE, 'x') X(PLUS, 'n') X(S1, 'o')   \
    X(S9, 's') X(DIAMOND, '`') X(CKBOARD, 'a') X(DEGREE, 'f') X(PLMINUS, 'g') X(BULLET, '~')     \
    X(LARROW, ',') X(RARROW, '+') X(DARROW, '.') X(UARROW, '-') X(BOARD, 'h') X(LANTERN, 'i')    \
    X(BLOCK, '0') X(S3, 'p') X(S7, 'r') X(LEQUAL, 'y') X(GEQUAL, 'z') X(PI, '{') X(NEQUAL, '|')  \
    X(STERLING, '}') X(BSSB, 'l') X(SSBB, 'm') X(BBSS, 'k') X(SBBS, 'j') X(SBSS, 'u')            \
    X(SSSB, 't') X(SSBS, 'v') X(BSSS, 'w') X(BSBS, 'q') X(SBSB, 'x') X(SSSS, 'n')
static void set_module_int(const char *name, int64_t v) { module_add(curses_module, name, int_from_i64(v)); }

/* LINES and COLS of the screen into _curses and the curses package (what
 * resizeterm and update_lines_cols keep current) */
static bool update_lines_cols(void) {
    Value pkg = import_name(str_from_cstr("curses"), VNULL, v_int(0), VNULL);
    if (!pkg) return false;
    Value lines = v_int(*NC(LINES)), cols = v_int(*NC(COLS));
    if (obj_setattr(pkg, str_from_cstr("LINES"), lines) < 0 || obj_setattr(pkg, str_from_cstr("COLS"), cols) < 0)
        return false;
    module_add(curses_module, "LINES", lines);
    module_add(curses_module, "COLS", cols);
    return true;
}

static Value mod_initscr(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("initscr", nargs, 0, 0) < 0) return VNULL;
    if (initscr_called) {
        NC(wrefresh)(*NC(stdscr));
        return window_new(*NC(stdscr), screen_encoding, VNULL);
    }
    WINDOW *win = NC(initscr)();
    if (!win) return null_err();
    initscr_called = setupterm_called = true;
    chtype *acs = *NC(acs_map);
#define SET_ACS(name, c) set_module_int("ACS_" #name, (int64_t)acs[(unsigned char)(c)]);
    ACS_NAMES(SET_ACS)
    set_module_int("LINES", *NC(LINES));
    set_module_int("COLS", *NC(COLS));
    Value w = window_new(win, NULL, VNULL);
    snprintf(screen_encoding, sizeof screen_encoding, "%s", str_data(V_AS(CursesWindowObject, w)->encoding));
    return w;
}

/* setupterm(term=None, fd=-1): terminfo for term (default $TERM) on fd
 * (default sys.stdout's) */
static const ArgSpec setupterm_spec = {"setupterm", 0, 0, 0, {"term=None", "fd=-1", NULL}};
static Value mod_setupterm(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&setupterm_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *term = NULL;
    if (a[0] && a[0] != V_NONE) {
        if (!str_check(a[0]))
            return err_format(&exc_TypeError, "setupterm() argument 'term' must be str or None, not %s",
                              type_of(a[0])->tname);
        if (!(term = arg_str_utf8(a[0], "setupterm", 1))) return VNULL;
    }
    int fd = -1;
    if (a[1] && !conv_int(a[1], &fd)) return VNULL;
    if (fd == -1) {
        Value out = sys_get_stream("stdout");
        if (!out || out == V_NONE) {
            err_clear();
            return curses_err("lost sys.stdout");
        }
        if ((fd = fd_from_object(out)) < 0) return VNULL;
    }
    int err = 0;
    if (!setupterm_called && NC(setupterm)(term, fd, &err) == ERR) {
        return curses_err(err == 0    ? "setupterm: could not find terminal"
                          : err == -1 ? "setupterm: could not find terminfo database"
                                      : "setupterm: unknown error");
    }
    setupterm_called = true;
    return V_NONE;
}

/* newwin(nlines, ncols, [begin_y=0, begin_x=0]) */
static Value mod_newwin(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2 && nargs != 4) return group_count_error("_curses.newwin", 2, 4);
    int v[4] = {0, 0, 0, 0};
    if (!conv_ints(args, (int)nargs, v)) return VNULL;
    NEED_INITSCR();
    WINDOW *win = NC(newwin)(v[0], v[1], v[2], v[3]);
    if (!win) return null_err();
    return window_new(win, NULL, VNULL);
}
static Value mod_newpad(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("newpad", nargs, 2, 2) < 0) return VNULL;
    int v[2];
    if (!conv_ints(args, 2, v)) return VNULL;
    NEED_INITSCR();
    WINDOW *win = NC(newpad)(v[0], v[1]);
    if (!win) return null_err();
    return window_new(win, NULL, VNULL);
}

/* getwin(file): a window from what putwin wrote, read with file.read() */
static Value mod_getwin(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("getwin", nargs, 1, 1) < 0) return VNULL;
    NEED_INITSCR();
    Value data = obj_call_method(args[0], "read", NULL, 0);
    if (!data) return VNULL;
    if (!bytes_check(data))
        return err_format(&exc_TypeError, "f.read() returned %s instead of bytes", type_of(data)->tname);
    FILE *fp = tmpfile();
    if (!fp) return err_set_errno(&exc_OSError, errno, VNULL);
    fwrite(bytes_data(data), 1, (size_t)bytes_size(data), fp);
    rewind(fp);
    WINDOW *win = NC(getwin)(fp);
    fclose(fp);
    if (!win) return null_err();
    return window_new(win, NULL, VNULL);
}

static Value mod_start_color(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("start_color", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    if (NC(start_color)() == ERR) return check_err(ERR, "start_color");
    start_color_called = true;
    set_module_int("COLORS", *NC(COLORS));
    set_module_int("COLOR_PAIRS", *NC(COLOR_PAIRS));
    return V_NONE;
}

/* init_pair(pair_number, fg, bg); pair_content(pair_number) */
static Value pair_error(int pair, const char *fname) {
    if (pair >= *NC(COLOR_PAIRS))
        return err_format(&exc_ValueError, "Color pair is greater than COLOR_PAIRS-1 (%d).", *NC(COLOR_PAIRS) - 1);
    return check_err(ERR, fname);
}
static Value mod_init_pair(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("init_pair", nargs, 3, 3) < 0) return VNULL;
    int pair, fg, bg;
    if (!conv_pair(args[0], &pair) || !conv_color_allow_default(args[1], &fg) ||
        !conv_color_allow_default(args[2], &bg))
        return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    if (NC(init_extended_pair)(pair, fg, bg) == ERR) return pair_error(pair, "init_extended_pair");
    return V_NONE;
}
static Value mod_pair_content(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("pair_content", nargs, 1, 1) < 0) return VNULL;
    int pair, fg, bg;
    if (!conv_pair(args[0], &pair)) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    if (NC(extended_pair_content)(pair, &fg, &bg) == ERR) return pair_error(pair, "extended_pair_content");
    return tuple_pack(2, v_int(fg), v_int(bg));
}
/* init_color(color_number, r, g, b); color_content(color_number) */
static Value mod_init_color(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("init_color", nargs, 4, 4) < 0) return VNULL;
    int color, rgb[3];
    if (!conv_color(args[0], &color)) return VNULL;
    for (int i = 0; i < 3; i++)
        if (!conv_component(args[1 + i], &rgb[i])) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    return check_err(NC(init_extended_color)(color, rgb[0], rgb[1], rgb[2]), "init_extended_color");
}
static Value mod_color_content(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("color_content", nargs, 1, 1) < 0) return VNULL;
    int color, r, g, b;
    if (!conv_color(args[0], &color)) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    if (NC(extended_color_content)(color, &r, &g, &b) == ERR) return check_err(ERR, "extended_color_content");
    return tuple_pack(3, v_int(r), v_int(g), v_int(b));
}
/* color_pair(pair_number) -> the attribute; pair_number(attr) -> the pair */
static Value mod_color_pair(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("color_pair", nargs, 1, 1) < 0) return VNULL;
    int pair;
    if (!conv_int(args[0], &pair)) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    return int_from_i64((int64_t)COLOR_PAIR(pair));
}
static Value mod_pair_number(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("pair_number", nargs, 1, 1) < 0) return VNULL;
    int attr;
    if (!conv_int(args[0], &attr)) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    return v_int(PAIR_NUMBER(attr));
}
static Value mod_use_default_colors(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("use_default_colors", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    NEED_COLOR();
    return check_err(NC(use_default_colors)(), "use_default_colors");
}

/* The functions of no argument that need initscr and raise on ERR:
 * (python name = the library function). */
#define MOD_NOARG_ERR(X)                                                                         \
    X(beep) X(def_prog_mode) X(def_shell_mode) X(doupdate) X(endwin) X(flash) X(nocbreak)        \
    X(noecho) X(nonl) X(noraw) X(reset_prog_mode) X(reset_shell_mode) X(resetty) X(savetty)
#define DEFINE_MOD_NOARG_ERR(f)                                               \
    static Value mod_##f(Value *args, size_t nargs, Value kwnames) {          \
        (void)args;                                                           \
        (void)kwnames;                                                        \
        if (mod_args(#f, nargs, 0, 0) < 0) return VNULL;                     \
        NEED_INITSCR();                                                       \
        return check_err(NC(f)(), #f);                                        \
    }
MOD_NOARG_ERR(DEFINE_MOD_NOARG_ERR)

/* ... that answer a bool */
#define MOD_NOARG_BOOL(X) X(can_change_color) X(has_colors) X(has_ic) X(has_il) X(isendwin)
#define DEFINE_MOD_NOARG_BOOL(f)                                              \
    static Value mod_##f(Value *args, size_t nargs, Value kwnames) {          \
        (void)args;                                                           \
        (void)kwnames;                                                        \
        if (mod_args(#f, nargs, 0, 0) < 0) return VNULL;                     \
        NEED_INITSCR();                                                       \
        return v_bool(NC(f)());                                               \
    }
MOD_NOARG_BOOL(DEFINE_MOD_NOARG_BOOL)

/* ... that answer an int */
#define MOD_NOARG_INT(X) X(baudrate) X(termattrs)
#define DEFINE_MOD_NOARG_INT(f)                                               \
    static Value mod_##f(Value *args, size_t nargs, Value kwnames) {          \
        (void)args;                                                           \
        (void)kwnames;                                                        \
        if (mod_args(#f, nargs, 0, 0) < 0) return VNULL;                     \
        NEED_INITSCR();                                                       \
        return int_from_i64((int64_t)NC(f)());                                \
    }
MOD_NOARG_INT(DEFINE_MOD_NOARG_INT)

/* ... that answer bytes */
static Value mod_termname(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("termname", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    const char *s = NC(termname)();
    return bytes_new(s ? s : "", s ? strlen(s) : 0);
}
static Value mod_longname(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("longname", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    const char *s = NC(longname)();
    return bytes_new(s ? s : "", s ? strlen(s) : 0);
}
static Value mod_erasechar(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("erasechar", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    char c = NC(erasechar)();
    return bytes_new(&c, 1);
}
static Value mod_killchar(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("killchar", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    char c = NC(killchar)();
    return bytes_new(&c, 1);
}

/* The void ones */
static Value mod_flushinp(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("flushinp", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    NC(flushinp)();
    return V_NONE;
}
static Value mod_noqiflush(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("noqiflush", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    NC(noqiflush)();
    return V_NONE;
}
/* filter(): before initscr, as ncurses asks */
static Value mod_filter(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("filter", nargs, 0, 0) < 0) return VNULL;
    NC(filter)();
    return V_NONE;
}
static Value mod_has_extended_color_support(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("has_extended_color_support", nargs, 0, 0) < 0) return VNULL;
    return V_TRUE;   /* built on ncursesw 6's init_extended_pair and friends */
}

/* flag=True functions: cbreak/nocbreak, echo/noecho, nl/nonl, raw/noraw
 * and qiflush/noqiflush; the error names the function that ran */
#define MOD_FLAG_PAIRS(X) X(cbreak, nocbreak) X(echo, noecho) X(nl, nonl) X(raw, noraw)
#define DEFINE_MOD_FLAG(on, off)                                              \
    static Value mod_##on(Value *args, size_t nargs, Value kwnames) {         \
        (void)kwnames;                                                        \
        if (mod_args(#on, nargs, 0, 1) < 0) return VNULL;                    \
        int flag = 1;                                                         \
        if (nargs == 1 && !conv_int(args[0], &flag)) return VNULL;            \
        NEED_INITSCR();                                                       \
        return check_err(flag ? NC(on)() : NC(off)(), #on);                   \
    }
MOD_FLAG_PAIRS(DEFINE_MOD_FLAG)
static Value mod_qiflush(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("qiflush", nargs, 0, 1) < 0) return VNULL;
    int flag = 1;
    if (nargs == 1 && !conv_int(args[0], &flag)) return VNULL;
    NEED_INITSCR();
    if (flag) NC(qiflush)();
    else NC(noqiflush)();
    return V_NONE;
}

/* One int argument, initscr needed, ERR raises: (name = the function) */
#define MOD_INT_ERR(X) X(delay_output) X(mouseinterval) X(typeahead)
#define DEFINE_MOD_INT_ERR(f)                                                 \
    static Value mod_##f(Value *args, size_t nargs, Value kwnames) {          \
        (void)kwnames;                                                        \
        if (mod_args(#f, nargs, 1, 1) < 0) return VNULL;                     \
        int v;                                                                \
        if (!conv_int(args[0], &v)) return VNULL;                             \
        NEED_INITSCR();                                                       \
        return check_err(NC(f)(v), #f);                                       \
    }
MOD_INT_ERR(DEFINE_MOD_INT_ERR)

static Value mod_intrflush(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("intrflush", nargs, 1, 1) < 0) return VNULL;
    int flag;
    if (!conv_int(args[0], &flag)) return VNULL;
    NEED_INITSCR();
    return check_err(NC(intrflush)(NULL, flag), "intrflush");
}
static Value mod_meta(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("meta", nargs, 1, 1) < 0) return VNULL;
    int flag;
    if (!conv_int(args[0], &flag)) return VNULL;
    NEED_INITSCR();
    return check_err(NC(meta)(*NC(stdscr), flag), "meta");
}
static Value mod_use_env(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("use_env", nargs, 1, 1) < 0) return VNULL;
    int flag;
    if (!conv_int(args[0], &flag)) return VNULL;
    NC(use_env)(flag);
    return V_NONE;
}
static Value mod_halfdelay(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("halfdelay", nargs, 1, 1) < 0) return VNULL;
    int tenths;
    if (!conv_ubyte(args[0], &tenths)) return VNULL;
    NEED_INITSCR();
    return check_err(NC(halfdelay)(tenths), "halfdelay");
}
static Value mod_curs_set(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("curs_set", nargs, 1, 1) < 0) return VNULL;
    int vis;
    if (!conv_int(args[0], &vis)) return VNULL;
    NEED_INITSCR();
    int r = NC(curs_set)(vis);
    if (r == ERR) return check_err(ERR, "curs_set");
    return v_int(r);
}
static Value mod_napms(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("napms", nargs, 1, 1) < 0) return VNULL;
    int ms;
    if (!conv_int(args[0], &ms)) return VNULL;
    NEED_INITSCR();
    bool released = gil_blocking_begin();
    int r = NC(napms)(ms);
    gil_blocking_end(released);
    return v_int(r);
}
static Value mod_has_key(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("has_key", nargs, 1, 1) < 0) return VNULL;
    int key;
    if (!conv_int(args[0], &key)) return VNULL;
    NEED_INITSCR();
    return v_bool(NC(has_key)(key));
}
static Value mod_keyname(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("keyname", nargs, 1, 1) < 0) return VNULL;
    int key;
    if (!conv_int(args[0], &key)) return VNULL;
    NEED_INITSCR();
    if (key < 0) return err_set(&exc_ValueError, "invalid key number");
    const char *name = NC(keyname)(key);
    return bytes_new(name ? name : "", name ? strlen(name) : 0);
}
static Value mod_unctrl(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("unctrl", nargs, 1, 1) < 0) return VNULL;
    NEED_INITSCR();
    chtype ch;
    if (!conv_chtype(NULL, args[0], &ch)) return VNULL;
    const char *s = NC(unctrl)(ch);
    return bytes_new(s ? s : "", s ? strlen(s) : 0);
}
static Value mod_ungetch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("ungetch", nargs, 1, 1) < 0) return VNULL;
    NEED_INITSCR();
    chtype ch;
    if (!conv_chtype(NULL, args[0], &ch)) return VNULL;
    return check_err(NC(ungetch)((int)ch), "ungetch");
}
static Value mod_unget_wch(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("unget_wch", nargs, 1, 1) < 0) return VNULL;
    NEED_INITSCR();
    wchar_t wch;
    if (!conv_wchar(args[0], &wch)) return VNULL;
    return check_err(NC(unget_wch)(wch), "unget_wch");
}
static Value mod_is_term_resized(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("is_term_resized", nargs, 2, 2) < 0) return VNULL;
    int v[2];
    if (!conv_ints(args, 2, v)) return VNULL;
    NEED_INITSCR();
    return v_bool(NC(is_term_resized)(v[0], v[1]));
}
/* resizeterm/resize_term(nlines, ncols): then LINES and COLS follow */
static Value mod_resize_op(Value *args, size_t nargs, bool full) {
    const char *name = full ? "resizeterm" : "resize_term";
    if (mod_args(name, nargs, 2, 2) < 0) return VNULL;
    int v[2];
    if (!conv_ints(args, 2, v)) return VNULL;
    NEED_INITSCR();
    int r = full ? NC(resizeterm)(v[0], v[1]) : NC(resize_term)(v[0], v[1]);
    if (!check_err(r, name)) return VNULL;
    if (!update_lines_cols()) return VNULL;
    return V_NONE;
}
static Value mod_resizeterm(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return mod_resize_op(args, nargs, true);
}
static Value mod_resize_term(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return mod_resize_op(args, nargs, false);
}
static Value mod_update_lines_cols(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("update_lines_cols", nargs, 0, 0) < 0) return VNULL;
    return update_lines_cols() ? V_NONE : VNULL;
}

/* getsyx() / setsyx(y, x): the virtual screen's cursor ((-1, -1): leaveok) */
static Value mod_getsyx(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("getsyx", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    int y = 0, x = 0;
    WINDOW *scr = *NC(newscr);
    if (scr) {
        if (NC(is_leaveok)(scr)) y = x = -1;
        else {
            y = NC(getcury)(scr);
            x = NC(getcurx)(scr);
        }
    }
    return yx_pair(y, x);
}
static Value mod_setsyx(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("setsyx", nargs, 2, 2) < 0) return VNULL;
    int v[2];
    if (!conv_ints(args, 2, v)) return VNULL;
    NEED_INITSCR();
    WINDOW *scr = *NC(newscr);
    if (scr) {
        if (v[0] == -1 && v[1] == -1) NC(leaveok)(scr, TRUE);
        else {
            NC(leaveok)(scr, FALSE);
            NC(wmove)(scr, v[0], v[1]);
        }
    }
    return V_NONE;
}

/* mouse */
static Value mod_getmouse(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("getmouse", nargs, 0, 0) < 0) return VNULL;
    NEED_INITSCR();
    MEVENT ev;
    if (NC(getmouse)(&ev) == ERR) return check_err(ERR, "getmouse");
    return tuple_pack(5, v_int(ev.id), v_int(ev.x), v_int(ev.y), v_int(ev.z), int_from_u64(ev.bstate));
}
static Value mod_ungetmouse(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("ungetmouse", nargs, 5, 5) < 0) return VNULL;
    int v[4];
    if (!conv_ints(args, 4, v)) return VNULL;
    unsigned long bstate;
    if (!conv_mask(args[4], &bstate)) return VNULL;
    NEED_INITSCR();
    MEVENT ev = {.id = (short)v[0], .x = v[1], .y = v[2], .z = v[3], .bstate = (mmask_t)bstate};
    return check_err(NC(ungetmouse)(&ev), "ungetmouse");
}
static Value mod_mousemask(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("mousemask", nargs, 1, 1) < 0) return VNULL;
    unsigned long mask;
    if (!conv_mask(args[0], &mask)) return VNULL;
    NEED_INITSCR();
    mmask_t old = 0, avail = NC(mousemask)((mmask_t)mask, &old);
    return tuple_pack(2, int_from_u64(avail), int_from_u64(old));
}

/* escape delay and tab size */
static Value mod_get_escdelay(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("get_escdelay", nargs, 0, 0) < 0) return VNULL;
    return v_int(*NC(ESCDELAY));
}
static Value mod_set_escdelay(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("set_escdelay", nargs, 1, 1) < 0) return VNULL;
    int ms;
    if (!conv_int(args[0], &ms)) return VNULL;
    if (ms <= 0) return err_set(&exc_ValueError, "ms must be > 0");
    return check_err(NC(set_escdelay)(ms), "set_escdelay");
}
static Value mod_get_tabsize(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (mod_args("get_tabsize", nargs, 0, 0) < 0) return VNULL;
    return v_int(*NC(TABSIZE));
}
static Value mod_set_tabsize(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("set_tabsize", nargs, 1, 1) < 0) return VNULL;
    int size;
    if (!conv_int(args[0], &size)) return VNULL;
    if (size <= 0) return err_set(&exc_ValueError, "size must be > 0");
    return check_err(NC(set_tabsize)(size), "set_tabsize");
}

/* terminfo: need setupterm (or initscr) */
static const char *capname_arg(Value *args, size_t nargs, const char *fname) {
    if (mod_args(fname, nargs, 1, 1) < 0) return NULL;
    if (!str_check(args[0])) {
        err_format(&exc_TypeError, "%s() argument must be str, not %s", fname, type_of(args[0])->tname);
        return NULL;
    }
    return arg_str_utf8(args[0], fname, 1);
}
static Value mod_tigetflag(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    const char *cap = capname_arg(args, nargs, "tigetflag");
    if (!cap) return VNULL;
    NEED_SETUPTERM();
    return v_int(NC(tigetflag)(cap));
}
static Value mod_tigetnum(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    const char *cap = capname_arg(args, nargs, "tigetnum");
    if (!cap) return VNULL;
    NEED_SETUPTERM();
    return v_int(NC(tigetnum)(cap));
}
static Value mod_tigetstr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    const char *cap = capname_arg(args, nargs, "tigetstr");
    if (!cap) return VNULL;
    NEED_SETUPTERM();
    const char *s = NC(tigetstr)(cap);
    if (!s || s == (char *)-1) return V_NONE;
    return bytes_new(s, strlen(s));
}
/* tparm(str, i1=0, ..., i9=0): the capability str with its parameters */
static Value mod_tparm(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs < 1 || nargs > 10)   /* PyArg_ParseTuple's words */
        return err_format(&exc_TypeError, "tparm() takes at %s (%zu given)",
                          nargs < 1 ? "least 1 argument" : "most 10 arguments", nargs);
    if (!bytes_check(args[0]))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(args[0])->tname);
    if (memchr(bytes_data(args[0]), 0, (size_t)bytes_size(args[0])))
        return err_set(&exc_ValueError, "embedded null byte");
    long p[9] = {0};
    for (size_t i = 1; i < nargs; i++) {
        int v;
        if (!conv_int(args[i], &v)) return VNULL;
        p[i - 1] = v;
    }
    NEED_SETUPTERM();
    const char *r = NC(tparm)(bytes_data(args[0]), p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]);
    if (!r) return curses_err("tparm() returned NULL");
    return bytes_new(r, strlen(r));
}
static Value mod_putp(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (mod_args("putp", nargs, 1, 1) < 0) return VNULL;
    if (!bytes_check(args[0]))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(args[0])->tname);
    if (memchr(bytes_data(args[0]), 0, (size_t)bytes_size(args[0])))
        return err_set(&exc_ValueError, "embedded null byte");
    return check_err(NC(putp)(bytes_data(args[0])), "putp");
}

/* ---- the tables -------------------------------------------------------------------------------- */
#define WIN_DEF(py, c, ...) {#py, win_##py, 0, NULL},
static const MethodDef window_methods[] = {
    {"addch", win_addch, 0,
     "addch([y, x,] ch, [attr=_curses.A_NORMAL])\n"
     "Paint the character ch at (y, x) with attributes attr,\n"
     "overwriting any character previously painted at that location."},
    {"addstr", win_addstr, 0, "addstr([y, x,] str, [attr])\nPaint the string str at (y, x) with attributes attr."},
    {"addnstr", win_addnstr, 0, "addnstr([y, x,] str, n, [attr])\nPaint at most n characters of the string str."},
    {"insstr", win_insstr, 0, "insstr([y, x,] str, [attr])\nInsert the string before the current or specified position."},
    {"insnstr", win_insnstr, 0, "insnstr([y, x,] str, n, [attr])\nInsert at most n characters of the string."},
    {"insch", win_insch, 0, "insch([y, x,] ch, [attr=_curses.A_NORMAL])\nInsert a character before the current or specified position."},
    {"echochar", win_echochar, 0, "echochar(ch, [attr=_curses.A_NORMAL])\nAdd character ch with attribute attr, and refresh."},
    {"attron", win_attron, 0, NULL},
    {"attroff", win_attroff, 0, NULL},
    {"attrset", win_attrset, 0, NULL},
    {"bkgd", win_bkgd, 0, NULL},
    {"bkgdset", win_bkgdset, 0, NULL},
    {"border", win_border, 0, "border(ls=_curses.ACS_VLINE, rs=_curses.ACS_VLINE, ts=_curses.ACS_HLINE, bs=_curses.ACS_HLINE, tl=_curses.ACS_ULCORNER, tr=_curses.ACS_URCORNER, bl=_curses.ACS_LLCORNER, br=_curses.ACS_LRCORNER)\nDraw a border around the edges of the window."},
    {"box", win_box, 0, "box([verch=0, horch=0])\nDraw a border around the edges of the window."},
    {"hline", win_hline, 0, "hline([y, x,] ch, n, [attr=_curses.A_NORMAL])\nDisplay a horizontal line."},
    {"vline", win_vline, 0, "vline([y, x,] ch, n, [attr=_curses.A_NORMAL])\nDisplay a vertical line."},
    {"chgat", win_chgat, 0, "chgat([y, x,] [n=-1,] attr)\nSet the attributes of characters."},
    {"delch", win_delch, 0, "delch([y, x])\nDelete any character at (y, x)."},
    {"getch", win_getch, 0, "getch([y, x])\nGet a character code from terminal keyboard."},
    {"getkey", win_getkey, 0, "getkey([y, x])\nGet a character (string) from terminal keyboard."},
    {"get_wch", win_get_wch, 0, "get_wch([y, x])\nGet a wide character from terminal keyboard."},
    {"getstr", win_getstr, 0, "getstr([[y, x,] n=1023])\nRead a string from the user, with primitive line editing capacity."},
    {"instr", win_instr, 0, "instr([y, x,] n=1023)\nReturn a string of characters, extracted from the window."},
    {"inch", win_inch, 0, "inch([y, x])\nReturn the character at the given position in the window."},
    {"getyx", win_getyx, 0, NULL},
    {"getbegyx", win_getbegyx, 0, NULL},
    {"getmaxyx", win_getmaxyx, 0, NULL},
    {"getparyx", win_getparyx, 0, NULL},
    {"getbkgd", win_getbkgd, 0, NULL},
    {"is_wintouched", win_is_wintouched, 0, NULL},
    {"is_linetouched", win_is_linetouched, 0, NULL},
    {"enclose", win_enclose, 0, NULL},
    WIN_NOARG_ERR(WIN_DEF)
    WIN_NOARG_VOID(WIN_DEF)
    WIN_ONE_INT_ERR(WIN_DEF)
    WIN_ONE_INT_VOID(WIN_DEF)
    WIN_TWO_INT(WIN_DEF)
    {"touchline", win_touchline, 0, "touchline(start, count, [changed=True])\nPretend count lines have been changed, starting with line start."},
    {"scroll", win_scroll, 0, "scroll([lines=1])\nScroll the screen or scrolling region."},
    {"refresh", win_refresh, 0, "refresh([pminrow, pmincol, sminrow, smincol, smaxrow, smaxcol])\nUpdate the display immediately."},
    {"noutrefresh", win_noutrefresh, 0, "noutrefresh([pminrow, pmincol, sminrow, smincol, smaxrow, smaxcol])\nMark for refresh but wait."},
    {"subwin", win_subwin, 0, "subwin([nlines=0, ncols=0,] begin_y, begin_x)\nCreate a sub-window (screen-relative coordinates)."},
    {"subpad", win_subpad, 0, "subpad([nlines=0, ncols=0,] begin_y, begin_x)\nCreate a sub-window (screen-relative coordinates)."},
    {"derwin", win_derwin, 0, "derwin([nlines=0, ncols=0,] begin_y, begin_x)\nCreate a sub-window (window-relative coordinates)."},
    {"overlay", win_overlay, 0, "overlay(destwin, [sminrow, smincol, dminrow, dmincol, dmaxrow, dmaxcol])\nOverlay the window on top of destwin."},
    {"overwrite", win_overwrite, 0, "overwrite(destwin, [sminrow, smincol, dminrow, dmincol, dmaxrow, dmaxcol])\nOverwrite the window on top of destwin."},
    {"putwin", win_putwin, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef window_getsets[] = {
    {"encoding", win_get_encoding, win_set_encoding, "the encoding used to encode str characters"},
    {NULL, NULL, NULL, NULL},
};
Type curses_window_type = {
    .tname = "_curses.window",
    .basicsize = sizeof(CursesWindowObject),
    .flags = TF_ABSTRACT_NEW,
};

#define MOD_DEF(f, ...) {#f, mod_##f, 0, NULL},
#define MOD_FLAG_DEF(on, off) {#on, mod_##on, 0, NULL},
static const MethodDef curses_functions[] = {
    {"initscr", mod_initscr, 0, NULL},
    {"setupterm", mod_setupterm, MF_KEYWORDS, NULL, &setupterm_spec},
    {"newwin", mod_newwin, 0, "newwin(nlines, ncols, [begin_y=0, begin_x=0])\nReturn a new window."},
    {"newpad", mod_newpad, 0, NULL},
    {"getwin", mod_getwin, 0, NULL},
    {"start_color", mod_start_color, 0, NULL},
    {"init_pair", mod_init_pair, 0, NULL},
    {"pair_content", mod_pair_content, 0, NULL},
    {"init_color", mod_init_color, 0, NULL},
    {"color_content", mod_color_content, 0, NULL},
    {"color_pair", mod_color_pair, 0, NULL},
    {"pair_number", mod_pair_number, 0, NULL},
    {"use_default_colors", mod_use_default_colors, 0, NULL},
    MOD_NOARG_ERR(MOD_DEF)
    MOD_NOARG_BOOL(MOD_DEF)
    MOD_NOARG_INT(MOD_DEF)
    MOD_FLAG_PAIRS(MOD_FLAG_DEF)
    MOD_INT_ERR(MOD_DEF)
    {"termname", mod_termname, 0, NULL},
    {"longname", mod_longname, 0, NULL},
    {"erasechar", mod_erasechar, 0, NULL},
    {"killchar", mod_killchar, 0, NULL},
    {"flushinp", mod_flushinp, 0, NULL},
    {"qiflush", mod_qiflush, 0, NULL},
    {"noqiflush", mod_noqiflush, 0, NULL},
    {"filter", mod_filter, 0, NULL},
    {"has_extended_color_support", mod_has_extended_color_support, 0, NULL},
    {"intrflush", mod_intrflush, 0, NULL},
    {"meta", mod_meta, 0, NULL},
    {"use_env", mod_use_env, 0, NULL},
    {"halfdelay", mod_halfdelay, 0, NULL},
    {"curs_set", mod_curs_set, 0, NULL},
    {"napms", mod_napms, 0, NULL},
    {"has_key", mod_has_key, 0, NULL},
    {"keyname", mod_keyname, 0, NULL},
    {"unctrl", mod_unctrl, 0, NULL},
    {"ungetch", mod_ungetch, 0, NULL},
    {"unget_wch", mod_unget_wch, 0, NULL},
    {"is_term_resized", mod_is_term_resized, 0, NULL},
    {"resizeterm", mod_resizeterm, 0, NULL},
    {"resize_term", mod_resize_term, 0, NULL},
    {"update_lines_cols", mod_update_lines_cols, 0, NULL},
    {"getsyx", mod_getsyx, 0, NULL},
    {"setsyx", mod_setsyx, 0, NULL},
    {"getmouse", mod_getmouse, 0, NULL},
    {"ungetmouse", mod_ungetmouse, 0, NULL},
    {"mousemask", mod_mousemask, 0, NULL},
    {"get_escdelay", mod_get_escdelay, 0, NULL},
    {"set_escdelay", mod_set_escdelay, 0, NULL},
    {"get_tabsize", mod_get_tabsize, 0, NULL},
    {"set_tabsize", mod_set_tabsize, 0, NULL},
    {"tigetflag", mod_tigetflag, 0, NULL},
    {"tigetnum", mod_tigetnum, 0, NULL},
    {"tigetstr", mod_tigetstr, 0, NULL},
    {"tparm", mod_tparm, 0, NULL},
    {"putp", mod_putp, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* The constants known at build time */
#define CURSES_CONSTANTS(X)                                                                      \
    X(ERR) X(OK) X(A_ATTRIBUTES) X(A_NORMAL) X(A_STANDOUT) X(A_UNDERLINE) X(A_REVERSE)          \
    X(A_BLINK) X(A_DIM) X(A_BOLD) X(A_ALTCHARSET) X(A_INVIS) X(A_PROTECT) X(A_CHARTEXT)         \
    X(A_COLOR) X(A_HORIZONTAL) X(A_LEFT) X(A_LOW) X(A_RIGHT) X(A_TOP) X(A_VERTICAL) X(A_ITALIC) \
    X(COLOR_BLACK) X(COLOR_RED) X(COLOR_GREEN) X(COLOR_YELLOW) X(COLOR_BLUE) X(COLOR_MAGENTA)   \
    X(COLOR_CYAN) X(COLOR_WHITE) X(BUTTON1_PRESSED) X(BUTTON1_RELEASED) X(BUTTON1_CLICKED)      \
    X(BUTTON1_DOUBLE_CLICKED) X(BUTTON1_TRIPLE_CLICKED) X(BUTTON2_PRESSED) X(BUTTON2_RELEASED)  \
    X(BUTTON2_CLICKED) X(BUTTON2_DOUBLE_CLICKED) X(BUTTON2_TRIPLE_CLICKED) X(BUTTON3_PRESSED)   \
    X(BUTTON3_RELEASED) X(BUTTON3_CLICKED) X(BUTTON3_DOUBLE_CLICKED) X(BUTTON3_TRIPLE_CLICKED)  \
    X(BUTTON4_PRESSED) X(BUTTON4_RELEASED) X(BUTTON4_CLICKED) X(BUTTON4_DOUBLE_CLICKED)         \
    X(BUTTON4_TRIPLE_CLICKED) X(BUTTON5_PRESSED) X(BUTTON5_RELEASED) X(BUTTON5_CLICKED)         \
    X(BUTTON5_DOUBLE_CLICKED) X(BUTTON5_TRIPLE_CLICKED) X(BUTTON_SHIFT) X(BUTTON_CTRL)          \
    X(BUTTON_ALT) X(ALL_MOUSE_EVENTS) X(REPORT_MOUSE_POSITION) X(KEY_MIN) X(KEY_MAX)

/* KEY_* from the library's own key names, as CPython: "KEY_F(1)" is KEY_F1 */
static void add_key_names(Value m) {
    for (int key = KEY_MIN; key < KEY_MAX; key++) {
        const char *name = NC(keyname)(key);
        if (!name || strcmp(name, "UNKNOWN KEY") == 0) continue;
        char buf[64];
        size_t j = 0;
        for (const char *p = name; *p && j < sizeof buf - 1; p++)
            if (strncmp(name, "KEY_F(", 6) != 0 || (*p != '(' && *p != ')')) buf[j++] = *p;
        buf[j] = 0;
        module_add(m, buf, v_int(key));
    }
}

/* ncurses_version: (major, minor, patch) of the library loaded, from its
 * curses_version() ("ncurses 6.4.20221231") */
static Value ncurses_version_value(void) {
    static const char *const fields[] = {"major", "minor", "patch", NULL};
    static Type *type;
    if (!type) {
        type = structseq_new_type("curses", "ncurses_version", fields, 3, 3);
        type->flags |= TF_ABSTRACT_NEW;
    }
    int v[3] = {0, 0, 0};
    const char *s = NC(curses_version)();
    while (*s && (*s < '0' || *s > '9')) s++;
    sscanf(s, "%d.%d.%d", &v[0], &v[1], &v[2]);
    Value values[3] = {v_int(v[0]), v_int(v[1]), v_int(v[2])};
    return structseq_new(type, values);
}

Value _curses_module_create(void) {
    if (ncurses_load() < 0) return VNULL;
    if (!(curses_window_type.flags & TF_READY)) {
        curses_window_type.name = str_intern_cstr("window");
        curses_window_type.module = str_intern_cstr("_curses");
        type_add_methods(&curses_window_type, window_methods);
        type_add_getsets(&curses_window_type, window_getsets);
        type_ready(&curses_window_type);
    }
    if (!curses_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_curses"));
        curses_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!curses_error) return VNULL;
    }
    Value m = module_new_cstr("_curses");
    curses_module = m;
    module_add_functions(m, curses_functions);
    module_add(m, "window", V_FROM_PTR(&curses_window_type));
    module_add(m, "error", curses_error);
    Value version = bytes_new("2.2", 3);
    module_add(m, "version", version);
    module_add(m, "__version__", version);
    module_add(m, "ncurses_version", ncurses_version_value());
#define ADD_CONSTANT(name) module_add(m, #name, int_from_i64((int64_t)(name)));
    CURSES_CONSTANTS(ADD_CONSTANT)
    add_key_names(m);
    return m;
}
