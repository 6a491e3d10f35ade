/* sys.c: the sys module; its standard streams are io objects (_io.c). */
#include "../vm/codecache.h"
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/config.h"
#include "modules.h"
#include "../vm/pending.h"
#include "../obj/gen.h"
#include "../vm/traceback.h"
#include "../jit/trace.h"
#include "../jit/params.h"
#include "../vm/opcodes.h"
#include "../front/compiler.h"

Value sys_module;

/* ---- the standard streams ------------------------------------------------------------- */

/* sys.stdin, stdout and stderr are io's TextIOWrapper objects (_io.c), as
 * CPython's. print and the runtime's own messages reach a TextIOWrapper's
 * C write directly, unless a subclass or the instance replaced write. */
Value io_std_stream(int fd, bool unbuffered);   /* _io.c */
bool io_text_fast(Value stream);                /* _io.c: a TextIOWrapper with C write */
int io_text_write(Value stream, Value s);       /* _io.c: its write(s) for a str s */

Value sys_stream_write(Value stream, Value s) {
    if (str_check(s) && io_text_fast(stream)) return io_text_write(stream, s) < 0 ? VNULL : V_NONE;
    return obj_call_method(stream, "write", &s, 1);
}

/* Write str(v) to a stream as CPython's PyFile_WriteObject(Py_PRINT_RAW):
 * the stream's write method is looked up before str(v) is taken (a stream
 * without one fails first), then called with the str. 0, or -1 with the
 * exception set. */
int sys_stream_write_str_of(Value stream, Value v) {
    if (io_text_fast(stream)) {
        Value s = str_check_exact(v) ? v : obj_str(v);
        if (!s) return -1;
        return io_text_write(stream, s);
    }
    Value write = obj_getattr(stream, NAME(write));
    if (!write) return -1;
    Value s = str_check_exact(v) ? v : obj_str(v);
    if (!s) return -1;
    return obj_call(write, &s, 1, VNULL) ? 0 : -1;
}

int sys_stream_flush(Value stream) {
    Value r = obj_call_method(stream, "flush", NULL, 0);
    return r ? 0 : -1;
}

/* The runtime's own messages (tracebacks, warnings): to sys.stderr, or to
 * the process's stderr when there is none. Errors are dropped. */
void sys_write_stderr(const char *s, size_t n) {
    Value err = sys_module ? dict_get_str(module_dict(sys_module), NAME(stderr)) : VNULL;
    if (err && err != V_NONE) {
        Value saved = err_fetch();
        Value r = sys_stream_write(err, str_new(s, n));
        if (!r || sys_stream_flush(err) < 0) err_clear();
        err_restore(saved);
        return;
    }
    fwrite(s, 1, n, stderr);
    fflush(stderr);
}

/* ---- the module ------------------------------------------------------------------------ */

Value sys_get_stream(const char *name) {
    Value s = dict_get_cstr(module_dict(sys_module), name);
    if (!s) return err_format(&exc_RuntimeError, "lost sys.%s", name);
    return s;
}

void sys_flush_all(void) {
    Value saved = err_fetch();
    static const char *const streams[] = {"stdout", "stderr"};
    for (int i = 0; i < 2; i++) {
        Value s = dict_get_cstr(module_dict(sys_module), streams[i]);
        if (s && s != V_NONE && sys_stream_flush(s) < 0) err_clear();
    }
    /* also the originals, in case they were replaced */
    static const char *const orig[] = {"__stdout__", "__stderr__"};
    for (int i = 0; i < 2; i++) {
        Value s = dict_get_cstr(module_dict(sys_module), orig[i]);
        if (s && s != V_NONE && sys_stream_flush(s) < 0) err_clear();
    }
    err_restore(saved);
}

/* The last flush of sys.stdout and sys.stderr at shutdown, as CPython's
   flush_std_files: a stream already closed is left alone; a failing stdout
   is reported as unraisable. Returns -1 when either failed (the process
   then exits with status 120). */
int sys_flush_std_at_exit(void) {
    int status = 0;
    static const char *const streams[] = {"stdout", "stderr"};
    for (int i = 0; i < 2; i++) {
        Value s = dict_get_cstr(module_dict(sys_module), streams[i]);
        if (!s || s == V_NONE) continue;
        Value closed = obj_getattr_opt(s, str_intern_cstr("closed"));
        int is_closed = closed ? obj_truth(closed) : 0;
        err_clear();
        if (is_closed > 0) continue;
        if (sys_stream_flush(s) < 0) {
            if (i == 0) err_write_unraisable(err_fetch(), NULL, s);
            err_clear();
            status = -1;
        }
    }
    return status;
}

static Value s_exit(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("exit", kwnames) < 0) return VNULL;
    if (arg_count("exit", nargs, 0, 1) < 0) return VNULL;
    /* a tuple is the exception's arguments (CPython raises SystemExit
       with the object as its value, and a tuple value is the args) */
    Value exc = nargs == 1 && tuple_check_exact(args[0])
                    ? exc_new(&exc_SystemExit, tuple_items(args[0]), (size_t)tuple_size(args[0]))
                    : exc_new(&exc_SystemExit, args, nargs);
    if (exc) err_set_exc(exc);
    return VNULL;
}

static Value s_setrecursionlimit(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setrecursionlimit", kwnames) < 0) return VNULL;
    if (arg_count("setrecursionlimit", nargs, 1, 1) < 0) return VNULL;
    if (float_check(args[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t n = obj_index_i64(args[0]);
    if (n == -1 && err_occurred()) return VNULL;
    if (n < 1) return err_set(&exc_ValueError, "recursion limit must be greater or equal than 1");
    if (n <= tstate.depth)
        return err_format(&exc_RecursionError,
                          "cannot set the recursion limit to %lld at the recursion depth %lld: the limit is too low",
                          (long long)n, (long long)tstate.depth);
    tstate.recursion_limit = n;
    return V_NONE;
}

static Value s_set_int_max_str_digits(Value *args, size_t nargs, Value kwnames) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nkw > 1 || (nkw == 1 && !str_eq_cstr(tuple_get(kwnames, 0), "maxdigits")))
        return err_set(&exc_TypeError, "set_int_max_str_digits() got an unexpected keyword argument");
    if (arg_count("set_int_max_str_digits", nargs + nkw, 1, 1) < 0) return VNULL;
    if (float_check(args[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t n = obj_index_i64(args[0]);
    if (n == -1 && err_occurred()) return VNULL;
    if (n != 0 && (n < INT_MAX_STR_DIGITS_THRESHOLD || n > INT32_MAX))
        return err_format(&exc_ValueError, "maxdigits must be 0 or larger than %d", INT_MAX_STR_DIGITS_THRESHOLD);
    tpy_config.int_max_str_digits = (int)n;
    return V_NONE;
}

static Value s_get_int_max_str_digits(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("get_int_max_str_digits", kwnames) < 0) return VNULL;
    if (arg_count("get_int_max_str_digits", nargs, 0, 0) < 0) return VNULL;
    return v_int(int_max_str_digits());
}

static Value s_getrecursionlimit(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("getrecursionlimit", nargs, 0, 0) < 0 || arg_nokw("getrecursionlimit", kwnames) < 0) return VNULL;
    return int_from_i64(tstate.recursion_limit);
}

static Value s_intern(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("intern", nargs, 1, 1) < 0) return VNULL;
    if (!str_check_exact(args[0])) return err_format(&exc_TypeError, "intern() argument must be str, not %T", args[0]);
    return str_intern(args[0]);
}

static Value s_exc_info(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("exc_info", nargs, 0, 0) < 0 || arg_nokw("exc_info", kwnames) < 0) return VNULL;
    Value e = exc_handled();
    if (!e) return tuple_pack(3, V_NONE, V_NONE, V_NONE);
    ExcObject *x = V_AS(ExcObject, e);
    traceback_keep_frames(x->traceback);
    return tuple_pack(3, V_FROM_PTR(type_of(e)), e, x->traceback ? x->traceback : V_NONE);
}

static Value s_exception(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("exception", nargs, 0, 0) < 0 || arg_nokw("exception", kwnames) < 0) return VNULL;
    Value e = exc_handled();
    return e ? e : V_NONE;
}

static Value s_getsizeof(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("getsizeof", nargs, 1, 2) < 0) return VNULL;
    Value v = args[0];
    Type *t = type_of(v);
    static Value object_sizeof;
    if (!object_sizeof) object_sizeof = type_lookup_cstr(&object_type, "__sizeof__");
    if (type_has_flag(t, TF_HEAPTYPE) && type_lookup_cstr(t, "__sizeof__") != object_sizeof) {
        /* a class's own __sizeof__ answers (looked up as special methods
           are), plus CPython's collector header: its instances are tracked */
        bool found;
        Value r = obj_call_special(v, str_intern_cstr("__sizeof__"), NULL, 0, &found);
        if (!r) {
            if (nargs == 2 && err_matches(&exc_TypeError)) {
                err_clear();
                return args[1];
            }
            return VNULL;
        }
        if (!int_check(r)) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", r);
        if (int_sign(r) < 0) return err_set(&exc_ValueError, "__sizeof__() should return >= 0");
        /* CPython 3.11's words before the object: the collector's header,
           and two for a dict a class adds to a fixed-size builtin layout */
        Type *b = t;
        while (type_has_flag(b, TF_HEAPTYPE)) b = b->base;
        int64_t pre = 16;
        if (t->attrs_offset && !b->attrs_offset && !type_has_flag(t, TF_NO_DICT)) pre += 16;
        return obj_binop(r, v_int(pre), BINOP_ADD);
    }
    int64_t size = t->basicsize ? t->basicsize : 16;
    if (str_check(v)) size = (int64_t)sizeof(StrObject) + str_nbytes(v) + 1;
    else if (list_check(v)) size = (int64_t)sizeof(ListObject) + 8 * list_capacity(V_AS(ListObject, v));
    else if (tuple_check(v)) size = (int64_t)sizeof(TupleObject) + 8 * tuple_size(v);
    else if (bytes_check(v)) size += bytes_size(v) + 1;   /* the data and its NUL, in the same block */
    return int_from_i64(size);
}

