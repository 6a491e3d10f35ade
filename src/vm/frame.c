/* frame.c: the frame stack, argument binding and recursion limits.
 *
 * The frame stack is a list of chunks that never move, so frame pointers
 * stay valid; frames are popped in LIFO order. Chunks are uncollectable
 * memory: the collector scans them (they hold the live frames' values),
 * all of them, so every collection first clears what popped frames left
 * above the top (frame_clear_dead).
 */
#include <stdio.h>
#include <sys/resource.h>

#include "../obj/gen.h"
#include "../runtime.h"
#include "gil.h"

ThreadState tstate;

#define CHUNK_SIZE (256 * 1024)

/* A thread's first chunk is smaller: the collector zeroes a chunk when it
 * allocates it, and most programs never need more (zeroing and faulting
 * in 256 KiB was 7% of `tpy -c pass`); deeper stacks go on in chunks of
 * CHUNK_SIZE. */
#define FIRST_CHUNK_SIZE (32 * 1024)

static FrameChunk *chunk_new(FrameChunk *prev, size_t min) {
    size_t base = prev ? CHUNK_SIZE : FIRST_CHUNK_SIZE;
    size_t size = base > min + sizeof(FrameChunk) ? base : min + sizeof(FrameChunk) + 64;
    FrameChunk *c = gc_alloc_uncollectable(size);
    c->prev = prev;
    c->top = c->high = c->data;
    c->limit = (char *)c + size;
    return c;
}

static FrameChunk *spare_chunk;   /* an emptied chunk kept for reuse */

Frame *frame_push(CodeObject *co) {
    size_t size = frame_size(co);
    FrameChunk *c = tstate.chunk;
    if (c->top + size > c->limit) {
        if (spare_chunk && spare_chunk->data + size <= spare_chunk->limit) {
            c = spare_chunk;
            spare_chunk = NULL;
            c->prev = tstate.chunk;
            c->top = c->data;
        } else {
            c = chunk_new(tstate.chunk, size);
        }
        tstate.chunk = c;
    }
    Frame *f = (Frame *)c->top;
    c->top += size;
    if (c->top > c->high) c->high = c->top;
    frame_init_header(f, co);
    memset(f->localsplus, 0, sizeof(Value) * (size_t)(co->nlocals + co->ncells + co->nfrees));
    f->sp = frame_stack_base(f);
    return f;
}

/* frame_push for a call with nargs positional arguments (the first nargs
 * locals), without the library calls that cost more than the copy itself
 * at these sizes (call_assembler: memset and memmove were 9% of fib). */
Frame *frame_push_args(CodeObject *co, const Value *args, size_t nargs) {
    Frame *f = frame_push_args_inline(co, args, nargs);
    if (__builtin_expect(f != NULL, 1)) return f;
    f = frame_push(co);
    values_copy(f->localsplus, args, nargs);
    return f;
}

/* Frames are popped in LIFO order, so f is in the current chunk. */
void frame_pop(Frame *f) {
    if (f->on_heap) return;
    if (f->fobj) sys_frame_detach(f);
    FrameChunk *c = tstate.chunk;
    c->top = (char *)f;
    if (c->top == c->data && c->prev) {
        tstate.chunk = c->prev;
        if (!spare_chunk) spare_chunk = c;
        else gc_free(c);   /* uncollectable: it would stay a root forever */
    }
}

/* Popped frames leave their values in the chunk above its top, where the
 * collector would still see them: a function's locals (a big list, say)
 * stayed alive until calls reached as deep into the frame stack again.
 * Runs at the start of every collection (must not allocate); only the
 * part of a chunk used since the last clearing is written. */
static void clear_above_top(FrameChunk *c) {
    if (c->high > c->top) memset(c->top, 0, (size_t)(c->high - c->top));
    c->high = c->top;
}

static void frame_clear_dead(void) {
    for (FrameChunk *c = tstate.chunk; c; c = c->prev) clear_above_top(c);
    gil_for_each_saved_chunk(clear_above_top);
    if (spare_chunk) {
        spare_chunk->top = spare_chunk->data;
        clear_above_top(spare_chunk);
    }
}

