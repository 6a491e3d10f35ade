/* pypyjit.c: the pypyjit module, PyPy 7.3.11's API plus what PyPy's own
 * design documents have and PyPy lost (set_optimize_hook, enable_debug /
 * disable_debug with working loop_run_times, correct ResOperation.offset).
 * docs/pypyjit.md describes every function and where tpy differs.
 *
 * Everything handed to Python is a copy made when the event fires (names,
 * reprs, tuples, ints): hooks may keep the objects forever, and nothing in
 * them points into JIT data that releaseall() or a later compilation
 * could change. The hooks' safety contract is in introspect/hooks.h.
 */
#include <stdio.h>
#include <string.h>

#include "../introspect/hooks.h"
#include "../introspect/jitevents.h"
#include "../introspect/pypyform.h"
#include "../jit/backend.h"
#include "../jit/params.h"
#include "../runtime.h"

#define JITDRIVER_NAME "pypyjit"

static Value hook_compile, hook_abort, hook_too_long, hook_optimize;
static bool hook_compile_ops = true;

/* ---- ResOperation, GuardOp, DebugMergePoint -------------------------------------------- */

typedef struct ResOpObject {
    Object hdr;
    Value name;             /* str */
    int64_t offset;         /* machine code offset from asmaddr; -1: none */
    Value repr;             /* str: the operation in the log syntax */
} ResOpObject;

typedef struct GuardOpObject {
    ResOpObject op;
    uint64_t hash;          /* the guard's number (trace_next_iteration_hash) */
} GuardOpObject;

typedef struct DmpObject {
    ResOpObject op;
    Value jd_name;          /* str */
    int64_t call_depth, call_id;
    Value greenkey;         /* (code, offset, is_being_profiled) */
} DmpObject;

static Type resop_type, guardop_type, dmp_type, loopinfo_type, snapshot_type, nfa_type;

static Value resop_get_name(Value s) { return V_AS(ResOpObject, s)->name; }
static Value resop_get_offset(Value s) { return int_from_i64(V_AS(ResOpObject, s)->offset); }
static Value resop_repr(Value s) { return V_AS(ResOpObject, s)->repr; }
static Value guardop_get_hash(Value s) { return int_from_u64(V_AS(GuardOpObject, s)->hash); }
static Value dmp_get_greenkey(Value s) { return V_AS(DmpObject, s)->greenkey; }
static Value dmp_get_call_depth(Value s) { return int_from_i64(V_AS(DmpObject, s)->call_depth); }
static Value dmp_get_call_id(Value s) { return int_from_i64(V_AS(DmpObject, s)->call_id); }
static Value dmp_get_jd_name(Value s) { return V_AS(DmpObject, s)->jd_name; }

static Value dmp_greenkey_item(Value s, int i) {
    DmpObject *d = V_AS(DmpObject, s);
    if (!str_eq_cstr(d->jd_name, JITDRIVER_NAME) || !tuple_check(d->greenkey) || tuple_size(d->greenkey) < 2)
        return err_set(&exc_AttributeError, "This DebugMergePoint doesn't belong to the main Python JitDriver");
    return tuple_get(d->greenkey, i);
}
static Value dmp_get_pycode(Value s) { return dmp_greenkey_item(s, 0); }
static Value dmp_get_bytecode_no(Value s) { return dmp_greenkey_item(s, 1); }

static const GetSetDef resop_getsets[] = {
    {"name", resop_get_name, NULL, "the operation's name, e.g. 'int_add'"},
    {"offset", resop_get_offset, NULL, "offset of the operation's machine code from asmaddr (-1: none)"},
    {NULL, NULL, NULL, NULL},
};
static const GetSetDef guardop_getsets[] = {
    {"name", resop_get_name, NULL, "the operation's name, e.g. 'guard_true'"},
    {"offset", resop_get_offset, NULL, "offset of the guard's machine code from asmaddr"},
    {"hash", guardop_get_hash, NULL, "the guard's number; trace_next_iteration_hash() accepts it"},
    {NULL, NULL, NULL, NULL},
};
static const GetSetDef dmp_getsets[] = {
    {"greenkey", dmp_get_greenkey, NULL, "(code, offset, is_being_profiled) of this bytecode"},
    {"pycode", dmp_get_pycode, NULL, "the code object"},
    {"bytecode_no", dmp_get_bytecode_no, NULL, "offset of the bytecode in the code object"},
    {"call_depth", dmp_get_call_depth, NULL, "0 in the traced function, 1 in a function it inlined..."},
    {"call_id", dmp_get_call_id, NULL, "which inlined call of the trace this bytecode belongs to"},
    {"jitdriver_name", dmp_get_jd_name, NULL, "'pypyjit' for the Python interpreter's JIT"},
    {NULL, NULL, NULL, NULL},
};

static Value make_resop(Type *t, Value name, int64_t offset, Value repr) {
    ResOpObject *o = V_AS(ResOpObject, instance_new(t));
    o->name = name;
    o->offset = offset;
    o->repr = repr;
    return V_FROM_PTR(o);
}

/* Keyword-or-positional argument i named kw (VNULL if absent). */
static Value argn(Value *args, size_t nargs, Value kwnames, size_t i, const char *kw) {
    if (i < nargs) return args[i];
    return arg_kw(args, nargs, kwnames, kw);
}

