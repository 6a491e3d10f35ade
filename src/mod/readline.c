/* readline.c: the readline module on libedit's readline emulation, as
 * CPython builds it on macOS: its __doc__ says "libedit" and
 * _READLINE_LIBRARY_VERSION is libedit's "EditLine wrapper", which is how
 * site, rlcompleter and the tests recognise it (history file format,
 * "bind ^I rl_complete" rather than "tab: complete").
 *
 * Importing it installs readline_hook, the line reader of the interactive
 * prompt (main.c) and of input() on a terminal (builtins.c): CPython's
 * PyOS_ReadlineFunctionPointer. Lines are then read through the
 * emulation's callback interface in a select() loop without the
 * interpreter lock, so that a signal interrupts the wait, its handlers run
 * (KeyboardInterrupt ends the read) and the history and completer that the
 * program set up are the ones the prompt uses.
 *
 * The emulation differs from GNU readline in how history_get() counts
 * (0- or 1-based by version) and replace_history_entry() indexes; both are
 * probed at import, as CPython does, and the module's API stays CPython's
 * (get_history_item 1-based, remove/replace 0-based). Strings go to and
 * from the library as UTF-8 with surrogateescape.
 *
 * libedit is opened at import (dynlib.h): its functions are called through
 * RL(f), its variables read and written through RLV(v). */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>
#include <editline/readline.h>

#include "../gc/gc.h"
#include "../runtime.h"
#include "../util/dynlib.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

#define EDIT_API(X)                                                                         \
    /* functions */                                                                         \
    X(add_history) X(append_history) X(clear_history) X(completion_matches)                 \
    X(free_history_entry) X(history_get) X(history_get_history_state) X(read_history)       \
    X(remove_history) X(replace_history_entry) X(using_history) X(write_history)            \
    X(rl_add_defun) X(rl_bind_key) X(rl_callback_handler_install)                           \
    X(rl_callback_handler_remove) X(rl_callback_read_char) X(rl_ding) X(rl_free_line_state) \
    X(rl_initialize) X(rl_insert) X(rl_insert_text) X(rl_parse_and_bind)                    \
    X(rl_read_init_file) X(rl_redisplay) X(rl_resize_terminal)                              \
    /* variables */                                                                         \
    X(rl_attempted_completion_function) X(rl_attempted_completion_over)                     \
    X(rl_basic_word_break_characters) X(rl_catch_signals)                                   \
    X(rl_completer_word_break_characters) X(rl_completion_append_character)                 \
    X(rl_completion_display_matches_hook) X(rl_completion_suppress_append)                  \
    X(rl_completion_type) X(rl_done) X(rl_end) X(rl_instream) X(rl_library_version)         \
    X(rl_line_buffer) X(rl_pre_input_hook) X(rl_readline_name) X(rl_readline_version)       \
    X(rl_startup_hook)
DYNLIB_DEFINE(edit, TPY_SONAME_EDIT, EDIT_API)
#define RL(f) (edit.f)
#define RLV(v) (*edit.v)

char *(*readline_hook)(const char *prompt, bool *failed);

/* the Python hooks (NULL: none); static, so the collector sees them */
static Value completer, startup_hook, pre_input_hook, display_hook;
static Value begidx, endidx;   /* ints: the last completion's scope */
static char *word_breaks;      /* malloc'd: the library keeps a pointer */
static int history_file_length = -1;   /* set_history_length; < 0: no truncation */
static bool auto_history = true;
static int history_start;       /* index history_get() gives the first entry */
static int replace_offset;      /* added to replace_history_entry's index */

/* libedit decodes multibyte characters by LC_CTYPE: the environment's
 * while it edits (CPython's _Py_SetLocaleFromEnv), the program's after */
static char *locale_from_env(void) {
    const char *cur = setlocale(LC_CTYPE, NULL);
    char *saved = cur ? strdup(cur) : NULL;
    setlocale(LC_CTYPE, "");
    return saved;
}

static void locale_restore(char *saved) {
    if (!saved) return;
    setlocale(LC_CTYPE, saved);
    free(saved);
}

/* ---- conversions ------------------------------------------------------------------------------ */

