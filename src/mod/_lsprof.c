/* _lsprof.c: the _lsprof module, cProfile's C half: Profiler, a
 * deterministic profiler that hooks the interpreter's profile events
 * (sys_set_profile: a C function, as CPython's PyEval_SetProfile, not a
 * Python callable), and the profiler_entry / profiler_subentry struct
 * sequences getstats() returns.
 *
 * A function is identified by its code object (Python) or its MethodDef
 * (a builtin: every bound copy of list.append is the same entry, shown as
 * CPython's "<method 'append' of 'list' objects>" string). Each entry
 * counts calls and times; with subcalls, it also has a subentry per callee.
 * Times are int64 ticks (nanoseconds, or the custom timer's units when
 * timeunit > 0) scaled to seconds in getstats(). A call in progress is a
 * Context on the profiler's stack: its start time and the time spent in
 * its callees, so that a return charges the inline time to the callee and
 * the total to the caller's callee time.
 */
#include <math.h>
#include <time.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

/* A function's (or a caller-callee pair's) counts; `level` is how many
   calls of it are running (a call returning at level > 1 is recursive and
   adds no total time, which the outer call counts) */
typedef struct Stats {
    int64_t callcount, reccallcount, tt, it;
    int64_t level;
} Stats;

typedef struct Entry Entry;

/* pointer -> item: open addressing, power-of-two capacity, at most half
   full; items are also kept in insertion order (getstats' order) */
typedef struct PtrMap {
    const void **keys;
    void **vals;      /* parallel to keys */
    void **order;     /* the items, in insertion order */
    int64_t cap, count;
} PtrMap;

typedef struct SubEntry {
    Stats s;
    Entry *callee;
} SubEntry;

struct Entry {
    Stats s;
    Value code;       /* the code object, or the builtin's description (str) */
    PtrMap calls;     /* callee Entry* -> SubEntry* */
};

typedef struct Context {
    int64_t t0, subt;
    struct Context *previous;
    Entry *entry;
} Context;

enum { POF_ENABLED = 1, POF_SUBCALLS = 2, POF_BUILTINS = 4 };

typedef struct ProfilerObject {
    Object hdr;
    int flags;
    Value timer;          /* the external timer, or VNULL: the perf counter */
    double timeunit;
    PtrMap entries;       /* CodeObject* or MethodDef* -> Entry* */
    Context *current;     /* innermost running call, or NULL */
    Context *free_contexts;
} ProfilerObject;

static Type profiler_type;
static Type *entry_type, *subentry_type;

static inline ProfilerObject *PO(Value v) { return V_AS(ProfilerObject, v); }

/* ---- pointer maps ------------------------------------------------------------------- */