static int want_str(Value v, const char *what, const char *fname) {
    if (str_check(v)) return 0;
    err_format(&exc_TypeError, "%s() argument '%s' must be str, not %T", fname, what, v);
    return -1;
}

static Value resop_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"name", "offset", "repr", NULL};
    if (arg_kw_allowed("ResOperation", kwnames, kws) < 0 || arg_count("ResOperation", nargs, 0, 3) < 0) return VNULL;
    Value name = argn(args, nargs, kwnames, 0, "name"), offset = argn(args, nargs, kwnames, 1, "offset"),
          repr = argn(args, nargs, kwnames, 2, "repr");
    if (!name) return err_set(&exc_TypeError, "ResOperation() missing required argument 'name'");
    if (want_str(name, "name", "ResOperation") < 0) return VNULL;
    if (repr && want_str(repr, "repr", "ResOperation") < 0) return VNULL;
    int64_t ofs = offset ? obj_index_i64(offset) : -1;
    if (ofs == -1 && err_occurred()) return VNULL;
    return make_resop(t, name, ofs, repr ? repr : str_from_cstr(""));
}

static Value guardop_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"name", "offset", "repr", "hash", NULL};
    if (arg_kw_allowed("GuardOp", kwnames, kws) < 0 || arg_count("GuardOp", nargs, 0, 4) < 0) return VNULL;
    Value name = argn(args, nargs, kwnames, 0, "name"), offset = argn(args, nargs, kwnames, 1, "offset"),
          repr = argn(args, nargs, kwnames, 2, "repr"), hash = argn(args, nargs, kwnames, 3, "hash");
    if (!name) return err_set(&exc_TypeError, "GuardOp() missing required argument 'name'");
    if (want_str(name, "name", "GuardOp") < 0) return VNULL;
    if (repr && want_str(repr, "repr", "GuardOp") < 0) return VNULL;
    int64_t ofs = offset ? obj_index_i64(offset) : -1;
    if (ofs == -1 && err_occurred()) return VNULL;
    int64_t h = hash ? obj_index_i64(hash) : 0;
    if (h == -1 && err_occurred()) return VNULL;
    Value g = make_resop(t, name, ofs, repr ? repr : str_from_cstr(""));
    V_AS(GuardOpObject, g)->hash = (uint64_t)h;
    return g;
}

static Value dmp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"name", "repr", "jd_name", "call_depth", "call_id", "w_greenkey", NULL};
    if (arg_kw_allowed("DebugMergePoint", kwnames, kws) < 0 || arg_count("DebugMergePoint", nargs, 0, 6) < 0)
        return VNULL;
    Value a[6];
    for (int i = 0; i < 6; i++) {
        a[i] = argn(args, nargs, kwnames, (size_t)i, kws[i]);
        if (!a[i]) return err_format(&exc_TypeError, "DebugMergePoint() missing required argument '%s'", kws[i]);
    }
    for (int i = 0; i < 3; i++)
        if (want_str(a[i], kws[i], "DebugMergePoint") < 0) return VNULL;
    int64_t depth = obj_index_i64(a[3]);
    if (depth == -1 && err_occurred()) return VNULL;
    int64_t id = obj_index_i64(a[4]);
    if (id == -1 && err_occurred()) return VNULL;
    Value d = make_resop(t, a[0], -1, a[1]);
    DmpObject *o = V_AS(DmpObject, d);
    o->jd_name = a[2];
    o->call_depth = depth;
    o->call_id = id;
    o->greenkey = a[5];
    return d;
}

static Type resop_type = {
    .tname = "ResOperation",
    .basicsize = sizeof(DmpObject),     /* room for the subtype's fields */
    .repr = resop_repr,
    .new_ = resop_new,
};
static Type guardop_type = {
    .tname = "GuardOp",
    .basicsize = sizeof(GuardOpObject),
    .repr = resop_repr,
    .new_ = guardop_new,
};
static Type dmp_type = {
    .tname = "DebugMergePoint",
    .basicsize = sizeof(DmpObject),
    .repr = resop_repr,
    .new_ = dmp_new,
};

/* ---- from the JIT's data to Python objects --------------------------------------------- */

static Value greenkey_of(CodeObject *code, int32_t pc) {
    return tuple_pack(3, V_FROM_PTR(code), v_int(jitev_offset(code, pc)), V_FALSE);
}

static bool is_inputarg(int opc) { return opc == IR_inputarg_i || opc == IR_inputarg_f || opc == IR_inputarg_r; }

/* The operations of a trace (offsets: machine code offsets, or NULL). */
static Value make_oplist(const IRBuf *b, const int32_t *offsets) {
    Value l = list_new(b->nops);
    Buf text;
    buf_init(&text, 128);
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (is_inputarg(op->opcode)) continue;
        text.len = 0;
        pypyform_format_op(b, i, &text);
        Value repr = str_new(text.data, text.len);
        Value name = str_intern_cstr(pypyform_name(op));
        int64_t ofs = offsets ? offsets[i] : -1;
        Value o;
        if (op->opcode == IR_debug_merge_point && op->descr) {
            const PosDescr *p = (const PosDescr *)op->descr;
            o = make_resop(&dmp_type, name, -1, repr);
            DmpObject *d = V_AS(DmpObject, o);
            d->jd_name = str_intern_cstr(JITDRIVER_NAME);
            d->call_depth = p->call_depth;
            d->call_id = p->call_id;
            d->greenkey = greenkey_of(p->code, p->pc);
        } else if (irop_is_guard(op->opcode)) {
            o = make_resop(&guardop_type, name, ofs, repr);
            if (op->descr && op->descr->kind == DESCR_GUARD) V_AS(GuardOpObject, o)->hash = ((GuardDescr *)op->descr)->id;
        } else {
            o = make_resop(&resop_type, name, ofs, repr);
        }
        list_append(l, o);
    }
    return l;
}