/* str -> UTF-8 bytes (surrogateescape) for the library's C strings;
 * TypeError for anything else and ValueError for a NUL, as CPython's
 * PyUnicode_EncodeLocale */
static Value encode(Value s) {
    if (!str_check(s)) return err_set(&exc_TypeError, "bad argument type for built-in operation");
    if (memchr(str_data(s), 0, (size_t)str_nbytes(s))) return err_set(&exc_ValueError, "embedded null character");
    int64_t ncp;
    if (str_is_ascii(s) || utf8_wellformed_prefix(str_data(s), str_nbytes(s), &ncp) == str_nbytes(s))
        return bytes_new(str_data(s), (size_t)str_nbytes(s));
    return bytes_encode_str(s, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
}

static Value decode_n(const char *p, size_t n) {
    if (utf8_valid(p, n)) {
        int64_t ncp;
        if (utf8_wellformed_prefix(p, (int64_t)n, &ncp) == (int64_t)n) return str_new(p, n);
    }
    Value args[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
    return obj_call_method(bytes_new(p, n), "decode", args, 2);
}

static Value decode(const char *p) { return decode_n(p ? p : "", p ? strlen(p) : 0); }

/* a C int argument as Argument Clinic's "int" converter takes it */
static bool int_arg(Value v, int *out) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return false;
    }
    Value i = obj_index(v);
    if (!i) return false;
    int64_t n = obj_index_i64(i);
    if (n == -1 && err_occurred()) {
        if (err_matches(&exc_OverflowError)) {
            err_clear();
            err_set(&exc_OverflowError, "Python int too large to convert to C int");
        }
        return false;
    }
    if (n > INT32_MAX || n < INT32_MIN) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return false;
    }
    *out = (int)n;
    return true;
}

/* A file name argument (None: the library's default, *out NULL) as
 * bytes, through os.fspath, as CPython's PyUnicode_FSConverter. */
static bool filename_arg(Value v, Value *out) {
    *out = VNULL;
    if (!v || v == V_NONE) return true;
    if (!str_check(v) && !bytes_check(v)) {
        Value m = v_is_ptr(v) ? type_lookup_cstr(type_of(v), "__fspath__") : VNULL;
        if (!m) {
            err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", type_of(v)->tname);
            return false;
        }
        Value r = obj_call_method(v, "__fspath__", NULL, 0);
        if (!r) return false;
        if (!str_check(r) && !bytes_check(r)) {
            err_format(&exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %s",
                       type_of(v)->tname, type_of(r)->tname);
            return false;
        }
        v = r;
    }
    if (str_check(v)) v = bytes_encode_str(v, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!v) return false;
    if (memchr(bytes_data(v), 0, (size_t)bytes_size(v))) {
        err_set(&exc_ValueError, "embedded null byte");
        return false;
    }
    *out = v;
    return true;
}

static const char *fname_or_null(Value b) { return b ? bytes_data(b) : NULL; }

/* A failed library call as OSError, as CPython's PyErr_SetFromErrno (no
 * file name). ret: the call's result, an errno value; libedit answers -1
 * instead, and its failed fopen() left errno set. */
static Value errno_error(int ret) {
    int e = ret > 0 ? ret : errno ? errno : EIO;
    return err_set_errno(&exc_OSError, e, VNULL);
}

/* the number of entries in the history */
static int history_count(void) {
    HISTORY_STATE *st = RL(history_get_history_state)();
    int n = st ? st->length : 0;
    free(st);
    return n;
}

static void free_entry(HIST_ENTRY *e) {
    if (!e) return;
    free(RL(free_history_entry)(e));
}

/* arg_parse with CPython's message for keywords, which none of the
 * module's functions take: "readline.name() takes no keyword arguments" */
static int parse_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    if (kwnames && tuple_size(kwnames)) {
        char name[96];
        const char *f = spec->fname;
        snprintf(name, sizeof name, "%s%s", strncmp(f, "readline.", 9) ? "readline." : "", f);
        return arg_nokw(name, kwnames);
    }
    return arg_parse(spec, args, nargs, kwnames, out);
}

#define NOARGS_SPEC(fname) static const ArgSpec spec = {"readline." fname, 0, 0, 0, {NULL}}

