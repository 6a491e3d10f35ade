/* excgroup.c: BaseExceptionGroup and ExceptionGroup (PEP 654), and the
 * run-time half of try/except*.
 *
 * A group is an ordinary exception (ExcObject) whose eg_msg and eg_excs
 * are set; its args stay what the constructor was given. split() and
 * subgroup() walk the tree of nested groups: a group that matches as a
 * whole is kept as it is (the same object), a leaf is kept or not, and a
 * group that matches in part is rebuilt with derive() from the parts that
 * match, then given the original's traceback, cause, context and a copy
 * of its notes (so split parts never share a notes list).
 *
 * except* (interp.c's CHECK_EG_MATCH and PREP_RERAISE_STAR) splits the
 * caught group clause by clause; at the end what each handler raised is
 * sorted into re-raised parts (an exception with the original's
 * traceback, cause and context: a bare `raise` of the matched part) and
 * new ones. The re-raised leaves are re-assembled in the original's
 * shape; new exceptions join them as siblings in a new group. */
#include "../runtime.h"

bool excgroup_check(Value v) { return exc_check(v) && type_is_subtype(type_of(v), &exc_BaseExceptionGroup); }

static ExcObject *eg_obj(Value v) { return V_AS(ExcObject, v); }

/* CPython's sequence check: item access, and not a dict */
static bool is_sequence(Value v) { return !dict_check(v) && type_of(v)->getitem != NULL; }

static Value eg_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;   /* keywords are refused by __init__, after this check */
    if (nargs != 2)
        return err_format(&exc_TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%zd given)",
                          (ssize_t)nargs);
    Value msg = args[0], seq = args[1];
    if (!str_check(msg))
        return err_format(&exc_TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %T", msg);
    if (!is_sequence(seq)) return err_set(&exc_TypeError, "second argument (exceptions) must be a sequence");
    Value excs = tuple_from_iterable(seq);
    if (!excs) return VNULL;
    int64_t n = tuple_size(excs);
    if (n == 0) return err_set(&exc_ValueError, "second argument (exceptions) must be a non-empty sequence");
    bool nested_base = false;
    for (int64_t i = 0; i < n; i++) {
        Value e = tuple_get(excs, i);
        if (!exc_check(e))
            return err_format(&exc_ValueError, "Item %lld of second argument (exceptions) is not an exception",
                              (long long)i);
        if (!type_is_subtype(type_of(e), &exc_Exception)) nested_base = true;
    }
    if (t == &exc_ExceptionGroup) {
        if (nested_base) return err_set(&exc_TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
    } else if (t == &exc_BaseExceptionGroup) {
        if (!nested_base) t = &exc_ExceptionGroup;
    } else if (nested_base && type_is_subtype(t, &exc_Exception)) {
        return err_format(&exc_TypeError, "Cannot nest BaseExceptions in '%U'", t->name);
    }
    Value self = exc_alloc_with_args(t, tuple_from_array(args, (int64_t)nargs));
    eg_obj(self)->eg_msg = msg;
    eg_obj(self)->eg_excs = excs;
    return self;
}

Value excgroup_create(const char *msg, Value excs) {
    Value args[2] = {str_from_cstr(msg), excs};
    return obj_call(V_FROM_PTR(&exc_BaseExceptionGroup), args, 2, VNULL);
}

static Value eg_str(Value v) {
    ExcObject *e = eg_obj(v);
    if (!e->eg_excs) return str_empty;   /* made by __new__ of another type: not set up */
    int64_t n = tuple_size(e->eg_excs);
    return str_printf("%S (%lld sub-exception%s)", e->eg_msg, (long long)n, n > 1 ? "s" : "");
}

static Value eg_get_message(Value v) { return eg_obj(v)->eg_msg ? eg_obj(v)->eg_msg : V_NONE; }
static Value eg_get_exceptions(Value v) { return eg_obj(v)->eg_excs ? eg_obj(v)->eg_excs : V_NONE; }
static int eg_readonly(Value v, Value x) {
    (void)v, (void)x;
    err_set(&exc_AttributeError, "readonly attribute");
    return -1;
}

static const GetSetDef eg_getsets[] = {
    {"message", eg_get_message, eg_readonly, NULL},
    {"exceptions", eg_get_exceptions, eg_readonly, NULL},
    {NULL, NULL, NULL, NULL},
};

static Value eg_derive(Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "derive() takes no keyword arguments");
    if (nargs != 2)
        return err_format(&exc_TypeError, "function takes exactly 1 argument (%zd given)", (ssize_t)nargs - 1);
    Value a[2] = {eg_get_message(args[0]), args[1]};
    return obj_call(V_FROM_PTR(&exc_BaseExceptionGroup), a, 2, VNULL);
}

/* ---- split ---------------------------------------------------------------------- */