/* ---- JitLoopInfo ---------------------------------------------------------------------------- */

typedef struct LoopInfoObject {
    Object hdr;
    Value greenkey;         /* tuple, or None for bridges */
    Value ops;              /* list, or None */
    Value type;             /* str */
    Value jd_name;          /* str */
    int64_t loop_no, bridge_no;
    uint64_t asmaddr, asmlen;
} LoopInfoObject;

static Value li_greenkey(Value s) { return V_AS(LoopInfoObject, s)->greenkey; }
static Value li_ops(Value s) { return V_AS(LoopInfoObject, s)->ops; }
static Value li_type(Value s) { return V_AS(LoopInfoObject, s)->type; }
static Value li_jd_name(Value s) { return V_AS(LoopInfoObject, s)->jd_name; }
static Value li_loop_no(Value s) { return int_from_i64(V_AS(LoopInfoObject, s)->loop_no); }
static Value li_asmaddr(Value s) { return int_from_u64(V_AS(LoopInfoObject, s)->asmaddr); }
static Value li_asmlen(Value s) { return int_from_u64(V_AS(LoopInfoObject, s)->asmlen); }
static Value li_bridge_no(Value s) {
    LoopInfoObject *li = V_AS(LoopInfoObject, s);
    if (li->greenkey != V_NONE) return err_set(&exc_TypeError, "not a bridge");
    return int_from_i64(li->bridge_no);
}

static const GetSetDef li_getsets[] = {
    {"jitdriver_name", li_jd_name, NULL, "name of the JIT driver: 'pypyjit'"},
    {"greenkey", li_greenkey, NULL, "(code, offset, is_being_profiled) where the trace starts; None for bridges"},
    {"operations", li_ops, NULL, "the operations compiled (None with set_compile_hook(..., operations=False))"},
    {"loop_no", li_loop_no, NULL, "number of the loop (of a bridge: of its loop)"},
    {"bridge_no", li_bridge_no, NULL, "number of the guard a bridge starts at; TypeError for loops"},
    {"type", li_type, NULL, "'loop', 'entry bridge' or 'bridge'"},
    {"asmaddr", li_asmaddr, NULL, "address of the machine code"},
    {"asmlen", li_asmlen, NULL, "length of the machine code in bytes"},
    {NULL, NULL, NULL, NULL},
};

static Value li_repr(Value s) {
    LoopInfoObject *li = V_AS(LoopInfoObject, s);
    int64_t n = 0;
    if (li->ops != V_NONE) {
        n = obj_len(li->ops);
        if (n < 0) return VNULL;
    }
    Value where;
    if (str_check(li->type) && str_eq_cstr(li->type, "bridge")) {
        where = str_printf("bridge no %lld", (long long)li->bridge_no);
    } else {
        where = obj_repr(li->greenkey);
        if (!where) return VNULL;
    }
    return str_printf("<JitLoopInfo %U, %lld operations, starting at <%U>>", li->jd_name, (long long)n, where);
}

static Value li_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"w_greenkey", "w_ops", "loopno", "asmaddr", "asmlen",
                                      "loop_no",    "type",  "jd_name", "bridge_no", NULL};
    if (arg_kw_allowed("JitLoopInfo", kwnames, kws) < 0 || arg_count("JitLoopInfo", nargs, 0, 9) < 0) return VNULL;
    Value a[9];
    for (int i = 0; i < 9; i++) {
        a[i] = argn(args, nargs, kwnames, (size_t)i, kws[i]);
        if (!a[i] && i < 8) return err_format(&exc_TypeError, "JitLoopInfo() missing required argument '%s'", kws[i]);
    }
    int64_t v[4];
    const int ints[4] = {3, 4, 5, 8};
    for (int k = 0; k < 4; k++) {
        if (!a[ints[k]]) {
            v[k] = -1;
            continue;
        }
        v[k] = obj_index_i64(a[ints[k]]);
        if (v[k] == -1 && err_occurred()) return VNULL;
    }
    if (obj_index_i64(a[2]) == -1 && err_occurred()) return VNULL;
    if (want_str(a[6], "type", "JitLoopInfo") < 0 || want_str(a[7], "jd_name", "JitLoopInfo") < 0) return VNULL;
    LoopInfoObject *li = V_AS(LoopInfoObject, instance_new(t));
    li->greenkey = a[0];
    li->ops = a[1];
    li->asmaddr = (uint64_t)v[0];
    li->asmlen = (uint64_t)v[1];
    li->loop_no = v[2];
    li->type = a[6];
    li->jd_name = a[7];
    li->bridge_no = v[3];
    return V_FROM_PTR(li);
}

