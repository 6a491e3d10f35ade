/* errors.h: raising, catching and reporting exceptions from C.
 *
 * The exception being raised lives in tstate.exc (an exception instance).
 * A C function signals failure by setting it (err_set...) and returning
 * VNULL / -1. All err_set* functions return VNULL so that
 * `return err_set(...)` reads naturally in Value-returning functions.
 *
 * err_format() understands a small printf dialect:
 *   %s (const char *)   %d (int)   %ld (long)   %lld (long long)
 *   %zd / %zu (ssize_t / size_t)  %c (int, a character)  %%
 *   %R (Value: repr)    %S (Value: str)   %T (Value: its type's name)
 *   %U (Value: a str object, inserted as is)
 */
#ifndef TPY_ERRORS_H
#define TPY_ERRORS_H

#include "object.h"

/* The builtin exception hierarchy: name, base. Parents precede children. */
#define EXC_DEF(_)                                      \
    _(BaseException, BaseException)                     \
    _(SystemExit, BaseException)                        \
    _(KeyboardInterrupt, BaseException)                 \
    _(GeneratorExit, BaseException)                     \
    _(BaseExceptionGroup, BaseException)                \
    _(Exception, BaseException)                         \
    _(ExceptionGroup, BaseExceptionGroup) /* and Exception: errors_init */ \
    _(StopIteration, Exception)                         \
    _(StopAsyncIteration, Exception)                    \
    _(ArithmeticError, Exception)                       \
    _(FloatingPointError, ArithmeticError)              \
    _(OverflowError, ArithmeticError)                   \
    _(ZeroDivisionError, ArithmeticError)               \
    _(AssertionError, Exception)                        \
    _(AttributeError, Exception)                        \
    _(BufferError, Exception)                           \
    _(EOFError, Exception)                              \
    _(ImportError, Exception)                           \
    _(ModuleNotFoundError, ImportError)                 \
    _(LookupError, Exception)                           \
    _(IndexError, LookupError)                          \
    _(KeyError, LookupError)                            \
    _(MemoryError, Exception)                           \
    _(NameError, Exception)                             \
    _(UnboundLocalError, NameError)                     \
    _(OSError, Exception)                               \
    _(FileNotFoundError, OSError)                       \
    _(FileExistsError, OSError)                         \
    _(PermissionError, OSError)                         \
    _(IsADirectoryError, OSError)                       \
    _(NotADirectoryError, OSError)                      \
    _(ConnectionError, OSError)                         \
    _(BrokenPipeError, ConnectionError)                 \
    _(ConnectionAbortedError, ConnectionError)          \
    _(ConnectionRefusedError, ConnectionError)          \
    _(ConnectionResetError, ConnectionError)            \
    _(BlockingIOError, OSError)                         \
    _(ChildProcessError, OSError)                       \
    _(InterruptedError, OSError)                        \
    _(ProcessLookupError, OSError)                      \
    _(TimeoutError, OSError)                            \
    _(ReferenceError, Exception)                        \
    _(RuntimeError, Exception)                          \
    _(NotImplementedError, RuntimeError)                \
    _(RecursionError, RuntimeError)                     \
    _(SyntaxError, Exception)                           \
    _(IndentationError, SyntaxError)                    \
    _(TabError, IndentationError)                       \
    _(SystemError, Exception)                           \
    _(TypeError, Exception)                             \
    _(ValueError, Exception)                            \
    _(UnicodeError, ValueError)                         \
    _(UnicodeDecodeError, UnicodeError)                 \
    _(UnicodeEncodeError, UnicodeError)                 \
    _(UnicodeTranslateError, UnicodeError)              \
    _(Warning, Exception)                               \
    _(DeprecationWarning, Warning)                      \
    _(PendingDeprecationWarning, Warning)               \
    _(RuntimeWarning, Warning)                          \
    _(SyntaxWarning, Warning)                           \
    _(UserWarning, Warning)                             \
    _(FutureWarning, Warning)                           \
    _(ImportWarning, Warning)                           \
    _(UnicodeWarning, Warning)                          \
    _(BytesWarning, Warning)                            \
    _(ResourceWarning, Warning)                         \
    _(EncodingWarning, Warning)

#define EXC_DECLARE(name, base) extern Type exc_##name;
EXC_DEF(EXC_DECLARE)
#undef EXC_DECLARE

/* Layout of every exception instance (attrs block for arbitrary attributes). */
typedef struct ExcObject {
    Object hdr;
    Value args;         /* tuple */
    Value traceback;    /* Traceback or VNULL */
    Value cause;        /* exception or VNULL */
    Value context;      /* exception or VNULL */
    Value value;        /* StopIteration.value, SystemExit.code, UnicodeError's
                           five fields (a list, errors.c); else VNULL */
    Value name_scope;   /* NameError: (varnames, globals, builtins) where raised, for the hint */
    /* BaseExceptionGroup: .message (a str) and .exceptions (a tuple). Kept
     * in every exception rather than in a larger subtype so that all
     * exception types share one layout (and one attrs_offset). */
    Value eg_msg, eg_excs;
    bool suppress_context;
    InstanceAttrs attrs;
} ExcObject;

