/* gcmodule.c: the gc module. tpy's collector is Boehm's (gc/gc.c): collect()
 * runs a full collection and then the finalizers (__del__, generator
 * close) of what it found unreachable. There is no separate cycle
 * collector to switch off, so disable() only changes isenabled(); nor
 * generations, so the thresholds are kept and reported but tune nothing,
 * and `garbage` stays empty (no cycle is ever left uncollectable there). */
#include <stdlib.h>
#include <string.h>

#include "../jit/trace.h"
#include "../runtime.h"
#include "../vm/opcodes.h"
#include "../front/compiler.h"
#include "../introspect/hooks.h"
#include "../obj/bytearray.h"
#include "../obj/gen.h"

static bool gc_enabled = true;

/* The value stacks of the running frames still hold, above their tops,
   what they popped (the collector scans the frame stack conservatively):
   those slots are cleared first, so that an object the program dropped
   (`del x; gc.collect()`, or an exception handled and done with) is found
   unreachable, as CPython's reference counts find it.

   The frame that called collect() is stopped at the call instruction that
   saved its stack top. An outer frame's saved top may be stale (an
   instruction that called into Python without saving it, a frame rebuilt
   by a guard failure and run on since), and clearing above a stale top
   destroyed live values (the hooks fuzzer found it): for those frames the
   live depth comes from the code itself, the depth before the instruction
   they are executing or after it, whichever is greater (the compiler's
   stack analysis; no instruction holds more while it runs; not under
   sys.settrace, whose 'line' events come between instructions). Not the
   frames compiled code runs (in_compiled: it keeps some values in the frame
   and some in registers); the frames the interpreter runs above or below
   them are stopped at a call as without the JIT. collect() reads the
   frames, so a trace never calls it (MF_FRAME: the recorder leaves the
   call to the interpreter). */
static void clear_innermost_dead_slots(Frame *f) {
    int op = INSTR_OP(f->ip[-1]);
    if (op != OP_CALL_FUNCTION && op != OP_CALL_FUNCTION_KW && op != OP_CALL_METHOD && op != OP_CALL_METHOD_KW &&
        op != OP_CALL_FUNCTION_EX)
        return;
    Value *base = frame_stack_base(f), *end = base + f->code->stacksize;
    if (f->sp >= base && f->sp <= end) memset(f->sp, 0, (size_t)(end - f->sp) * sizeof(Value));
}

static void clear_outer_dead_slots(Frame *f) {
    CodeObject *co = f->code;
    int i = (int)(f->ip - co->code) - 1;
    int *depth = gc_alloc_atomic(sizeof(int) * (size_t)(co->ncode + 1));
    if (code_stack_depths(co->code, co->ncode, co->exctable, co->nexctable, depth) < 0 || depth[i] < 0) return;
    uint32_t w = co->code[i];
    int after = depth[i] + op_stack_effect(INSTR_OP(w), (int)INSTR_ARG(w), 0);
    int live = after > depth[i] ? after : depth[i];
    if (live > co->stacksize) return;
    Value *base = frame_stack_base(f);
    memset(base + live, 0, (size_t)(co->stacksize - live) * sizeof(Value));
}

static void clear_dead_stack_slots(void) {
    /* (a hook's caller and its callers: see hook_interrupted_frame) */
    for (Frame *f = tstate.frame; f && f != hook_interrupted_frame; f = f->back) {
        if (f->in_compiled) continue;
        if (!f->ip || f->ip <= f->code->code || f->ip > f->code->code + f->code->ncode) continue;
        if (f == tstate.frame) clear_innermost_dead_slots(f);
        else if (!tstate.use_tracing) clear_outer_dead_slots(f);   /* a trace function runs between instructions */
    }
}

/* Likewise the C stack below this function holds what earlier, deeper
   calls left there; the collection's own call chain runs in that memory
   and its uninitialised slots would be scanned as roots (an ended thread's
   Thread object stayed alive that way). It is zeroed first: up to 64 KiB,
   at most half of what is left above the thread's C stack limit. collect()
   does it, and the interpreter does it before calling collect() (MF_COLLECTS):
   collect()'s own frame has slots it never writes (alignment), above what
   collect() can clear, which held an object a deeper call had used
   (tests/lib/gc_collect_from_compiled_code.py). */
__attribute__((noinline)) void gc_clear_dead_c_stack(void) {
    char *here = __builtin_frame_address(0);
    ptrdiff_t room = tstate.c_stack_limit ? (here - tstate.c_stack_limit) / 2 : 0;
    size_t n = room > 64 * 1024 ? 64 * 1024 : room > 0 ? (size_t)room : 0;
    if (n < 256) return;
    volatile char area[n];
    memset((char *)area, 0, n);
    __asm__ volatile("" : : "r"(area) : "memory");
}