static Type loopinfo_type = {
    .tname = "JitLoopInfo",
    .basicsize = sizeof(LoopInfoObject),
    .repr = li_repr,
    .new_ = li_new,
};

static Value make_loopinfo(Trace *t, bool with_ops) {
    LoopInfoObject *li = V_AS(LoopInfoObject, instance_new(&loopinfo_type));
    li->jd_name = str_intern_cstr(JITDRIVER_NAME);
    li->type = str_from_cstr(jitev_kind_name(t->kind));
    li->greenkey = t->kind == TRACE_BRIDGE ? V_NONE : greenkey_of(t->code, t->pc);
    li->ops = with_ops ? make_oplist(&t->ir, t->op_offsets) : V_NONE;
    li->loop_no = jitev_loop_no(t);
    li->bridge_no = t->kind == TRACE_BRIDGE ? (int64_t)t->number : -1;
    li->asmaddr = (uint64_t)(uintptr_t)t->mcode;
    li->asmlen = t->mcode_len;
    return V_FROM_PTR(li);
}

/* ---- JitInfoSnapshot ---------------------------------------------------------------------- */

typedef struct SnapshotObject {
    Object hdr;
    Value counters, counter_times, loop_run_times;
} SnapshotObject;

static Value sn_counters(Value s) { return V_AS(SnapshotObject, s)->counters; }
static Value sn_counter_times(Value s) { return V_AS(SnapshotObject, s)->counter_times; }
static Value sn_loop_run_times(Value s) { return V_AS(SnapshotObject, s)->loop_run_times; }

static const GetSetDef sn_getsets[] = {
    {"counters", sn_counters, NULL, "the JIT's counters, under PyPy's 26 names"},
    {"counter_times", sn_counter_times, NULL, "seconds spent tracing ('TRACING') and in the backend ('BACKEND')"},
    {"loop_run_times", sn_loop_run_times, NULL,
     "runs of each loop and bridge compiled while enable_debug() was on: {('e', loop_no): n, ('l', label): n, "
     "('b', bridge_no): n}"},
    {NULL, NULL, NULL, NULL},
};

static Type snapshot_type = {
    .tname = "JitInfoSnapshot",
    .basicsize = sizeof(SnapshotObject),
};

static Value make_snapshot(void) {
    SnapshotObject *s = V_AS(SnapshotObject, instance_new(&snapshot_type));
    s->counters = dict_new();
    for (int i = 0; i < CNT__COUNT; i++)
        dict_set_cstr(s->counters, jit_counter_names[i], int_from_u64(jit.counters[i]));
    s->counter_times = dict_new();
    dict_set_cstr(s->counter_times, "TRACING", float_from_double(jitev_time_tracing));
    dict_set_cstr(s->counter_times, "BACKEND", float_from_double(jitev_time_backend));
    s->loop_run_times = dict_new();
    for (int32_t i = 0; i < jitev_ncounts; i++) {
        TraceCounts *c = jitev_counts[i];
        if (c->kind == TRACE_BRIDGE) {
            dict_set(s->loop_run_times, tuple_pack(2, str_ascii_char('b'), int_from_u64(c->number)),
                     int_from_u64(c->passes));
        } else {
            dict_set(s->loop_run_times, tuple_pack(2, str_ascii_char('e'), int_from_u64(c->number)),
                     int_from_u64(c->runs));
            if (c->label)
                dict_set(s->loop_run_times, tuple_pack(2, str_ascii_char('l'), int_from_u64(c->label)),
                         int_from_u64(c->passes));
        }
    }
    return V_FROM_PTR(s);
}

/* ---- not_from_assembler ----------------------------------------------------------------------- */

typedef struct NfaObject {
    Object hdr;
    Value callable;
} NfaObject;

static Value nfa_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("not_from_assembler", kwnames) < 0 || arg_count("not_from_assembler", nargs, 1, 1) < 0) return VNULL;
    NfaObject *o = V_AS(NfaObject, instance_new(t));
    o->callable = args[0];
    return V_FROM_PTR(o);
}

/* Calls the callable, ignores its result and returns itself (so that
 * sys.settrace(not_from_assembler(f)) works as a trace function). */
static Value nfa_call(Value self, Value *args, size_t nargs, Value kwnames) {
    Value r = obj_call(V_AS(NfaObject, self)->callable, args, nargs, kwnames);
    if (!r) return VNULL;
    return self;
}

static Type nfa_type = {
    .tname = "not_from_assembler",
    .basicsize = sizeof(NfaObject),
    .new_ = nfa_new,
    .call = nfa_call,
};

/* ---- the hooks ---------------------------------------------------------------------------------- */

bool pyhooks_any(void) { return hook_compile || hook_abort || hook_too_long || hook_optimize; }

void pyhooks_abort(AbortReason reason, CodeObject *code, int32_t pc, GuardDescr *g, const IRBuf *ops) {
    HookScope sc;
    if (!hook_abort || !hook_enter(&sc)) return;
    Value hook = hook_abort;
    Value args[4] = {str_intern_cstr(JITDRIVER_NAME), g || !code ? V_NONE : greenkey_of(code, pc),
                     str_from_cstr(abort_names[reason]), make_oplist(ops, NULL)};
    if (!obj_call(hook, args, 4, VNULL)) hook_report_exception("Exception ignored in: jit hook ", hook);
    hook_leave(&sc);
}