static Value s_getdefaultencoding(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("getdefaultencoding", nargs, 0, 0) < 0 || arg_nokw("getdefaultencoding", kwnames) < 0) return VNULL;
    return str_from_cstr("utf-8");
}

static Value s_displayhook(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("displayhook", nargs, 1, 1) < 0) return VNULL;
    Value v = args[0];
    if (v == V_NONE) return V_NONE;
    dict_set(tstate.builtins, str_intern_cstr("_"), V_NONE);
    Value r = obj_repr(v);
    if (!r) return VNULL;
    Value out = sys_get_stream("stdout");
    if (!out) return VNULL;
    if (!sys_stream_write(out, r)) {
        if (!err_matches(&exc_UnicodeEncodeError)) return VNULL;
        /* a repr the stream's encoding cannot hold is written with
           backslash escapes, as CPython's displayhook does */
        err_clear();
        Value enc = obj_getattr_cstr(out, "encoding");
        Value a[2] = {enc, str_from_cstr("backslashreplace")};
        Value bytes = enc ? obj_call_method(r, "encode", a, 2) : VNULL;
        if (!bytes) return VNULL;
        Value buffer = obj_getattr_opt(out, str_intern_cstr("buffer"));
        if (buffer) {
            if (!obj_call_method(buffer, "write", &bytes, 1)) return VNULL;
        } else {
            if (err_occurred()) return VNULL;
            a[1] = str_from_cstr("strict");
            Value text = obj_call_method(bytes, "decode", a, 2);
            if (!text || !sys_stream_write(out, text)) return VNULL;
        }
    }
    if (!sys_stream_write(out, str_ascii_char('\n'))) return VNULL;
    dict_set(tstate.builtins, str_intern_cstr("_"), v);
    return V_NONE;
}

int sys_displayhook(Value v) {
    Value hook = dict_get_cstr(module_dict(sys_module), "displayhook");
    if (!hook) {
        err_set(&exc_RuntimeError, "lost sys.displayhook");
        return -1;
    }
    return obj_call1(hook, v) ? 0 : -1;
}

/* sys.breakpointhook(*args, **kws): what $PYTHONBREAKPOINT names (default
 * pdb.set_trace; "0" disables; a name without a dot is a builtin), called
 * with the arguments; an unimportable name warns and returns None. */
static Value s_breakpointhook(Value *args, size_t nargs, Value kwnames) {
    const char *env = tpy_config.ignore_environment ? NULL : getenv("PYTHONBREAKPOINT");
    if (!env || !*env) env = "pdb.set_trace";
    else if (!strcmp(env, "0")) return V_NONE;
    const char *dot = strrchr(env, '.');
    Value modname = dot ? str_new(env, (size_t)(dot - env)) : str_from_cstr("builtins");
    Value attrname = str_from_cstr(dot ? dot + 1 : env);
    Value hook = VNULL;
    /* ".name": no module to import: ignored with the warning below */
    if (dot == env) err_set(&exc_ImportError, "no module");
    else if (modname && attrname && import_name(modname, tuple_pack(1, attrname), int_from_i64(0), VNULL)) {
        Value mod = dict_get(tstate.sys_modules, modname);
        if (mod) hook = obj_getattr(mod, attrname);
    }
    if (!hook) {
        if (!err_matches(&exc_ImportError) && !err_matches(&exc_AttributeError)) return VNULL;
        err_clear();
        Value msg = str_printf("Ignoring unimportable $PYTHONBREAKPOINT: \"%s\"", env);
        if (!msg || warn_c(&exc_RuntimeWarning, msg, 1) < 0) return VNULL;
        return V_NONE;
    }
    return obj_call(hook, args, nargs, kwnames);
}

/* sys._current_frames() and sys._current_exceptions(): per thread
 * identifier, the innermost frame (None when the thread runs none) or the
 * exception being handled as exc_info() gives it (3.11's 3-tuples). */
static Value frame_object_new(Frame *f);

static void add_thread_frame(uint64_t ident, ThreadState *ts, void *ctx) {
    Value d = *(Value *)ctx;
    if (!d) return;
    Value f = V_NONE;
    if (ts->frame) f = frame_object_new(ts->frame);
    Value k = int_from_u64(ident);
    if (!f || !k || dict_set(d, k, f) < 0) *(Value *)ctx = VNULL;
}

static void add_thread_exception(uint64_t ident, ThreadState *ts, void *ctx) {
    Value d = *(Value *)ctx;
    if (!d) return;
    Value e = ts->handled ? ts->handled : ts->handled_outer;
    Value info = e ? tuple_pack(3, V_FROM_PTR(type_of(e)), e,
                                V_AS(ExcObject, e)->traceback ? V_AS(ExcObject, e)->traceback : V_NONE)
                   : tuple_pack(3, V_NONE, V_NONE, V_NONE);
    Value k = int_from_u64(ident);
    if (!info || !k || dict_set(d, k, info) < 0) *(Value *)ctx = VNULL;
}

static Value s_current_frames(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("_current_frames", nargs, 0, 0) < 0 || arg_nokw("_current_frames", kwnames) < 0) return VNULL;
    Value d = dict_new();
    if (d) gil_for_each_thread(add_thread_frame, &d);
    return d;
}

static Value s_current_exceptions(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_count("_current_exceptions", nargs, 0, 0) < 0 || arg_nokw("_current_exceptions", kwnames) < 0)
        return VNULL;
    Value d = dict_new();
    if (d) gil_for_each_thread(add_thread_exception, &d);
    return d;
}

static Value s_excepthook(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("excepthook", nargs, 3, 3) < 0) return VNULL;
    /* as CPython: the type argument is not used; a traceback given for an
       exception that has none is attached to it */
    if (exc_check(args[1]) && !V_AS(ExcObject, args[1])->traceback && traceback_check(args[2]))
        V_AS(ExcObject, args[1])->traceback = args[2];
    err_print_exception(args[1]);
    return V_NONE;
}

static Value s_unraisablehook(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("unraisablehook", nargs, 1, 1) < 0) return VNULL;
    Value u = args[0];
    Value exc = obj_getattr_opt(u, str_intern_cstr("exc_value"));
    Value msg = obj_getattr_opt(u, str_intern_cstr("err_msg"));
    Value obj = obj_getattr_opt(u, str_intern_cstr("object"));
    err_clear();
    if (!exc || !exc_check(exc)) return V_NONE;
    err_write_unraisable_default(exc, msg && str_check(msg) ? msg : VNULL, obj);
    return V_NONE;
}

/* ---- frame objects (sys._getframe) -------------------------------------------------------- */

/* A frame's object: one per frame while it runs (Frame.fobj), reading its
 * line and locals live; when the frame returns it keeps the last ones.
 * f_back is found through the live frame; when the frame returns, its
 * object links its caller's (made then, as CPython's take_ownership does),
 * since the frame's memory is reused. */
typedef struct FrameObject {
    Object hdr;
    Frame *raw;
    Value code, globals, locals;
    int lineno;
    int lasti;                  /* instruction index (f_lasti shows its offset) */
    /* the local trace function (sys.settrace) and its switches; opcode
       events are not sent */
    Value trace;
    bool trace_lines, trace_opcodes;
    bool cleared;
    int trace_prev;             /* the instruction of the last line check, -1 before */
    bool at_call;               /* its 'call' event runs: f_lineno is the def line */
    Value gen;                  /* a generator's frame (gi_frame): the generator; else VNULL */
    Value back;                 /* once returned: the caller's frame object (f_back), or VNULL */
} FrameObject;

static Type frame_type;

/* Is the frame the snapshot was taken of still running? A returned
 * frame's memory is reused by later calls, so the code must match too (a
 * later call of the same code at the same place still looks live). */
struct LiveSearch {
    FrameObject *fo;
    bool found, live;
};

static void search_thread_frames(uint64_t ident, ThreadState *ts, void *ctx) {
    (void)ident;
    struct LiveSearch *ls = ctx;
    for (Frame *x = ts->frame; x && !ls->found; x = x->back)
        if (x == ls->fo->raw) {
            ls->found = true;
            ls->live = V_FROM_PTR(x->code) == ls->fo->code;
        }
}

/* (another thread's frames too: sys._current_frames() gives them, and
   that thread waits for the lock while we look) */
static bool snapshot_live(FrameObject *fo) {
    if (!fo->raw) return false;
    for (Frame *x = tstate.frame; x; x = x->back)
        if (x == fo->raw) return V_FROM_PTR(x->code) == fo->code;
    struct LiveSearch ls = {fo, false, false};
    gil_for_each_thread(search_thread_frames, &ls);
    return ls.live;
}

/* CPython's PyFrame_FastToLocals: a function frame's variables into its
   locals dict, in place: bound ones set, unbound ones removed, other keys
   (a debugger's __return__) kept */
