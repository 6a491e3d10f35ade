/* tpyjit.c: the module tpyjit, the JIT's compiled traces and their guards
 * as Python data (issue 14, item 3), beside pypyjit, whose API stays PyPy's.
 *
 *   traces()       one dict per live compiled loop, entry bridge and bridge
 *   guards(trace)  one dict per guard of a trace that traces() returned
 *
 * Every result is a copy made by the call: it never changes and points
 * into no JIT data. Run counts ("entries", "iterations") exist only for
 * traces compiled while the run counters were on (pypyjit.enable_debug(),
 * PYPYLOG=jit-backend-counts): None otherwise. docs/pypyjit.md, "tpyjit",
 * lists the keys.
 */
#include <stdio.h>
#include <string.h>

#include "../introspect/jitevents.h"
#include "../introspect/profiler.h"
#include "../introspect/pypyform.h"
#include "../jit/snapshot.h"
#include "../runtime.h"

static int put(Value d, const char *key, Value v) { return v ? dict_set_cstr(d, key, v) : -1; }

static Value count_or_none(bool known, uint64_t n) { return known ? int_from_u64(n) : V_NONE; }

/* Where a failing guard resumes the interpreter: the innermost frame of
 * its snapshot (NULL if it has none). */
static CodeObject *guard_code(const GuardDescr *g, int *line) {
    if (!g->snap || g->snap->nframes < 1) return NULL;
    const SnapFrame *f = &g->snap->frames[g->snap->nframes - 1];
    *line = code_line(f->code, f->pc);
    return f->code;
}

/* "function", "file", "line" of co (None for all three without one). */
static int put_location(Value d, CodeObject *co, int line) {
    if (put(d, "function", co ? co->name : V_NONE) < 0 || put(d, "file", co ? co->filename : V_NONE) < 0) return -1;
    /* (an instruction without a line, such as a loop's jump back: None) */
    return put(d, "line", co && line >= 0 ? v_int(line) : V_NONE);
}

static int op_count(const IRBuf *b) {
    int n = 0;
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i].opcode != IR_inputarg_i && b->ops[i].opcode != IR_inputarg_f &&
            b->ops[i].opcode != IR_inputarg_r)
            n++;
    return n;
}

static Value trace_dict(const Trace *t) {
    Value d = dict_new();
    bool bridge = t->kind == TRACE_BRIDGE;
    const TraceCounts *c = t->counts;
    CodeObject *co = NULL;
    int line = 0;
    double secs = prof_trace_seconds(t);
    if (!bridge) {
        co = t->code;
        line = code_line(co, t->pc);
    } else if (t->from_guard) {
        co = guard_code(t->from_guard, &line);
    }
    if (put(d, "kind", str_from_cstr(jitev_kind_name(t->kind))) < 0 ||
        /* a loop's number as in "# Loop N"; a bridge's is its guard's id */
        put(d, "number", int_from_u64(t->number)) < 0 || put(d, "loop", int_from_u64(jitev_loop_no(t))) < 0 ||
        put_location(d, co, line) < 0 ||
        /* entries from the interpreter (a bridge: from its guard) */
        put(d, "entries", count_or_none(c != NULL, c ? (bridge ? c->passes : c->runs) : 0)) < 0 ||
        /* passes through a loop's label */
        put(d, "iterations", count_or_none(c && !bridge && c->label, c ? c->passes : 0)) < 0 ||
        put(d, "mcode_size", int_from_u64(t->mcode_len)) < 0 || put(d, "ops", v_int(op_count(&t->ir))) < 0 ||
        put(d, "guards", v_int(t->nguards)) < 0 ||
        /* seconds charged to it by the exact profiler (--jit-profile) */
        put(d, "time", secs >= 0 ? float_box(secs) : V_NONE) < 0 ||
        put(d, "parent_guard", bridge && t->from_guard ? int_from_u64(t->from_guard->id) : V_NONE) < 0)
        return VNULL;
    return d;
}

static Value m_traces(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("traces", kwnames) < 0 || arg_count("traces", nargs, 0, 0) < 0) return VNULL;
    Value l = list_new(0);
    for (int32_t i = 0; i < jit.nlive; i++) {
        Value d = trace_dict(jit.live[i]);
        if (!d) return VNULL;
        list_append(l, d);
    }
    return l;
}

static Value guard_dict(const Trace *t, const GuardDescr *g) {
    Value d = dict_new();
    char name[24];
    snprintf(name, sizeof name, "Guard0x%x", g->id);
    int line = 0;
    CodeObject *co = guard_code(g, &line);
    bool has_op = g->op_index >= 0 && g->op_index < t->ir.nops;
    if (put(d, "id", int_from_u64(g->id)) < 0 || put(d, "name", str_from_cstr(name)) < 0 ||
        put(d, "op", has_op ? str_from_cstr(pypyform_name(&t->ir.ops[g->op_index])) : V_NONE) < 0 ||
        put(d, "failures", int_from_u64(g->fail_count)) < 0 || put_location(d, co, line) < 0 ||
        put(d, "bridge", g->bridge ? int_from_u64(g->bridge->number) : V_NONE) < 0)
        return VNULL;
    return d;
}

static Value m_guards(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"guards", 0, 1, 0, {"trace", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!dict_check(a[0])) return err_set(&exc_TypeError, "guards() takes a trace of tpyjit.traces()");
    Value kind = dict_get_cstr(a[0], "kind"), number = dict_get_cstr(a[0], "number");
    if (!kind || !number || !str_check(kind) || !v_is_int(number))
        return err_set(&exc_TypeError, "guards() takes a trace of tpyjit.traces()");
    for (int32_t i = 0; i < jit.nlive; i++) {
        const Trace *t = jit.live[i];
        if ((int64_t)t->number != v_intval(number) || strcmp(jitev_kind_name(t->kind), str_data(kind)) != 0) continue;
        Value l = list_new(0);
        for (int32_t k = 0; k < t->nguards; k++) {
            Value d = guard_dict(t, t->guards[k]);
            if (!d) return VNULL;
            list_append(l, d);
        }
        return l;
    }
    return err_set(&exc_ValueError, "no such trace is compiled (any more)");
}

static const MethodDef tpyjit_functions[] = {
    {"traces", m_traces, 0,
     "traces() -> list of dicts\n\n"
     "The compiled loops, entry bridges and bridges alive now: kind, number,\n"
     "loop, function, file, line, entries, iterations, mcode_size, ops,\n"
     "guards, parent_guard."},
    {"guards", m_guards, MF_KEYWORDS,
     "guards(trace) -> list of dicts\n\n"
     "The guards of a trace of traces(): id, name, op, failures, function,\n"
     "file, line, bridge."},
    {NULL, NULL, 0, NULL},
};

Value tpyjit_module_create(void) {
    Value m = module_new_cstr("tpyjit");
    module_add_functions(m, tpyjit_functions);
    return m;
}