Value err_set(Type *type, const char *msg);
Value err_format(Type *type, const char *fmt, ...);
Value err_vformat(Type *type, const char *fmt, va_list ap);
Value err_set_value(Type *type, Value arg);   /* exception with args (arg,) */
Value err_set_exc(Value exc);                 /* raise this instance */
Value err_no_memory(void);
Value err_key(Value key);                     /* KeyError(key) */
Value err_stop_iteration(Value value);        /* StopIteration(value) */
/* NameError("name 'x' is not defined") with .name set */
Value err_name_error(Value name);
/* the NameError just raised was raised by code with these local variable
 * names (a tuple), globals and builtins (the printed ". Did you mean: 'x'?") */
void err_name_error_scope(Value varnames, Value globals, Value builtins);
/* After a failed attribute lookup: give a pending AttributeError its .name
 * and .obj (unless it has them). */
void err_attribute_context(Value obj, Value name);

bool err_occurred(void);
/* Is the current exception an instance of type (or a subclass)? */
bool err_matches(Type *type);
/* Take the current exception (VNULL if none) and clear it. */
Value err_fetch(void);
void err_restore(Value exc);
/* The exception just set was caused by `cause` (an exception fetched
   before setting it): its __cause__ and __context__, as CPython's
   _PyErr_FormatFromCause. */
void err_chain_cause(Value cause);
void err_clear(void);

/* Make an exception instance: type(*args). */
Value exc_new(Type *type, Value *args, size_t nargs);
bool exc_check(Value v);          /* is an exception instance */
/* The builtin exception type that fixes t's layout for multiple inheritance
 * (t: a builtin exception type) */
Type *exc_layout_base(Type *t);
bool exc_type_check(Value v);     /* is an exception class */
/* Does BaseException.__init__ (exc_init_slot) do nothing for instances of
 * t but store the positional arguments in args? False for the classes it
 * gives fields (SyntaxError, ImportError, AttributeError, NameError,
 * OSError, the Unicode*Error): the JIT builds only the others' instances
 * itself (record.c's virtual exceptions). */
bool exc_init_only_sets_args(Type *t);

/* Exception groups (excgroup.c). */
bool excgroup_check(Value v);
/* BaseExceptionGroup(msg, excs): an ExceptionGroup when all are Exceptions */
Value excgroup_create(const char *msg, Value excs);
/* except*'s matching of exc against type (a class or tuple, checked as
 * except* requires): 0 with *match (None when nothing matches) and *rest,
 * -1 on error. A naked exception that matches is wrapped in a group. */
int excgroup_match_star(Value exc, Value type, Value *match, Value *rest);
/* What a try/except* re-raises: orig was caught, excs (a list) holds
 * what each handler raised or re-raised and the unhandled rest; None when
 * nothing is left. */
Value excgroup_prep_reraise_star(Value orig, Value excs);
void excgroup_init(void);
/* Allocate an exception of type t with these args (a tuple), no __init__ */
Value exc_alloc_with_args(Type *t, Value args);

/* Print exc with its traceback as CPython does, to sys.stderr. */
void err_print_exception(Value exc);
/* For a SystemExit exception: the exit status it asks for (printing the
 * message when it is not an int), as CPython does. */
int err_system_exit_status(Value exc);

/* PEP 578 audit events (sys.c): sys_audit(event, n, v1..vn) calls the
 * hooks of sys.addaudithook with (event, (v1..vn)); 0, or -1 with the
 * hook's exception set. Callers test audit_enabled first (the only cost
 * when no hook was ever added): AUDIT(...) does both. */
extern bool audit_enabled;
int sys_audit(const char *event, int n, ...);
int sys_audit_args(const char *event, Value *args, int n);
#define AUDIT(...) (audit_enabled ? sys_audit(__VA_ARGS__) : 0)
/* An exception that cannot be raised, given to sys.unraisablehook (its
 * default prints "err_msg: repr(obj)" and the traceback; err_msg NULL or
 * "": "Exception ignored in"). */
void err_write_unraisable(Value exc, const char *err_msg, Value obj);
/* sys.unraisablehook's default report (err_msg a str or VNULL) */
void err_write_unraisable_default(Value exc, Value err_msg, Value obj);
/* Call sys.unraisablehook when the program replaced it: 1 when it did
 * (a failing hook reported too), 0 when tpy's own report should print. */
int err_call_unraisablehook(Value exc, Value err_msg, Value obj);
/* "Exception ignored <msg>:" report (CPython's _PyErr_WriteUnraisableMsg). */
void err_write_unraisable_msg(Value exc, const char *msg);
/* "Exception ignored <msg>: <repr(obj)>" (obj VNULL: as the above) */
void err_write_unraisable_msg_obj(Value exc, const char *msg, Value obj);

/* Raise type(errno, strerror(errno)[, filename]): with type OSError, the
 * subclass that names the error (FileNotFoundError...), as CPython's
 * PyErr_SetFromErrnoWithFilenameObject. filename may be VNULL. Returns
 * VNULL. */
Value err_set_errno(Type *type, int e, Value filename);

#endif