/* ---- init files and history files ------------------------------------------------------------- */

static Value r_parse_and_bind(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.parse_and_bind", 1, 1, 0, {"string", NULL}};
    Value a[1];
    if (parse_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value b = encode(a[0]);
    if (!b) return VNULL;
    /* the library may write into its argument: a copy */
    char *copy = strdup(bytes_data(b));
    if (!copy) return err_no_memory();
    char *saved = locale_from_env();
    RL(rl_parse_and_bind)(copy);
    locale_restore(saved);
    free(copy);
    return V_NONE;
}

static Value r_read_init_file(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read_init_file", 1, 0, 0, {"filename", NULL}};
    Value a[1], fn;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !filename_arg(a[0], &fn)) return VNULL;
    char *saved = locale_from_env();
    errno = 0;
    int e = RL(rl_read_init_file)(fname_or_null(fn));
    int en = errno;
    locale_restore(saved);
    /* GNU readline falls back on /etc/inputrc; libedit has no such file:
       no init file at all is no error for the default */
    if (e && !fn && (e > 0 ? e : en) == ENOENT) return V_NONE;
    errno = en;
    if (e) return errno_error(e);
    return V_NONE;
}

static Value r_read_history_file(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"read_history_file", 1, 0, 0, {"filename", NULL}};
    Value a[1], fn;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !filename_arg(a[0], &fn)) return VNULL;
    errno = 0;
    int e = RL(read_history)(fname_or_null(fn));
    if (e) return errno_error(e);
    return V_NONE;
}

/* libedit's default history file, ~/.history with the home directory of
 * the password database (as libedit finds it); malloc'd, or NULL */
static char *default_history_file(void) {
    const char *home = NULL;
    char buf[4096];
    struct passwd pw, *pwp = NULL;
    if (getpwuid_r(getuid(), &pw, buf, sizeof buf, &pwp) == 0 && pwp) home = pwp->pw_dir;
    if (!home) return NULL;
    size_t n = strlen(home) + sizeof "/.history";
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/.history", home);
    return p;
}

/* Keep the last nlines entries of a history file. libedit's own
 * history_truncate_file() counts its "_HiStOrY_V2_" header line as an
 * entry and can drop it, after which read_history() refuses the file: the
 * header is kept here. Failures are ignored, as CPython ignores them (the
 * history was written; the file is only longer than asked). */
static void truncate_history_file(const char *filename, int nlines) {
    static const char header[] = "_HiStOrY_V2_\n";
    char *dflt = NULL;
    if (!filename && !(filename = dflt = default_history_file())) return;
    FILE *f = fopen(filename, "r+");
    char *data = NULL;
    struct stat st;
    if (!f || fstat(fileno(f), &st) < 0) goto done;
    size_t size = (size_t)st.st_size;
    data = malloc(size ? size : 1);
    if (!data || fread(data, 1, size, f) != size) goto done;
    size_t hlen = size >= sizeof header - 1 && !memcmp(data, header, sizeof header - 1) ? sizeof header - 1 : 0;
    char *end = data + size;
    size_t lines = 0;
    for (char *p = data + hlen; p < end; p++) lines += *p == '\n';
    if (size > hlen && end[-1] != '\n') lines++;
    if (lines <= (size_t)nlines) goto done;
    char *keep = data + hlen;
    for (size_t drop = lines - (size_t)nlines; drop > 0 && keep < end; drop--) {
        char *nl = memchr(keep, '\n', (size_t)(end - keep));
        keep = nl ? nl + 1 : end;
    }
    size_t klen = (size_t)(end - keep);
    if (fseek(f, 0, SEEK_SET) == 0 && fwrite(data, 1, hlen, f) == hlen && fwrite(keep, 1, klen, f) == klen &&
        fflush(f) == 0 && ftruncate(fileno(f), (off_t)(hlen + klen)) == 0) {
    }
done:
    if (f) fclose(f);
    free(data);
    free(dflt);
}