typedef enum { MATCH_BY_TYPE, MATCH_BY_PREDICATE, MATCH_INSTANCE_IDS } MatcherKind;

static int matcher_kind(Value m, MatcherKind *kind) {
    if (type_of(m)->call && !type_check(m)) {
        *kind = MATCH_BY_PREDICATE;
        return 0;
    }
    if (exc_type_check(m)) {
        *kind = MATCH_BY_TYPE;
        return 0;
    }
    if (type_of(m) == &tuple_type) {
        for (int64_t i = 0; i < tuple_size(m); i++)
            if (!exc_type_check(tuple_get(m, i))) goto error;
        *kind = MATCH_BY_TYPE;
        return 0;
    }
error:
    err_set(&exc_TypeError, "expected a function, exception type or tuple of exception types");
    return -1;
}

static Value leaf_id(Value e) { return v_int((int64_t)(e >> 3)); }

/* 1 when exc matches, 0 when not, -1 on error */
static int split_check(Value exc, MatcherKind kind, Value m) {
    switch (kind) {
    case MATCH_BY_TYPE:
        if (tuple_check(m)) {
            for (int64_t i = 0; i < tuple_size(m); i++)
                if (type_is_subtype(type_of(exc), V_AS(Type, tuple_get(m, i)))) return 1;
            return 0;
        }
        return type_is_subtype(type_of(exc), V_AS(Type, m));
    case MATCH_BY_PREDICATE: {
        Value r = obj_call(m, &exc, 1, VNULL);
        return r ? obj_truth(r) : -1;
    }
    case MATCH_INSTANCE_IDS:
        return excgroup_check(exc) ? 0 : set_contains(m, leaf_id(exc));
    }
    return 0;
}

/* The group orig restricted to excs (a list of its parts): VNULL in
 * *result when excs is empty. */
static int eg_subset(Value orig, Value excs, Value *result) {
    *result = VNULL;
    if (list_size(excs) == 0) return 0;
    Value eg = obj_call_method(orig, "derive", &excs, 1);
    if (!eg) return -1;
    if (!excgroup_check(eg)) {
        err_set(&exc_TypeError, "derive must return an instance of BaseExceptionGroup");
        return -1;
    }
    ExcObject *o = eg_obj(orig), *d = eg_obj(eg);
    if (o->traceback) d->traceback = o->traceback;
    d->context = o->context;
    d->cause = o->cause;
    d->suppress_context = true;   /* as setting __cause__ does */
    Value notes = obj_getattr_opt(orig, NAME(__notes__));
    if (!notes) {
        if (err_occurred() && !err_matches(&exc_AttributeError)) return -1;
        err_clear();
    } else if (is_sequence(notes)) {
        Value copy = list_from_iterable(notes);
        if (!copy || obj_setattr(eg, NAME(__notes__), copy) < 0) return -1;
    }
    *result = eg;
    return 0;
}

static int split_rec(Value exc, MatcherKind kind, Value m, bool want_rest, Value *match, Value *rest) {
    *match = *rest = VNULL;
    int r = split_check(exc, kind, m);
    if (r < 0) return -1;
    if (r) {
        *match = exc;
        return 0;
    }
    if (!excgroup_check(exc)) {
        if (want_rest) *rest = exc;
        return 0;
    }
    Value excs = eg_obj(exc)->eg_excs;
    Value mlist = list_new(0), rlist = list_new(0);
    for (int64_t i = 0; excs && i < tuple_size(excs); i++) {
        Value pm, pr;
        if (interp_enter_recursive(" in exceptiongroup_split_recursive") < 0) return -1;
        int err = split_rec(tuple_get(excs, i), kind, m, want_rest, &pm, &pr);
        interp_leave_recursive();
        if (err < 0) return -1;
        if (pm) list_append(mlist, pm);
        if (pr) list_append(rlist, pr);
    }
    if (eg_subset(exc, mlist, match) < 0) return -1;
    if (want_rest && eg_subset(exc, rlist, rest) < 0) {
        *match = VNULL;
        return -1;
    }
    return 0;
}

static Value eg_split_common(const char *name, Value *args, size_t nargs, Value kwnames, bool want_rest) {
    if (kwnames && tuple_size(kwnames)) return err_format(&exc_TypeError, "%s() takes no keyword arguments", name);
    if (nargs != 2) return err_format(&exc_TypeError, "%s expected 1 argument, got %zd", name, (ssize_t)nargs - 1);
    MatcherKind kind;
    if (matcher_kind(args[1], &kind) < 0) return VNULL;
    Value match, rest;
    if (split_rec(args[0], kind, args[1], want_rest, &match, &rest) < 0) return VNULL;
    if (!want_rest) return match ? match : V_NONE;
    return tuple_pack(2, match ? match : V_NONE, rest ? rest : V_NONE);
}

static Value eg_split(Value *args, size_t nargs, Value kwnames) {
    return eg_split_common("split", args, nargs, kwnames, true);
}

