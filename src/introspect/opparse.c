/* opparse.c: the optimize hook's replacement operations -> IR.
 *
 * A hook returns operations in the log syntax, the text of ResOperation
 * reprs (`i7 = int_add(i5, 1)`, `guard_true(i8, descr=<Guard0x3>) [...]`).
 * They are parsed against the trace they replace:
 *
 *   values     a name (i5, p0, f3) is one the new operations computed
 *              before its use, or one of the trace's input arguments
 *              (which stay as they are and are not listed)
 *   constants  any constant text of the original trace, or a number
 *   descrs     any descr text of the original trace (field, call, target
 *              ...); a guard must carry one of the original guards' descrs,
 *              each at most once. A text that names descrs which differ
 *              (<ArrayP 8> is the text of every array of Values, whatever
 *              its base offset: a tuple's items, a frame's locals) is
 *              accepted only on an unchanged line of the trace, which
 *              says which one it is
 *   dmp        a debug_merge_point line of the original trace
 *   forms      an operation PyPy lacks in the PyPy form the hooks show
 *              (pypyform.h: guard_class(p3, ConstClass(small_int), ...) is
 *              guard_is_int(p3, ...)), or under tpy's own name
 *
 * and checked: known operation, argument count and types, result type by
 * name prefix, *_ovf followed by its overflow guard, a jump to a label of
 * the right arity, and every value a kept guard's snapshot needs (the
 * interpreter state to rebuild when it fails) still computed under the
 * same name. Fail argument lists in the text are ignored: they follow
 * from the snapshots. Nothing is changed until jitev_apply_ops().
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../vm/pending.h"
#include "jitevents.h"
#include "pypyform.h"
#include "../util/numfmt.h"

struct OpsReplacement {
    IRBuf ir;
    int32_t nguards;
    GuardDescr **guards;
    Snapshot **snaps;
};

/* A small string -> int64 map (open addressing); values >= 0. */
typedef struct StrMap {
    const char **keys;
    int64_t *vals;
    int32_t cap, n;
} StrMap;