void sys_fast_to_locals(Frame *f, Value d) {
    CodeObject *co = f->code;
    int n = co->nlocals + co->ncells + co->nfrees;
    for (int i = 0; i < n; i++) {
        Value name, v;
        if (i < co->nlocals) {
            name = tuple_get(co->varnames, i);
            v = f->localsplus[i];
        } else {
            name = i < co->nlocals + co->ncells ? tuple_get(co->cellvars, i - co->nlocals)
                                                : tuple_get(co->freevars, i - co->nlocals - co->ncells);
            Value cell = f->localsplus[i];
            v = cell ? V_AS(CellObject, cell)->value : VNULL;
        }
        if (v) dict_set(d, name, v);
        else if (dict_get(d, name) && dict_del(d, name) < 0) err_clear();
    }
}

/* CPython's PyFrame_LocalsToFast(frame, 1), after a trace function: what it
   wrote into f_locals goes back into the variables (a debugger's `!x = 1`);
   a variable it removed becomes None, with CPython's RuntimeWarning */
static void locals_to_fast(Frame *f, Value d) {
    CodeObject *co = f->code;
    int n = co->nlocals + co->ncells + co->nfrees;
    Value saved = err_fetch();
    for (int i = 0; i < n; i++) {
        Value name = i < co->nlocals ? tuple_get(co->varnames, i)
                   : i < co->nlocals + co->ncells ? tuple_get(co->cellvars, i - co->nlocals)
                                                  : tuple_get(co->freevars, i - co->nlocals - co->ncells);
        Value v = dict_get(d, name);
        if (i < co->nlocals) {
            Value old = f->localsplus[i];
            if (v == old) continue;
            if (!v) {
                if (warn_c(&exc_RuntimeWarning, str_printf("assigning None to unbound local %R", name), 0) < 0)
                    err_clear();
                v = V_NONE;
            }
            f->localsplus[i] = v;
        } else {
            Value cell = f->localsplus[i];
            if (cell && V_AS(CellObject, cell)->value != v) V_AS(CellObject, cell)->value = v;
        }
    }
    err_restore(saved);
}

/* the event the trace function being called was given, and for which frame
   (CPython's tstate->tracing_what: it keeps the last event afterwards) */
static int tracing_what = TRACE_CALL;
static Frame *tracing_frame;

/* One frame object per frame while it runs (made on first demand, kept in
   Frame.fobj): trace functions compare frames by identity. */
static Value frame_object_new(Frame *f) {
    if (f->fobj) return f->fobj;
    FrameObject *fo = (FrameObject *)obj_alloc(&frame_type, sizeof *fo);
    f->fobj = V_FROM_PTR(fo);
    fo->trace_prev = -1;
    fo->raw = f;
    fo->code = V_FROM_PTR(f->code);
    fo->globals = f->globals;
    /* a function's variables are copied in when f_locals is read (or the
       frame returns), not now: a frame object made for a traceback must
       not keep the objects its variables later drop alive */
    fo->locals = f->locals || !f->func ? frame_locals_dict(f) : dict_new();
    fo->lasti = frame_lasti(f);
    fo->lineno = code_line(f->code, fo->lasti);
    fo->trace = V_NONE;
    fo->trace_lines = true;
    /* a generator's frame, however reached (a traceback), is its gi_frame:
       clear() closes the generator */
    if (f->gen) fo->gen = f->gen;
    return V_FROM_PTR(fo);
}

Value sys_frame_object(Frame *f) { return frame_object_new(f); }

Value sys_frame_locals(Frame *f) {
    FrameObject *fo = V_AS(FrameObject, frame_object_new(f));
    if (fo->raw == f && !fo->cleared) sys_fast_to_locals(f, fo->locals);
    return fo->locals;
}

/* gi_frame/cr_frame/ag_frame: the generator's own frame, read live while
   the generator has it (suspended or running) */
Value sys_gen_frame_object(Value gen, Frame *f) {
    Value v = frame_object_new(f);
    V_AS(FrameObject, v)->gen = gen;
    return v;
}

static bool gen_frame_alive(FrameObject *fo) {
    return fo->raw && fo->gen && V_AS(GenObject, fo->gen)->frame == fo->raw;
}

/* The frame returns: its object keeps the last locals and line, and no
   longer points into the frame stack (reused by the next call). */
void sys_frame_detach(Frame *f) {
    FrameObject *fo = V_AS(FrameObject, f->fobj);
    f->fobj = VNULL;
    if (fo->raw != f) return;
    if (!fo->cleared) fo->locals = frame_locals_dict(f);   /* brought up to date, the same dict */
    fo->lasti = frame_lasti(f);
    fo->lineno = code_line(f->code, fo->lasti);
    fo->raw = NULL;
    if (f->back) fo->back = frame_object_new(frame_back(f));
}

/* Frame f (its object in f->fobj) now lives at f: a frame that
   jit_force_frames() built outside the frame stack, moved onto it when the
   interpreter takes it over (jit/trace.c jit_resume). */
void sys_frame_moved(Frame *f) {
    V_AS(FrameObject, f->fobj)->raw = f;
}

Value sys_frame_object_at(Frame *raw, CodeObject *code, Value globals, Value locals, int lasti) {
    FrameObject *fo = (FrameObject *)obj_alloc(&frame_type, sizeof *fo);
    fo->raw = raw;
    fo->code = V_FROM_PTR(code);
    fo->globals = globals;
    fo->locals = locals ? locals : dict_new();
    fo->lasti = lasti;
    fo->lineno = code_line(code, lasti);
    fo->trace = V_NONE;
    fo->trace_lines = true;
    return V_FROM_PTR(fo);
}

/* A traceback's frame while that frame still runs in this thread: the
   frame's own object (tb.tb_frame is sys._getframe() there). VNULL when it
   has returned; a later call of the same code reusing its memory is taken
   for it (frames carry no serial number). */
Value sys_frame_object_running(Frame *raw, CodeObject *code) {
    for (Frame *x = tstate.frame; x; x = x->back)
        if (x == raw) return x->code == code ? frame_object_new(x) : VNULL;
    return VNULL;
}

bool sys_frame_check(Value v) { return v && v_is_ptr(v) && V_OBJ(v)->type == &frame_type; }
CodeObject *sys_frame_code(Value v) { return V_AS(CodeObject, V_AS(FrameObject, v)->code); }

static Value frame_get_code(Value v) { return V_AS(FrameObject, v)->code; }
static Value frame_get_globals(Value v) { return V_AS(FrameObject, v)->globals; }
/* while the frame runs, its line and locals are read live */
static Value frame_get_locals(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    if (!fo->cleared && (snapshot_live(fo) || gen_frame_alive(fo))) fo->locals = frame_locals_dict(fo->raw);
    return fo->locals;
}
/* byte offset of the current instruction, as dis and co_lines() count */
static Value frame_get_lasti(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    if (snapshot_live(fo) || gen_frame_alive(fo)) fo->lasti = frame_lasti(fo->raw);
    return v_int(code_offset(V_AS(CodeObject, fo->code), fo->lasti));
}
static Value frame_get_trace(Value v) { return V_AS(FrameObject, v)->trace; }
static int frame_set_trace(Value v, Value x) {
    FrameObject *fo = V_AS(FrameObject, v);
    fo->trace = x ? x : V_NONE;
    /* a frame traced from now on (a debugger's set_trace() on the frames
       up the stack) is at the instruction it runs: its line has begun,
       and goes on without a new 'line' event (CPython's instr_prev) */
    if (x && x != V_NONE && snapshot_live(fo) && !(tstate.in_trace && tracing_frame == fo->raw))
        fo->trace_prev = frame_lasti(fo->raw);
    return 0;
}
static int frame_set_flag(bool *flag, Value x) {
    if (!x) {
        err_set(&exc_AttributeError, "cannot delete attribute");
        return -1;
    }
    if (!bool_check(x)) {
        err_set(&exc_TypeError, "attribute value type must be bool");
        return -1;
    }
    *flag = x == V_TRUE;
    return 0;
}
static Value frame_get_trace_lines(Value v) { return v_bool(V_AS(FrameObject, v)->trace_lines); }
static int frame_set_trace_lines(Value v, Value x) { return frame_set_flag(&V_AS(FrameObject, v)->trace_lines, x); }
static Value frame_get_trace_opcodes(Value v) { return v_bool(V_AS(FrameObject, v)->trace_opcodes); }
static int frame_set_trace_opcodes(Value v, Value x) {
    return frame_set_flag(&V_AS(FrameObject, v)->trace_opcodes, x);
}

/* frame.clear(): a frame that is still running (on the call stack) cannot
 * be cleared; otherwise the snapshot drops its locals (and f_trace), so a
 * traceback kept around no longer holds them alive. */
static Value frame_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("clear", nargs, 1, 1) < 0) return VNULL;
    FrameObject *fo = V_AS(FrameObject, args[0]);
    if (snapshot_live(fo)) return err_set(&exc_RuntimeError, "cannot clear an executing frame");
    /* a suspended generator's frame: clearing it closes the generator */
    if (gen_frame_alive(fo)) {
        if (V_AS(GenObject, fo->gen)->running) return err_set(&exc_RuntimeError, "cannot clear an executing frame");
        if (gen_finalize_now(fo->gen) < 0) return VNULL;
    }
    fo->locals = dict_new();
    fo->trace = V_NONE;
    fo->cleared = true;
    return V_NONE;
}