/* Heap frames of finished generators, kept for the next heap frame of
 * their size class (16-byte granules, as gc_alloc rounds): a recursive
 * generator (a tree walk by `yield from`) makes and finishes a generator
 * per node, and taking each frame fresh from the collector cost a batch
 * refill per ~25 frames (its sweep) and a cache miss per frame, the
 * walk's data pushed out by memory touched once. A released frame is
 * zeroed (what gc_alloc gives); the cache lives in static data, a root, so
 * its frames stay allocated: at most HEAP_FRAME_CACHE_DEPTH per class. */
#define HEAP_FRAME_CACHE_GRANULES 48
#define HEAP_FRAME_CACHE_DEPTH 32
static struct {
    Frame *first;   /* linked through Frame.back */
    int count;
} heap_frame_cache[HEAP_FRAME_CACHE_GRANULES + 1];

static inline size_t frame_granules(CodeObject *co) { return (frame_size(co) + GC_GRANULE - 1) / GC_GRANULE; }

Frame *frame_new_heap(CodeObject *co) {
    size_t g = frame_granules(co);
    Frame *f;
    if (g <= HEAP_FRAME_CACHE_GRANULES && heap_frame_cache[g].first) {
        f = heap_frame_cache[g].first;
        heap_frame_cache[g].first = f->back;
        heap_frame_cache[g].count--;
        f->back = NULL;
    } else {
        f = gc_alloc(frame_size(co));
    }
    f->code = co;
    f->on_heap = 1;
    f->ip = co->code;
    f->sp = frame_stack_base(f);
    return f;
}

void frame_release_heap(Frame *f) {
    size_t g = frame_granules(f->code);
    memset(f, 0, g * GC_GRANULE);
    if (g > HEAP_FRAME_CACHE_GRANULES || heap_frame_cache[g].count >= HEAP_FRAME_CACHE_DEPTH) return;
    f->back = heap_frame_cache[g].first;
    heap_frame_cache[g].first = f;
    heap_frame_cache[g].count++;
}

/* ---- recursion ---------------------------------------------------------------------- */

int interp_recursion_error(const char *where) {
    tstate.c_depth--;
    err_format(&exc_RecursionError, "maximum recursion depth exceeded%s", where);
    return -1;
}

/* ---- argument binding ------------------------------------------------------------------- */

static Value func_qualname(FunctionObject *fn) { return fn->qualname; }

static const char *plural(int64_t n) { return n == 1 ? "" : "s"; }