void pyhooks_too_long(CodeObject *code, int32_t pc) {
    HookScope sc;
    if (!hook_too_long || !hook_enter(&sc)) return;
    Value hook = hook_too_long;
    Value args[2] = {str_intern_cstr(JITDRIVER_NAME), greenkey_of(code, pc)};
    if (!obj_call(hook, args, 2, VNULL)) hook_report_exception("Exception ignored in: jit hook", hook);
    hook_leave(&sc);
}

void pyhooks_compiled(Trace *t) {
    HookScope sc;
    if (!hook_compile || !hook_enter(&sc)) return;
    Value hook = hook_compile;
    Value info = make_loopinfo(t, hook_compile_ops);
    if (!obj_call1(hook, info)) hook_report_exception("Exception ignored in: jit hook ", hook);
    hook_leave(&sc);
}

/* The hook's result: None (keep), or a list of operations (ResOperation
 * objects or their text) that replaces the trace if it is valid. */
static int apply_optimize_result(Trace *t, Value r) {
    if (r == V_NONE) return 0;
    if (!list_check(r)) {
        err_format(&exc_TypeError, "optimize hook must return None or a list of operations, not %T", r);
        return -1;
    }
    int64_t n = list_size(r);
    const char **lines = gc_alloc(sizeof(char *) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        Value o = list_get(r, i);
        Type *ot = type_of(o);
        Value text = VNULL;
        if (ot == &resop_type || ot == &guardop_type || ot == &dmp_type) text = V_AS(ResOpObject, o)->repr;
        else if (str_check(o)) text = o;
        if (!text || !str_check(text)) {
            err_format(&exc_TypeError, "optimize hook: item %lld is a %T, not a ResOperation", (long long)i, o);
            return -1;
        }
        lines[i] = str_data(text);
    }
    const char *err = NULL;
    struct OpsReplacement *rep = jitev_parse_ops(t, lines, (int)n, &err);
    if (!rep) {
        err_format(&exc_ValueError, "optimize hook returned invalid operations (the trace is kept): %s", err);
        return -1;
    }
    jitev_apply_ops(t, rep);
    return 0;
}

void pyhooks_optimize(Trace *t) {
    HookScope sc;
    if (!hook_optimize || !hook_enter(&sc)) return;
    Value hook = hook_optimize;
    Value key = t->kind == TRACE_BRIDGE ? int_from_u64(t->number) : greenkey_of(t->code, t->pc);
    Value args[4] = {str_intern_cstr(JITDRIVER_NAME), str_from_cstr(jitev_kind_name(t->kind)), key,
                     make_oplist(&t->ir, NULL)};
    Value r = obj_call(hook, args, 4, VNULL);
    if (!r || apply_optimize_result(t, r) < 0) hook_report_exception("Exception ignored in: jit hook ", hook);
    hook_leave(&sc);
}

static Value hook_arg(Value v) { return v == V_NONE ? VNULL : v; }

static Value m_set_compile_hook(Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"hook", "operations", NULL};
    if (arg_kw_allowed("set_compile_hook", kwnames, kws) < 0 || arg_count("set_compile_hook", nargs, 0, 2) < 0)
        return VNULL;
    Value hook = argn(args, nargs, kwnames, 0, "hook");
    Value ops = argn(args, nargs, kwnames, 1, "operations");
    if (!hook) return err_set(&exc_TypeError, "set_compile_hook() missing required argument 'hook'");
    int with_ops = ops ? obj_truth(ops) : 1;
    if (with_ops < 0) return VNULL;
    hook_compile = hook_arg(hook);
    hook_compile_ops = with_ops;
    return V_NONE;
}

static Value set_one_hook(Value *args, size_t nargs, Value kwnames, const char *fname, Value *slot) {
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 1, 1) < 0) return VNULL;
    *slot = hook_arg(args[0]);
    return V_NONE;
}

static Value m_set_abort_hook(Value *args, size_t nargs, Value kwnames) {
    return set_one_hook(args, nargs, kwnames, "set_abort_hook", &hook_abort);
}
static Value m_set_trace_too_long_hook(Value *args, size_t nargs, Value kwnames) {
    return set_one_hook(args, nargs, kwnames, "set_trace_too_long_hook", &hook_too_long);
}
static Value m_set_optimize_hook(Value *args, size_t nargs, Value kwnames) {
    return set_one_hook(args, nargs, kwnames, "set_optimize_hook", &hook_optimize);
}

/* ---- statistics ---------------------------------------------------------------------------------- */

static Value m_get_stats_snapshot(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_stats_snapshot", kwnames) < 0 || arg_count("get_stats_snapshot", nargs, 0, 0) < 0) return VNULL;
    return make_snapshot();
}

static Value m_get_stats_asmmemmgr(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_stats_asmmemmgr", kwnames) < 0 || arg_count("get_stats_asmmemmgr", nargs, 0, 0) < 0)
        return VNULL;
    size_t reserved = 0, used = 0;
    backend_memory(&reserved, &used);
    return tuple_pack(2, int_from_u64(reserved), int_from_u64(used));
}

static Value m_enable_debug(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("enable_debug", kwnames) < 0 || arg_count("enable_debug", nargs, 0, 0) < 0) return VNULL;
    jitev_set_debug(true);
    return V_NONE;
}