static const MethodDef frame_methods[] = {
    {"clear", frame_clear_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static Value frame_get_lineno(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    if (fo->at_call) return v_int(V_AS(CodeObject, fo->code)->firstlineno);
    if (snapshot_live(fo) || gen_frame_alive(fo)) fo->lineno = code_line(fo->raw->code, frame_lasti(fo->raw));
    return fo->lineno < 0 ? V_NONE : v_int(fo->lineno);   /* an instruction without a line */
}
static Value frame_get_builtins(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    Frame *f = fo->raw;
    return snapshot_live(fo) && f->builtins ? f->builtins : tstate.builtins;
}
static Value frame_get_back(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    Frame *f = fo->raw;
    if (!snapshot_live(fo)) return fo->back ? fo->back : V_NONE;
    if (!f->back) return V_NONE;
    return frame_object_new(frame_back(f));
}

static Value frame_repr(Value v) {
    FrameObject *fo = V_AS(FrameObject, v);
    CodeObject *co = V_AS(CodeObject, fo->code);
    Value line = frame_get_lineno(v);   /* a running frame's current line */
    return str_printf("<frame at %p, file %R, line %R, code %U>", (void *)V_OBJ(v), co->filename, line, co->name);
}

/* ---- frame.f_lineno = N: a trace function's jump ------------------------------------------ */

/* What the value stack holds before each instruction, as kinds (CPython's
 * mark_stacks): a jump is allowed only between places whose stacks agree,
 * and leaving values behind pops them. A stack is encoded in an int64, three
 * bits per entry, the top in the low bits. */
enum { KIND_ITERATOR = 1, KIND_EXCEPT, KIND_OBJECT, KIND_NULL, KIND_LASTI };
#define STACK_UNINITIALIZED (-2)
#define STACK_OVERFLOWED (-1)
#define KIND_BITS 3

static int64_t stack_push(int64_t s, int kind) {
    if (s < 0) return s;
    if ((uint64_t)s >= ((uint64_t)1 << (63 - KIND_BITS))) return STACK_OVERFLOWED;
    return (s << KIND_BITS) | kind;
}
static int64_t stack_pop(int64_t s) { return s < 0 ? s : s >> KIND_BITS; }
static int stack_top(int64_t s) { return (int)(s & ((1 << KIND_BITS) - 1)); }
static int stack_depth(int64_t s) {
    int n = 0;
    for (; s > 0; s >>= KIND_BITS) n++;
    return n;
}
static int64_t stack_effect_objects(int64_t s, int delta) {
    for (; delta < 0; delta++) s = stack_pop(s);
    for (; delta > 0; delta--) s = stack_push(s, KIND_OBJECT);
    return s;
}

static void stack_merge(int64_t *stacks, int *work, int *nwork, int i, int n, int64_t s) {
    if (i >= n || stacks[i] != STACK_UNINITIALIZED) return;
    stacks[i] = s;
    work[(*nwork)++] = i;
}

static int64_t *mark_stacks(CodeObject *co) {
    int n = co->ncode;
    int64_t *stacks = gc_alloc_atomic(sizeof(int64_t) * (size_t)(n + 1));
    int *work = gc_alloc_atomic(sizeof(int) * (size_t)(n + 1) * 2);
    int nwork = 0;
    for (int i = 0; i < n; i++) stacks[i] = STACK_UNINITIALIZED;
    if (n == 0) return stacks;
    stack_merge(stacks, work, &nwork, 0, n, 0);
    while (nwork) {
        int i = work[--nwork];
        int64_t s = stacks[i];
        uint32_t w = co->code[i];
        int op = INSTR_OP(w), arg = (int)INSTR_ARG(w);
        /* the handlers of the instruction: the stack cut to their level,
           the saved instruction and the exception */
        for (int k = 0; k < co->nexctable; k++) {
            const ExcTableEntry *h = &co->exctable[k];
            if ((uint32_t)i < h->start || (uint32_t)i >= h->end) continue;
            int64_t t = s;
            while (stack_depth(t) > (int)h->depth) t = stack_pop(t);
            if (h->lasti) t = stack_push(t, KIND_LASTI);
            stack_merge(stacks, work, &nwork, (int)h->target, n, stack_push(t, KIND_EXCEPT));
        }
        int64_t next;
        switch (op) {
        case OP_GET_ITER:
        case OP_GET_AITER:
            next = stack_push(stack_pop(s), KIND_ITERATOR);
            break;
        case OP_FOR_ITER:
            stack_merge(stacks, work, &nwork, arg, n, stack_pop(s));
            next = stack_push(s, KIND_OBJECT);
            break;
        case OP_PUSH_EXC_INFO:
            next = stack_push(s, KIND_EXCEPT);
            break;
        case OP_LOAD_METHOD:
            next = stack_push(stack_push(stack_pop(s), KIND_NULL), KIND_OBJECT);
            break;
        case OP_RETURN_VALUE: case OP_RAISE_VARARGS: case OP_RERAISE:
            continue;
        case OP_JUMP_FORWARD: case OP_JUMP_ABSOLUTE:
            stack_merge(stacks, work, &nwork, arg, n, s);
            continue;
        default:
            if (opcode_flags[op] & OPF_JUMP)
                stack_merge(stacks, work, &nwork, arg, n, stack_effect_objects(s, op_stack_effect(op, arg, 1)));
            next = stack_effect_objects(s, op_stack_effect(op, arg, 0));
            break;
        }
        stack_merge(stacks, work, &nwork, i + 1, n, next);
    }
    return stacks;
}

static bool compatible_kind(int from, int to) {
    if (to == 0) return false;
    if (to == KIND_OBJECT) return from != KIND_NULL;
    if (to == KIND_NULL) return true;
    return from == to;
}

static bool compatible_stack(int64_t from, int64_t to) {
    if (from < 0 || to < 0) return false;
    while (stack_depth(from) > stack_depth(to)) from = stack_pop(from);
    while (from) {
        if (!compatible_kind(stack_top(from), stack_top(to))) return false;
        from = stack_pop(from);
        to = stack_pop(to);
    }
    return to == 0;
}

static const char *explain_incompatible_stack(int64_t to) {
    if (to == STACK_OVERFLOWED) return "stack is too deep to analyze";
    if (to == STACK_UNINITIALIZED) return "can't jump into an exception handler, or code may be unreachable";
    switch (stack_top(to)) {
    case KIND_EXCEPT: return "can't jump into an 'except' block as there's no exception";
    case KIND_LASTI: return "can't jump into a re-raising block as there's no location";
    case KIND_ITERATOR: return "can't jump into the body of a for loop";
    default: return "differing stack depth";
    }
}


/* f_lineno = N from a trace function's 'line' event: the frame goes on at
   the first instruction of line N (or the next line with code) whose stack
   agrees with the current one; what the stack holds beyond the target's is
   popped, an exception state restored as POP_EXCEPT would. The interpreter
   sees the changed f->ip when the trace function returns (L_TRACE). */
static int frame_set_lineno(Value v, Value x) {
    FrameObject *fo = V_AS(FrameObject, v);
    if (!x) return err_set(&exc_AttributeError, "cannot delete attribute"), -1;
    if (!int_check_exact(x)) return err_set(&exc_ValueError, "lineno must be an integer"), -1;
    switch (tracing_what) {
    case TRACE_LINE: break;
    case TRACE_CALL:
        return err_set(&exc_ValueError, "can't jump from the 'call' trace event of a new frame"), -1;
    default:
        return err_set(&exc_ValueError, "can only jump from a 'line' trace event"), -1;
    }
    if (fo->trace == V_NONE) return err_set(&exc_ValueError, "f_lineno can only be set by a trace function"), -1;
    /* only the frame whose event is being traced can change course (the
       interpreter rereads its position when the trace function returns) */
    Frame *f = fo->raw;
    if (!tstate.in_trace || f != tracing_frame || !snapshot_live(fo))
        return err_set(&exc_ValueError, "can only jump from a 'line' trace event"), -1;
    int64_t want = int_as_i64_clamped(x, (int64_t)INT32_MIN - 1, (int64_t)INT32_MAX + 1);
    if (want > INT32_MAX || want < INT32_MIN) return err_set(&exc_ValueError, "lineno out of range"), -1;
    CodeObject *co = f->code;
    if (want < co->firstlineno) return err_format(&exc_ValueError, "line %d comes before the current code block", (int)want), -1;
    /* the instructions that start a line (CPython's marklines), and the
       first line with code not before the one asked for. CPython's code
       has no unreachable instructions, and its copies of a block's exit
       follow the block: here an instruction starts a line when it is
       reachable and control arrives at it from another line (or from
       nowhere: the first instruction, a handler's entry). */
    int n = co->ncode;
    int64_t *stacks = mark_stacks(co);
    int *starts = gc_alloc_atomic(sizeof(int) * (size_t)(n + 1));
    unsigned char *from_other = gc_alloc_atomic((size_t)n + 1);   /* 1: a predecessor of another line; 2: one of this line */
    memset(from_other, 0, (size_t)n + 1);
    for (int i = 0; i < n; i++) {
        int op = INSTR_OP(co->code[i]), l = code_line(co, i);
        bool falls = !(op == OP_JUMP_FORWARD || op == OP_JUMP_ABSOLUTE || op == OP_RETURN_VALUE ||
                       op == OP_RAISE_VARARGS || op == OP_RERAISE);
        int succ[2] = {falls ? i + 1 : -1, (opcode_flags[op] & OPF_JUMP) ? (int)INSTR_ARG(co->code[i]) : -1};
        for (int k = 0; k < 2; k++) {
            int t = succ[k];
            if (t < 0 || t >= n) continue;
            from_other[t] |= code_line(co, t) == l ? 2 : 1;
        }
    }
    int line = -1;
    for (int i = 0; i < n; i++) {
        int l = code_line(co, i);
        starts[i] = -1;
        if (l > 0 && stacks[i] != STACK_UNINITIALIZED && from_other[i] != 2) {
            starts[i] = l;
            if (l >= want && (line < 0 || l < line)) line = l;
        }
    }
    if (line < 0) return err_format(&exc_ValueError, "line %d comes after the current code block", (int)want), -1;
    int cur = frame_lasti(f);
    if (cur < 0 || cur >= n) return err_set(&exc_ValueError, "can only jump from a 'line' trace event"), -1;
    int64_t start = stacks[cur], best = STACK_OVERFLOWED;
    int best_addr = -1, found = -1;
    const char *msg = "cannot find bytecode for specified line";
    for (int i = 0; i < n; i++) {
        if (starts[i] != line) continue;
        if (compatible_stack(start, stacks[i])) {
            found = 0;
            if (stacks[i] > best) {
                best = stacks[i];
                best_addr = i;
            }
        } else if (found < 0) {
            if (start == STACK_OVERFLOWED) msg = "stack to deep to analyze";
            else if (start == STACK_UNINITIALIZED) msg = "can't jump from unreachable code";
            else {
                msg = explain_incompatible_stack(stacks[i]);
                found = 1;
            }
        }
    }
    if (found) return err_set(&exc_ValueError, msg), -1;
    /* pop down to the target's stack: an exception state goes back to the
       one saved under it */
    Value *base = frame_stack_base(f);
    if (f->sp - base != stack_depth(start)) return err_set(&exc_SystemError, "frame stack out of step with its code"), -1;
    while (stack_depth(start) > stack_depth(best)) {
        Value top = *--f->sp;
        if (stack_top(start) == KIND_EXCEPT) tstate.handled = top == V_NONE ? VNULL : top;
        *f->sp = VNULL;
        start = stack_pop(start);
    }
    f->ip = co->code + best_addr + 1;
    fo->lasti = best_addr;
    fo->lineno = line;
    fo->trace_prev = best_addr;   /* no 'line' event again for the line jumped to */
    return 0;
}

static const GetSetDef frame_getsets[] = {
    {"f_code", frame_get_code, NULL, NULL},
    {"f_globals", frame_get_globals, NULL, NULL},
    {"f_locals", frame_get_locals, NULL, NULL},
    {"f_lineno", frame_get_lineno, frame_set_lineno, NULL},
    {"f_builtins", frame_get_builtins, NULL, NULL},
    {"f_back", frame_get_back, NULL, NULL},
    {"f_lasti", frame_get_lasti, NULL, NULL},
    {"f_trace", frame_get_trace, frame_set_trace, NULL},
    {"f_trace_lines", frame_get_trace_lines, frame_set_trace_lines, NULL},
    {"f_trace_opcodes", frame_get_trace_opcodes, frame_set_trace_opcodes, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type frame_type = {
    .tname = "frame",
    .basicsize = sizeof(FrameObject),
    .repr = frame_repr,
};

static Value s_getswitchinterval(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("getswitchinterval", nargs, 0, 0) < 0) return VNULL;
    return float_from_double(gil_switch_interval);
}

static Value s_setswitchinterval(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setswitchinterval", 1, 1, 0, {"interval", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    double d = obj_as_double(a[0]);
    if (d == -1.0 && err_occurred()) return VNULL;
    if (d <= 0) return err_set(&exc_ValueError, "switch interval must be strictly positive");
    gil_switch_interval = d;
    return V_NONE;
}

static Value s_getframe(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_getframe", nargs, 0, 1) < 0) return VNULL;
    int64_t depth = 0;
    if (nargs == 1) {
        depth = obj_index_i64(args[0]);
        if (depth == -1 && err_occurred()) return VNULL;
    }
    Frame *f = tstate.frame;
    for (int64_t i = 0; f && i < depth; i++) f = frame_back(f);
    if (!f) return err_set(&exc_ValueError, "call stack is not deep enough");
    Value fo = frame_object_new(f);
    if (AUDIT("sys._getframe", 1, fo) < 0) return VNULL;
    return fo;
}

/* Audit hooks (PEP 578): sys.audit(event, *args) and the runtime's own
 * events (sys_audit) call each hook added by sys.addaudithook with
 * (event, args), in order; a hook that raises stops the event. The hooks
 * live in an uncollectable C array, not a list, so that gc.get_objects()
 * never shows them (as CPython's). audit_enabled is the one flag callers
 * test before building arguments: no hook, no cost. */
bool audit_enabled;
static Value *audit_hooks;
static size_t audit_nhooks, audit_cap;

/* Call the hooks with (event, args). A hook without a true __cantrace__
   attribute runs untraced while a trace or profile function is set. */
static int audit_call_hooks(Value ev, Value t) {
    for (size_t i = 0; i < audit_nhooks; i++) {
        Value h = audit_hooks[i];
        bool untraced = false;
        if (tstate.use_tracing && !tstate.in_trace) {
            Value ct = obj_getattr_cstr(h, "__cantrace__");
            int can = 0;
            if (ct) {
                can = obj_truth(ct);
                if (can < 0) return -1;
            } else if (err_matches(&exc_AttributeError)) err_clear();
            else return -1;
            untraced = !can;
        }
        if (untraced) tstate.in_trace = true;
        Value r = obj_call2(h, ev, t);
        if (untraced) tstate.in_trace = false;
        if (!r) return -1;
    }
    return 0;
}

int sys_audit_args(const char *event, Value *args, int n) {
    if (!audit_nhooks) return 0;
    Value saved = err_occurred() ? err_fetch() : VNULL;
    int r = audit_call_hooks(str_from_cstr(event), tuple_from_array(args, n));
    if (saved && r == 0) err_restore(saved);
    return r;
}

int sys_audit(const char *event, int n, ...) {
    Value a[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < 8; i++) a[i] = va_arg(ap, Value);
    va_end(ap);
    return sys_audit_args(event, a, n);
}

static Value s_audit(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("audit", kwnames) < 0) return VNULL;
    if (nargs < 1) return err_set(&exc_TypeError, "audit() missing 1 required positional argument: 'event'");
    if (!str_check(args[0])) return err_format(&exc_TypeError, "expected str for argument 'event', not %T", args[0]);
    if (!audit_nhooks) return V_NONE;
    if (audit_call_hooks(args[0], tuple_from_array(args + 1, (int64_t)nargs - 1)) < 0) return VNULL;
    return V_NONE;
}

static Value s_addaudithook(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"addaudithook", 0, 1, 0, {"hook", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    /* the existing hooks may refuse the new one: an Exception refuses it
       quietly, any other BaseException propagates */
    if (sys_audit("sys.addaudithook", 0) < 0) {
        if (err_matches(&exc_Exception)) {
            err_clear();
            return V_NONE;
        }
        return VNULL;
    }
    if (audit_nhooks == audit_cap) {
        size_t cap = audit_cap ? audit_cap * 2 : 4;
        audit_hooks = gc_grow_uncollectable(audit_hooks, audit_cap * sizeof(Value), cap * sizeof(Value));
        audit_cap = cap;
    }
    audit_hooks[audit_nhooks++] = a[0];
    audit_enabled = true;
    return V_NONE;
}

/* tpy's file system encoding is always UTF-8 with surrogateescape (the
 * posix module encodes and decodes paths so) */
static Value s_getfilesystemencoding(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getfilesystemencoding", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return str_from_cstr("utf-8");
}
static Value s_getfilesystemencodeerrors(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getfilesystemencodeerrors", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return str_from_cstr("surrogateescape");
}

static Value s_get_asyncgen_hooks(Value *args, size_t nargs, Value kwnames);
static Value s_set_asyncgen_hooks(Value *args, size_t nargs, Value kwnames);

/* ---- sys.settrace, sys.setprofile -------------------------------------------------------
 * The interpreter sends a thread's trace function the events of the frames
 * it runs (interp.c: the trace dispatch table): 'call' when a frame starts
 * or a generator resumes (the function's result becomes the frame's
 * f_trace), then 'line', 'return' and 'exception' to the frame's f_trace.
 * The profile function (a C function and its object, as CPython's
 * c_profilefunc: sys.setprofile's is a trampoline to a Python callable,
 * _lsprof's its own) gets 'call' and 'return', and 'c_call', 'c_return',
 * 'c_exception' around the builtins the bytecode calls; its result is
 * ignored. The trace function is called first, as CPython's.
 * While any thread traces or profiles, the JIT neither enters compiled
 * code nor records; the compiled code is released when tracing starts, so
 * a trace still running leaves it before its next inlined call. */
static int jit_suspenders;   /* threads with a trace or profile function, and tracemalloc */
static bool jit_was_enabled;

void sys_jit_suspend(bool suspend) {
    if (suspend && jit_suspenders++ == 0) {
        jit_was_enabled = jit_params.enabled;
        if (jit.recording) jit_abort(ABORT_SYS_SETTRACE);
        jit_params.enabled = false;
        /* compiled code still running (the caller of sys.settrace, say)
           must not go on to run inlined or compiled callees, which send
           no events: released traces leave at their next
           guard_not_invalidated, which precedes every inlined call made
           after a residual one (record.c depend_on) */
        jit_releaseall();
    } else if (!suspend && --jit_suspenders == 0) {
        jit_params.enabled = jit_was_enabled;
    }
}

/* after trace_func or profile_func changed (was: use_tracing before) */
static void tracing_changed(bool was, bool added) {
    bool now = tstate.trace_func != VNULL || tstate.profile_func != NULL;
    tstate.use_tracing = now;
    if (now != was) sys_jit_suspend(now);
    /* the running loops switch to the tracing dispatch at their next
       safe point (interp.c) */
    if (added) {
        /* frames already running had no 'call' event and get none */
        for (Frame *x = tstate.frame; x; x = x->back) x->trace_called = 1;
        pending_request();
    }
}

static void set_trace_func(Value fn) {
    bool was = tstate.use_tracing, added = fn && !tstate.trace_func;
    tstate.trace_func = fn;
    tracing_changed(was, added);
}

void sys_set_profile(ProfileFunc fn, Value obj) {
    bool was = tstate.use_tracing, added = fn && !tstate.profile_func;
    tstate.profile_func = fn;
    tstate.profile_obj = fn ? obj : VNULL;
    tracing_changed(was, added);
}

/* A thread that ends keeps no trace or profile function (threading's
   hooks are set in every new thread and never unset): the JIT comes back */
void sys_tracing_thread_exit(void) {
    set_trace_func(VNULL);
    sys_set_profile(NULL, VNULL);
}

static Value trace_event_names[7];

static Value event_name(int what) {
    if (!trace_event_names[0]) {
        /* indexed by TraceEvent, and by ProfileEvent from 3 on */
        static const char *const names[] = {"call", "exception", "line", "return", "c_call", "c_exception", "c_return"};
        for (int i = 0; i < 7; i++) trace_event_names[i] = str_intern_cstr(names[i]);
    }
    return trace_event_names[what];
}

/* A frame object for f showing where f is (a trace function's view) */
static Value frame_object_now(Frame *f) {
    Value fov = frame_object_new(f);
    if (f->fobj == fov) V_AS(FrameObject, fov)->lasti = frame_lasti(f);
    return fov;
}

static int trace_func_event(Frame *f, int what, Value arg) {
    Value fov = frame_object_now(f);
    FrameObject *fo = V_AS(FrameObject, fov);
    Value cb = what == TRACE_CALL ? tstate.trace_func : fo->trace;
    if (!cb || cb == V_NONE) return 0;
    Value saved = err_fetch();
    tstate.in_trace = true;
    tracing_what = what;
    tracing_frame = f;
    /* a frame starting (not a generator resuming) is at its def line */
    fo->at_call = what == TRACE_CALL && frame_lasti(f) <= 0;
    /* the trace function sees f_locals up to date and may change it (below) */
    bool sync_locals = f->func && !f->locals && fo->raw == f && !fo->cleared;
    if (sync_locals) sys_fast_to_locals(f, fo->locals);
    Value a[3] = {fov, event_name(what), arg ? arg : V_NONE};
    Value r = obj_call(cb, a, 3, VNULL);
    tracing_frame = NULL;
    fo->at_call = false;
    tstate.in_trace = false;
    if (sync_locals && !fo->cleared) locals_to_fast(f, fo->locals);
    if (!r) {
        /* as CPython: a trace function that raises is removed */
        set_trace_func(VNULL);
        fo->trace = V_NONE;
        return -1;
    }
    if (r != V_NONE) fo->trace = r;
    err_restore(saved);
    return 0;
}

int sys_trace_event(Frame *f, int what, Value arg) {
    if (tstate.in_trace) return 0;
    if (tstate.trace_func && trace_func_event(f, what, arg) < 0) return -1;
    if (tstate.profile_func && (what == TRACE_CALL || what == TRACE_RETURN))
        return sys_profile_event(f, what == TRACE_CALL ? PROFILE_CALL : PROFILE_RETURN, arg);
    return 0;
}

int sys_profile_event(Frame *f, int what, Value arg) {
    if (tstate.in_trace || !tstate.profile_func) return 0;
    /* the exception being raised (a frame's exit, c_exception) stays set
       unless the profile function raises */
    Value saved = err_fetch();
    tstate.in_trace = true;
    int r = tstate.profile_func(tstate.profile_obj, f, what, arg ? arg : V_NONE);
    tstate.in_trace = false;
    if (r < 0) return -1;
    err_restore(saved);
    return 0;
}

/* sys.setprofile's function: the Python callable gets (frame, event, arg) */
static int profile_trampoline(Value obj, Frame *f, int what, Value arg) {
    Value fov = frame_object_now(f);
    FrameObject *fo = V_AS(FrameObject, fov);
    /* as for a trace function: a frame starting is at its def line */
    bool at_call = fo->at_call;
    fo->at_call = what == PROFILE_CALL && frame_lasti(f) <= 0;
    Value a[3] = {fov, event_name(what), arg};
    Value r = obj_call(obj, a, 3, VNULL);
    fo->at_call = at_call;
    if (!r) {
        /* as CPython: a profile function that raises is removed */
        sys_set_profile(NULL, VNULL);
        return -1;
    }
    return 0;
}

void sys_trace_resumed(Frame *f, int i) {
    if (f->fobj) V_AS(FrameObject, f->fobj)->trace_prev = i;
}

int sys_trace_line(Frame *f, int i) {
    if (!f->fobj || tstate.in_trace) return 0;
    FrameObject *fo = V_AS(FrameObject, f->fobj);
    int prev = fo->trace_prev;
    fo->trace_prev = i;
    if (fo->trace == V_NONE || !fo->trace_lines) return 0;
    int line = code_line(f->code, i);
    if (line <= 0) return 0;
    int prev_line = prev >= 0 ? code_line(f->code, prev) : -1;
    /* a new line, or a jump back (a loop) to any instruction */
    if (line == prev_line && !(i < prev)) return 0;
    return sys_trace_event(f, TRACE_LINE, V_NONE);
}

static Value s_gettrace(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("sys.gettrace", nargs, 0, 0) < 0) return VNULL;
    return tstate.trace_func ? tstate.trace_func : V_NONE;
}
static Value s_settrace(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("sys.settrace", nargs, 1, 1) < 0) return VNULL;
    set_trace_func(args[0] == V_NONE ? VNULL : args[0]);
    return V_NONE;
}
static Value s_getprofile(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("sys.getprofile", nargs, 0, 0) < 0) return VNULL;
    return tstate.profile_obj ? tstate.profile_obj : V_NONE;
}
static Value s_setprofile(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("sys.setprofile", nargs, 1, 1) < 0) return VNULL;
    if (args[0] == V_NONE) sys_set_profile(NULL, VNULL);
    else sys_set_profile(profile_trampoline, args[0]);
    return V_NONE;
}
static Value s_call_tracing(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("call_tracing", nargs, 2, 2) < 0) return VNULL;
    if (!tuple_check(args[1])) return err_format(&exc_TypeError, "call_tracing() argument 2 must be tuple, not %T", args[1]);
    /* traced even from inside a trace function (pdb's recursive debugger) */
    bool in_trace = tstate.in_trace;
    Frame *saved_tracing_frame = tracing_frame;
    int saved_what = tracing_what;
    tstate.in_trace = false;
    Value r = obj_call(args[0], tuple_items(args[1]), (size_t)tuple_size(args[1]), VNULL);
    tstate.in_trace = in_trace;
    tracing_frame = saved_tracing_frame;
    tracing_what = saved_what;
    return r;
}
/* set by main.c once the atexit callbacks have run, before the objects
   still alive are finalized */