static void missing_args(FunctionObject *fn, Value names, bool kwonly) {
    int64_t n = list_size(names);
    Buf b;
    buf_init(&b, 64);
    for (int64_t i = 0; i < n; i++) {
        Value r = obj_repr(list_get(names, i));
        if (i > 0) {
            if (n == 2) buf_puts(&b, " and ");
            else if (i == n - 1) buf_puts(&b, ", and ");
            else buf_puts(&b, ", ");
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    err_format(&exc_TypeError, "%U() missing %lld required %s argument%s: %s", func_qualname(fn), (long long)n,
               kwonly ? "keyword-only" : "positional", plural(n), b.data);
}

static void too_many_positional(FunctionObject *fn, size_t given, int64_t kwonly_given) {
    CodeObject *co = fn->code;
    int64_t argc = co->argcount;
    int64_t ndefaults = fn->defaults ? tuple_size(fn->defaults) : 0;
    Value sig;
    if (ndefaults) sig = str_printf("from %lld to %lld", (long long)(argc - ndefaults), (long long)argc);
    else sig = str_printf("%lld", (long long)argc);
    bool plural_sig = ndefaults ? true : argc != 1;
    if (kwonly_given) {
        err_format(&exc_TypeError,
                   "%U() takes %U positional argument%s but %zd positional argument%s (and %lld keyword-only "
                   "argument%s) were given",
                   func_qualname(fn), sig, plural_sig ? "s" : "", (ssize_t)given, given == 1 ? "" : "s",
                   (long long)kwonly_given, plural(kwonly_given));
    } else {
        err_format(&exc_TypeError, "%U() takes %U positional argument%s but %zd %s given", func_qualname(fn), sig,
                   plural_sig ? "s" : "", (ssize_t)given, given == 1 ? "was" : "were");
    }
}

/* Some keyword names a positional-only parameter: the error names every
   such parameter, in their order ("'a, b'"), as CPython's. False when none. */
static bool posonly_as_keyword(FunctionObject *fn, Value kwnames) {
    CodeObject *co = fn->code;
    Buf b;
    buf_init(&b, 32);
    bool any = false;
    for (int64_t j = 0; j < co->posonlyargcount; j++) {
        Value p = tuple_get(co->varnames, j);
        for (int64_t k = 0; k < tuple_size(kwnames); k++) {
            Value name = tuple_get(kwnames, k);
            if (p == name || (str_check(name) && str_eq(p, name))) {
                if (any) buf_puts(&b, ", ");
                buf_put(&b, str_data(p), (size_t)str_nbytes(p));
                any = true;
                break;
            }
        }
    }
    if (any)
        err_format(&exc_TypeError, "%U() got some positional-only arguments passed as keyword arguments: '%U'",
                   func_qualname(fn), str_from_buf(&b));
    return any;
}

Frame *frame_setup_call(FunctionObject *fn, Value *args, size_t nargs, Value kwnames, bool heap) {
    CodeObject *co = fn->code;
    Frame *f = heap ? frame_new_heap(co) : frame_push(co);
    f->func = fn;
    f->globals = fn->globals;
    f->builtins = fn->builtins;
    Value *locals = f->localsplus;
    int64_t argc = co->argcount, kwonly = co->kwonlyargcount;
    int64_t total = argc + kwonly;
    bool has_varargs = co->flags & CO_VARARGS, has_varkw = co->flags & CO_VARKEYWORDS;
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs == (size_t)argc && !nkw && !kwonly && !has_varargs && !has_varkw) {
        /* exactly the positional parameters: nothing else to check or fill
           (the usual call of a generator function, which interp.c's
           CO_SIMPLE_ARGS path never takes) */
        for (size_t i = 0; i < nargs; i++) locals[i] = args[i];
        goto cells;
    }
    Value kwdict = VNULL;
    if (has_varkw) {
        kwdict = dict_new();
        locals[total + (has_varargs ? 1 : 0)] = kwdict;
    }
    /* positional */
    size_t npos = nargs < (size_t)argc ? nargs : (size_t)argc;
    for (size_t i = 0; i < npos; i++) locals[i] = args[i];
    if (has_varargs) {
        locals[total] = nargs > (size_t)argc ? tuple_from_array(args + argc, (int64_t)(nargs - (size_t)argc)) : tuple_empty;
    }
    /* keywords */
    for (size_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, (int64_t)k);
        Value v = args[nargs + k];
        int64_t j;
        for (j = co->posonlyargcount; j < total; j++)
            if (tuple_get(co->varnames, j) == name) break;
        if (j == total) {
            /* not interned? compare by value */
            for (j = co->posonlyargcount; j < total; j++)
                if (str_check(name) && str_eq(tuple_get(co->varnames, j), name)) break;
        }
        if (j < total) {
            if (locals[j]) {
                err_format(&exc_TypeError, "%U() got multiple values for argument '%U'", func_qualname(fn), name);
                goto fail;
            }
            locals[j] = v;
            continue;
        }
        if (has_varkw) {
            if (dict_set(kwdict, name, v) < 0) goto fail;
            continue;
        }
        /* positional-only passed by keyword? CPython names all of them */
        if (posonly_as_keyword(fn, kwnames)) goto fail;
        err_format(&exc_TypeError, "%U() got an unexpected keyword argument '%U'", func_qualname(fn), name);
        goto fail;
    }
    /* too many positional arguments: after the keywords' errors, as CPython */
    if (!has_varargs && nargs > (size_t)argc) {
        int64_t kwonly_given = 0;
        for (size_t k = 0; k < nkw; k++) {
            Value name = tuple_get(kwnames, (int64_t)k);
            for (int64_t j = argc; j < total; j++)
                if (tuple_get(co->varnames, j) == name) kwonly_given++;
        }
        too_many_positional(fn, nargs, kwonly_given);
        goto fail;
    }
    /* defaults and missing */
    if ((int64_t)nargs < argc) {
        int64_t ndef = fn->defaults ? tuple_size(fn->defaults) : 0;
        int64_t first_def = argc - ndef;
        Value missing = VNULL;
        for (int64_t j = (int64_t)nargs; j < argc; j++) {
            if (locals[j]) continue;
            if (j >= first_def) {
                locals[j] = tuple_get(fn->defaults, j - first_def);
            } else {
                if (!missing) missing = list_new(2);
                list_append(missing, tuple_get(co->varnames, j));
            }
        }
        if (missing) {
            missing_args(fn, missing, false);
            goto fail;
        }
    }
    if (kwonly) {
        Value missing = VNULL;
        for (int64_t j = argc; j < total; j++) {
            if (locals[j]) continue;
            Value d = fn->kwdefaults ? dict_get(fn->kwdefaults, tuple_get(co->varnames, j)) : VNULL;
            if (d) {
                locals[j] = d;
            } else {
                if (!missing) missing = list_new(2);
                list_append(missing, tuple_get(co->varnames, j));
            }
        }
        if (missing) {
            missing_args(fn, missing, true);
            goto fail;
        }
    }
cells:
    /* cells and free variables */
    if (co->ncells || co->nfrees) {
        Value *cells = locals + co->nlocals;
        for (int i = 0; i < co->ncells; i++) {
            Value init = VNULL;
            if (co->cell2arg && co->cell2arg[i] >= 0) {
                init = locals[co->cell2arg[i]];
                locals[co->cell2arg[i]] = VNULL;
            }
            cells[i] = cell_new(init);
        }
        for (int i = 0; i < co->nfrees; i++) cells[co->ncells + i] = tuple_get(fn->closure, i);
    }
    return f;
fail:
    if (!heap) frame_pop(f);
    return NULL;
}