static inline uint64_t ptr_hash(const void *p) {
    uint64_t h = (uint64_t)(uintptr_t)p;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

static void *map_get(const PtrMap *m, const void *key) {
    if (!m->cap) return NULL;
    for (uint64_t i = ptr_hash(key) & (uint64_t)(m->cap - 1);; i = (i + 1) & (uint64_t)(m->cap - 1)) {
        if (!m->keys[i]) return NULL;
        if (m->keys[i] == key) return m->vals[i];
    }
}

static void map_insert_slot(PtrMap *m, const void *key, void *val) {
    uint64_t i = ptr_hash(key) & (uint64_t)(m->cap - 1);
    while (m->keys[i]) i = (i + 1) & (uint64_t)(m->cap - 1);
    m->keys[i] = key;
    m->vals[i] = val;
}

/* key must not be in m */
static void map_put(PtrMap *m, const void *key, void *val) {
    if (2 * (m->count + 1) > m->cap) {
        int64_t ncap = m->cap ? m->cap * 2 : 8;
        const void **ok = m->keys;
        void **ov = m->vals;
        int64_t ocap = m->cap;
        m->keys = gc_alloc(sizeof(void *) * (size_t)ncap);
        m->vals = gc_alloc(sizeof(void *) * (size_t)ncap);
        m->cap = ncap;
        for (int64_t i = 0; i < ocap; i++)
            if (ok[i]) map_insert_slot(m, ok[i], ov[i]);
        void **no = gc_alloc(sizeof(void *) * (size_t)ncap);
        for (int64_t i = 0; i < m->count; i++) no[i] = m->order[i];
        m->order = no;
    }
    map_insert_slot(m, key, val);
    m->order[m->count++] = val;
}

/* ---- timing ------------------------------------------------------------------------- */

static int64_t perf_counter_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static Value time_overflow(void) { return err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t"); }

/* The external timer's answer as ticks: an int of the timer's units when
   timeunit > 0, else seconds (int or float) in nanoseconds, as CPython's.
   A timer that fails is reported as unraisable and reads 0. */
static int64_t call_external_timer(ProfilerObject *p) {
    Value o = obj_call(p->timer, NULL, 0, VNULL);
    int64_t r = 0;
    bool ok = false;
    if (o) {
        if (p->timeunit > 0.0) {
            if (!int_check(o)) {
                err_format(&exc_TypeError, "expect int, got %s", type_of(o)->tname);
            } else {
                r = int_as_i64(o);
                if (r == -1 && err_occurred()) {
                    if (err_matches(&exc_OverflowError)) {
                        err_clear();
                        time_overflow();
                    }
                } else {
                    ok = true;
                }
            }
        } else if (float_check(o)) {
            double d = obj_as_double(o) * 1e9;
            if (isnan(d)) err_set(&exc_ValueError, "Invalid value NaN (not a number)");
            else if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) time_overflow();
            else {
                r = (int64_t)floor(d);
                ok = true;
            }
        } else {
            int64_t s = obj_index_i64(o);
            if (s == -1 && err_occurred()) {
                if (err_matches(&exc_OverflowError)) {
                    err_clear();
                    time_overflow();
                }
            } else if (__builtin_mul_overflow(s, (int64_t)1000000000, &r)) {
                time_overflow();
            } else {
                ok = true;
            }
        }
    }
    if (!ok) {
        err_write_unraisable(err_fetch(), NULL, p->timer);
        return 0;
    }
    return r;
}

static inline int64_t now(ProfilerObject *p) { return p->timer ? call_external_timer(p) : perf_counter_ns(); }

/* ---- the bookkeeping of calls ------------------------------------------------------- */

/* The name a builtin is shown by, as CPython's: a method is the repr of
   its type's attribute ("<method 'append' of 'list' objects>"), a function
   "<built-in method MODULE.NAME>" */
static const MethodDef *builtin_def(Value arg);

static Value builtin_label(Value fn) {
    if (type_of(fn) == &method_type) {
        /* a classmethod bound to its builtin type: self is the type, whose
           metatype has no such attribute, and the function no module */
        return str_printf("<built-in method %s>", builtin_def(fn)->name);
    }
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, fn);
    const char *name = b->def->name;
    if (b->self) {
        Value attr = type_lookup(type_of(b->self), str_from_cstr(name));
        if (attr) {
            Value r = obj_repr(attr);
            if (r) return r;
            err_clear();
        }
    } else if (b->owner) {
        /* a builtin type's static method has no module (CPython's m_module) */
        return str_printf("<%s>", name);
    }
    if (b->module && str_check(b->module)) return str_printf("<built-in method %U.%s>", b->module, name);
    return str_printf("<built-in method %s>", name);
}

static Stats *sub_stats(ProfilerObject *p, Entry *caller, Entry *callee, bool create) {
    SubEntry *s = map_get(&caller->calls, callee);
    if (!s && create) {
        s = gc_alloc(sizeof(SubEntry));
        s->callee = callee;
        map_put(&caller->calls, callee, s);
    }
    return s ? &s->s : NULL;
}

/* a call of the function `key` starts; code: its entry's code (VNULL: the
   builtin `fn`, described once) */
static void enter_call(ProfilerObject *p, const void *key, Value code, Value fn) {
    Entry *e = map_get(&p->entries, key);
    if (!e) {
        e = gc_alloc(sizeof(Entry));
        if (!code) {
            code = builtin_label(fn);
            if (!code) {
                err_clear();
                return;
            }
        }
        e->code = code;
        map_put(&p->entries, key, e);
    }
    Context *c = p->free_contexts;
    if (c) p->free_contexts = c->previous;
    else c = gc_alloc(sizeof(Context));
    c->entry = e;
    c->subt = 0;
    c->previous = p->current;
    e->s.level++;
    if ((p->flags & POF_SUBCALLS) && c->previous) sub_stats(p, c->previous->entry, e, true)->level++;
    /* the timer last: the bookkeeping above is not the callee's time */
    c->t0 = now(p);
    p->current = c;
}

/* context c (the innermost) ends as a call of e */
static void stop(ProfilerObject *p, Context *c, Entry *e) {
    int64_t tt = now(p) - c->t0, it = tt - c->subt;
    if (c->previous) c->previous->subt += tt;
    p->current = c->previous;
    if (--e->s.level == 0) e->s.tt += tt;
    else e->s.reccallcount++;
    e->s.it += it;
    e->s.callcount++;
    if ((p->flags & POF_SUBCALLS) && c->previous) {
        Stats *s = sub_stats(p, c->previous->entry, e, false);
        if (s) {
            if (--s->level == 0) s->tt += tt;
            else s->reccallcount++;
            s->it += it;
            s->callcount++;
        }
    }
}