static Value m_disable_debug(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("disable_debug", kwnames) < 0 || arg_count("disable_debug", nargs, 0, 0) < 0) return VNULL;
    jitev_set_debug(false);
    return V_NONE;
}

static Value m_releaseall(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("releaseall", kwnames) < 0 || arg_count("releaseall", nargs, 0, 0) < 0) return VNULL;
    jit_releaseall();
    return V_NONE;
}

/* ---- parameters ----------------------------------------------------------------------------------- */

/* An integer keyword of set_param, taken as PyPy's space.int_w takes it:
 * ints, and objects with __index__ or __int__, but not floats or strs. */
static bool param_int(Value v, int64_t *out) {
    Value i = VNULL;
    if (int_check(v)) {
        i = v;
    } else if (!float_check(v) && !str_check(v)) {
        bool found;
        i = obj_call_special(v, NAME(__index__), NULL, 0, &found);
        if (!found) i = obj_call_special(v, NAME(__int__), NULL, 0, &found);
        if (!found) i = VNULL;
        else if (!i) return false;
        else if (!int_check(i)) {
            err_format(&exc_TypeError, "__int__ returned non-int (type %T)", i);
            return false;
        }
    }
    if (!i) {
        err_format(&exc_TypeError, "expected integer, got %T object", v);
        return false;
    }
    *out = int_as_i64(i);
    if (*out == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "int too large to convert to int");
        return false;
    }
    return true;
}

static Value m_set_param(Value *args, size_t nargs, Value kwnames) {
    if (nargs > 1)
        return err_format(&exc_TypeError, "set_param() takes at most 1 non-keyword argument, %d given", (int)nargs);
    if (nargs == 1) {
        if (!str_check(args[0])) return err_format(&exc_TypeError, "expected str, got %T object", args[0]);
        const char *err;
        if (jit_params_parse_n(str_data(args[0]), (size_t)str_nbytes(args[0]), &err) < 0)
            return err_set(&exc_ValueError, "error in JIT parameters string");
    }
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    for (int64_t i = 0; i < nkw; i++) {
        Value k = tuple_get(kwnames, i);
        Value v = args[nargs + (size_t)i];
        if (str_eq_cstr(k, "enable_opts")) {
            if (!str_check(v)) return err_format(&exc_TypeError, "expected str, got %T object", v);
            /* PyPy fails here with a SystemError (an internal ValueError
               escapes); the string form's error is more useful */
            if (jit_param_set_opts(str_data(v), (size_t)str_nbytes(v)) < 0)
                return err_set(&exc_ValueError, "error in JIT parameters string");
            continue;
        }
        int64_t n;
        if (!param_int(v, &n)) return VNULL;
        if (jit_param_set_int(str_data(k), (size_t)str_nbytes(k), n) < 0)
            return err_format(&exc_TypeError, "no JIT parameter '%U'", k);
    }
    return V_NONE;
}

static Value make_defaults(void) {
    Value d = dict_new();
#define JIT_DEFAULT_ITEM(name, dflt, help) dict_set_cstr(d, #name, int_from_i64(dflt));
    JIT_INT_PARAM_DEF(JIT_DEFAULT_ITEM)
#undef JIT_DEFAULT_ITEM
    dict_set_cstr(d, "enable_opts", str_from_cstr("all"));
    return d;
}

static Value make_parameter_docs(void) {
    Value d = dict_new();
#define JIT_DOC_ITEM(name, dflt, help) dict_set_cstr(d, #name, str_from_cstr(help));
    JIT_INT_PARAM_DEF(JIT_DOC_ITEM)
#undef JIT_DOC_ITEM
    dict_set_cstr(d, "enable_opts", str_from_cstr(JIT_ENABLE_OPTS_HELP));
    return d;
}

/* ---- jit cells ------------------------------------------------------------------------------------ */

/* (next_instr, is_being_profiled, pycode) -> the cell, or NULL: a profiled
 * key (tpy has none) or an offset that is not an instruction's. */
static int cell_key(const char *fname, Value *args, size_t nargs, Value kwnames, JitCell **out) {
    *out = NULL;
    if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs, 3, 3) < 0) return -1;
    int64_t ofs = obj_index_i64(args[0]);
    if (ofs == -1 && err_occurred()) return -1;
    int prof = obj_truth(args[1]);
    if (prof < 0) return -1;
    if (!code_check(args[2])) {
        err_format(&exc_TypeError, "%s() argument 3 must be code, not %T", fname, args[2]);
        return -1;
    }
    CodeObject *co = V_AS(CodeObject, args[2]);
    /* an offset as code_offset() makes them; any other names no instruction */
    int32_t i = prof ? -1 : code_index_at(co, ofs);
    if (i < 0) return 0;
    *out = jit_cell(co, i);
    return 0;
}

static Value m_get_jitcell_at_key(Value *args, size_t nargs, Value kwnames) {
    JitCell *c;
    if (cell_key("get_jitcell_at_key", args, nargs, kwnames, &c) < 0) return VNULL;
    return v_bool(c && (c->trace || c->flags || c->aborts));
}

static Value m_dont_trace_here(Value *args, size_t nargs, Value kwnames) {
    JitCell *c;
    if (cell_key("dont_trace_here", args, nargs, kwnames, &c) < 0) return VNULL;
    if (c) c->flags |= JC_DONT_TRACE_HERE;
    return V_NONE;
}