volatile int gc_module_collecting;

/* Inline into its callers: gc_clear_dead_c_stack() clears the C stack
   below the frame that calls it, and what gc.collect()'s caller left there
   (the exception a `with` block swallowed, tests/lang/
   with_exit_exception_freed.py) must be below that frame, not in it. */
static inline __attribute__((always_inline)) void collect_and_finalize(void) {
    clear_dead_stack_slots();
    gc_clear_dead_c_stack();
    gc_module_collecting++;
    gc_collect();
    gc_finalizers_pending = 1;
    gc_run_finalizers();
    gc_module_collecting--;
}

void gc_collect_and_finalize(void) { collect_and_finalize(); }

/* gc.callbacks: called before and after gc.collect()'s collection
   (Boehm's own collections run inside allocations, where Python code
   cannot run). The module's dict holds the list too. */
static Value callbacks;

static void run_callbacks(const char *phase, int64_t generation) {
    if (!callbacks || !list_check(callbacks) || !V_AS(ListObject, callbacks)->size) return;
    Value info = dict_new();
    dict_set_cstr(info, "generation", v_int(generation));
    dict_set_cstr(info, "collected", v_int(0));
    dict_set_cstr(info, "uncollectable", v_int(0));
    Value call_args[2] = {str_from_cstr(phase), info};
    /* a copy: a callback may change the list */
    Value copy = list_from_array(list_items(callbacks), list_size(callbacks));
    for (int64_t i = 0; i < V_AS(ListObject, copy)->size; i++) {
        Value cb = list_get(copy, i);
        if (!obj_call(cb, call_args, 2, VNULL)) err_write_unraisable(err_fetch(), NULL, cb);
    }
}