static void free_context(ProfilerObject *p, Context *c) {
    c->entry = NULL;
    c->previous = p->free_contexts;
    p->free_contexts = c;
}

/* a call of `key` returns (a return the profiler did not see start, as
   one running when it was enabled, counts nothing) */
static void leave_call(ProfilerObject *p, const void *key) {
    Context *c = p->current;
    if (!c) return;
    Entry *e = map_get(&p->entries, key);
    if (e) stop(p, c, e);
    else p->current = c->previous;
    free_context(p, c);
}

/* the calls still running end now (disable()) */
static void flush_unmatched(ProfilerObject *p) {
    while (p->current) {
        Context *c = p->current;
        if (c->entry) stop(p, c, c->entry);
        else p->current = c->previous;
        free_context(p, c);
    }
}

/* The MethodDef of the builtin a 'c_call' event is about, or NULL: a
   builtin function or method, or a builtin type's classmethod bound to
   the class (tpy's dict.fromkeys; CPython's is a builtin with the class as
   self) */
static const MethodDef *builtin_def(Value arg) {
    Type *t = type_of(arg);
    if (t == &builtin_function_type) return V_AS(BuiltinFunctionObject, arg)->def;
    if (t != &method_type) return NULL;
    Value fn = V_AS(BoundMethodObject, arg)->func;
    t = type_of(fn);
    if (t == &builtin_function_type) return V_AS(BuiltinFunctionObject, fn)->def;
    if (t == &method_descr_type) return V_AS(MethodDescrObject, fn)->def;
    return NULL;
}

/* the profile function (sys_set_profile); never fails: a timer's error is
   reported as unraisable */
static int profiler_hook(Value obj, Frame *f, int what, Value arg) {
    ProfilerObject *p = PO(obj);
    switch (what) {
    case PROFILE_CALL:
        enter_call(p, f->code, V_FROM_PTR(f->code), VNULL);
        break;
    case PROFILE_RETURN:
        leave_call(p, f->code);
        break;
    case PROFILE_C_CALL:
        if (p->flags & POF_BUILTINS) {
            const MethodDef *d = builtin_def(arg);
            if (d) enter_call(p, d, VNULL, arg);
        }
        break;
    case PROFILE_C_RETURN:
    case PROFILE_C_EXCEPTION:
        if (p->flags & POF_BUILTINS) {
            const MethodDef *d = builtin_def(arg);
            if (d) leave_call(p, d);
        }
        break;
    }
    return 0;
}

/* ---- Profiler ----------------------------------------------------------------------- */

/* subcalls/builtins arguments: ints, as CPython's "i" format; -1 (enable's
   default) leaves the flag as it is */
static int flag_arg(Value v, int64_t *out) {
    if (!v) return 0;
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    *out = n;
    return 0;
}

static void set_flag(ProfilerObject *p, int flag, int64_t v) {
    if (v == 0) p->flags &= ~flag;
    else if (v > 0) p->flags |= flag;
}

static Value profiler_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Value v = instance_new(t);
    PO(v)->flags = POF_SUBCALLS | POF_BUILTINS;
    return v;
}

static int profiler_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Profiler", 0, 0, 0, {"timer", "timeunit", "subcalls", "builtins", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    ProfilerObject *p = PO(self);
    double unit = 0.0;
    if (a[1]) {
        unit = obj_as_double(a[1]);
        if (unit == -1.0 && err_occurred()) return -1;
    }
    int64_t subcalls = 1, builtins = 1;
    if (flag_arg(a[2], &subcalls) < 0 || flag_arg(a[3], &builtins) < 0) return -1;
    set_flag(p, POF_SUBCALLS, subcalls);
    set_flag(p, POF_BUILTINS, builtins);
    p->timeunit = unit;
    /* as CPython's: an explicit None is a timer (that fails when called) */
    p->timer = a[0];
    return 0;
}

static Value profiler_enable(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"enable", 0, 0, 0, {"subcalls", "builtins", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int64_t subcalls = -1, builtins = -1;
    if (flag_arg(a[0], &subcalls) < 0 || flag_arg(a[1], &builtins) < 0) return VNULL;
    ProfilerObject *p = PO(args[0]);
    set_flag(p, POF_SUBCALLS, subcalls);
    set_flag(p, POF_BUILTINS, builtins);
    sys_set_profile(profiler_hook, args[0]);
    p->flags |= POF_ENABLED;
    return V_NONE;
}

static Value profiler_disable(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("disable", kwnames) < 0 || arg_count("disable", nargs - 1, 0, 0) < 0) return VNULL;
    ProfilerObject *p = PO(args[0]);
    p->flags &= ~POF_ENABLED;
    sys_set_profile(NULL, VNULL);
    flush_unmatched(p);
    return V_NONE;
}