bool sys_finalizing;
static Value s_is_finalizing(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("is_finalizing", nargs, 0, 0) < 0) return VNULL;
    return v_bool(sys_finalizing);
}
/* The dlopen() flags CPython gives extension modules it imports (RTLD_NOW
   at start). tpy imports none (CPython's lib-dynload is not on its path):
   the value is kept and reported, which is all it does here. */
static int64_t dlopen_flags = 2;   /* RTLD_NOW */
static Value s_getdlopenflags(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sys.getdlopenflags", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(dlopen_flags);
}
static Value s_setdlopenflags(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sys.setdlopenflags", 1, 1, 0, {"flags", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!int_check(a[0])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[0]);
    int64_t f = int_as_i64(a[0]);
    if (f == -1 && err_occurred()) return VNULL;
    if (f < INT32_MIN || f > INT32_MAX)
        return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    dlopen_flags = f;
    return V_NONE;
}
/* tpy's method caches check type versions: nothing to clear */
static Value s_clear_type_cache(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("_clear_type_cache", nargs, 0, 0) < 0) return VNULL;
    return V_NONE;
}
static Value s_get_coro_depth(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_coroutine_origin_tracking_depth", nargs, 0, 0) < 0) return VNULL;
    return int_from_i64(coro_origin_tracking_depth);
}
static Value s_set_coro_depth(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_coroutine_origin_tracking_depth", 0, 1, 0, {"depth", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t d = int_as_i64(a[0]);
    if (d == -1 && err_occurred()) return VNULL;
    if (d < 0) return err_set(&exc_ValueError, "depth must be >= 0");
    /* compiled code creates coroutines without the frames cr_origin reads:
       once tracking is on, traces made before are dropped (new ones leave
       coroutine creation to the interpreter) */
    if (d > 0 && d != coro_origin_tracking_depth) jit_releaseall();
    coro_origin_tracking_depth = d;
    return V_NONE;
}