static Value r_write_history_file(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write_history_file", 1, 0, 0, {"filename", NULL}};
    Value a[1], fn;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !filename_arg(a[0], &fn)) return VNULL;
    errno = 0;
    int e = RL(write_history)(fname_or_null(fn));
    if (!e && history_file_length >= 0) truncate_history_file(fname_or_null(fn), history_file_length);
    if (e) return errno_error(e);
    return V_NONE;
}

static Value r_append_history_file(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"append_history_file", 2, 1, 0, {"nelements", "filename", NULL}};
    Value a[2], fn;
    int n;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !int_arg(a[0], &n) || !filename_arg(a[1], &fn))
        return VNULL;
    /* libedit reads past its history for a negative count: none appended */
    errno = 0;
    int e = RL(append_history)(n < 0 ? 0 : n - replace_offset, fname_or_null(fn));
    if (!e && history_file_length >= 0) truncate_history_file(fname_or_null(fn), history_file_length);
    if (e) return errno_error(e);
    return V_NONE;
}

static Value r_set_history_length(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.set_history_length", 1, 1, 0, {"length", NULL}};
    Value a[1];
    int n;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !int_arg(a[0], &n)) return VNULL;
    history_file_length = n;
    return V_NONE;
}

static Value r_get_history_length(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_history_length");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(history_file_length);
}

/* ---- the history list ------------------------------------------------------------------------- */

static Value r_add_history(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.add_history", 1, 1, 0, {"string", NULL}};
    Value a[1];
    if (parse_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value b = encode(a[0]);
    if (!b) return VNULL;
    RL(add_history)(bytes_data(b));
    return V_NONE;
}

static Value r_set_auto_history(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.set_auto_history", 1, 1, 0, {"enabled", NULL}};
    Value a[1];
    if (parse_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int t = obj_truth(a[0]);
    if (t < 0) return VNULL;
    auto_history = t;
    return V_NONE;
}

static Value r_remove_history_item(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.remove_history_item", 1, 1, 0, {"pos", NULL}};
    Value a[1];
    int pos;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !int_arg(a[0], &pos)) return VNULL;
    if (pos < 0) return err_set(&exc_ValueError, "History index cannot be negative");
    HIST_ENTRY *e = RL(remove_history)(pos);
    if (!e) return err_format(&exc_ValueError, "No history item at position %d", pos);
    free_entry(e);
    return V_NONE;
}

static Value r_replace_history_item(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"replace_history_item", 2, 2, 0, {"pos", "line", NULL}};
    Value a[2];
    int pos;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !int_arg(a[0], &pos)) return VNULL;
    if (!str_check(a[1]))
        return err_format(&exc_TypeError, "replace_history_item() argument 2 must be str, not %s",
                          type_of(a[1])->tname);
    if (pos < 0) return err_set(&exc_ValueError, "History index cannot be negative");
    Value b = encode(a[1]);
    if (!b) return VNULL;
    HIST_ENTRY *e = RL(replace_history_entry)(pos + replace_offset, bytes_data(b), NULL);
    if (!e) return err_format(&exc_ValueError, "No history item at position %d", pos);
    free_entry(e);
    return V_NONE;
}

/* get_history_item(index): 1-based; None outside the history (libedit
 * is not asked then: some versions misbehave out of range) */
static Value r_get_history_item(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.get_history_item", 1, 1, 0, {"index", NULL}};
    Value a[1];
    int idx;
    if (parse_args(&spec, args, nargs, kwnames, a) < 0 || !int_arg(a[0], &idx)) return VNULL;
    int n = history_count();
    if (idx < 1 || idx > n) return V_NONE;
    HIST_ENTRY *e = RL(history_get)(idx - 1 + history_start);
    return e ? decode(e->line) : V_NONE;
}

static Value r_get_current_history_length(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_current_history_length");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(history_count());
}

static Value r_clear_history(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("clear_history");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    RL(clear_history)();
    return V_NONE;
}

/* ---- the line buffer -------------------------------------------------------------------------- */

static Value r_get_line_buffer(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_line_buffer");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return decode(RLV(rl_line_buffer));
}