static Value g_collect(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"collect", 0, 0, 0, {"generation", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t generation = 2;
    if (a[0]) {
        if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        generation = obj_index_i64(a[0]);
        if (generation == -1 && err_occurred()) return VNULL;
        if (generation < 0 || generation > 2) return err_set(&exc_ValueError, "invalid generation");
    }
    run_callbacks("start", generation);
    collect_and_finalize();
    run_callbacks("stop", generation);
    return v_int(0);
}

/* set_debug() keeps the flags for get_debug(); tpy's collector prints no
   statistics and keeps no garbage (DEBUG_SAVEALL has no effect) */
static int64_t debug_flags;

static Value g_set_debug(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set_debug", kwnames) < 0 || arg_count("set_debug", nargs, 1, 1) < 0) return VNULL;
    if (float_check(args[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t flags = obj_index_i64(args[0]);
    if (flags == -1 && err_occurred()) return VNULL;
    debug_flags = flags;
    return V_NONE;
}

static Value g_get_debug(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_debug", kwnames) < 0 || arg_count("get_debug", nargs, 0, 0) < 0) return VNULL;
    return int_from_i64(debug_flags);
}

/* No generations: nothing counts towards a young one's threshold */
static Value g_get_count(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_count", kwnames) < 0 || arg_count("get_count", nargs, 0, 0) < 0) return VNULL;
    return tuple_pack(3, v_int(0), v_int(0), v_int(0));
}

/* Every collection is of the whole heap: the oldest generation's; Boehm
   does not count what it frees */
static Value g_get_stats(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_stats", kwnames) < 0 || arg_count("get_stats", nargs, 0, 0) < 0) return VNULL;
    Value stats = list_new(3);
    for (int generation = 0; generation < 3; generation++) {
        Value d = dict_new();
        dict_set_cstr(d, "collections", int_from_i64(generation == 2 ? (int64_t)gc_collections() : 0));
        dict_set_cstr(d, "collected", v_int(0));
        dict_set_cstr(d, "uncollectable", v_int(0));
        list_append(stats, d);
    }
    return stats;
}

static Value g_enable(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("enable", kwnames) < 0 || arg_count("enable", nargs, 0, 0) < 0) return VNULL;
    gc_enabled = true;
    return V_NONE;
}

static Value g_disable(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("disable", kwnames) < 0 || arg_count("disable", nargs, 0, 0) < 0) return VNULL;
    gc_enabled = false;
    return V_NONE;
}

static Value g_isenabled(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("isenabled", kwnames) < 0 || arg_count("isenabled", nargs, 0, 0) < 0) return VNULL;
    return v_bool(gc_enabled);
}

/* CPython's defaults */
static int64_t thresholds[3] = {700, 10, 10};

static Value g_get_threshold(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_threshold", kwnames) < 0 || arg_count("get_threshold", nargs, 0, 0) < 0) return VNULL;
    return tuple_pack(3, int_from_i64(thresholds[0]), int_from_i64(thresholds[1]), int_from_i64(thresholds[2]));
}

static Value g_set_threshold(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set_threshold", kwnames) < 0) return VNULL;
    if (nargs < 1 || nargs > 3)   /* PyArg_ParseTuple's wording */
        return err_format(&exc_TypeError, "set_threshold() takes at %s %d argument%s (%zd given)", nargs ? "most" : "least",
                          nargs ? 3 : 1, nargs ? "s" : "", (ssize_t)nargs);
    int64_t t[3] = {thresholds[0], thresholds[1], thresholds[2]};
    for (size_t i = 0; i < nargs; i++) {
        if (float_check(args[i])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        t[i] = obj_index_i64(args[i]);
        if (t[i] == -1 && err_occurred()) return VNULL;
    }
    memcpy(thresholds, t, sizeof t);
    return V_NONE;
}

/* ---- walking the heap: get_objects, get_referrers, get_referents ---------------------
 *
 * The collector's heap is walked after a collection (gc/gc.c, "walking the
 * heap"): blocks of the object and type kinds that the collection reached.
 * Which of them are objects is decided by their first word, under the
 * invariant written there: an object's first word is its type, a static
 * Type in tpy's image or a complete class of the type kind; a free block's
 * first word is NULL or a link to a block of its own kind, which never
 * passes. Nothing else of a block is read before its type has passed. */

/* tpy's image (the linker's symbols; tpy, or libtpy.a, is linked into an
   executable): static types live there, never in the heap, and no link
   word points there */
extern char __executable_start[], _end[];

static bool in_image(const void *p) { return (const char *)p >= __executable_start && (const char *)p < _end; }

/* The classes found valid during one stretch of work that cannot collect
   (a walk, which holds the collector's lock; get_referrers' scan, which
   allocates nothing): a direct-mapped cache, as nearly every object's
   type is one of a few and checking a class costs three lookups of
   Boehm's block headers. Emptied when such a stretch begins, off after
   it: a class may be freed and its block reused once collections run. */
#define VALID_TYPE_CACHE 256
static const Type *valid_type_cache[VALID_TYPE_CACHE];
static bool caching_types;

static size_t type_cache_slot(const Type *t) { return ((uintptr_t)t >> 4) % VALID_TYPE_CACHE; }

static void type_cache_begin(void) {
    memset(valid_type_cache, 0, sizeof valid_type_cache);
    caching_types = true;
}

static void type_cache_end(void) { caching_types = false; }

static bool valid_type_uncached(const Type *t, int depth);

/* Can t be the first word of a live object: a static type, or a complete
   class (its metaclass valid, its mro a tuple that starts with it)? */
static bool valid_type(const Type *t, int depth) {
    if (!t) return false;
    if (in_image(t)) return true;
    if (caching_types && valid_type_cache[type_cache_slot(t)] == t) return true;
    if (!valid_type_uncached(t, depth)) return false;
    if (caching_types) valid_type_cache[type_cache_slot(t)] = t;
    return true;
}

static bool valid_type_uncached(const Type *t, int depth) {
    size_t size = 0;
    if (depth > 16 || gc_block_kind(t, &size) != GC_BLOCK_TYPE || size < sizeof(Type)) return false;
    Type *meta = t->hdr.type;
    if (!valid_type(meta, depth + 1) || !type_has_flag(meta, TF_TYPE_SUBCLASS)) return false;
    Value mro = t->mro;
    if (!mro || !v_is_ptr(mro) || gc_block_kind(V_OBJ(mro), &size) != GC_BLOCK_OBJECT) return false;
    TupleObject *items = V_AS(TupleObject, mro);
    return items->hdr.type == &tuple_type && items->size >= 1 &&
           size >= sizeof(TupleObject) + sizeof(Value) * (size_t)items->size && items->items[0] == V_FROM_PTR(t);
}

/* Types whose objects CPython's collector does not track (they hold no
   references that could make a cycle), and the runtime's own: not listed
   by get_objects, nothing visited by get_referents. */
static bool untracked_type(const Type *t) {
    return t == &int_type || t == &bool_type || t == &float_type || t == &complex_type || t == &str_type ||
           t == &bytes_type || t == &range_type || t == &code_type || t == &none_type || t == &notimpl_type ||
           t == &ellipsis_type || t == &object_type || t == &bytearray_type || t == &map_type;
}

/* A heap block (of the object or type kind) that is a live Python object
   get_objects lists. */
static bool listed_object(void *block, GcBlockKind kind) {
    Object *o = block;
    if (kind == GC_BLOCK_TYPE) return valid_type((Type *)o, 0);
    return valid_type(o->type, 0) && !untracked_type(o->type);
}

/* Is v an object of the heap that a walk would list (for values found by
   scanning memory that is not known to hold Values)? */
static bool heap_value_is_object(uintptr_t w) {
    if (!w || (w & 7)) return false;
    GcBlockKind kind = gc_block_kind((void *)w, NULL);
    if (kind != GC_BLOCK_OBJECT && kind != GC_BLOCK_TYPE) return false;
    return listed_object((void *)w, kind);
}

typedef void (*VisitFn)(Value v, void *arg);

static void visit(VisitFn fn, void *arg, Value v) {
    if (v) fn(v, arg);
}

static bool is_set_dummy(Value key) {
    /* set.c's deleted-entry marker: a static object of type object */
    return v_is_ptr(key) && in_image(V_OBJ(key)) && V_OBJ(key)->type == &object_type;
}

static void traverse_dict(DictObject *d, VisitFn fn, void *arg) {
    /* CPython visits only the values of a dict whose keys are all str */
    bool str_keys = true;
    for (int64_t i = 0; i < d->nentries && str_keys; i++) {
        Value k = d->entries[i].key;
        if (k && !(v_is_ptr(k) && V_OBJ(k)->type == &str_type)) str_keys = false;
    }
    for (int64_t i = 0; i < d->nentries; i++) {
        DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        /* a module namespace holds cells: the program sees their values */
        Value v = d->cells && e->value ? V_AS(CellObject, e->value)->value : e->value;
        visit(fn, arg, v);
        if (!str_keys) visit(fn, arg, e->key);
    }
}

/* What the words of an object from byte offset `from` to `to` (or its
   end) refer to, for the part of an object whose layout no traversal
   below knows: the words that point to objects a walk lists, and those of
   the scanned blocks they point to (item arrays, tables), one level deep.
   Static objects and atomic ones (str, int) cannot be told from other
   words there, and are not reported. */
static void traverse_words(Object *o, size_t from, size_t to, VisitFn fn, void *arg) {
    size_t size = 0;
    if (gc_block_kind(o, &size) == GC_BLOCK_NONE) return;
    if (to < size) size = to;
    const uintptr_t *words = (const uintptr_t *)o;
    for (size_t i = from / sizeof(uintptr_t); i < size / sizeof(uintptr_t); i++) {
        uintptr_t w = words[i];
        size_t inner_size = 0;
        if (heap_value_is_object(w)) {
            fn((Value)w, arg);
        } else if (w && !(w & 7) && gc_block_kind((void *)w, &inner_size) == GC_BLOCK_SCANNED) {
            const uintptr_t *inner = (const uintptr_t *)w;
            for (size_t j = 0; j < inner_size / sizeof(uintptr_t); j++)
                if (heap_value_is_object(inner[j])) fn((Value)inner[j], arg);
        }
    }
}

/* A generator's (coroutine's) frame while it is suspended: its frame
   object, locals dict, function, code, the fast locals and cells, and the
   value stack up to its top (above it are values already popped). */
static void traverse_gen(GenObject *g, VisitFn fn, void *arg) {
    visit(fn, arg, V_FROM_PTR(g->code));
    visit(fn, arg, g->name);
    visit(fn, arg, g->qualname);
    Frame *f = g->frame;
    if (!f) return;
    visit(fn, arg, f->fobj);
    visit(fn, arg, f->locals);
    visit(fn, arg, V_FROM_PTR(f->func));
    visit(fn, arg, V_FROM_PTR(f->code));
    Value *base = frame_stack_base(f), *top = base;
    if (!g->running && f->sp >= base && f->sp <= base + f->code->stacksize) top = f->sp;
    for (Value *v = f->localsplus; v < top; v++) visit(fn, arg, *v);
    visit(fn, arg, g->handled);
}

/* The builtin types whose layout is traversed field by field. */
static bool known_layout(const Type *t) {
    return t == &gen_type || t == &coro_type || t == &async_gen_type || t == &tuple_type || t == &list_type || t == &dict_type || t == &set_type || t == &frozenset_type ||
           t == &function_type || t == &cell_type || t == &method_type || t == &module_type || t == &property_type ||
           t == &staticmethod_type || t == &classmethod_type;
}

static void traverse_known(Object *o, const Type *t, VisitFn fn, void *arg) {
    if (t == &gen_type || t == &coro_type || t == &async_gen_type) {
        traverse_gen((GenObject *)o, fn, arg);
    } else if (t == &tuple_type) {
        TupleObject *tu = (TupleObject *)o;
        for (int64_t i = tu->size; i-- > 0;) visit(fn, arg, tu->items[i]);   /* CPython's order */
    } else if (t == &list_type) {
        ListObject *l = (ListObject *)o;
        for (int64_t i = l->size; i-- > 0;) visit(fn, arg, list_get(V_FROM_PTR(l), i));
    } else if (t == &dict_type) {
        traverse_dict((DictObject *)o, fn, arg);
    } else if (t == &set_type || t == &frozenset_type) {
        SetObject *s = (SetObject *)o;
        for (int64_t i = 0; s->table && i <= s->mask; i++)
            if (s->table[i].key && !is_set_dummy(s->table[i].key)) visit(fn, arg, s->table[i].key);
    } else if (t == &function_type) {
        FunctionObject *f = (FunctionObject *)o;
        visit(fn, arg, V_FROM_PTR(f->code));
        visit(fn, arg, f->globals);
        visit(fn, arg, f->builtins);
        visit(fn, arg, f->module);
        visit(fn, arg, f->defaults);
        visit(fn, arg, f->kwdefaults);
        visit(fn, arg, f->doc);
        visit(fn, arg, f->name);
        visit(fn, arg, f->dict);
        visit(fn, arg, f->closure);
        visit(fn, arg, f->annotations);
        visit(fn, arg, f->qualname);
    } else if (t == &cell_type) {
        visit(fn, arg, ((CellObject *)o)->value);
    } else if (t == &method_type) {
        visit(fn, arg, ((BoundMethodObject *)o)->func);
        visit(fn, arg, ((BoundMethodObject *)o)->self);
    } else if (t == &module_type) {
        visit(fn, arg, ((ModuleObject *)o)->dict);
    } else if (t == &property_type) {
        PropertyObject *p = (PropertyObject *)o;
        visit(fn, arg, p->fget);
        visit(fn, arg, p->fset);
        visit(fn, arg, p->fdel);
        visit(fn, arg, p->doc);
    } else if (t == &staticmethod_type || t == &classmethod_type) {
        /* both: the function, then the attributes' dict */
        StaticMethodObject *sm = (StaticMethodObject *)o;
        visit(fn, arg, sm->func);
        if (sm->attrs.map == &dict_mode_map) visit(fn, arg, (Value)(uintptr_t)sm->attrs.overflow);
    }
}

/* The part of an object that builtin type t (not a class of the program)
   lays out, up to byte offset `limit`: the fields of the nearest base whose
   layout is known, then the words t adds after it (defaultdict's factory),
   or all of its words. */
static void traverse_builtin(Object *o, Type *t, size_t limit, VisitFn fn, void *arg) {
    if (untracked_type(t)) return;
    Type *known = t;
    while (known && !known_layout(known)) known = known->base;
    if (!known) {
        traverse_words(o, sizeof(Object), limit, fn, arg);
        return;
    }
    traverse_known(o, known, fn, arg);
    if (known != t && known->basicsize) traverse_words(o, known->basicsize, limit, fn, arg);
}

/* A class made by the program (CPython's collector tracks heap types
   only): its metaclass when that is a class of the program too, then its
   dict, mro, bases and base, in CPython's order. */
static void traverse_class(Type *c, VisitFn fn, void *arg) {
    if (!type_has_flag(c, TF_HEAPTYPE)) return;
    if (type_has_flag(c->hdr.type, TF_HEAPTYPE)) fn(V_FROM_PTR(c->hdr.type), arg);
    visit(fn, arg, c->dict);
    visit(fn, arg, c->mro);
    visit(fn, arg, c->bases);
    visit(fn, arg, V_FROM_PTR(c->base));
}

/* The attributes of an instance of a class: its slots' and attributes'
   values (or its attribute dict), as CPython visits an instance's. */
static void traverse_attrs(Value obj, Type *t, VisitFn fn, void *arg) {
    if (!t->attrs_offset) return;
    InstanceAttrs *a = instance_attrs(obj, t);
    if (a->map == &dict_mode_map) {
        for (uint32_t i = 0; i < t->inline_slots; i++) visit(fn, arg, a->slots[i]);
        visit(fn, arg, (Value)(uintptr_t)a->overflow);
        return;
    }
    Map *m = a->map;
    for (int32_t i = 0; m && i < m->nattrs; i++)
        visit(fn, arg, (uint32_t)i < t->inline_slots ? a->slots[i] : a->overflow[i - (int32_t)t->inline_slots]);
}

/* What obj refers to, in CPython's tp_traverse's terms: nothing for
   objects CPython does not track. */
static void traverse(Value obj, VisitFn fn, void *arg) {
    if (!v_is_ptr(obj) || !obj) return;
    Object *o = V_OBJ(obj);
    Type *t = o->type;
    if (type_has_flag(t, TF_TYPE_SUBCLASS)) {
        traverse_class((Type *)o, fn, arg);
        return;
    }
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        traverse_builtin(o, t, SIZE_MAX, fn, arg);
        return;
    }
    /* an instance of a class: its attributes, its class, then what its
       builtin base holds (a list subclass's items) */
    traverse_attrs(obj, t, fn, arg);
    fn(V_FROM_PTR(t), arg);
    Type *base = t;
    while (base && type_has_flag(base, TF_HEAPTYPE)) base = base->base;
    if (base && base != &object_type)
        traverse_builtin(o, base, t->attrs_offset ? t->attrs_offset : SIZE_MAX, fn, arg);
}

/* ---- get_objects ---- */

/* Addresses in malloc'd memory: the collector neither scans nor moves
   it, and nothing collects while a walk fills it (the walk holds the
   collector's lock). */
typedef struct {
    uintptr_t *items;
    size_t n, cap;
} AddressArray;

static bool address_array_push(AddressArray *a, uintptr_t p) {
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 4096;
        uintptr_t *items = realloc(a->items, cap * sizeof(uintptr_t));
        if (!items) return false;
        a->items = items;
        a->cap = cap;
    }
    a->items[a->n++] = p;
    return true;
}