/* A new thread's state (gil.c has set the shared fields): its own frame
   stack, and C stack limits measured on its own stack */
void frame_thread_init(void) {
    tstate.chunk = chunk_new(NULL, 0);
    tstate.frame = NULL;
    tstate.exc = tstate.handled = tstate.handled_outer = tstate.context = tstate.thread_sentinel = VNULL;
    tstate.trace_func = tstate.profile_obj = VNULL;
    tstate.profile_func = NULL;
    tstate.use_tracing = tstate.in_trace = false;
    tstate.depth = tstate.c_depth = 0;
    pthread_attr_t attr;
    void *low = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstack(&attr, &low, &size);
        pthread_attr_destroy(&attr);
    }
    if (!low || size < (64u << 10)) {
        char here;
        size = 256u << 10;
        low = (void *)((uintptr_t)&here - size + (16u << 10));
    }
    size_t reserve = size >= (2u << 20) ? (512u << 10) : size / 4;
    tstate.c_stack_limit = (char *)low + reserve;
    tstate.c_stack_jit_limit = (char *)low + size / 2;
}

/* A thread's end (gil.c, the lock still held, its frames all popped):
   its frame stack goes. The chunks are uncollectable roots: kept, they
   would leak and keep alive whatever their dead frames last held (the
   Thread object that ran, through its _bootstrap frame). */
void frame_thread_fini(void) {
    FrameChunk *c = tstate.chunk;
    while (c) {
        FrameChunk *prev = c->prev;
        gc_free(c);
        c = prev;
    }
    tstate.chunk = NULL;
    tstate.frame = NULL;
    tstate.exc = tstate.handled = tstate.handled_outer = tstate.context = tstate.thread_sentinel = VNULL;
}

void frame_init(void) {
    tstate.chunk = chunk_new(NULL, 0);
    gc_set_collect_hook(frame_clear_dead);
    tstate.recursion_limit = 1000;
    /* keep 256 KiB of C stack in reserve below the limit we allow */
    struct rlimit rl;
    size_t stack = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) stack = rl.rlim_cur;
    if (stack > (1u << 30)) stack = 1u << 30;
    char here;
    tstate.c_stack_limit = &here - stack + (512u << 10);
    /* compiled code recursing into Python code (call_assembler, residual
       calls) may use the first half; then it leaves the calls to the
       interpreter, whose Python calls take no C stack, and the rest stays
       for C-level recursion as deep as without the JIT */
    tstate.c_stack_jit_limit = &here - stack / 2;
    if (tstate.c_stack_jit_limit < tstate.c_stack_limit) tstate.c_stack_jit_limit = tstate.c_stack_limit;
}