static const MethodDef sys_functions[] = {
    {"gettrace", s_gettrace, 0, NULL},
    {"settrace", s_settrace, MF_FRAME, NULL},
    {"getprofile", s_getprofile, 0, NULL},
    {"setprofile", s_setprofile, MF_FRAME, NULL},
    {"call_tracing", s_call_tracing, 0, NULL},
    {"is_finalizing", s_is_finalizing, 0, NULL},
    {"getdlopenflags", s_getdlopenflags, 0, NULL},
    {"setdlopenflags", s_setdlopenflags, 0, NULL},
    {"_clear_type_cache", s_clear_type_cache, 0, NULL},
    {"get_coroutine_origin_tracking_depth", s_get_coro_depth, 0, NULL},
    {"set_coroutine_origin_tracking_depth", s_set_coro_depth, MF_KEYWORDS, NULL},
    {"exit", s_exit, 0, NULL},
    {"setrecursionlimit", s_setrecursionlimit, 0, NULL},
    {"getrecursionlimit", s_getrecursionlimit, 0, NULL},
    {"getfilesystemencoding", s_getfilesystemencoding, 0, NULL},
    {"audit", s_audit, 0, NULL},
    {"addaudithook", s_addaudithook, MF_KEYWORDS, NULL},
    {"getfilesystemencodeerrors", s_getfilesystemencodeerrors, 0, NULL},
    {"get_asyncgen_hooks", s_get_asyncgen_hooks, 0, NULL},
    {"set_asyncgen_hooks", s_set_asyncgen_hooks, MF_KEYWORDS, NULL},
    {"set_int_max_str_digits", s_set_int_max_str_digits, 0, NULL},
    {"get_int_max_str_digits", s_get_int_max_str_digits, 0, NULL},
    {"intern", s_intern, 0, NULL},
    {"exc_info", s_exc_info, 0, NULL},
    {"exception", s_exception, 0, NULL},
    {"getsizeof", s_getsizeof, 0, NULL},
    {"getdefaultencoding", s_getdefaultencoding, 0, NULL},
    {"displayhook", s_displayhook, 0, NULL},
    {"breakpointhook", s_breakpointhook, MF_KEYWORDS | MF_FRAME, NULL},
    {"excepthook", s_excepthook, 0, NULL},
    {"unraisablehook", s_unraisablehook, 0, NULL},
    {"_getframe", s_getframe, MF_FRAME, NULL},
    {"_current_frames", s_current_frames, MF_FRAME, NULL},
    {"_current_exceptions", s_current_exceptions, 0, NULL},
    {"getswitchinterval", s_getswitchinterval, 0, NULL},
    {"setswitchinterval", s_setswitchinterval, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* struct-sequence-like tuples: version_info, float_info, implementation */
typedef struct FieldTuple {
    TupleObject t;
} FieldTuple;

static Value field_getter(Value self, int i) { return tuple_get(self, i); }
#define FIELD_GETTER(n) \
    static Value fg_##n(Value self) { return field_getter(self, n); }
FIELD_GETTER(0)
FIELD_GETTER(1)
FIELD_GETTER(2)
FIELD_GETTER(3)
FIELD_GETTER(4)
FIELD_GETTER(5)
FIELD_GETTER(6)
FIELD_GETTER(7)
FIELD_GETTER(8)
FIELD_GETTER(9)
FIELD_GETTER(10)
FIELD_GETTER(11)
FIELD_GETTER(12)
FIELD_GETTER(13)
FIELD_GETTER(14)
FIELD_GETTER(15)
FIELD_GETTER(16)
FIELD_GETTER(17)

static Value (*const field_getters[])(Value) = {fg_0,  fg_1,  fg_2,  fg_3,  fg_4,  fg_5,  fg_6,  fg_7,  fg_8,
                                                fg_9,  fg_10, fg_11, fg_12, fg_13, fg_14, fg_15, fg_16, fg_17};

static Type *asyncgen_hooks_type;

static Value fieldtuple_repr(Value self) {
    Type *t = type_of(self);
    Buf b;
    buf_init(&b, 64);
    /* CPython names its type "asyncgen_hooks", the others "sys.X" */
    if (t != asyncgen_hooks_type) buf_puts(&b, "sys.");
    buf_puts(&b, t->tname);
    buf_putc(&b, '(');
    Value d = t->dict;
    int64_t pos = 0, i = 0;
    Value k, v;
    while (dict_next(d, &pos, &k, &v)) {
        if (type_of(v) != &getset_descr_type) continue;
        if (i >= tuple_size(self)) break;
        if (i) buf_puts(&b, ", ");
        buf_put(&b, str_data(k), (size_t)str_nbytes(k));
        buf_putc(&b, '=');
        Value r = obj_repr(tuple_get(self, i));
        if (!r) return VNULL;
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
        i++;
    }
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

static Type *make_field_type(const char *tname, const char *const *fields, int n) {
    Type *t = gc_alloc_type(sizeof(Type));
    t->tname = tname;
    t->base = &tuple_type;
    t->basicsize = sizeof(TupleObject);
    t->repr = fieldtuple_repr;
    GetSetDef *defs = gc_alloc(sizeof(GetSetDef) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        defs[i].name = fields[i];
        defs[i].get = field_getters[i];
    }
    type_add_getsets(t, defs);
    type_ready(t);
    t->new_ = NULL;
    return t;
}

static Value new_field_tuple(Type *t, Value *values, int n) {
    TupleObject *o = (TupleObject *)obj_alloc(t, sizeof(TupleObject) + sizeof(Value) * (size_t)n);
    o->size = n;
    values_copy(o->items, values, (size_t)n);
    return V_FROM_PTR(o);
}

static Value make_field_tuple(const char *tname, const char *const *fields, Value *values, int n) {
    return new_field_tuple(make_field_type(tname, fields, n), values, n);
}

/* ---- asynchronous generator hooks (state in obj/gen.c) ---- */

static Value s_get_asyncgen_hooks(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_asyncgen_hooks", kwnames) < 0 || arg_count("get_asyncgen_hooks", nargs, 0, 0) < 0) return VNULL;
    if (!asyncgen_hooks_type) {
        static const char *const fields[] = {"firstiter", "finalizer"};
        asyncgen_hooks_type = make_field_type("asyncgen_hooks", fields, 2);
    }
    Value v[2] = {asyncgen_firstiter ? asyncgen_firstiter : V_NONE, asyncgen_finalizer ? asyncgen_finalizer : V_NONE};
    return new_field_tuple(asyncgen_hooks_type, v, 2);
}

/* set_asyncgen_hooks([firstiter[, finalizer]]): an omitted hook is kept,
 * None removes one; both are checked before either changes. */
static Value s_set_asyncgen_hooks(Value *args, size_t nargs, Value kwnames) {
    static const char *const names[] = {"firstiter", "finalizer", NULL};
    if (arg_count("set_asyncgen_hooks", nargs, 0, 2) < 0) return VNULL;
    Value hook[2] = {nargs > 0 ? args[0] : VNULL, nargs > 1 ? args[1] : VNULL};
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    for (size_t i = 0; i < nkw; i++) {
        Value k = tuple_get(kwnames, (int64_t)i);
        int j = str_eq_cstr(k, names[0]) ? 0 : str_eq_cstr(k, names[1]) ? 1 : -1;
        if (j < 0) return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for this function", k);
        if ((size_t)j < nargs)
            return err_format(&exc_TypeError, "argument for function given by name ('%s') and position (%d)", names[j],
                              j + 1);
        hook[j] = args[nargs + i];
    }
    for (int j = 1; j >= 0; j--)
        if (hook[j] && hook[j] != V_NONE && !type_of(hook[j])->call)
            return err_format(&exc_TypeError, "callable %s expected, got %T", names[j], hook[j]);
    if (hook[0]) asyncgen_firstiter = hook[0] == V_NONE ? VNULL : hook[0];
    if (hook[1]) asyncgen_finalizer = hook[1] == V_NONE ? VNULL : hook[1];
    return V_NONE;
}

/* sys.copyright: tpy's, and that of the standard library it runs */
#define SYS_COPYRIGHT                                                              \
    "Copyright (c) 2026 the tpy authors.\n"                                      \
    "All Rights Reserved.\n\n"                                                    \
    "The Python standard library tpy runs: Copyright (c) 2001-2023 Python Software Foundation.\n" \
    "All Rights Reserved."

/* sys.flags: CPython 3.11's fields in its order, from the configuration */
static Value sys_flags_new(void) {
    static const char *const f[] = {"debug", "inspect", "interactive", "optimize", "dont_write_bytecode",
                                    "no_user_site", "no_site", "ignore_environment", "verbose", "bytes_warning",
                                    "quiet", "hash_randomization", "isolated", "dev_mode", "utf8_mode",
                                    "warn_default_encoding", "safe_path", "int_max_str_digits"};
    const TpyConfig *c = &tpy_config;
    Value v[] = {v_int(c->debug), v_int(c->inspect), v_int(c->interactive), v_int(c->optimize),
                 v_int(c->dont_write_bytecode), v_int(c->no_user_site), v_int(c->no_site),
                 v_int(c->ignore_environment), v_int(c->verbose), v_int(c->bytes_warning), v_int(c->quiet),
                 v_int(c->hash_random || c->hash_seed), v_int(c->isolated),
                 c->dev_mode ? V_TRUE : V_FALSE, v_int(c->utf8_mode), v_int(c->warn_default_encoding),
                 c->safe_path ? V_TRUE : V_FALSE, v_int(c->int_max_str_digits)};
    return make_field_tuple("flags", f, v, 18);
}

/* -W and -X options, in command-line order (main.c) */
void sys_add_warnoption(const char *opt) {
    list_append(dict_get_cstr(module_dict(sys_module), "warnoptions"), str_from_cstr(opt));
}

void sys_add_xoption(const char *opt) {
    const char *eq = strchr(opt, '=');
    Value d = dict_get_cstr(module_dict(sys_module), "_xoptions");
    if (eq) dict_set(d, str_new(opt, (size_t)(eq - opt)), str_from_cstr(eq + 1));
    else dict_set(d, str_from_cstr(opt), V_TRUE);
}

void sys_set_orig_argv(int argc, char **argv) {
    Value l = dict_get_cstr(module_dict(sys_module), "orig_argv");
    for (int i = 0; i < argc; i++) list_append(l, str_from_fs(argv[i]));
}

/* -u: stdout and stderr write through */
void sys_set_unbuffered(void) {
    static const char *const streams[] = {"stdout", "stderr"};
    for (int i = 0; i < 2; i++) {
        Value f = dict_get_cstr(module_dict(sys_module), streams[i]);
        /* the streams are made again as CPython makes them for -u */
        if (f && f != V_NONE) sys_stream_flush(f);
        Value nf = io_std_stream(i + 1, true);
        if (!nf) {
            err_clear();
            continue;
        }
        char dunder[16];
        snprintf(dunder, sizeof dunder, "__%s__", streams[i]);
        module_add(sys_module, streams[i], nf);
        module_add(sys_module, dunder, nf);
    }
}

/* The standard streams made again once the standard library's codecs can
   be imported (PYTHONIOENCODING naming one: _io.c's io_std_stream); an
   encoding that does not exist ends start-up, as CPython's */
extern bool io_std_codecs_ready, io_std_deferred;
void sys_remake_std_streams(bool unbuffered) {
    io_std_codecs_ready = true;
    if (!io_std_deferred) return;
    static const char *const streams[] = {"stdin", "stdout", "stderr"};
    for (int i = 0; i < 3; i++) {
        Value f = dict_get_cstr(module_dict(sys_module), streams[i]);
        if (f && f != V_NONE) sys_stream_flush(f);
        Value nf = io_std_stream(i, unbuffered && i > 0);
        if (!nf) {
            Value e = err_fetch();
            Value msg = e ? obj_str(e) : VNULL;
            fprintf(stderr, "Fatal Python error: init_stdio_encoding: failed to get the Python codec name of the "
                            "stdio encoding\n"
                            "Python runtime state: core initialized\n%s: %s\n",
                    e ? str_data(type_of(e)->name) : "Error", msg ? str_data(msg) : "");
            exit(1);
        }
        char dunder[16];
        snprintf(dunder, sizeof dunder, "__%s__", streams[i]);
        module_add(sys_module, streams[i], nf);
        module_add(sys_module, dunder, nf);
    }
}

void sys_set_argv(int argc, char **argv) {
    Value l = list_new(argc);
    for (int i = 0; i < argc; i++) list_append(l, str_from_fs(argv[i]));
    module_add(sys_module, "argv", l);
}

void sys_init(const char *executable) {
    type_add_methods(&frame_type, frame_methods);
    type_add_getsets(&frame_type, frame_getsets);
    type_ready(&frame_type);
    Value m = sys_module = module_new_cstr("sys");
    module_add_functions(m, sys_functions);
    /* the standard streams are io's TextIOWrappers, as CPython's */
    Value out = io_std_stream(1, false), err = io_std_stream(2, false), in = io_std_stream(0, false);
    if (!out || !err || !in) {
        fprintf(stderr, "tpy: cannot make the standard streams\n");
        exit(1);
    }
    module_add(m, "stdout", out);
    module_add(m, "stderr", err);
    module_add(m, "stdin", in);
    module_add(m, "__stdout__", out);
    module_add(m, "__stderr__", err);
    module_add(m, "__stdin__", in);
    /* the hooks as they were at start-up, to restore a replaced one */
    static const char *const hooks[] = {"excepthook", "displayhook", "unraisablehook", "breakpointhook"};
    for (size_t i = 0; i < sizeof hooks / sizeof *hooks; i++) {
        Value h = dict_get_cstr(module_dict(m), hooks[i]);
        Value orig = str_printf("__%s__", hooks[i]);
        dict_set(module_dict(m), str_intern(orig), h);
    }
    module_add(m, "maxsize", int_from_i64(INT64_MAX));
    module_add(m, "maxunicode", v_int(0x10FFFF));
    module_add(m, "byteorder", str_from_cstr("little"));
    module_add(m, "platform", str_from_cstr("linux"));
    module_add(m, "version", str_from_cstr(TPY_SYS_VERSION));
    /* (repository, branch, revision), as CPython built from a release
       tarball has it: the build does not record a version-control state */
    module_add(m, "_git", tuple_pack(3, str_from_cstr("tpy"), str_empty, str_empty));
    module_add(m, "hexversion", v_int((TPY_PY_MAJOR << 24) | (TPY_PY_MINOR << 16) | (TPY_PY_MICRO << 8) | 0xF0));
    module_add(m, "copyright", str_from_cstr(SYS_COPYRIGHT));
    module_add(m, "warnoptions", list_new(0));
    module_add(m, "_xoptions", dict_new());
    module_add(m, "orig_argv", list_new(0));
    module_add(m, "flags", sys_flags_new());
    module_add(m, "builtin_module_names", import_builtin_module_names());
    {
        static const char *const names[] = {
#include "stdlib_module_names.inc"
        };
        Value fs = frozenset_new();
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) set_add(fs, str_intern_cstr(names[i]));
        module_add(m, "stdlib_module_names", fs);
    }
    {
        static const char *const f[] = {"bits_per_digit", "sizeof_digit", "default_max_str_digits",
                                        "str_digits_check_threshold"};
        Value v[] = {v_int(30), v_int(4), v_int(INT_DEFAULT_MAX_STR_DIGITS), v_int(INT_MAX_STR_DIGITS_THRESHOLD)};
        module_add(m, "int_info", make_field_tuple("int_info", f, v, 4));
    }
    module_add(m, "executable", str_from_cstr(executable ? executable : ""));
    module_add(m, "argv", list_new(0));
    module_add(m, "path", list_new(0));
    module_add(m, "meta_path", list_new(0));
    module_add(m, "path_hooks", list_new(0));
    module_add(m, "path_importer_cache", dict_new());
    module_add(m, "modules", tstate.sys_modules);
    module_add(m, "dont_write_bytecode", v_bool(tpy_config.dont_write_bytecode));
    {
        static const char *const f[] = {"major", "minor", "micro", "releaselevel", "serial"};
        Value v[] = {v_int(TPY_PY_MAJOR), v_int(TPY_PY_MINOR), v_int(TPY_PY_MICRO), str_from_cstr("final"), v_int(0)};
        module_add(m, "version_info", make_field_tuple("version_info", f, v, 5));
    }
    {
        /* the PyPy release whose pypyjit API and PYPYLOG format tpy
           implements (docs/pypyjit.md) */
        static const char *const f[] = {"major", "minor", "micro", "releaselevel", "serial"};
        Value v[] = {v_int(7), v_int(3), v_int(11), str_from_cstr("final"), v_int(0)};
        module_add(m, "pypy_version_info", make_field_tuple("pypy_version_info", f, v, 5));
    }
    {
        static const char *const f[] = {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp",
                                        "dig", "mant_dig", "epsilon", "radix", "rounds"};
        Value v[] = {float_from_double(1.7976931348623157e308), v_int(1024), v_int(308),
                     float_from_double(2.2250738585072014e-308), v_int(-1021), v_int(-307), v_int(15), v_int(53),
                     float_from_double(2.220446049250313e-16), v_int(2), v_int(1)};
        module_add(m, "float_info", make_field_tuple("float_info", f, v, 11));
    }
    {
        /* a types.SimpleNamespace, as CPython's; cache_tag names tpy's
           bytecode cache files (vm/codecache.h) */
        Value d = dict_new();
        dict_set_cstr(d, "name", str_from_cstr("tpy"));
        dict_set_cstr(d, "cache_tag", str_from_cstr(CODECACHE_TAG));
        dict_set_cstr(d, "version", dict_get_cstr(module_dict(m), "version_info"));
        dict_set_cstr(d, "hexversion", dict_get_cstr(module_dict(m), "hexversion"));
        dict_set_cstr(d, "_multiarch", str_from_cstr("x86_64-linux-gnu"));
        module_add(m, "implementation", namespace_new(d));
    }
    {
        /* str hashes are CPython's siphash13, keyed as CPython keys it (config.h) */
        static const char *const f[] = {"width", "modulus", "inf", "nan", "imag", "algorithm", "hash_bits", "seed_bits",
                                        "cutoff"};
        Value v[] = {v_int(64), int_from_i64(((int64_t)1 << 61) - 1), v_int(314159), v_int(0), v_int(1000003),
                     str_from_cstr("siphash13"), v_int(64), v_int(128), v_int(0)};
        module_add(m, "hash_info", make_field_tuple("hash_info", f, v, 9));
    }
    {
        static const char *const f[] = {"name", "lock", "version"};
        Value v[] = {str_from_cstr("pthread"), str_from_cstr("mutex+cond"), V_NONE};
        module_add(m, "thread_info", make_field_tuple("thread_info", f, v, 3));
    }
    {
        /* the prefixes of the CPython installation whose library tpy runs:
           TPY_STDLIB_DIR is PREFIX/lib/python3.11 */
        char prefix[4096];
        snprintf(prefix, sizeof prefix, "%s", TPY_STDLIB_DIR);
        for (int k = 0; k < 2; k++) {
            char *slash = strrchr(prefix, '/');
            if (slash && slash != prefix) *slash = 0;
        }
        const char *names[] = {"prefix", "base_prefix", "exec_prefix", "base_exec_prefix"};
        for (int k = 0; k < 4; k++) module_add(m, names[k], str_from_cstr(prefix));
        module_add(m, "platlibdir", str_from_cstr("lib"));
        module_add(m, "_stdlib_dir", str_from_cstr(TPY_STDLIB_DIR));
        module_add(m, "_base_executable", str_from_cstr(executable ? executable : ""));
        module_add(m, "pycache_prefix", tpy_config.pycache_prefix ? str_from_cstr(tpy_config.pycache_prefix) : V_NONE);
        module_add(m, "abiflags", str_from_cstr(""));
        module_add(m, "api_version", v_int(1013));
        module_add(m, "float_repr_style", str_from_cstr("short"));
    }
    dict_set(tstate.sys_modules, str_intern_cstr("sys"), m);
}