static uint64_t hash_str(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void map_init(StrMap *m, int32_t n) {
    m->cap = 16;
    while (m->cap < 2 * n + 16) m->cap *= 2;
    m->keys = gc_alloc(sizeof(char *) * (size_t)m->cap);
    m->vals = gc_alloc_atomic(sizeof(int64_t) * (size_t)m->cap);
    m->n = 0;
}

static int64_t map_get(const StrMap *m, const char *k) {
    for (uint64_t i = hash_str(k) & (uint64_t)(m->cap - 1);; i = (i + 1) & (uint64_t)(m->cap - 1)) {
        if (!m->keys[i]) return -1;
        if (strcmp(m->keys[i], k) == 0) return m->vals[i];
    }
}

static void map_put(StrMap *m, const char *k, int64_t v) {
    if (2 * (m->n + 1) > m->cap) {
        StrMap bigger;
        map_init(&bigger, m->cap);
        for (int32_t i = 0; i < m->cap; i++)
            if (m->keys[i]) map_put(&bigger, m->keys[i], m->vals[i]);
        *m = bigger;
    }
    for (uint64_t i = hash_str(k) & (uint64_t)(m->cap - 1);; i = (i + 1) & (uint64_t)(m->cap - 1)) {
        if (!m->keys[i]) {
            m->keys[i] = k;
            m->vals[i] = v;
            m->n++;
            return;
        }
        if (strcmp(m->keys[i], k) == 0) {
            m->vals[i] = v;
            return;
        }
    }
}

static char *dup_range(const char *s, size_t n) {
    char *d = gc_alloc_atomic(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* One operation's text, split. */
typedef struct Parsed {
    char *res;              /* result name or NULL */
    char *name;
    char *args[256];
    int nargs;
    char *descr;            /* the text after "descr=", or NULL */
} Parsed;

static const char *parse_line(const char *line, Parsed *p) {
    memset(p, 0, sizeof *p);
    while (isspace((unsigned char)*line)) line++;
    const char *open = strchr(line, '(');
    if (!open) return "no '(' in the operation";
    const char *eq = strstr(line, " = ");
    if (eq && eq < open) {
        p->res = dup_range(line, (size_t)(eq - line));
        line = eq + 3;
    }
    p->name = dup_range(line, (size_t)(open - line));
    const char *q = open + 1;
    int depth = 0;
    const char *start = q;
    for (;; q++) {
        char c = *q;
        if (!c) return "unbalanced parentheses";
        if (c == '(' || c == '<' || c == '[') depth++;
        else if ((c == ')' || c == '>' || c == ']') && depth > 0) depth--;
        else if (c == ')' || (c == ',' && depth == 0)) {
            const char *e = q;
            while (start < e && isspace((unsigned char)*start)) start++;
            while (e > start && isspace((unsigned char)e[-1])) e--;
            if (e > start) {
                if ((size_t)(e - start) > 6 && strncmp(start, "descr=", 6) == 0) {
                    p->descr = dup_range(start + 6, (size_t)(e - start - 6));
                } else {
                    if (p->descr) return "an argument after descr=";
                    if (p->nargs == 256) return "too many arguments";
                    p->args[p->nargs++] = dup_range(start, (size_t)(e - start));
                }
            } else if (c == ',') {
                return "an empty argument";
            }
            if (c == ')') break;
            start = q + 1;
        }
    }
    return NULL;
}

/* Remove argument k; false if there is none. */
static bool drop_arg(Parsed *p, int k) {
    if (k < 0 || k >= p->nargs) return false;
    memmove(&p->args[k], &p->args[k + 1], sizeof p->args[0] * (size_t)(p->nargs - k - 1));
    p->nargs--;
    return true;
}

static int find_opcode(const char *name) {
    for (int i = 0; i < IR__COUNT; i++)
        if (strcmp(irop_info[i].name, name) == 0) return i;
    return -1;
}

static bool is_inputarg(int opc) { return opc == IR_inputarg_i || opc == IR_inputarg_f || opc == IR_inputarg_r; }
static char prefix_of(char t) { return t == 'r' ? 'p' : t; }

static const char *ref_name(const IRBuf *b, IRRef r) {
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%c%d", prefix_of(b->ops[r].type), r);
    return dup_range(tmp, strlen(tmp));
}

/* Argument type an operation expects at position i ('?': any). */
static char arg_type(int opc, int i) {
    const char *n = irop_info[opc].name;
    if (strncmp(n, "int_", 4) == 0 || strncmp(n, "uint_", 5) == 0) return 'i';
    if (strncmp(n, "float_", 6) == 0) return 'f';
    if (strncmp(n, "ptr_", 4) == 0) return 'r';
    if (opc == IR_guard_true || opc == IR_guard_false || opc == IR_box_int || opc == IR_bool_from_int ||
        opc == IR_cast_int_to_float)
        return 'i';
    if (opc == IR_box_float || opc == IR_cast_float_to_int || opc == IR_guard_float_storable) return i == 0 ? 'f' : '?';
    if (opc == IR_unbox_int || opc == IR_unbox_float || opc == IR_guard_class || opc == IR_guard_nonnull_class ||
        opc == IR_guard_nonnull || opc == IR_guard_isnull || opc == IR_guard_is_int || opc == IR_guard_is_float ||
        opc == IR_guard_value_storage)
        return i == 0 ? 'r' : '?';
    if (opc == IR_getfield_gc_i || opc == IR_getfield_gc_r || opc == IR_getfield_gc_f || opc == IR_setfield_gc)
        return i == 0 ? 'r' : '?';
    if (opc == IR_getfield_raw_i) return 'i';   /* an address */
    if (opc == IR_getarrayitem_gc_i || opc == IR_getarrayitem_gc_r || opc == IR_getarrayitem_gc_f ||
        opc == IR_setarrayitem_gc)
        return i == 0 ? 'r' : i == 1 ? 'i' : '?';
    return '?';
}

/* Which descr kind an operation needs (-1: none). */
static int needed_descr(int opc) {
    if (irop_is_guard(opc) || opc == IR_finish) return DESCR_GUARD;   /* finish: an exit or a return */
    if (opc == IR_label || opc == IR_jump) return DESCR_TARGET;
    if (opc == IR_getfield_gc_i || opc == IR_getfield_gc_r || opc == IR_getfield_gc_f || opc == IR_setfield_gc ||
        opc == IR_getfield_raw_i)
        return DESCR_FIELD;
    if (opc == IR_getarrayitem_gc_i || opc == IR_getarrayitem_gc_r || opc == IR_getarrayitem_gc_f ||
        opc == IR_setarrayitem_gc)
        return DESCR_ARRAY;
    if (opc == IR_new_with_vtable) return DESCR_SIZE;
    if ((irop_info[opc].flags & IRF_CALL) && opc != IR_escape_n) return DESCR_CALL;
    return -1;
}

/* Do two descrs with the same text mean the same thing to the backend? */
static bool same_descr(const Descr *a, const Descr *b) {
    if (a == b) return true;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case DESCR_ARRAY: {
        const ArrayDescr *x = (const ArrayDescr *)a, *y = (const ArrayDescr *)b;
        return x->base == y->base && x->type == y->type && x->pure == y->pure;
    }
    case DESCR_FIELD: {
        const FieldDescr *x = (const FieldDescr *)a, *y = (const FieldDescr *)b;
        return x->offset == y->offset && x->type == y->type && x->pure == y->pure;
    }
    case DESCR_SIZE: {
        const SizeDescr *x = (const SizeDescr *)a, *y = (const SizeDescr *)b;
        return x->type == y->type && x->size == y->size && x->atomic == y->atomic;
    }
    case DESCR_CALL: {
        const CallDescr *x = (const CallDescr *)a, *y = (const CallDescr *)b;
        return x->ret == y->ret && x->effect == y->effect && strcmp(x->args, y->args) == 0;
    }
    default: return false;
    }
}

/* The error message, with C's printf conventions (%u, %x): str_vprintf
 * knows only Python's, and did not consume an argument it did not know. */
static const char *fail(const char **err, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    *err = dup_range(tmp, strlen(tmp));
    return NULL;
}

struct OpsReplacement *jitev_parse_ops(Trace *t, const char *const *lines, int nlines, const char **err) {
    const IRBuf *old = &t->ir;
    StrMap consts, descrs, ambiguous, oplines, dmps, vars;
    map_init(&consts, 64);
    map_init(&descrs, 64);
    map_init(&ambiguous, 16);
    map_init(&oplines, old->nops);
    map_init(&dmps, 64);
    map_init(&vars, old->nops + nlines);
    Descr **descr_of = gc_alloc(sizeof(Descr *) * (size_t)(old->nops + 1));
    /* what the original trace's text can mention */
    Buf text;
    buf_init(&text, 128);
    for (int i = 0; i < old->nops; i++) {
        const IROp *op = &old->ops[i];
        if (is_inputarg(op->opcode)) continue;
        text.len = 0;
        pypyform_format_op(old, i, &text);
        char *line = dup_range(text.data, text.len);
        if (op->opcode == IR_debug_merge_point) {
            map_put(&dmps, line, i);
            continue;
        }
        Parsed p;
        if (parse_line(line, &p)) continue;
        int added = pypyform_added_arg(op->opcode);
        if (added >= 0) {
            /* the form's ConstClass(WHAT) is no constant of the trace, its
               call descr no descr of the trace */
            if (!drop_arg(&p, added)) continue;
            if (irop_info[op->opcode].type != 'v') p.descr = NULL;
        }
        if (p.nargs != op->nargs) continue;
        for (int k = 0; k < p.nargs; k++)
            if (ir_is_const(ir_arg(op, k))) map_put(&consts, p.args[k], ir_const_index(ir_arg(op, k)));
        if (p.descr && op->descr) {
            descr_of[i] = op->descr;
            int64_t j = map_get(&descrs, p.descr);
            if (j < 0) map_put(&descrs, p.descr, i);
            else if (!same_descr(descr_of[j], op->descr)) map_put(&ambiguous, p.descr, 1);
            map_put(&oplines, line, i);
        }
    }
    struct OpsReplacement *r = gc_alloc(sizeof *r);
    irbuf_init(&r->ir);
    IRBuf *nb = &r->ir;
    /* the input arguments stay */
    for (int i = 0; i < old->nops; i++) {
        if (!is_inputarg(old->ops[i].opcode)) continue;
        IRRef n = ir_emit0(nb, old->ops[i].opcode, NULL);
        map_put(&vars, ref_name(old, i), n);
    }
    IRRef *cmap = gc_alloc_atomic(sizeof(IRRef) * (size_t)(old->nconsts + 1));
    for (int i = 0; i < old->nconsts; i++) cmap[i] = IR_NONE;
    StrMap used_guards;
    map_init(&used_guards, 16);
    r->guards = gc_alloc(sizeof(GuardDescr *) * (size_t)(nlines + 1));
    int prev_opc = -1;
    IRRef args[256];
    for (int li = 0; li < nlines; li++) {
        const char *line = lines[li];
        while (isspace((unsigned char)*line)) line++;
        if (strncmp(line, "debug_merge_point(", 18) == 0) {
            int64_t i = map_get(&dmps, line);
            if (i < 0) return (void *)fail(err, "operation %d: not a debug_merge_point of this trace: %s", li, line);
            ir_emit0(nb, IR_debug_merge_point, old->ops[i].descr);
            continue;
        }
        Parsed p;
        const char *perr = parse_line(line, &p);
        if (perr) return (void *)fail(err, "operation %d: %s: %s", li, perr, line);
        /* an operation PyPy lacks, in its PyPy form (pypyform.h), unless
           its ConstClass(...) is a constant of the trace: then the form
           is the real operation it spells (a class named small_int) */
        int added;
        const char *call_descr = NULL;
        int opc = pypyform_decode(p.name, p.res ? p.res[0] : 0, p.args, p.nargs, &added);
        if (opc >= 0 && map_get(&consts, p.args[added]) < 0) {
            drop_arg(&p, added);
            p.name = (char *)irop_info[opc].name;
            if (irop_info[opc].type != 'v') {
                call_descr = p.descr;
                p.descr = NULL;
            }
        } else {
            opc = find_opcode(p.name);
        }
        if (opc < 0) return (void *)fail(err, "operation %d: unknown operation '%s'", li, p.name);
        if (is_inputarg(opc)) return (void *)fail(err, "operation %d: input arguments cannot be added", li);
        const IROpInfo *info = &irop_info[opc];
        if (info->nargs != IR_VARARGS && p.nargs != info->nargs)
            return (void *)fail(err, "operation %d: %s takes %d arguments, not %d", li, p.name, info->nargs, p.nargs);
        if (info->type == 'v' && p.res)
            return (void *)fail(err, "operation %d: %s has no result", li, p.name);
        if (info->type != 'v') {
            if (!p.res) return (void *)fail(err, "operation %d: the result of %s needs a name", li, p.name);
            if (p.res[0] != prefix_of(info->type) || !p.res[1])
                return (void *)fail(err, "operation %d: %s gives a '%c' value, not '%s'", li, p.name,
                                    prefix_of(info->type), p.res);
            if (map_get(&vars, p.res) >= 0) return (void *)fail(err, "operation %d: %s is assigned twice", li, p.res);
        }
        if ((prev_opc >= 0 && (irop_info[prev_opc].flags & IRF_OVF)) !=
            (opc == IR_guard_no_overflow || opc == IR_guard_overflow))
            return (void *)fail(err, "operation %d: an *_ovf operation must be followed by its overflow guard", li);
        for (int k = 0; k < p.nargs; k++) {
            const char *a = p.args[k];
            int64_t v = map_get(&vars, a);
            IRRef ref;
            if (v >= 0) {
                ref = (IRRef)v;
            } else if ((v = map_get(&consts, a)) >= 0) {
                if (cmap[v] == IR_NONE) {
                    const IRConst *kc = &old->consts[v];
                    cmap[v] = kc->type == 'i'   ? ir_const_int(nb, kc->v.i)
                            : kc->type == 'f' ? ir_const_float(nb, kc->v.f)
                                              : ir_const_ref(nb, kc->v.r);
                }
                ref = cmap[v];
            } else {
                char *end;
                long long iv = strtoll(a, &end, 10);
                if (*a && !*end) {
                    ref = ir_const_int(nb, iv);
                } else {
                    double dv = numfmt_strtod_c(a, &end);
                    if (*a && !*end && (isdigit((unsigned char)a[0]) || a[0] == '-' || a[0] == '.')) ref = ir_const_float(nb, dv);
                    else return (void *)fail(err, "operation %d: '%s' is not computed before it is used", li, a);
                }
            }
            char want = arg_type(opc, k), got = ir_type(nb, ref);
            if (want != '?' && got != want)
                return (void *)fail(err, "operation %d: argument %d of %s must be '%c', not '%s'", li, k + 1, p.name,
                                    prefix_of(want), a);
            args[k] = ref;
        }
        if (call_descr) {
            /* the call form's descr, if given, must be the one it writes */
            Buf want;
            buf_init(&want, 48);
            char types[256 + 1];
            for (int k = 0; k < p.nargs; k++) types[k] = ir_type(nb, args[k]);
            types[p.nargs] = 0;
            pypyform_call_descr(opc, irop_info[opc].type, types, &want);
            if (strcmp(want.data, call_descr) != 0)
                return (void *)fail(err, "operation %d: %s is written with descr=%s, not descr=%s", li, p.name,
                                    want.data, call_descr);
        }
        /* the only raw word a trace may read is the pending-action word:
           any other address could be anything */
        if (opc == IR_getfield_raw_i &&
            (!ir_is_const(args[0]) || ir_const(nb, args[0])->v.i != (int64_t)(uintptr_t)pending_word))
            return (void *)fail(err, "operation %d: getfield_raw_i reads only the signal word", li);
        Descr *d = NULL;
        int need = needed_descr(opc);
        if (p.descr) {
            int64_t i = map_get(&descrs, p.descr);
            if (i < 0) return (void *)fail(err, "operation %d: descr=%s is not one of this trace", li, p.descr);
            if (map_get(&ambiguous, p.descr) >= 0) {
                i = map_get(&oplines, line);
                if (i < 0)
                    return (void *)fail(err, "operation %d: descr=%s names several descrs of this trace: "
                                             "only an unchanged operation may use it", li, p.descr);
            }
            d = descr_of[i];
        }
        if (need >= 0 && (!d || (int)d->kind != need))
            return (void *)fail(err, "operation %d: %s needs a %s descr of this trace", li, p.name,
                                need == DESCR_GUARD ? "guard" : "matching");
        if (need < 0 && d) return (void *)fail(err, "operation %d: %s takes no descr", li, p.name);
        if (opc == IR_getfield_raw_i && (((FieldDescr *)d)->offset != 0 || ((FieldDescr *)d)->type != 'i'))
            return (void *)fail(err, "operation %d: getfield_raw_i reads only the signal word", li);
        if (d && d->kind == DESCR_GUARD) {
            char key[32];
            snprintf(key, sizeof key, "%p", (void *)d);
            if (map_get(&used_guards, key) >= 0)
                return (void *)fail(err, "operation %d: guard descr %s is used twice", li, p.descr);
            map_put(&used_guards, dup_range(key, strlen(key)), 1);
            r->guards[r->nguards++] = (GuardDescr *)d;
        }
        IRRef res = ir_emit(nb, opc, p.nargs, args, d);
        if (p.res) map_put(&vars, p.res, res);
        prev_opc = opc;
    }
    if (prev_opc >= 0 && (irop_info[prev_opc].flags & IRF_OVF))
        return (void *)fail(err, "the last operation is an *_ovf without its guard");
    /* control flow: ends in a jump (or finish); jumps match their label */
    if (nb->nops == 0 || (nb->ops[nb->nops - 1].opcode != IR_jump && nb->ops[nb->nops - 1].opcode != IR_finish))
        return (void *)fail(err, "the operations must end with a jump or finish");
    for (int i = 0; i < nb->nops; i++) {
        IROp *op = &nb->ops[i];
        if (op->opcode != IR_jump) continue;
        TargetDescr *td = (TargetDescr *)op->descr;
        IROp *lab = NULL;
        for (int k = 0; k < nb->nops; k++)
            if (nb->ops[k].opcode == IR_label && nb->ops[k].descr == op->descr) lab = &nb->ops[k];
        if (!lab && t->kind != TRACE_BRIDGE)
            return (void *)fail(err, "jump to TargetToken(%u), which is not a label of these operations", td->id);
        if (lab) {
            if (lab->nargs != op->nargs)
                return (void *)fail(err, "jump passes %d values to a label taking %d", op->nargs, lab->nargs);
            for (int k = 0; k < op->nargs; k++)
                if (ir_type(nb, ir_arg(op, k)) != ir_type(nb, ir_arg(lab, k)))
                    return (void *)fail(err, "jump argument %d has another type than the label's", k + 1);
        }
    }
    /* the guards' snapshots, in terms of the new values */
    r->snaps = gc_alloc(sizeof(Snapshot *) * (size_t)(r->nguards + 1));
    for (int gi = 0; gi < r->nguards; gi++) {
        GuardDescr *g = r->guards[gi];
        if (!g->snap) continue;
        Snapshot *s = snapshot_copy(g->snap);
        for (int k = 0; k < s->nslots + s->nvirtuals; k++) {
            IRRef *rp;
            if (k < s->nslots) {
                if (s->slots[k].kind == SK_NULL) continue;
                rp = &s->slots[k].ref;
            } else {
                rp = &s->virtuals[k - s->nslots].ref;
            }
            IRRef o = *rp;
            if (o == IR_NONE || snap_ref_is_virtual(o)) continue;   /* optimizer virtuals are not ops */
            if (ir_is_const(o)) {
                const IRConst *kc = ir_const(old, o);
                *rp = kc->type == 'i' ? ir_const_int(nb, kc->v.i)
                    : kc->type == 'f' ? ir_const_float(nb, kc->v.f)
                                      : ir_const_ref(nb, kc->v.r);
                continue;
            }
            if (o < 0 || o >= old->nops) return (void *)fail(err, "guard %u: a broken snapshot", g->id);
            int64_t v = map_get(&vars, ref_name(old, o));
            if (v < 0)
                return (void *)fail(err, "guard <Guard0x%x> needs %s to rebuild the interpreter state, and it is not computed",
                                    g->id, ref_name(old, o));
            *rp = (IRRef)v;
        }
        for (int vi = 0; vi < s->nvirtuals; vi++)
            for (int f = 0; f < s->virtuals[vi].nfields; f++) {
                IRRef *rp = &s->virtuals[vi].fields[f].value.ref;
                IRRef o = *rp;
                if (o == IR_NONE || snap_ref_is_virtual(o) || s->virtuals[vi].fields[f].value.kind == SK_NULL) continue;
                if (ir_is_const(o)) {
                    const IRConst *kc = ir_const(old, o);
                    *rp = kc->type == 'i' ? ir_const_int(nb, kc->v.i)
                        : kc->type == 'f' ? ir_const_float(nb, kc->v.f)
                                          : ir_const_ref(nb, kc->v.r);
                    continue;
                }
                int64_t v = o >= 0 && o < old->nops ? map_get(&vars, ref_name(old, o)) : -1;
                if (v < 0) return (void *)fail(err, "guard <Guard0x%x> needs a value that is not computed", g->id);
                *rp = (IRRef)v;
            }
        r->snaps[gi] = s;
    }
    return r;
}

void jitev_apply_ops(Trace *t, struct OpsReplacement *r) {
    for (int i = 0; i < r->nguards; i++) {
        GuardDescr *g = r->guards[i];
        if (r->snaps[i]) g->snap = r->snaps[i];
        g->fail_args = NULL;
        g->nfail_args = 0;
    }
    t->ir = r->ir;
}