static Value eg_subgroup(Value *args, size_t nargs, Value kwnames) {
    return eg_split_common("subgroup", args, nargs, kwnames, false);
}

static const MethodDef eg_methods[] = {
    {"derive", eg_derive, 0, NULL},
    {"split", eg_split, 0, NULL},
    {"subgroup", eg_subgroup, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- except* -------------------------------------------------------------------- */

static int check_star_type(Value t) {
    if (exc_type_check(t)) return 0;
    err_set(&exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
    return -1;
}

static bool is_group_type(Value t) { return type_is_subtype(V_AS(Type, t), &exc_BaseExceptionGroup); }

int excgroup_match_star(Value exc, Value type, Value *match, Value *rest) {
    /* every class must be an exception class first; then none may be a group */
    bool group = false;
    if (tuple_check(type)) {
        for (int64_t i = 0; i < tuple_size(type); i++)
            if (check_star_type(tuple_get(type, i)) < 0) return -1;
        for (int64_t i = 0; i < tuple_size(type); i++) group |= is_group_type(tuple_get(type, i));
    } else {
        if (check_star_type(type) < 0) return -1;
        group = is_group_type(type);
    }
    if (group) {
        err_set(&exc_TypeError, "catching ExceptionGroup with except* is not allowed. Use except instead.");
        return -1;
    }
    if (exc == V_NONE) {
        *match = *rest = V_NONE;
        return 0;
    }
    if (split_check(exc, MATCH_BY_TYPE, type)) {
        if (excgroup_check(exc)) {
            *match = exc;
        } else {
            /* a naked exception: the handler sees it in a group of its own
             * (with no traceback, as 3.11) */
            Value g = excgroup_create("", tuple_pack(1, exc));
            if (!g) return -1;
            *match = g;
        }
        *rest = V_NONE;
        return 0;
    }
    if (excgroup_check(exc)) {
        Value pair = obj_call_method(exc, "split", &type, 1);
        if (!pair) return -1;
        if (!tuple_check(pair) || tuple_size(pair) != 2) {
            err_format(&exc_TypeError, "X.split(Y) must return a tuple, not %T", pair);
            return -1;
        }
        *match = tuple_get(pair, 0);
        *rest = tuple_get(pair, 1);
        return 0;
    }
    *match = V_NONE;
    *rest = exc;
    return 0;
}

/* The same traceback, cause and context: a re-raise of (part of) orig.
 * (3.11 does not compare notes: split parts have copies of them.) */
static bool same_metadata(Value a, Value b) {
    ExcObject *x = eg_obj(a), *y = eg_obj(b);
    return x->traceback == y->traceback && x->cause == y->cause && x->context == y->context;
}

static int collect_leaf_ids(Value exc, Value ids) {
    if (!excgroup_check(exc)) return set_add(ids, leaf_id(exc));
    Value excs = eg_obj(exc)->eg_excs;
    for (int64_t i = 0; excs && i < tuple_size(excs); i++) {
        if (interp_enter_recursive(" in collect_exception_group_leaf_ids") < 0) return -1;
        int r = collect_leaf_ids(tuple_get(excs, i), ids);
        interp_leave_recursive();
        if (r < 0) return -1;
    }
    return 0;
}

Value excgroup_prep_reraise_star(Value orig, Value excs) {
    int64_t n = list_size(excs);
    if (n == 0) return V_NONE;
    /* a naked exception was caught: one clause at most ran */
    if (!excgroup_check(orig)) return list_get(excs, 0);
    Value raised = list_new(0), reraised = list_new(0);
    for (int64_t i = 0; i < n; i++) {
        Value e = list_get(excs, i);
        if (e == V_NONE) continue;
        list_append(same_metadata(e, orig) ? reraised : raised, e);
    }
    /* the re-raised leaves, in orig's shape */
    Value ids = set_new();
    for (int64_t i = 0; i < list_size(reraised); i++)
        if (collect_leaf_ids(list_get(reraised, i), ids) < 0) return VNULL;
    Value kept, unused;
    if (split_rec(orig, MATCH_INSTANCE_IDS, ids, false, &kept, &unused) < 0) return VNULL;
    if (list_size(raised) == 0) return kept ? kept : V_NONE;
    /* 3.11 wraps even a single raised exception (3.12 does not) */
    if (kept) list_append(raised, kept);
    return excgroup_create("", raised);
}

void excgroup_init(void) {
    Type *types[2] = {&exc_BaseExceptionGroup, &exc_ExceptionGroup};
    for (int i = 0; i < 2; i++) {
        types[i]->new_ = eg_new_slot;
        types[i]->str = eg_str;
    }
    type_add_methods(&exc_BaseExceptionGroup, eg_methods);
    type_add_getsets(&exc_BaseExceptionGroup, eg_getsets);
}