static Value m_mark_as_being_traced(Value *args, size_t nargs, Value kwnames) {
    JitCell *c;
    if (cell_key("mark_as_being_traced", args, nargs, kwnames, &c) < 0) return VNULL;
    if (c) c->flags |= JC_TRACING;
    return V_NONE;
}

static Value m_trace_next_iteration(Value *args, size_t nargs, Value kwnames) {
    JitCell *c;
    if (cell_key("trace_next_iteration", args, nargs, kwnames, &c) < 0) return VNULL;
    if (c) c->counter = 0;
    return V_NONE;
}

/* The hash of a greenkey is hash((code, offset, False)); a guard's is its
 * number (GuardOp.hash). Searched: the guards of compiled traces, and the
 * code objects the JIT has traced plus those reachable (through
 * co_consts) from the frames now running. Each code object is searched
 * once per call: a deep recursion (a hook calling itself) has the same
 * code in a thousand frames, and every trace ever compiled names its own. */
typedef struct CodeSet {
    CodeObject **slots;
    size_t mask, n;
} CodeSet;

static bool codeset_add(CodeSet *s, CodeObject *co) {
    if (2 * (s->n + 1) > s->mask + 1) {
        CodeSet bigger = {gc_alloc_atomic(sizeof(CodeObject *) * 2 * (s->mask + 1)), 2 * s->mask + 1, 0};
        memset(bigger.slots, 0, sizeof(CodeObject *) * (bigger.mask + 1));
        for (size_t i = 0; i <= s->mask; i++)
            if (s->slots[i]) codeset_add(&bigger, s->slots[i]);
        *s = bigger;
    }
    for (size_t i = ((uintptr_t)co >> 4) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i] == co) return false;
        if (!s->slots[i]) {
            s->slots[i] = co;
            s->n++;
            return true;
        }
    }
}

static int hash_code(CodeSet *seen, CodeObject *co, Value h, int depth) {
    if (!codeset_add(seen, co)) return 0;
    for (int32_t pc = 0; pc < co->ncode; pc++) {
        int64_t kh = obj_hash(greenkey_of(co, pc));
        if (kh == -1) return -1;
        if (obj_eq(h, int_from_i64(kh)) == 1) jit_cell(co, pc)->counter = 0;
    }
    if (depth < 4 && co->consts)
        for (int64_t i = 0; i < tuple_size(co->consts); i++) {
            Value c = tuple_get(co->consts, i);
            if (code_check(c) && hash_code(seen, V_AS(CodeObject, c), h, depth + 1) < 0) return -1;
        }
    return 0;
}

static Value m_trace_next_iteration_hash(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("trace_next_iteration_hash", kwnames) < 0 || arg_count("trace_next_iteration_hash", nargs, 1, 1) < 0)
        return VNULL;
    Value h = obj_index(args[0]);
    if (!h) return VNULL;
    CodeSet seen = {gc_alloc_atomic(sizeof(CodeObject *) * 64), 63, 0};
    memset(seen.slots, 0, sizeof(CodeObject *) * 64);
    /* the compiled traces alive (a freed trace's guards are gone) */
    for (int32_t i = 0; i < jit.nlive; i++) {
        Trace *t = jit.live[i];
        for (int32_t k = 0; k < t->nguards; k++)
            if (obj_eq(h, int_from_u64(t->guards[k]->id)) == 1) {
                uint32_t eager = (uint32_t)jit_params.trace_eagerness;
                if (t->guards[k]->fail_count + 1 < eager) t->guards[k]->fail_count = eager - 1;
            }
        if (t->code && hash_code(&seen, t->code, h, 4) < 0) return VNULL;
    }
    for (Frame *f = tstate.frame; f; f = f->back)
        if (hash_code(&seen, f->code, h, 0) < 0) return VNULL;
    return V_NONE;
}

/* ---- calls ------------------------------------------------------------------------------------------ */

static Value m_residual_call(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1) return err_set(&exc_TypeError, "residual_call() missing required argument 'callable'");
    return obj_call(args[0], args + 1, nargs - 1, kwnames);
}

/* ---- the module ------------------------------------------------------------------------------------ */