static Value profiler_clear(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("clear", kwnames) < 0 || arg_count("clear", nargs - 1, 0, 0) < 0) return VNULL;
    ProfilerObject *p = PO(args[0]);
    /* the running calls are forgotten too: their returns count nothing */
    memset(&p->entries, 0, sizeof p->entries);
    p->current = p->free_contexts = NULL;
    return V_NONE;
}

static Value stats_value(Stats *s, Value code, double factor, Value calls, Type *t) {
    Value f[6] = {code, int_from_i64(s->callcount), int_from_i64(s->reccallcount),
                  float_from_double(factor * (double)s->tt), float_from_double(factor * (double)s->it), calls};
    return structseq_new(t, f);
}

static Value profiler_getstats(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getstats", kwnames) < 0 || arg_count("getstats", nargs - 1, 0, 0) < 0) return VNULL;
    ProfilerObject *p = PO(args[0]);
    /* ticks are nanoseconds unless a custom timer gives its own unit */
    double factor = p->timer && p->timeunit > 0.0 ? p->timeunit : 1e-9;
    Value list = list_new(0);
    for (int64_t i = 0; i < p->entries.count; i++) {
        Entry *e = p->entries.order[i];
        Value calls = V_NONE;
        if (e->calls.count) {
            calls = list_new(0);
            for (int64_t j = 0; j < e->calls.count; j++) {
                SubEntry *s = e->calls.order[j];
                list_append(calls, stats_value(&s->s, s->callee->code, factor, VNULL, subentry_type));
            }
        }
        list_append(list, stats_value(&e->s, e->code, factor, calls, entry_type));
    }
    return list;
}

static const MethodDef profiler_methods[] = {
    {"getstats", profiler_getstats, MF_KEYWORDS,
     "getstats()\n--\n\nThe statistics so far: a list of profiler_entry, one per function\n"
     "(code, call counts, total and inline times in seconds, and its callees\n"
     "as a list of profiler_subentry or None)."},
    /* MF_FRAME: it marks the running frames, and compiled code that called
       it would go on without sending events (jit/record.c) */
    {"enable", profiler_enable, MF_KEYWORDS | MF_FRAME,
     "enable(subcalls=True, builtins=True)\n\nStart profiling this thread; subcalls: also count each\n"
     "caller-callee pair; builtins: also count calls of builtin functions.\n"},
    {"disable", profiler_disable, MF_KEYWORDS, "disable()\n\nStop profiling.\n"},
    {"clear", profiler_clear, MF_KEYWORDS, "clear()\n\nForget the statistics collected so far.\n"},
    {NULL, NULL, 0, NULL},
};

static Type profiler_type = {
    .tname = "_lsprof.Profiler",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ProfilerObject),
    .new_ = profiler_new,
    .init = profiler_init,
};

Value _lsprof_module_create(void) {
    if (!(profiler_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_lsprof");
        profiler_type.name = str_intern_cstr("Profiler");
        profiler_type.module = mod;
        profiler_type.doc = str_from_cstr(
            "Profiler(timer=None, timeunit=None, subcalls=True, builtins=True)\n\n"
            "A deterministic profiler. timer: a function returning the time (default:\n"
            "a monotonic performance counter); timeunit: the seconds per unit of a\n"
            "timer that returns integers (0: the timer returns seconds).\n");
        type_add_methods(&profiler_type, profiler_methods);
        type_ready(&profiler_type);
        static const char *const entry_fields[] = {"code", "callcount", "reccallcount", "totaltime", "inlinetime", "calls"};
        entry_type = structseq_new_type("_lsprof", "profiler_entry", entry_fields, 6, 6);
        static const char *const sub_fields[] = {"code", "callcount", "reccallcount", "totaltime", "inlinetime"};
        subentry_type = structseq_new_type("_lsprof", "profiler_subentry", sub_fields, 5, 5);
    }
    Value m = module_new_cstr("_lsprof");
    module_add(m, "__doc__", str_from_cstr("Fast profiler"));
    module_add(m, "Profiler", V_FROM_PTR(&profiler_type));
    module_add(m, "profiler_entry", V_FROM_PTR(entry_type));
    module_add(m, "profiler_subentry", V_FROM_PTR(subentry_type));
    return m;
}