/* What a walk finds: the objects, apart from the cells (which may belong
   to a module namespace, see drop_namespace_cells), and the namespaces. */
typedef struct {
    AddressArray objects, cells, namespaces;
    bool failed;   /* out of memory */
} Gather;

static void gather_free(Gather *g) {
    free(g->objects.items);
    free(g->cells.items);
    free(g->namespaces.items);
}

/* runs with the collector's lock held: reads, never allocates collected memory */
static void gather_object(void *block, GcBlockKind kind, void *arg) {
    Gather *g = arg;
    if (g->failed || !listed_object(block, kind)) return;
    Object *o = block;
    bool ok = o->type == &cell_type ? address_array_push(&g->cells, (uintptr_t)o) : address_array_push(&g->objects, (uintptr_t)o);
    if (ok && o->type == &dict_type && ((DictObject *)o)->cells) ok = address_array_push(&g->namespaces, (uintptr_t)o);
    if (!ok) g->failed = true;
}

/* A set of addresses in malloc'd memory (the collector does not see it:
   it only ever holds addresses the list being built also holds). */
typedef struct {
    uintptr_t *slots;
    size_t mask;
} AddressSet;

static size_t address_hash(uintptr_t p, size_t mask) { return (size_t)((p >> 4) * 0x9E3779B97F4A7C15u) & mask; }