static const MethodDef pypyjit_functions[] = {
    {"set_compile_hook", m_set_compile_hook, MF_KEYWORDS,
     "set_compile_hook(hook, operations=True)\n\n"
     "Call hook(info) after every loop, entry bridge or bridge is compiled;\n"
     "info is a JitLoopInfo. With operations=False, info.operations is None\n"
     "(cheaper). None removes the hook. Hooks are not reentrant: code a hook\n"
     "runs is traced and compiled as usual but calls no hook."},
    {"set_abort_hook", m_set_abort_hook, 0,
     "set_abort_hook(hook)\n\n"
     "Call hook(jitdriver_name, greenkey, reason, operations) whenever tracing\n"
     "is aborted; reason is a counter name such as 'ABORT_TOO_LONG' and\n"
     "operations the trace recorded so far. None removes the hook."},
    {"set_trace_too_long_hook", m_set_trace_too_long_hook, 0,
     "set_trace_too_long_hook(hook)\n\n"
     "Call hook(jitdriver_name, greenkey) when a trace was too long and the\n"
     "inlined function blamed for it (greenkey) will no longer be inlined."},
    {"set_optimize_hook", m_set_optimize_hook, 0,
     "set_optimize_hook(hook)\n\n"
     "Call hook(jitdriver_name, loop_type, greenkey_or_guard_number, operations)\n"
     "after a trace is optimized and before it is assembled. The hook may\n"
     "return a new list of operations; tpy checks it and compiles it, or\n"
     "reports why it is invalid and compiles the original."},
    {"get_stats_snapshot", m_get_stats_snapshot, 0,
     "get_stats_snapshot() -> JitInfoSnapshot\n\n"
     "The JIT's counters and timers as they are now (a copy: call again for\n"
     "newer values)."},
    {"get_stats_asmmemmgr", m_get_stats_asmmemmgr, 0,
     "get_stats_asmmemmgr() -> (bytes reserved, bytes in use)\n\n"
     "Memory of the machine code."},
    {"enable_debug", m_enable_debug, 0,
     "enable_debug()\n\n"
     "Traces compiled from now on count their runs; get_stats_snapshot()\n"
     ".loop_run_times reports them."},
    {"disable_debug", m_disable_debug, 0,
     "disable_debug()\n\n"
     "Traces compiled from now on do not count their runs."},
    {"releaseall", m_releaseall, 0,
     "releaseall()\n\n"
     "Drop every compiled loop and bridge: hot code is traced again.\n"
     "Code running now finishes first."},
    {"set_param", m_set_param, MF_KEYWORDS,
     "set_param(name=value, ...) / set_param('name=value,...') / set_param('off') /\n"
     "set_param('default')\n\n"
     "Change the JIT's parameters (see PARAMETER_DOCS and defaults)."},
    {"dont_trace_here", m_dont_trace_here, 0,
     "dont_trace_here(next_instr, is_being_profiled, pycode)\n\n"
     "Never start a trace at this position; at offset 0, never inline the\n"
     "function."},
    {"get_jitcell_at_key", m_get_jitcell_at_key, 0,
     "get_jitcell_at_key(next_instr, is_being_profiled, pycode) -> bool\n\n"
     "Whether the JIT keeps state at this position (traced, compiled or\n"
     "marked)."},
    {"mark_as_being_traced", m_mark_as_being_traced, 0,
     "mark_as_being_traced(next_instr, is_being_profiled, pycode)\n\n"
     "Mark the position as being traced, so that no trace starts there."},
    {"trace_next_iteration", m_trace_next_iteration, 0,
     "trace_next_iteration(next_instr, is_being_profiled, pycode)\n\n"
     "Start tracing the next time the loop header at this position runs."},
    {"trace_next_iteration_hash", m_trace_next_iteration_hash, 0,
     "trace_next_iteration_hash(hash)\n\n"
     "The same for the position whose hash((code, offset, False)) is hash,\n"
     "or for the guard whose GuardOp.hash is hash (its bridge)."},
    {"residual_call", m_residual_call, MF_KEYWORDS,
     "residual_call(callable, *args, **kwargs)\n\n"
     "Call callable without letting the JIT trace into it."},
    {NULL, NULL, 0, NULL},
};

static void ready(Type *t, const char *doc, const GetSetDef *getsets) {
    t->name = str_intern_cstr(t->tname);
    if (doc) t->doc = str_from_cstr(doc);
    if (getsets) type_add_getsets(t, getsets);
    type_ready(t);
}

Value pypyjit_module_create(void) {
    /* the types have no module, so that their reprs read as PyPy's
       (<class 'JitLoopInfo'>, <not_from_assembler object at ...>) */
    if (!(resop_type.flags & TF_READY)) {
        ready(&resop_type, "ResOperation(name, offset=-1, repr='')\n\nOne operation of a trace.", resop_getsets);
        guardop_type.base = &object_type;
        ready(&guardop_type, "GuardOp(name, offset=-1, repr='', hash=0)\n\nA guard of a trace.", guardop_getsets);
        dmp_type.base = &resop_type;
        ready(&dmp_type,
              "DebugMergePoint(name, repr, jd_name, call_depth, call_id, greenkey)\n\n"
              "The start of one bytecode in a trace.",
              dmp_getsets);
        ready(&loopinfo_type, "Information about a compiled loop, entry bridge or bridge.", li_getsets);
        ready(&snapshot_type, "The JIT's counters and timers at one moment.", sn_getsets);
        ready(&nfa_type,
              "not_from_assembler(callable)\n\n"
              "A callable that calls callable(*args) and returns itself; for\n"
              "sys.settrace()-like uses, where the result is ignored.",
              NULL);
    }
    Value m = module_new_cstr("pypyjit");
    module_add_functions(m, pypyjit_functions);
    module_add(m, "ResOperation", V_FROM_PTR(&resop_type));
    module_add(m, "GuardOp", V_FROM_PTR(&guardop_type));
    module_add(m, "DebugMergePoint", V_FROM_PTR(&dmp_type));
    module_add(m, "JitLoopInfo", V_FROM_PTR(&loopinfo_type));
    module_add(m, "not_from_assembler", V_FROM_PTR(&nfa_type));
    module_add(m, "defaults", make_defaults());
    module_add(m, "PARAMETER_DOCS", make_parameter_docs());
    return m;
}