static Value r_insert_text(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.insert_text", 1, 1, 0, {"string", NULL}};
    Value a[1];
    if (parse_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value b = encode(a[0]);
    if (!b) return VNULL;
    char *saved = locale_from_env();
    RL(rl_insert_text)(bytes_data(b));
    locale_restore(saved);
    return V_NONE;
}

static Value r_redisplay(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("redisplay");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    RL(rl_redisplay)();
    return V_NONE;
}

/* ---- hooks and completion --------------------------------------------------------------------- */

/* set_<name>(function=None): None removes the hook */
static Value set_hook(const char *name, Value *slot, Value *args, size_t nargs, Value kwnames, const ArgSpec *spec) {
    Value a[1];
    if (parse_args(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value f = a[0] ? a[0] : V_NONE;
    if (f == V_NONE) *slot = VNULL;
    else if (type_of(f)->call) *slot = f;
    else return err_format(&exc_TypeError, "set_%s(func): argument not callable", name);
    return V_NONE;
}

static void on_display_matches(char **matches, int n, int longest);

static Value r_set_completion_display_matches_hook(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_completion_display_matches_hook", 1, 0, 0, {"function", NULL}};
    Value r = set_hook("completion_display_matches_hook", &display_hook, args, nargs, kwnames, &spec);
    /* only while a Python hook is set: it replaces the library's display */
    RLV(rl_completion_display_matches_hook) = display_hook ? (VFunction *)(void (*)(void))on_display_matches : NULL;
    return r;
}

static Value r_set_startup_hook(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_startup_hook", 1, 0, 0, {"function", NULL}};
    return set_hook("startup_hook", &startup_hook, args, nargs, kwnames, &spec);
}

static Value r_set_pre_input_hook(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_pre_input_hook", 1, 0, 0, {"function", NULL}};
    return set_hook("pre_input_hook", &pre_input_hook, args, nargs, kwnames, &spec);
}

static Value r_set_completer(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_completer", 1, 0, 0, {"function", NULL}};
    return set_hook("completer", &completer, args, nargs, kwnames, &spec);
}

static Value r_get_completer(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_completer");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return completer ? completer : V_NONE;
}

static Value r_get_completion_type(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_completion_type");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(RLV(rl_completion_type));
}

static Value r_get_begidx(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_begidx");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return begidx;
}

static Value r_get_endidx(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_endidx");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return endidx;
}

/* the break characters: libedit's completion reads the "basic" ones,
 * GNU readline's the "completer" ones; both point at word_breaks */
static bool set_word_breaks(const char *s) {
    char *copy = strdup(s);
    if (!copy) return false;
    free(word_breaks);
    word_breaks = copy;
    RLV(rl_basic_word_break_characters) = word_breaks;
    RLV(rl_completer_word_break_characters) = word_breaks;
    return true;
}

static Value r_set_completer_delims(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readline.set_completer_delims", 1, 1, 0, {"string", NULL}};
    Value a[1];
    if (parse_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value b = encode(a[0]);
    if (!b) return VNULL;
    if (!set_word_breaks(bytes_data(b))) return err_no_memory();
    return V_NONE;
}

static Value r_get_completer_delims(Value *args, size_t nargs, Value kwnames) {
    NOARGS_SPEC("get_completer_delims");
    if (parse_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return decode(RLV(rl_completer_word_break_characters));
}

/* A hook called by the library: its exception is dropped (the library
 * cannot report it), as CPython does; the result as an int. */
static int call_hook(Value f) {
    if (!f) return 0;
    Value r = obj_call(f, NULL, 0, VNULL);
    if (!r) {
        err_clear();
        return 0;
    }
    if (r == V_NONE) return 0;
    int n;
    if (!int_arg(r, &n)) {
        err_clear();
        return 0;
    }
    return n;
}

static int on_startup(void) { return call_hook(startup_hook); }
static int on_pre_input(void) { return call_hook(pre_input_hook); }

static void on_display_matches(char **matches, int n, int longest) {
    if (!display_hook) return;
    Value l = list_new(0);
    for (int i = 0; i < n; i++) {
        Value s = decode(matches[i + 1]);
        if (!s) goto fail;
        list_append(l, s);
    }
    Value sub = decode(matches[0]);
    if (!sub) goto fail;
    Value cargs[3] = {sub, l, v_int(longest)};
    Value r = obj_call(display_hook, cargs, 3, VNULL);
    if (!r) goto fail;
    return;
fail:
    err_clear();
}

/* completion_matches' generator: the Python completer's answer for
 * (text, state), malloc'd; NULL ends the matches */
static char *on_completion(const char *text, int state) {
    if (!completer) return NULL;
    RLV(rl_attempted_completion_over) = 1;
    Value t = decode(text);
    if (!t) goto fail;
    Value cargs[2] = {t, v_int(state)};
    Value r = obj_call(completer, cargs, 2, VNULL);
    if (!r) goto fail;
    if (r == V_NONE) return NULL;
    Value b = encode(r);
    if (!b) goto fail;
    return strdup(bytes_data(b));
fail:
    err_clear();
    return NULL;
}

/* the code points in the first n bytes of s (at most its length) */
static int chars_in(const char *s, int n) {
    size_t len = s ? strlen(s) : 0;
    if (n < 0) n = 0;
    if ((size_t)n > len) n = (int)len;
    Value v = decode_n(s ? s : "", (size_t)n);
    if (!v) {
        err_clear();
        return n;
    }
    return (int)str_len(v);
}

/* The completion entry point: records the scope in characters (the
 * library gives offsets into its multibyte buffer) and asks the Python
 * completer through completion_matches. */
static char **flex_complete(const char *text, int start, int end) {
    RLV(rl_completion_append_character) = '\0';
    RLV(rl_completion_suppress_append) = 0;
    int s = chars_in(RLV(rl_line_buffer), start);
    int e = s + chars_in(RLV(rl_line_buffer) && (size_t)start <= strlen(RLV(rl_line_buffer)) ? RLV(rl_line_buffer) + start : "",
                         end - start);
    begidx = v_int(s);
    endidx = v_int(e);
    return RL(completion_matches)((char *)text, on_completion);
}

/* ---- reading a line --------------------------------------------------------------------------- */

static char *completed_line;
static bool line_done;

/* The window's size changed: the emulation learns it before the next key
 * (its own SIGWINCH handling goes with rl_catch_signals). The handler
 * chains to the one it replaced, as CPython's. */
static volatile sig_atomic_t window_resized;
static struct sigaction old_winch;

static void on_sigwinch(int sig, siginfo_t *info, void *ctx) {
    window_resized = 1;
    if (old_winch.sa_flags & SA_SIGINFO) {
        if (old_winch.sa_sigaction) old_winch.sa_sigaction(sig, info, ctx);
    } else if (old_winch.sa_handler != SIG_DFL && old_winch.sa_handler != SIG_IGN) {
        old_winch.sa_handler(sig);
    }
}

static void line_handler(char *text) {
    completed_line = text;
    line_done = true;
    RL(rl_callback_handler_remove)();
}

/* One line from the terminal with the emulation: malloc'd, without its
 * newline; NULL at the end of input, or with *failed and an exception set
 * when a signal handler raised (KeyboardInterrupt) during the wait. */
static char *read_line(const char *prompt, bool *failed);

static char *call_readline(const char *prompt, bool *failed) {
    char *saved = locale_from_env();
    char *p = read_line(prompt, failed);
    locale_restore(saved);
    return p;
}

static char *read_line(const char *prompt, bool *failed) {
    *failed = false;
    fflush(stdout);
    fflush(stderr);
    /* the emulation calls the startup hook from readline() only, not in
       callback mode: called here, before the prompt as documented. (Its
       pre-input hook is not called in either mode: CPython on libedit
       and its tests count on that, and so does this module.) */
    on_startup();
    RLV(rl_done) = 0;   /* eof_or_delete's end of the last input */
    line_done = false;
    completed_line = NULL;
    RL(rl_callback_handler_install)(prompt, line_handler);
    while (!line_done) {
        int fd = fileno(RLV(rl_instream) ? RLV(rl_instream) : stdin);
        fd_set set;
        FD_ZERO(&set);
        FD_SET(fd, &set);
        /* A signal that came while a key was being handled set pending()
           without interrupting anything: it is looked at with signals
           blocked, and pselect() unblocks them atomically, so that none
           arrives unseen between the look and the wait. */
        if (window_resized) {
            window_resized = 0;
            RL(rl_resize_terminal)();
        }
        sigset_t all, old;
        sigfillset(&all);
        gc_thread_sigmask(SIG_BLOCK, &all, &old);
        int n = -1, e = EINTR;
        if (!pending()) {
            bool released = gil_blocking_begin();
            n = pselect(fd + 1, &set, NULL, NULL, NULL, &old);
            e = errno;
            gil_blocking_end(released);
        }
        gc_thread_sigmask(SIG_SETMASK, &old, NULL);
        if (n > 0) {
            RL(rl_callback_read_char)();
        } else if (n < 0 && e == EINTR) {
            if (pending_check() < 0) {
                RL(rl_free_line_state)();
                RL(rl_callback_handler_remove)();
                *failed = true;
                return NULL;
            }
        } else if (n < 0) {
            RL(rl_callback_handler_remove)();
            errno_error(e);
            *failed = true;
            return NULL;
        }
    }
    char *p = completed_line;
    if (p && *p && auto_history) {
        int len = history_count();
        HIST_ENTRY *last = len > 0 ? RL(history_get)(len - 1 + history_start) : NULL;
        if (!last || !last->line || strcmp(last->line, p)) RL(add_history)(p);
    }
    return p;
}

/* ---- the module ------------------------------------------------------------------------------- */

/* Ctrl-D: the end of input on an empty line, silently (libedit's own
 * binding writes "^D" to the terminal then, which GNU readline and so
 * CPython do not), through rl_done, which the emulation turns into end of
 * input. On a non-empty line GNU readline deletes the character under the
 * cursor, which the emulation's editing calls cannot do in place
 * (rl_delete_text keeps the line's tail only partly): a bell, and the
 * Delete key deletes forward. */
static int eof_or_delete(int count, int key) {
    (void)count, (void)key;
    if (RLV(rl_end) == 0) RLV(rl_done) = 1;
    else RL(rl_ding)();
    return 0;
}

/* Set up the emulation once, as CPython's setup_readline does for it. */
static void setup(void) {
    char *saved = locale_from_env();
    RLV(rl_readline_name) = "python";
    /* libedit's own signal handlers would pass a signal on to the whole
       process group (kill(0, sig)): the interpreter's handlers run instead
       (read_line's wait ends on EINTR) */
    RLV(rl_catch_signals) = 0;
    /* libedit resets its bindings in rl_initialize(): first */
    RL(rl_initialize)();
    /* probe how this libedit counts history entries */
    RL(add_history)("1");
    history_start = RL(history_get)(1) ? 1 : 0;
    RL(add_history)("2");
    free_entry(RL(replace_history_entry)(1, "X", NULL));
    HIST_ENTRY *first = RL(history_get)(history_start);
    replace_offset = first && first->line && strcmp(first->line, "X") ? 0 : 1;
    RL(clear_history)();
    RL(using_history)();
    /* Tab inserts a tab unless a program binds completion (site does) */
    RL(rl_bind_key)('\t', RL(rl_insert));
    RL(rl_add_defun)("tpy-eof-or-delete", eof_or_delete, 4);
    RLV(rl_startup_hook) = on_startup;
    RLV(rl_pre_input_hook) = on_pre_input;
    RLV(rl_attempted_completion_function) = flex_complete;
    /* every non-alphanumeric character but '.' (rlcompleter completes
       dotted names) */
    set_word_breaks(" \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?");
    begidx = endidx = v_int(0);
    RL(rl_read_init_file)(NULL);
    locale_restore(saved);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigwinch;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, &old_winch);
    readline_hook = call_readline;
}

static const MethodDef readline_functions[] = {
    {"parse_and_bind", r_parse_and_bind, MF_KEYWORDS, "Execute the init line provided in the string argument."},
    {"get_line_buffer", r_get_line_buffer, MF_KEYWORDS, "Return the current contents of the line buffer."},
    {"insert_text", r_insert_text, MF_KEYWORDS, "Insert text into the line buffer at the cursor position."},
    {"redisplay", r_redisplay, MF_KEYWORDS,
     "Change what's displayed on the screen to reflect contents of the line buffer."},
    {"read_init_file", r_read_init_file, MF_KEYWORDS,
     "Execute a readline initialization file.\n\nThe default filename is the last filename used."},
    {"read_history_file", r_read_history_file, MF_KEYWORDS,
     "Load a readline history file.\n\nThe default filename is ~/.history."},
    {"write_history_file", r_write_history_file, MF_KEYWORDS,
     "Save a readline history file.\n\nThe default filename is ~/.history."},
    {"append_history_file", r_append_history_file, MF_KEYWORDS,
     "Append the last nelements items of the history list to file.\n\nThe default filename is ~/.history."},
    {"get_history_item", r_get_history_item, MF_KEYWORDS,
     "Return the current contents of history item at one-based index."},
    {"get_current_history_length", r_get_current_history_length, MF_KEYWORDS,
     "Return the current (not the maximum) length of history."},
    {"set_history_length", r_set_history_length, MF_KEYWORDS,
     "Set the maximal number of lines which will be written to the history file.\n\n"
     "A negative length is used to inhibit history truncation."},
    {"get_history_length", r_get_history_length, MF_KEYWORDS,
     "Return the maximum number of lines that will be written to the history file."},
    {"set_completer", r_set_completer, MF_KEYWORDS,
     "Set or remove the completer function.\n\n"
     "The function is called as function(text, state),\n"
     "for state in 0, 1, 2, ..., until it returns a non-string.\n"
     "It should return the next possible completion starting with 'text'."},
    {"get_completer", r_get_completer, MF_KEYWORDS, "Get the current completer function."},
    {"get_completion_type", r_get_completion_type, MF_KEYWORDS, "Get the type of completion being attempted."},
    {"get_begidx", r_get_begidx, MF_KEYWORDS, "Get the beginning index of the completion scope."},
    {"get_endidx", r_get_endidx, MF_KEYWORDS, "Get the ending index of the completion scope."},
    {"set_completer_delims", r_set_completer_delims, MF_KEYWORDS, "Set the word delimiters for completion."},
    {"set_auto_history", r_set_auto_history, MF_KEYWORDS, "Enables or disables automatic history."},
    {"add_history", r_add_history, MF_KEYWORDS, "Add an item to the history buffer."},
    {"remove_history_item", r_remove_history_item, MF_KEYWORDS,
     "Remove history item given by its zero-based position."},
    {"replace_history_item", r_replace_history_item, MF_KEYWORDS,
     "Replaces history item given by its position with contents of line.\n\npos is zero-based."},
    {"get_completer_delims", r_get_completer_delims, MF_KEYWORDS, "Get the word delimiters for completion."},
    {"set_completion_display_matches_hook", r_set_completion_display_matches_hook, MF_KEYWORDS,
     "Set or remove the completion display function.\n\n"
     "The function is called as\n  function(substitution, [matches], longest_match_length)\n"
     "once each time matches need to be displayed."},
    {"set_startup_hook", r_set_startup_hook, MF_KEYWORDS,
     "Set or remove the function invoked by the rl_startup_hook callback.\n\n"
     "The function is called with no arguments just\nbefore readline prints the first prompt."},
    {"set_pre_input_hook", r_set_pre_input_hook, MF_KEYWORDS,
     "Set or remove the function invoked by the rl_pre_input_hook callback.\n\n"
     "The function is called with no arguments after the first prompt\n"
     "has been printed and just before readline starts reading input\ncharacters."},
    {"clear_history", r_clear_history, MF_KEYWORDS, "Clear the current readline history."},
    {NULL, NULL, 0, NULL},
};

Value readline_module_create(void) {
    if (edit_load() < 0) return VNULL;
    if (!readline_hook) setup();
    Value m = module_new_cstr("readline");
    module_add_functions(m, readline_functions);
    module_add(m, "__doc__", str_from_cstr("Importing this module enables command line editing using libedit readline."));
    module_add(m, "_READLINE_VERSION", v_int(RL_READLINE_VERSION));
    module_add(m, "_READLINE_RUNTIME_VERSION", v_int(RLV(rl_readline_version)));
    module_add(m, "_READLINE_LIBRARY_VERSION", str_from_cstr(RLV(rl_library_version)));
    return m;
}