static void address_set_add(AddressSet *s, uintptr_t p) {
    size_t i = address_hash(p, s->mask);
    while (s->slots[i] && s->slots[i] != p) i = (i + 1) & s->mask;
    s->slots[i] = p;
}

static bool address_set_has(const AddressSet *s, uintptr_t p) {
    size_t i = address_hash(p, s->mask);
    while (s->slots[i]) {
        if (s->slots[i] == p) return true;
        i = (i + 1) & s->mask;
    }
    return false;
}

/* A module namespace is a dict of cells (obj/dict.c), an implementation
   detail: the program sees their values, and CPython has no such cells.
   The cells found are kept but for those of the namespaces found; returns
   false when out of memory. */
static bool drop_namespace_cells(Gather *g) {
    size_t ncells = 0;
    for (size_t i = 0; i < g->namespaces.n; i++) ncells += (size_t)((DictObject *)g->namespaces.items[i])->nentries;
    size_t cap = 16;
    while (cap < 2 * ncells) cap *= 2;
    AddressSet set = {calloc(cap, sizeof(uintptr_t)), cap - 1};
    if (!set.slots) return false;
    for (size_t i = 0; i < g->namespaces.n; i++) {
        DictObject *d = (DictObject *)g->namespaces.items[i];
        for (int64_t j = 0; j < d->nentries; j++)
            if (d->entries[j].key && d->entries[j].value) address_set_add(&set, (uintptr_t)d->entries[j].value);
    }
    size_t kept = 0;
    for (size_t i = 0; i < g->cells.n; i++)
        if (!address_set_has(&set, g->cells.items[i])) g->cells.items[kept++] = g->cells.items[i];
    g->cells.n = kept;
    free(set.slots);
    return true;
}

typedef struct {
    Gather *found;
    ListObject *list;
    size_t collection;   /* the walk's */
    bool done;
} CopyRequest;

/* with the collector's lock held: the addresses are still those of live
   objects if no collection ran since the walk */
static void copy_found(void *request) {
    CopyRequest *r = request;
    if (gc_collections() != r->collection) return;
    Value *out = r->list->items;
    for (size_t i = 0; i < r->found->objects.n; i++) *out++ = (Value)r->found->objects.items[i];
    for (size_t i = 0; i < r->found->cells.n; i++) *out++ = (Value)r->found->cells.items[i];
    r->list->size = (int64_t)(r->found->objects.n + r->found->cells.n);
    r->done = true;
}

/* Every object a walk lists, in a new list (not in it: the list itself,
   allocated after the collection). The addresses found are copied into
   the list once it is allocated, unless its allocation started a
   collection: then an object only a stale word kept alive may be gone, and
   it starts over. */
static Value all_objects(void) {
    for (;;) {
        Gather found = {{0}, {0}, {0}, false};
        type_cache_begin();
        size_t number = gc_collect_and_walk(gather_object, &found);
        type_cache_end();
        if (found.failed || !drop_namespace_cells(&found)) {
            gather_free(&found);
            return err_no_memory();
        }
        Value list = list_try_new((int64_t)(found.objects.n + found.cells.n));
        if (!list) {
            gather_free(&found);
            return VNULL;
        }
        /* copied under the collector's lock: a thread running C code
           without the interpreter's lock may allocate meanwhile */
        CopyRequest copy = {&found, V_AS(ListObject, list), number, false};
        gc_with_lock(copy_found, &copy);
        gather_free(&found);
        if (copy.done) return list;
    }
}

#define NUM_GENERATIONS 3

static Value g_get_objects(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_objects", 0, 0, 0, {"generation", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t generation = -1;
    if (a[0] && a[0] != V_NONE) {
        if (!int_check(a[0]) && !type_lookup_cstr(type_of(a[0]), "__index__"))
            return err_format(&exc_TypeError, "argument should be integer or None, not '%s'", type_of(a[0])->tname);
        generation = obj_index_i64(a[0]);
        if (generation == -1 && err_occurred()) {
            /* obj_index_i64 says IndexError for an int beyond 64 bits */
            if (!err_matches(&exc_OverflowError) && !err_matches(&exc_IndexError)) return VNULL;
            err_clear();
            return err_set(&exc_OverflowError, "cannot fit 'int' into an index-sized integer");
        }
    }
    if (audit_enabled && sys_audit("gc.get_objects", 1, v_int(generation)) < 0) return VNULL;
    if (generation >= NUM_GENERATIONS)
        return err_format(&exc_ValueError, "generation parameter must be less than the number of available generations (%d)",
                          NUM_GENERATIONS);
    if (generation < -1) return err_set(&exc_ValueError, "generation parameter cannot be negative");
    /* one heap, no generations: every generation is all of it */
    clear_dead_stack_slots();
    gc_clear_dead_c_stack();
    return all_objects();
}

/* ---- get_referents, get_referrers ---- */

static void append_referent(Value v, void *list) { list_append((Value)(uintptr_t)list, v); }

static Value g_get_referents(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("get_referents", kwnames) < 0) return VNULL;
    if (audit_enabled && sys_audit("gc.get_referents", 1, tuple_from_array(args, (int64_t)nargs)) < 0) return VNULL;
    Value result = list_new(0);
    for (size_t i = 0; i < nargs; i++) traverse(args[i], append_referent, (void *)(uintptr_t)result);
    return result;
}

typedef struct {
    Value *targets;
    size_t ntargets;
    bool found;
} ReferrerSearch;

static void check_referent(Value v, void *arg) {
    ReferrerSearch *s = arg;
    for (size_t i = 0; i < s->ntargets && !s->found; i++) s->found = v == s->targets[i];
}

static Value g_get_referrers(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("get_referrers", kwnames) < 0) return VNULL;
    if (audit_enabled && sys_audit("gc.get_referrers", 1, tuple_from_array(args, (int64_t)nargs)) < 0) return VNULL;
    clear_dead_stack_slots();
    gc_clear_dead_c_stack();
    Value all = all_objects();
    ListObject *l = V_AS(ListObject, all);
    /* the referrers replace the objects in the list itself: nothing to
       allocate while walking, and the list is not a referrer of anything */
    ReferrerSearch s = {args, nargs, false};
    int64_t kept = 0;
    type_cache_begin();
    for (int64_t i = 0; i < l->size; i++) {
        Value o = l->items[i];
        s.found = false;
        if (nargs) traverse(o, check_referent, &s);
        if (s.found) l->items[kept++] = o;
    }
    type_cache_end();
    memset(l->items + kept, 0, (size_t)(l->size - kept) * sizeof(Value));
    l->size = kept;
    return all;
}

/* ---- is_tracked, is_finalized, freeze ---- */

static Value g_is_tracked(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 1 || kwnames)
        return err_format(&exc_TypeError, "gc.is_tracked() takes exactly one argument (%zd given)",
                          (ssize_t)(nargs + (kwnames ? (size_t)tuple_size(kwnames) : 0)));
    Value v = args[0];
    if (!v_is_ptr(v)) return V_FALSE;
    GcBlockKind kind = gc_block_kind(V_OBJ(v), NULL);
    /* a static object (None, a builtin type) is not tracked, as in CPython */
    if (kind != GC_BLOCK_OBJECT && kind != GC_BLOCK_TYPE) return V_FALSE;
    return v_bool(!untracked_type(V_OBJ(v)->type));
}

static Value g_is_finalized(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 1 || kwnames)
        return err_format(&exc_TypeError, "gc.is_finalized() takes exactly one argument (%zd given)",
                          (ssize_t)(nargs + (kwnames ? (size_t)tuple_size(kwnames) : 0)));
    /* an object whose __del__ ran is collected or resurrected by then;
       tpy keeps no mark of it */
    return V_FALSE;
}

/* freeze() moves CPython's tracked objects to a generation its
   collections skip; Boehm's collections have none, so freezing only
   counts, and get_freeze_count() says how many objects were frozen */
static int64_t frozen_count;

static Value g_freeze(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("freeze", kwnames) < 0 || arg_count("freeze", nargs, 0, 0) < 0) return VNULL;
    frozen_count = V_AS(ListObject, all_objects())->size;
    return V_NONE;
}

static Value g_unfreeze(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("unfreeze", kwnames) < 0 || arg_count("unfreeze", nargs, 0, 0) < 0) return VNULL;
    frozen_count = 0;
    return V_NONE;
}

static Value g_get_freeze_count(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_freeze_count", kwnames) < 0 || arg_count("get_freeze_count", nargs, 0, 0) < 0) return VNULL;
    return int_from_i64(frozen_count);
}

static const MethodDef gc_functions[] = {
    {"get_threshold", g_get_threshold, 0, NULL},
    {"set_threshold", g_set_threshold, 0, NULL},
    {"collect", g_collect, MF_KEYWORDS | MF_FRAME | MF_COLLECTS, NULL},
    {"enable", g_enable, 0, NULL},
    {"disable", g_disable, 0, NULL},
    {"isenabled", g_isenabled, 0, NULL},
    {"set_debug", g_set_debug, 0, NULL},
    {"get_debug", g_get_debug, 0, NULL},
    {"get_count", g_get_count, 0, NULL},
    {"get_stats", g_get_stats, 0, NULL},
    {"get_objects", g_get_objects, MF_KEYWORDS | MF_FRAME | MF_COLLECTS, NULL},
    {"get_referrers", g_get_referrers, MF_FRAME | MF_COLLECTS, NULL},
    {"get_referents", g_get_referents, 0, NULL},
    {"is_tracked", g_is_tracked, 0, NULL},
    {"is_finalized", g_is_finalized, 0, NULL},
    {"freeze", g_freeze, MF_COLLECTS, NULL},
    {"unfreeze", g_unfreeze, 0, NULL},
    {"get_freeze_count", g_get_freeze_count, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value gc_module_create(void) {
    Value m = module_new_cstr("gc");
    module_add_functions(m, gc_functions);
    dict_set_cstr(module_dict(m), "garbage", list_new(0));
    callbacks = list_new(0);
    dict_set_cstr(module_dict(m), "callbacks", callbacks);
    /* CPython's flags */
    static const struct {
        const char *name;
        int value;
    } flags[] = {{"DEBUG_STATS", 1}, {"DEBUG_COLLECTABLE", 2}, {"DEBUG_UNCOLLECTABLE", 4}, {"DEBUG_SAVEALL", 32},
                 {"DEBUG_LEAK", 38}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        dict_set_cstr(module_dict(m), flags[i].name, v_int(flags[i].value));
    return m;
}
