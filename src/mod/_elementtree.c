/* _elementtree.c: the C half of xml.etree.ElementTree, which ends with
 * `from _elementtree import *` and `_set_factories(Comment,
 * ProcessingInstruction)`: Element, SubElement, TreeBuilder, XMLParser and
 * ParseError, with the behaviour and messages of CPython 3.11's C module
 * (which differ from the pure-Python classes in places: copies make plain
 * Elements, itertext() includes comments' text, TreeBuilder.close()
 * returns None without a root, end() does not check the tag, XMLParser
 * reports doctypes through expat rather than its default handler).
 *
 * An Element keeps its children in a list (VNULL until the first one) and
 * its attributes in a dict (VNULL until asked for or given). Every child
 * is an Element: the methods that add children check it, so the
 * iterators and copies may rely on it.
 *
 * XMLParser drives libexpat itself, as pyexpat.c does (its memory on the
 * collected heap, its unknown-encoding handler: pyexpat.h). When its
 * target is a TreeBuilder (exactly) it calls the builder's C operations,
 * which also report the events _setevents asked for (XMLPullParser,
 * iterparse); any other target gets its methods called. */
#include <string.h>

#include "../runtime.h"
#include "modules.h"
#include "pyexpat.h"

typedef struct ElementObject {
    Object hdr;
    Value tag;
    Value text, tail;    /* None when unset */
    Value attrib;        /* dict, or VNULL: none yet */
    Value children;      /* list of Elements, or VNULL: none yet */
} ElementObject;

/* an iterator over a tree, depth first: element or text mode */
typedef struct ElementIterObject {
    Object hdr;
    Value root;              /* the element to visit first; VNULL once visited */
    Value sought_tag;        /* VNULL: every element */
    bool gettext;            /* itertext(): the texts and tails */
    Value *parents;          /* stack of the elements being walked */
    int64_t *next_child;     /* ... and the index of the child to visit next */
    int64_t depth, cap;
} ElementIterObject;

typedef struct TreeBuilderObject {
    Object hdr;
    Value root;              /* the first element started; VNULL: none */
    Value this_;             /* the open element children go into; None at top */
    Value last;              /* the element text goes to; None before the first */
    Value last_for_tail;     /* VNULL, or the element whose tail data goes to */
    Value data;              /* VNULL, one data item, or a list of them */
    Value stack;             /* list: the open elements' parents */
    Value element_factory;   /* VNULL: Element */
    Value comment_factory, pi_factory;   /* VNULL: none */
    bool insert_comments, insert_pis;
    /* XMLParser._setevents: the queue's append, and the name of each kind
       of event asked for (VNULL: not asked for) */
    Value events_append;
    Value start_event, end_event, start_ns_event, end_ns_event, comment_event, pi_event;
} TreeBuilderObject;

typedef struct XMLParserObject {
    Object hdr;
    XML_Parser parser;       /* NULL: __init__ has not run */
    Value target;            /* a TreeBuilder is driven directly */
    Value entity;            /* dict: the values of entities the document does not declare */
    Value names;             /* dict: expat's names -> their str */
    /* the target's methods, VNULL where it has none */
    Value handle_start, handle_end, handle_data, handle_comment, handle_pi, handle_close, handle_doctype,
        handle_start_ns, handle_end_ns;
} XMLParserObject;

static Type element_type, element_iter_type, treebuilder_type, xmlparser_type;
static Value parse_error;        /* ParseError, a SyntaxError */
static Value elementpath;        /* xml.etree.ElementPath, imported at first use */
static Value deepcopy_func;      /* copy.deepcopy, imported at first use */
static Value default_comment_factory, default_pi_factory;   /* _set_factories */

#define ELEM(v) V_AS(ElementObject, v)
#define TB(v) V_AS(TreeBuilderObject, v)

static bool element_check(Value v) { return v_is_ptr(v) && v && obj_isinstance_type(v, &element_type); }

static Value expected_element(Value v) {
    return err_format(&exc_TypeError, "expected an Element, not \"%s\"", type_of(v)->tname);
}

/* "f() argument N must be xml.etree.ElementTree.Element, not T", as
 * Argument Clinic's subclass_of check; argno 0: "argument" alone */
static Value bad_element_arg(const char *fname, int argno, Value v) {
    if (argno) return err_format(&exc_TypeError, "%s() argument %d must be xml.etree.ElementTree.Element, not %T",
                                 fname, argno, v);
    return err_format(&exc_TypeError, "%s() argument must be xml.etree.ElementTree.Element, not %T", fname, v);
}

static Value bad_dict_arg(const char *fname, int argno, Value v) {
    return err_format(&exc_TypeError, "%s() argument %d must be dict, not %T", fname, argno, v);
}

/* ---- Element ---------------------------------------------------------------------------------- */

static Value element_alloc(Type *t) {
    ElementObject *e = V_AS(ElementObject, instance_new(t));
    e->tag = e->text = e->tail = V_NONE;
    return V_FROM_PTR(e);
}

/* a plain Element, as CPython's create_new_element: attrib is kept as given */
static Value element_make(Value tag, Value attrib) {
    Value e = element_alloc(&element_type);
    ELEM(e)->tag = tag;
    if (attrib && dict_size(attrib) > 0) ELEM(e)->attrib = attrib;
    return e;
}

static int64_t element_nchildren(Value self) {
    Value c = ELEM(self)->children;
    return c ? list_size(c) : 0;
}

static Value element_children(Value self) {
    if (!ELEM(self)->children) ELEM(self)->children = list_new(0);
    return ELEM(self)->children;
}

static Value element_attrib(Value self) {
    if (!ELEM(self)->attrib) ELEM(self)->attrib = dict_new();
    return ELEM(self)->attrib;
}

static int element_add_child(Value self, Value child) {
    if (!element_check(child)) {
        expected_element(child);
        return -1;
    }
    list_append(element_children(self), child);
    return 0;
}

/* the keyword arguments as a dict; an `attrib` keyword (a dict) is merged
 * under the others, as CPython's get_attrib_from_keywords */
static Value attrib_from_keywords(Value *kwvalues, Value kwnames) {
    Value d = dict_new();
    int64_t n = tuple_size(kwnames);
    for (int64_t i = 0; i < n; i++) {
        if (!str_eq_cstr(tuple_get(kwnames, i), "attrib")) continue;
        Value a = kwvalues[i];
        if (!dict_check(a)) return err_format(&exc_TypeError, "attrib must be dict, not %T", a);
        if (dict_update(d, a) < 0) return VNULL;
    }
    for (int64_t i = 0; i < n; i++) {
        Value k = tuple_get(kwnames, i);
        if (str_eq_cstr(k, "attrib")) continue;
        if (dict_set(d, k, kwvalues[i]) < 0) return VNULL;
    }
    return d;
}

/* the attributes of Element(tag, attrib, **extra) and SubElement() */
static Value attrib_from_call(Value attrib, Value *kwvalues, Value kwnames) {
    if (attrib) {
        Value d = dict_copy(attrib);
        if (!d) return VNULL;
        if (kwnames) {
            for (int64_t i = 0; i < tuple_size(kwnames); i++)
                if (dict_set(d, tuple_get(kwnames, i), kwvalues[i]) < 0) return VNULL;
        }
        return d;
    }
    if (kwnames && tuple_size(kwnames) > 0) return attrib_from_keywords(kwvalues, kwnames);
    return VNULL;
}

static Value element_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return element_alloc(t);
}

/* Element(tag, attrib={}, /, **extra): PyArg_ParseTuple's "O|O!:Element" */
static int element_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1) {
        err_format(&exc_TypeError, "Element() takes at least 1 argument (%zd given)", (ssize_t)nargs);
        return -1;
    }
    if (nargs > 2) {
        err_format(&exc_TypeError, "Element() takes at most 2 arguments (%zd given)", (ssize_t)nargs);
        return -1;
    }
    Value attrib = nargs > 1 ? args[1] : VNULL;
    if (attrib && !dict_check(attrib)) {
        bad_dict_arg("Element", 2, attrib);
        return -1;
    }
    Value a = attrib_from_call(attrib, args + nargs, kwnames);
    if (!a && err_occurred()) return -1;
    ElementObject *e = ELEM(self);
    e->tag = args[0];
    e->attrib = a;
    return 0;
}

static Value element_repr(Value self) {
    int r = repr_enter(self);
    if (r < 0) return VNULL;
    if (r > 0) return err_format(&exc_RuntimeError, "reentrant call inside %s.__repr__", type_of(self)->tname);
    Value tag = obj_repr(ELEM(self)->tag);
    repr_leave(self);
    if (!tag) return VNULL;
    return str_printf("<Element %U at %p>", tag, (void *)V_OBJ(self));
}

/* tag, text, tail, attrib: none may be deleted */
static int no_delete(Value v) {
    if (v) return 0;
    err_set(&exc_AttributeError, "can't delete element attribute");
    return -1;
}
static Value get_tag(Value self) { return ELEM(self)->tag; }
static int set_tag(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    ELEM(self)->tag = v;
    return 0;
}
static Value get_text(Value self) { return ELEM(self)->text; }
static int set_text(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    ELEM(self)->text = v;
    return 0;
}
static Value get_tail(Value self) { return ELEM(self)->tail; }
static int set_tail(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    ELEM(self)->tail = v;
    return 0;
}
static Value get_attrib(Value self) { return element_attrib(self); }
static int set_attrib(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    if (!dict_check(v)) {
        err_format(&exc_TypeError, "attrib must be dict, not %T", v);
        return -1;
    }
    ELEM(self)->attrib = v;
    return 0;
}

/* sequence protocol */
static int64_t element_len(Value self) { return element_nchildren(self); }

static int index_arg(Value key, int64_t *out) {
    if (!int_check(key)) {
        if (!v_is_ptr(key) || !type_lookup(type_of(key), NAME(__index__))) {
            err_set(&exc_TypeError, "element indices must be integers");
            return -1;
        }
        key = obj_index(key);
        if (!key) return -1;
    }
    int64_t i = int_as_i64(key);
    if (i == -1 && err_occurred()) {
        if (!err_matches(&exc_OverflowError)) return -1;
        err_clear();
        i = int_sign(key) < 0 ? INT64_MIN : INT64_MAX;
    }
    *out = i;
    return 0;
}

static Value element_getitem(Value self, Value key) {
    if (slice_check(key)) {
        if (!ELEM(self)->children) return list_new(0);
        return obj_getitem(ELEM(self)->children, key);
    }
    int64_t i;
    if (index_arg(key, &i) < 0) return VNULL;
    int64_t n = element_nchildren(self);
    if (i < 0) i += n;
    if (i < 0 || i >= n) return err_set(&exc_IndexError, "child index out of range");
    return list_get(ELEM(self)->children, i);
}

static int element_setitem(Value self, Value key, Value v) {
    if (slice_check(key)) {
        Value children = element_children(self);
        if (!v) return obj_delitem(children, key);
        Value items = list_from_iterable(v);
        if (!items) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                err_format(&exc_TypeError, "expected sequence, not \"%s\"", type_of(v)->tname);
            }
            return -1;
        }
        for (int64_t i = 0; i < list_size(items); i++) {
            if (!element_check(list_get(items, i))) {
                expected_element(list_get(items, i));
                return -1;
            }
        }
        return obj_setitem(children, key, items);
    }
    int64_t i;
    if (index_arg(key, &i) < 0) return -1;
    int64_t n = element_nchildren(self);
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
        err_set(&exc_IndexError, "child assignment index out of range");
        return -1;
    }
    Value children = ELEM(self)->children;
    if (!v) {
        Value r = list_pop(children, i);
        return r ? 0 : -1;
    }
    if (!element_check(v)) {
        expected_element(v);
        return -1;
    }
    list_items(children)[i] = v;
    return 0;
}

/* methods: args[0] is self */
static const ArgSpec append_spec = {"append", 1, 1, 0, {"subelement", NULL}};
static Value m_append(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&append_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!element_check(a[0])) return bad_element_arg("append", 0, a[0]);
    list_append(element_children(args[0]), a[0]);
    return V_NONE;
}

static Value m_clear(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clear", nargs - 1, 0, 0) < 0) return VNULL;
    (void)kwnames;
    ElementObject *e = ELEM(args[0]);
    e->attrib = VNULL;
    e->children = VNULL;
    e->text = V_NONE;
    e->tail = V_NONE;
    return V_NONE;
}

static const ArgSpec extend_spec = {"extend", 1, 1, 0, {"elements", NULL}};
static Value m_extend(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&extend_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value items = list_from_iterable(a[0]);
    if (!items) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return err_format(&exc_TypeError, "expected sequence, not \"%s\"", type_of(a[0])->tname);
        }
        return VNULL;
    }
    for (int64_t i = 0; i < list_size(items); i++)
        if (element_add_child(args[0], list_get(items, i)) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec insert_spec = {"insert", 2, 2, 0, {"index", "subelement", NULL}};
static Value m_insert(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&insert_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!int_check(a[0])) {
        a[0] = obj_index(a[0]);
        if (!a[0]) return VNULL;
    }
    int64_t i = int_as_i64(a[0]);
    if (i == -1 && err_occurred()) return VNULL;
    if (!element_check(a[1])) return bad_element_arg("insert", 2, a[1]);
    Value children = element_children(args[0]);
    int64_t n = list_size(children);
    if (i < 0) i = i + n < 0 ? 0 : i + n;
    if (i > n) i = n;
    if (list_insert(children, i, a[1]) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec remove_spec = {"remove", 1, 1, 0, {"subelement", NULL}};
static Value m_remove(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&remove_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!element_check(a[0])) return bad_element_arg("remove", 0, a[0]);
    Value children = ELEM(args[0])->children;
    for (int64_t i = 0; children && i < list_size(children); i++) {
        Value c = list_get(children, i);
        int eq = c == a[0] ? 1 : obj_richcompare_bool(c, a[0], CMP_EQ);
        if (eq < 0) return VNULL;
        /* the comparison may have changed the list */
        if (eq && i < list_size(children)) {
            if (!list_pop(children, i)) return VNULL;
            return V_NONE;
        }
    }
    return err_set(&exc_ValueError, "list.remove(x): x not in list");
}

static const ArgSpec get_spec = {"get", 0, 1, 0, {"key", "default=None", NULL}};
static Value m_get(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&get_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value dflt = a[1] ? a[1] : V_NONE;
    Value attrib = ELEM(args[0])->attrib;
    if (!attrib) return dflt;
    Value v = dict_get(attrib, a[0]);
    if (v) return v;
    return err_occurred() ? VNULL : dflt;
}

static const ArgSpec set_spec = {"set", 2, 2, 0, {"key", "value", NULL}};
static Value m_set(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&set_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (dict_set(element_attrib(args[0]), a[0], a[1]) < 0) return VNULL;
    return V_NONE;
}

static Value m_keys(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("keys", nargs - 1, 0, 0) < 0) return VNULL;
    Value attrib = ELEM(args[0])->attrib;
    return attrib ? dict_keys_list(attrib) : list_new(0);
}

static Value m_items(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("items", nargs - 1, 0, 0) < 0) return VNULL;
    Value attrib = ELEM(args[0])->attrib;
    Value r = list_new(attrib ? dict_size(attrib) : 0);
    if (!attrib) return r;
    int64_t pos = 0;
    Value k, v;
    while (dict_next(attrib, &pos, &k, &v)) list_append(r, tuple_pack(2, k, v));
    return r;
}

static const ArgSpec makeelement_spec = {"makeelement", 2, 2, 0, {"tag", "attrib", NULL}};
static Value m_makeelement(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&makeelement_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!dict_check(a[1])) return bad_dict_arg("makeelement", 2, a[1]);
    Value attrib = dict_copy(a[1]);
    if (!attrib) return VNULL;
    return element_make(a[0], attrib);
}

/* ---- ElementPath: find, findtext, findall, iterfind -------------------------------------------- */

static Value import_attr(const char *module, const char *attr) {
    Value m = import_name(str_from_cstr(module), tuple_pack(1, str_from_cstr(attr)), v_int(0), VNULL);
    if (!m) return VNULL;
    return obj_getattr_cstr(m, attr);
}

static Value path_call(const char *fn, Value *args, size_t n) {
    if (!elementpath) {
        Value m = import_name(str_from_cstr("xml.etree.ElementPath"), tuple_pack(1, str_from_cstr("find")), v_int(0),
                              VNULL);
        if (!m) return VNULL;
        elementpath = m;
    }
    return obj_call_method(elementpath, fn, args, n);
}

static const ArgSpec find_spec = {"find", 0, 1, 0, {"path", "namespaces=None", NULL}};
static const ArgSpec findall_spec = {"findall", 0, 1, 0, {"path", "namespaces=None", NULL}};
static const ArgSpec iterfind_spec = {"iterfind", 0, 1, 0, {"path", "namespaces=None", NULL}};
static const ArgSpec findtext_spec = {"findtext", 0, 1, 0, {"path", "default=None", "namespaces=None", NULL}};

static Value find_like(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value call[3] = {args[0], a[0], a[1] ? a[1] : V_NONE};
    return path_call(spec->fname, call, 3);
}
static Value m_find(Value *args, size_t nargs, Value kwnames) { return find_like(&find_spec, args, nargs, kwnames); }
static Value m_findall(Value *args, size_t nargs, Value kwnames) {
    return find_like(&findall_spec, args, nargs, kwnames);
}
static Value m_iterfind(Value *args, size_t nargs, Value kwnames) {
    return find_like(&iterfind_spec, args, nargs, kwnames);
}
static Value m_findtext(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&findtext_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value call[4] = {args[0], a[0], a[1] ? a[1] : V_NONE, a[2] ? a[2] : V_NONE};
    return path_call("findtext", call, 4);
}

/* ---- iter, itertext ------------------------------------------------------------------------------- */

static Value element_iter_make(Value root, Value tag, bool gettext) {
    ElementIterObject *it = (ElementIterObject *)obj_alloc(&element_iter_type, sizeof(ElementIterObject));
    it->root = root;
    it->gettext = gettext;
    /* None and "*" both mean every element */
    if (tag && tag != V_NONE && !(str_check(tag) && str_eq_cstr(tag, "*"))) it->sought_tag = tag;
    return V_FROM_PTR(it);
}

static void element_iter_push(ElementIterObject *it, Value elem) {
    if (it->depth == it->cap) {
        int64_t cap = it->cap ? it->cap * 2 : 8;
        Value *p = gc_alloc((size_t)cap * sizeof(Value));
        int64_t *n = gc_alloc_atomic((size_t)cap * sizeof(int64_t));
        if (it->depth) {
            memcpy(p, it->parents, (size_t)it->depth * sizeof(Value));
            memcpy(n, it->next_child, (size_t)it->depth * sizeof(int64_t));
        }
        it->parents = p;
        it->next_child = n;
        it->cap = cap;
    }
    it->parents[it->depth] = elem;
    it->next_child[it->depth] = 0;
    it->depth++;
}

/* Depth first, each element before its children; in text mode each
 * element's text before its children and, but for the root's, its tail
 * after them. Children are read as the walk reaches them, so changes to
 * the tree during the walk are seen. */
static Value element_iter_next(Value self) {
    ElementIterObject *it = V_AS(ElementIterObject, self);
    for (;;) {
        Value elem;
        if (!it->depth) {
            if (!it->root) return VNULL;
            elem = it->root;
            it->root = VNULL;
        } else {
            Value parent = it->parents[it->depth - 1];
            int64_t i = it->next_child[it->depth - 1];
            if (i >= element_nchildren(parent)) {
                it->depth--;
                if (it->gettext && it->depth) {
                    Value tail = ELEM(parent)->tail;
                    if (tail == V_NONE) continue;
                    int t = obj_truth(tail);
                    if (t < 0) return VNULL;
                    if (t) return tail;
                }
                continue;
            }
            elem = list_get(ELEM(parent)->children, i);
            it->next_child[it->depth - 1] = i + 1;
        }
        element_iter_push(it, elem);
        if (it->gettext) {
            Value text = ELEM(elem)->text;
            if (text == V_NONE) continue;
            int t = obj_truth(text);
            if (t < 0) return VNULL;
            if (t) return text;
            continue;
        }
        if (!it->sought_tag) return elem;
        int eq = obj_richcompare_bool(ELEM(elem)->tag, it->sought_tag, CMP_EQ);
        if (eq < 0) return VNULL;
        if (eq) return elem;
    }
}

static Value iter_self(Value v) { return v; }

static const ArgSpec iter_spec = {"iter", 0, 0, 0, {"tag=None", NULL}};
static Value m_iter(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&iter_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return element_iter_make(args[0], a[0], false);
}

static Value m_itertext(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("itertext", nargs - 1, 0, 0) < 0) return VNULL;
    return element_iter_make(args[0], VNULL, true);
}

/* ---- copies and pickling ------------------------------------------------------------------------ */

static Value m_copy(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__copy__", nargs - 1, 0, 0) < 0) return VNULL;
    ElementObject *e = ELEM(args[0]);
    Value attrib = VNULL;
    if (e->attrib) attrib = dict_copy(e->attrib);
    Value c = element_make(e->tag, attrib);
    ELEM(c)->text = e->text;
    ELEM(c)->tail = e->tail;
    if (e->children) ELEM(c)->children = list_slice(e->children, 0, list_size(e->children));
    return c;
}

static Value deepcopy(Value v, Value memo) {
    if (!deepcopy_func) {
        deepcopy_func = import_attr("copy", "deepcopy");
        if (!deepcopy_func) return VNULL;
    }
    /* strings are immutable: the common case needs no call */
    if (v == V_NONE || str_check_exact(v)) return v;
    return obj_call2(deepcopy_func, v, memo);
}

static const ArgSpec deepcopy_spec = {"__deepcopy__", 1, 1, 0, {"memo", NULL}};
static Value m_deepcopy(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&deepcopy_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value memo = a[0];
    if (!dict_check(memo)) return err_format(&exc_TypeError, "__deepcopy__() argument must be dict, not %T", memo);
    ElementObject *e = ELEM(args[0]);
    Value tag = deepcopy(e->tag, memo);
    if (!tag) return VNULL;
    Value attrib = VNULL;
    if (e->attrib) {
        attrib = deepcopy(e->attrib, memo);
        if (!attrib) return VNULL;
    }
    Value c = element_make(tag, VNULL);
    ELEM(c)->attrib = attrib;
    if (!(ELEM(c)->text = deepcopy(e->text, memo))) return VNULL;
    if (!(ELEM(c)->tail = deepcopy(e->tail, memo))) return VNULL;
    if (e->children) {
        Value children = list_new(list_size(e->children));
        for (int64_t i = 0; i < list_size(e->children); i++) {
            Value child = deepcopy(list_get(e->children, i), memo);
            if (!child) return VNULL;
            if (!element_check(child)) return expected_element(child);
            list_append(children, child);
        }
        ELEM(c)->children = children;
    }
    /* memo[id(self)] = the copy, as copy.deepcopy does */
    Value id = int_from_u64((uint64_t)(uintptr_t)V_OBJ(args[0]));
    if (dict_set(memo, id, c) < 0) return VNULL;
    return c;
}

static Value m_sizeof(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__sizeof__", nargs - 1, 0, 0) < 0) return VNULL;
    Type *t = type_of(args[0]);
    int64_t size = t->basicsize;
    if (ELEM(args[0])->children) size += list_size(ELEM(args[0])->children) * (int64_t)sizeof(Value);
    return v_int(size);
}

static Value m_getstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__getstate__", nargs - 1, 0, 0) < 0) return VNULL;
    ElementObject *e = ELEM(args[0]);
    Value d = dict_new();
    Value children = e->children ? list_slice(e->children, 0, list_size(e->children)) : list_new(0);
    if (dict_set_cstr(d, "tag", e->tag) < 0 || dict_set_cstr(d, "_children", children) < 0 ||
        dict_set_cstr(d, "attrib", e->attrib ? e->attrib : dict_new()) < 0 ||
        dict_set_cstr(d, "text", e->text) < 0 || dict_set_cstr(d, "tail", e->tail) < 0)
        return VNULL;
    return d;
}

static const ArgSpec setstate_spec = {"__setstate__", 1, 1, 0, {"state", NULL}};
static Value m_setstate(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&setstate_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value state = a[0];
    if (!dict_check(state))
        return err_format(&exc_TypeError, "Don't know how to unpickle \"%R\" as an Element", state);
    Value tag = dict_get_cstr(state, "tag");
    Value attrib = dict_get_cstr(state, "attrib");
    Value text = dict_get_cstr(state, "text");
    Value tail = dict_get_cstr(state, "tail");
    Value children = dict_get_cstr(state, "_children");
    if (err_occurred()) return VNULL;
    if (!tag) return err_set(&exc_TypeError, "tag may not be NULL");
    if (children && !list_check(children)) return err_set(&exc_TypeError, "'_children' is not a list");
    if (children) {
        for (int64_t i = 0; i < list_size(children); i++)
            if (!element_check(list_get(children, i))) return expected_element(list_get(children, i));
    }
    if (attrib && attrib != V_NONE && !dict_check(attrib))
        return err_format(&exc_TypeError, "attrib must be dict, not %T", attrib);
    ElementObject *e = ELEM(args[0]);
    e->tag = tag;
    e->text = text ? text : V_NONE;
    e->tail = tail ? tail : V_NONE;
    e->children = children && list_size(children) ? list_slice(children, 0, list_size(children)) : VNULL;
    e->attrib = attrib && attrib != V_NONE ? dict_copy(attrib) : VNULL;
    return V_NONE;
}

/* ---- SubElement, _set_factories ----------------------------------------------------------------- */

/* SubElement(parent, tag, attrib={}, /, **extra): "O!O|O!:SubElement" */
static Value m_SubElement(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 2)
        return err_format(&exc_TypeError, "SubElement() takes at least 2 arguments (%zd given)", (ssize_t)nargs);
    if (nargs > 3)
        return err_format(&exc_TypeError, "SubElement() takes at most 3 arguments (%zd given)", (ssize_t)nargs);
    if (!element_check(args[0])) return bad_element_arg("SubElement", 1, args[0]);
    Value attrib = nargs > 2 ? args[2] : VNULL;
    if (attrib && !dict_check(attrib)) return bad_dict_arg("SubElement", 3, attrib);
    Value a = attrib_from_call(attrib, args + nargs, kwnames);
    if (!a && err_occurred()) return VNULL;
    Value e = element_make(args[1], a);
    list_append(element_children(args[0]), e);
    return e;
}

static const ArgSpec set_factories_spec = {"_set_factories", 2, 2, 0, {"comment_factory", "pi_factory", NULL}};
static Value m_set_factories(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&set_factories_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value old = tuple_pack(2, default_comment_factory ? default_comment_factory : V_NONE,
                           default_pi_factory ? default_pi_factory : V_NONE);
    for (int i = 0; i < 2; i++) {
        if (a[i] != V_NONE && type_of(a[i])->call == NULL)
            return err_format(&exc_TypeError, "%s must be callable, not %T", i ? "PI factory" : "Comment factory",
                              a[i]);
    }
    default_comment_factory = a[0] == V_NONE ? VNULL : a[0];
    default_pi_factory = a[1] == V_NONE ? VNULL : a[1];
    return old;
}

/* ---- TreeBuilder ---------------------------------------------------------------------------------- */

static Value treebuilder_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    TreeBuilderObject *b = V_AS(TreeBuilderObject, instance_new(t));
    b->this_ = b->last = V_NONE;
    b->stack = list_new(0);
    return V_FROM_PTR(b);
}

static const ArgSpec treebuilder_spec = {"TreeBuilder", 0, 0, 4,
    {"element_factory=None", "comment_factory=None", "pi_factory=None", "insert_comments=False",
     "insert_pis=False", NULL}};
static int treebuilder_init(Value self, Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&treebuilder_spec, args, nargs, kwnames, a) < 0) return -1;
    TreeBuilderObject *b = TB(self);
    b->element_factory = a[0] && a[0] != V_NONE ? a[0] : VNULL;
    b->comment_factory = a[1] && a[1] != V_NONE ? a[1] : default_comment_factory;
    b->pi_factory = a[2] && a[2] != V_NONE ? a[2] : default_pi_factory;
    int t = a[3] ? obj_truth(a[3]) : 0;
    if (t < 0) return -1;
    b->insert_comments = t;
    t = a[4] ? obj_truth(a[4]) : 0;
    if (t < 0) return -1;
    b->insert_pis = t;
    return 0;
}

static int add_subelement(Value parent, Value child) {
    if (type_of(parent) == &element_type) return element_add_child(parent, child);
    Value r = obj_call_method(parent, "append", &child, 1);
    return r ? 0 : -1;
}

/* the data gathered: one item as is, several joined */
static Value joined_data(Value data) {
    if (!list_check_exact(data)) return data;
    Value sep = str_from_cstr("");
    return obj_call_method(sep, "join", &data, 1);
}

/* add the gathered data to last's text, or last_for_tail's tail */
static int treebuilder_flush(TreeBuilderObject *b) {
    if (!b->data) return 0;
    bool tail = b->last_for_tail != VNULL;
    Value elem = tail ? b->last_for_tail : b->last;
    Value joined = joined_data(b->data);
    if (!joined) return -1;
    b->data = VNULL;
    if (type_of(elem) == &element_type) {
        Value *dest = tail ? &ELEM(elem)->tail : &ELEM(elem)->text;
        if (*dest == V_NONE) {
            *dest = joined;
            return 0;
        }
    }
    Value name = str_intern_cstr(tail ? "tail" : "text");
    Value previous = obj_getattr(elem, name);
    if (!previous) return -1;
    if (previous != V_NONE) {
        joined = obj_binop(previous, joined, BINOP_ADD);
        if (!joined) return -1;
    }
    return obj_setattr(elem, name, joined);
}

/* (action, node) to the events queue of an XMLParser's _setevents; action
 * VNULL: that kind of event is not asked for */
static int treebuilder_event(TreeBuilderObject *b, Value action, Value node) {
    if (!action || !b->events_append) return 0;
    Value r = obj_call1(b->events_append, tuple_pack(2, action, node));
    return r ? 0 : -1;
}

/* The builder's operations, for its methods and for XMLParser, which calls
 * them directly when its target is a TreeBuilder. */

static Value treebuilder_data(TreeBuilderObject *b, Value data) {
    if (!b->data) {
        /* data before the first start is dropped */
        if (b->last == V_NONE) return V_NONE;
        b->data = data;
    } else if (list_check_exact(b->data)) {
        list_append(b->data, data);
    } else {
        b->data = list_from_array((Value[]){b->data, data}, 2);
    }
    return V_NONE;
}

/* attrib VNULL: none (the factory gets an empty dict) */
static Value treebuilder_start(TreeBuilderObject *b, Value tag, Value attrib) {
    if (treebuilder_flush(b) < 0) return VNULL;
    Value node;
    if (!b->element_factory) node = element_make(tag, attrib);
    else node = obj_call2(b->element_factory, tag, attrib ? attrib : dict_new());
    if (!node) return VNULL;
    if (b->this_ != V_NONE) {
        if (add_subelement(b->this_, node) < 0) return VNULL;
    } else {
        if (b->root) return err_set(V_AS(Type, parse_error), "multiple elements on top level");
        b->root = node;
    }
    list_append(b->stack, b->this_);
    b->this_ = node;
    b->last = node;
    b->last_for_tail = VNULL;
    if (treebuilder_event(b, b->start_event, node) < 0) return VNULL;
    return node;
}

static Value treebuilder_end(TreeBuilderObject *b) {
    if (treebuilder_flush(b) < 0) return VNULL;
    if (list_size(b->stack) == 0) return err_set(&exc_IndexError, "pop from empty stack");
    b->last = b->this_;
    b->last_for_tail = b->this_;
    b->this_ = list_pop(b->stack, list_size(b->stack) - 1);
    if (treebuilder_event(b, b->end_event, b->last) < 0) return VNULL;
    return b->last;
}

/* a comment or processing instruction made by factory (VNULL: none, the
 * node is `plain`), put in the tree when insert, reported as action */
static Value treebuilder_single(TreeBuilderObject *b, Value factory, bool insert, Value *fargs, size_t n, Value plain,
                                Value action) {
    if (treebuilder_flush(b) < 0) return VNULL;
    Value node = plain;
    if (factory) {
        node = obj_call(factory, fargs, n, VNULL);
        if (!node) return VNULL;
        if (insert && b->this_ != V_NONE) {
            if (add_subelement(b->this_, node) < 0) return VNULL;
            b->last_for_tail = node;
        }
    }
    if (treebuilder_event(b, action, node) < 0) return VNULL;
    return node;
}

static Value treebuilder_comment(TreeBuilderObject *b, Value text) {
    return treebuilder_single(b, b->comment_factory, b->insert_comments, &text, 1, text, b->comment_event);
}

static Value treebuilder_pi(TreeBuilderObject *b, Value target, Value text) {
    Value a[2] = {target, text};
    return treebuilder_single(b, b->pi_factory, b->insert_pis, a, 2, b->pi_factory ? VNULL : tuple_pack(2, target, text),
                              b->pi_event);
}

static Value treebuilder_done(TreeBuilderObject *b) { return b->root ? b->root : V_NONE; }

static const ArgSpec tb_data_spec = {"data", 1, 1, 0, {"data", NULL}};
static Value tb_data(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&tb_data_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return treebuilder_data(TB(args[0]), a[0]);
}

static const ArgSpec tb_start_spec = {"start", 2, 2, 0, {"tag", "attrs", NULL}};
static Value tb_start(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&tb_start_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!dict_check(a[1])) return bad_dict_arg("start", 2, a[1]);
    return treebuilder_start(TB(args[0]), a[0], a[1]);
}

static const ArgSpec tb_end_spec = {"end", 1, 1, 0, {"tag", NULL}};
static Value tb_end(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&tb_end_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return treebuilder_end(TB(args[0]));
}

static const ArgSpec tb_comment_spec = {"comment", 1, 1, 0, {"text", NULL}};
static Value tb_comment(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&tb_comment_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return treebuilder_comment(TB(args[0]), a[0]);
}

static const ArgSpec tb_pi_spec = {"pi", 2, 1, 0, {"target", "text=None", NULL}};
static Value tb_pi(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&tb_pi_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return treebuilder_pi(TB(args[0]), a[0], a[1] ? a[1] : V_NONE);
}

static Value tb_close(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("close", nargs - 1, 0, 0) < 0) return VNULL;
    return treebuilder_done(TB(args[0]));
}

/* ---- XMLParser ------------------------------------------------------------------------------------ */
/* expat reports names with namespaces as "uri}local" (the separator is
 * '}'): they become "{uri}local". Handlers do nothing while an exception
 * is pending (expat goes on to the end of the data it was given, as under
 * CPython); the parse then returns with it. */

static Value parser_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return instance_new(t);
}

/* a name from expat as a str, cached by its raw form */
static Value universal_name(XMLParserObject *self, const XML_Char *s) {
    size_t n = strlen(s);
    Value raw = str_new(s, n);
    Value v = dict_get(self->names, raw);
    if (v || err_occurred()) return v;
    v = raw;
    if (memchr(s, '}', n)) v = str_concat(str_from_cstr("{"), raw);
    if (!v || dict_set(self->names, raw, v) < 0) return VNULL;
    return v;
}

static bool target_is_builder(XMLParserObject *self) { return type_of(self->target) == &treebuilder_type; }

/* ParseError("<message>: line L, column C") with code and position */
static void set_parse_error(enum XML_Error code, int64_t line, int64_t column, const char *message) {
    if (!message) message = XML_ErrorString(code);
    Value msg = str_printf("%s: line %lld, column %lld", message ? message : "(null)", (long long)line,
                           (long long)column);
    Value e = obj_call1(parse_error, msg);
    if (!e) return;
    if (obj_setattr(e, str_intern_cstr("code"), v_int(code)) < 0 ||
        obj_setattr(e, str_intern_cstr("position"), tuple_pack(2, v_int(line), v_int(column))) < 0)
        return;
    err_set_exc(e);
}

static void on_start(void *ud, const XML_Char *name, const XML_Char **atts) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value tag = universal_name(self, name);
    if (!tag) return;
    Value attrib = VNULL;
    if (atts[0]) {
        attrib = dict_new();
        for (; atts[0] && atts[1]; atts += 2) {
            Value key = universal_name(self, atts[0]);
            if (!key || dict_set(attrib, key, str_new(atts[1], strlen(atts[1]))) < 0) return;
        }
    }
    if (target_is_builder(self)) treebuilder_start(TB(self->target), tag, attrib);
    else if (self->handle_start) obj_call2(self->handle_start, tag, attrib ? attrib : dict_new());
}

static void on_end(void *ud, const XML_Char *name) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    if (target_is_builder(self)) {
        treebuilder_end(TB(self->target));
    } else if (self->handle_end) {
        Value tag = universal_name(self, name);
        if (tag) obj_call1(self->handle_end, tag);
    }
}

static void on_data(void *ud, const XML_Char *s, int len) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value data = str_new(s, (size_t)len);
    if (target_is_builder(self)) treebuilder_data(TB(self->target), data);
    else if (self->handle_data) obj_call1(self->handle_data, data);
}

/* what expat does not expand itself: a reference to an entity the
 * document does not declare, looked up in the parser's entity dict */
static void on_default(void *ud, const XML_Char *s, int len) {
    XMLParserObject *self = ud;
    if (len < 2 || s[0] != '&' || err_occurred()) return;
    Value key = str_new(s + 1, (size_t)len - 2);
    Value value = dict_get(self->entity, key);
    if (value) {
        if (target_is_builder(self)) treebuilder_data(TB(self->target), value);
        else if (self->handle_data) obj_call1(self->handle_data, value);
    } else if (!err_occurred()) {
        char message[128] = "undefined entity ";
        strncat(message, s, len < 100 ? (size_t)len : 100);
        set_parse_error(XML_ERROR_UNDEFINED_ENTITY, (int64_t)XML_GetErrorLineNumber(self->parser),
                        (int64_t)XML_GetErrorColumnNumber(self->parser), message);
    }
}

static void on_comment(void *ud, const XML_Char *text) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value comment = str_from_cstr(text);
    if (target_is_builder(self)) treebuilder_comment(TB(self->target), comment);
    else if (self->handle_comment) obj_call1(self->handle_comment, comment);
}

static void on_pi(void *ud, const XML_Char *target, const XML_Char *data) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value t = str_from_cstr(target), d = str_from_cstr(data);
    if (target_is_builder(self)) treebuilder_pi(TB(self->target), t, d);
    else if (self->handle_pi) obj_call2(self->handle_pi, t, d);
}

static void on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid, const XML_Char *pubid,
                       int has_internal_subset) {
    (void)has_internal_subset;
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value n = universal_name(self, name);
    if (!n) return;
    Value sys = sysid ? str_from_cstr(sysid) : V_NONE, pub = pubid ? str_from_cstr(pubid) : V_NONE;
    if (self->handle_doctype) {
        Value a[3] = {n, pub, sys};
        obj_call(self->handle_doctype, a, 3, VNULL);
        return;
    }
    Value own = obj_getattr_opt(V_FROM_PTR(self), str_intern_cstr("doctype"));
    if (own)
        warn_c(&exc_RuntimeWarning,
               str_from_cstr("The doctype() method of XMLParser is ignored.  "
                             "Define doctype() method on the TreeBuilder target."),
               1);
}

static void on_start_ns(void *ud, const XML_Char *prefix, const XML_Char *uri) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    Value p = str_from_cstr(prefix ? prefix : ""), u = str_from_cstr(uri ? uri : "");
    if (target_is_builder(self)) {
        TreeBuilderObject *b = TB(self->target);
        treebuilder_event(b, b->start_ns_event, tuple_pack(2, p, u));
    } else if (self->handle_start_ns) {
        obj_call2(self->handle_start_ns, p, u);
    }
}

static void on_end_ns(void *ud, const XML_Char *prefix) {
    XMLParserObject *self = ud;
    if (err_occurred()) return;
    if (target_is_builder(self)) {
        TreeBuilderObject *b = TB(self->target);
        treebuilder_event(b, b->end_ns_event, V_NONE);
    } else if (self->handle_end_ns) {
        obj_call1(self->handle_end_ns, str_from_cstr(prefix ? prefix : ""));
    }
}

/* target.name, or VNULL when it has none */
static Value target_method(Value target, const char *name) {
    return obj_getattr_opt(target, str_intern_cstr(name));
}

static const ArgSpec parser_spec = {"XMLParser", 0, 0, 2, {"target=None", "encoding=None", NULL}};
static int parser_init(Value selfv, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&parser_spec, args, nargs, kwnames, a) < 0) return -1;
    const char *encoding = NULL;
    if (a[1] && a[1] != V_NONE) {
        if (!str_check(a[1])) {
            err_format(&exc_TypeError, "XMLParser() argument 'encoding' must be str or None, not %T", a[1]);
            return -1;
        }
        encoding = arg_str_utf8(a[1], "XMLParser", 2);
        if (!encoding) return -1;
        if (strlen(encoding) != (size_t)str_nbytes(a[1])) {
            err_set(&exc_ValueError, "embedded null character");
            return -1;
        }
    }
    XMLParserObject *self = V_AS(XMLParserObject, selfv);
    self->entity = dict_new();
    self->names = dict_new();
    self->parser = XML_ParserCreate_MM(encoding, &pyexpat_memsuite, "}");
    if (!self->parser) {
        err_set(&exc_MemoryError, "");
        return -1;
    }
    Value target = a[0] && a[0] != V_NONE ? a[0] : treebuilder_new(&treebuilder_type, NULL, 0, VNULL);
    if (!target) return -1;
    self->target = target;
    Value *handles[] = {&self->handle_start, &self->handle_end, &self->handle_data, &self->handle_comment,
                        &self->handle_pi, &self->handle_close, &self->handle_doctype, &self->handle_start_ns,
                        &self->handle_end_ns};
    static const char *const names[] = {"start", "end", "data", "comment", "pi", "close", "doctype", "start_ns",
                                        "end_ns"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *handles[i] = target_method(target, names[i]);
        if (!*handles[i] && err_occurred()) return -1;
    }
    XML_Parser p = self->parser;
    XML_SetUserData(p, self);
    if (self->handle_start_ns || self->handle_end_ns) XML_SetNamespaceDeclHandler(p, on_start_ns, on_end_ns);
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetDefaultHandlerExpand(p, on_default);
    XML_SetCharacterDataHandler(p, on_data);
    if (self->handle_comment) XML_SetCommentHandler(p, on_comment);
    if (self->handle_pi) XML_SetProcessingInstructionHandler(p, on_pi);
    XML_SetStartDoctypeDeclHandler(p, on_doctype);
    XML_SetUnknownEncodingHandler(p, pyexpat_unknown_encoding, NULL);
    return 0;
}

static int parser_ready(XMLParserObject *self) {
    if (self->parser) return 0;
    err_set(&exc_ValueError, "XMLParser.__init__() wasn't called");
    return -1;
}

static Value parse_chunk(XMLParserObject *self, const char *s, int64_t n, bool final) {
    if (n > INT32_MAX) return err_set(&exc_OverflowError, "size does not fit in an int");
    int ok = XML_Parse(self->parser, s, (int)n, final);
    if (err_occurred()) return VNULL;
    if (!ok) {
        set_parse_error(XML_GetErrorCode(self->parser), (int64_t)XML_GetErrorLineNumber(self->parser),
                        (int64_t)XML_GetErrorColumnNumber(self->parser), NULL);
        return VNULL;
    }
    return V_NONE;
}

/* the UTF-8 of a str; strings with surrogates (WTF-8 inside) are refused
 * by the strict encoder, as PyUnicode_AsUTF8AndSize refuses them */
static Value str_utf8_bytes(Value s, const char **p, int64_t *n) {
    if (!str_is_ascii(s) && memmem(str_data(s), (size_t)str_nbytes(s), "\xed", 1)) {
        Value b = bytes_encode_str(s, VNULL, VNULL);
        if (!b) return VNULL;
        *p = bytes_data(b);
        *n = bytes_size(b);
        return b;
    }
    *p = str_data(s);
    *n = str_nbytes(s);
    return s;
}

static const ArgSpec feed_spec = {"feed", 1, 1, 0, {"data", NULL}};
static Value xp_feed(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&feed_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    XMLParserObject *self = V_AS(XMLParserObject, args[0]);
    if (parser_ready(self) < 0) return VNULL;
    const char *s;
    int64_t n;
    if (str_check(a[0])) {
        if (!str_utf8_bytes(a[0], &s, &n)) return VNULL;
        if (n > INT32_MAX) return err_set(&exc_OverflowError, "size does not fit in an int");
        XML_SetEncoding(self->parser, "utf-8");   /* refused once parsing started: ignored */
    } else {
        BufferInfo bi;
        if (buffer_get(a[0], &bi, false) < 0) return VNULL;
        /* handlers run Python code, which may resize a bytearray: parse a copy */
        char *copy = gc_alloc_atomic(bi.len ? (size_t)bi.len : 1);
        memcpy(copy, bi.data, (size_t)bi.len);
        s = copy;
        n = bi.len;
    }
    return parse_chunk(self, s, n, false);
}

static Value xp_close(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("close", nargs - 1, 0, 0) < 0) return VNULL;
    XMLParserObject *self = V_AS(XMLParserObject, args[0]);
    if (parser_ready(self) < 0) return VNULL;
    Value r = parse_chunk(self, "", 0, true);
    if (!r) return VNULL;
    if (target_is_builder(self)) return treebuilder_done(TB(self->target));
    if (self->handle_close) return obj_call0(self->handle_close);
    return r;
}

static const ArgSpec parse_whole_spec = {"_parse_whole", 1, 1, 0, {"file", NULL}};
static Value xp_parse_whole(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&parse_whole_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    XMLParserObject *self = V_AS(XMLParserObject, args[0]);
    if (parser_ready(self) < 0) return VNULL;
    Value read = obj_getattr_cstr(a[0], "read");
    if (!read) return VNULL;
    for (;;) {
        Value chunk = obj_call1(read, v_int(64 * 1024));
        if (!chunk) return VNULL;
        const char *s;
        int64_t n;
        if (str_check_exact(chunk)) {
            if (str_len(chunk) == 0) break;
            /* encoded with surrogatepass: tpy's str bytes are that already */
            s = str_data(chunk);
            n = str_nbytes(chunk);
        } else if (type_of(chunk) == &bytes_type && bytes_size(chunk) > 0) {
            s = bytes_data(chunk);
            n = bytes_size(chunk);
        } else {
            break;
        }
        if (!parse_chunk(self, s, n, false)) return VNULL;
    }
    Value r = parse_chunk(self, "", 0, true);
    if (r && target_is_builder(self)) return treebuilder_done(TB(self->target));
    return r;
}

static const ArgSpec setevents_spec = {"_setevents", 2, 1, 0, {"events_queue", "events_to_report=None", NULL}};
static Value xp_setevents(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&setevents_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    XMLParserObject *self = V_AS(XMLParserObject, args[0]);
    if (parser_ready(self) < 0) return VNULL;
    if (!target_is_builder(self))
        return err_set(&exc_TypeError, "event handling only supported for ElementTree.TreeBuilder targets");
    TreeBuilderObject *b = TB(self->target);
    Value append = obj_getattr_cstr(a[0], "append");
    if (!append) return VNULL;
    b->events_append = append;
    b->start_event = b->end_event = b->start_ns_event = b->end_ns_event = b->comment_event = b->pi_event = VNULL;
    Value events = a[1] ? a[1] : V_NONE;
    if (events == V_NONE) {
        b->end_event = str_from_cstr("end");
        return V_NONE;
    }
    Value seq = list_from_iterable(events);
    if (!seq) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, "events must be a sequence");
        }
        return VNULL;
    }
    for (int64_t i = 0; i < list_size(seq); i++) {
        Value name = list_get(seq, i);
        const char *ev;
        if (str_check(name)) ev = str_data(name);
        else if (bytes_check(name)) ev = bytes_data(name);
        else return err_set(&exc_ValueError, "invalid events sequence");
        if (!strcmp(ev, "start")) {
            b->start_event = name;
        } else if (!strcmp(ev, "end")) {
            b->end_event = name;
        } else if (!strcmp(ev, "start-ns")) {
            b->start_ns_event = name;
            XML_SetNamespaceDeclHandler(self->parser, on_start_ns, on_end_ns);
        } else if (!strcmp(ev, "end-ns")) {
            b->end_ns_event = name;
            XML_SetNamespaceDeclHandler(self->parser, on_start_ns, on_end_ns);
        } else if (!strcmp(ev, "comment")) {
            b->comment_event = name;
            XML_SetCommentHandler(self->parser, on_comment);
        } else if (!strcmp(ev, "pi")) {
            b->pi_event = name;
            XML_SetProcessingInstructionHandler(self->parser, on_pi);
        } else {
            return err_format(&exc_ValueError, "unknown event '%s'", ev);
        }
    }
    return V_NONE;
}

static Value xp_get_target(Value self) {
    Value t = V_AS(XMLParserObject, self)->target;
    return t ? t : V_NONE;
}
static Value xp_get_entity(Value self) {
    Value e = V_AS(XMLParserObject, self)->entity;
    return e ? e : V_NONE;
}
static Value xp_get_version(Value self) {
    (void)self;
    return str_printf("Expat %d.%d.%d", XML_MAJOR_VERSION, XML_MINOR_VERSION, XML_MICRO_VERSION);
}

/* ---- tables ------------------------------------------------------------------------------------ */

static const GetSetDef element_getsets[] = {
    {"tag", get_tag, set_tag, "A string identifying what kind of data this element represents"},
    {"text", get_text, set_text, "A string of text directly after the start tag, or None"},
    {"tail", get_tail, set_tail, "A string of text directly after the end tag, or None"},
    {"attrib", get_attrib, set_attrib, "A dictionary containing the element's attributes"},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef element_methods[] = {
    {"clear", m_clear, 0, NULL, NULL},
    {"get", m_get, MF_KEYWORDS, NULL, &get_spec},
    {"set", m_set, 0, NULL, &set_spec},
    {"find", m_find, MF_KEYWORDS, NULL, &find_spec},
    {"findtext", m_findtext, MF_KEYWORDS, NULL, &findtext_spec},
    {"findall", m_findall, MF_KEYWORDS, NULL, &findall_spec},
    {"append", m_append, 0, NULL, &append_spec},
    {"extend", m_extend, 0, NULL, &extend_spec},
    {"insert", m_insert, 0, NULL, &insert_spec},
    {"remove", m_remove, 0, NULL, &remove_spec},
    {"iter", m_iter, MF_KEYWORDS, NULL, &iter_spec},
    {"itertext", m_itertext, 0, NULL, NULL},
    {"iterfind", m_iterfind, MF_KEYWORDS, NULL, &iterfind_spec},
    {"items", m_items, 0, NULL, NULL},
    {"keys", m_keys, 0, NULL, NULL},
    {"makeelement", m_makeelement, 0, NULL, &makeelement_spec},
    {"__copy__", m_copy, 0, NULL, NULL},
    {"__deepcopy__", m_deepcopy, 0, NULL, &deepcopy_spec},
    {"__sizeof__", m_sizeof, 0, NULL, NULL},
    {"__getstate__", m_getstate, 0, NULL, NULL},
    {"__setstate__", m_setstate, 0, NULL, &setstate_spec},
    {NULL, NULL, 0, NULL, NULL},
};

static const MethodDef treebuilder_methods[] = {
    {"data", tb_data, 0, NULL, &tb_data_spec},
    {"start", tb_start, 0, NULL, &tb_start_spec},
    {"end", tb_end, 0, NULL, &tb_end_spec},
    {"comment", tb_comment, 0, NULL, &tb_comment_spec},
    {"pi", tb_pi, 0, NULL, &tb_pi_spec},
    {"close", tb_close, 0, NULL, NULL},
    {NULL, NULL, 0, NULL, NULL},
};

static const MethodDef xmlparser_methods[] = {
    {"feed", xp_feed, 0, NULL, &feed_spec},
    {"close", xp_close, 0, NULL, NULL},
    {"_parse_whole", xp_parse_whole, 0, NULL, &parse_whole_spec},
    {"_setevents", xp_setevents, 0, NULL, &setevents_spec},
    {NULL, NULL, 0, NULL, NULL},
};

static const GetSetDef xmlparser_members[] = {
    {"target", xp_get_target, NULL, NULL},
    {"entity", xp_get_entity, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef xmlparser_getsets[] = {
    {"version", xp_get_version, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* weakly referable, as CPython's (test_xml_etree's test_weakref) */
static Type element_type = {
    .tname = "xml.etree.ElementTree.Element",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(ElementObject),
    .new_ = element_new,
    .init = element_init,
    .repr = element_repr,
    .len = element_len,
    .getitem = element_getitem,
    .setitem = element_setitem,
};

static Type element_iter_type = {
    .tname = "_elementtree._element_iterator",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(ElementIterObject),
    .iter = iter_self,
    .iternext = element_iter_next,
};

static Type treebuilder_type = {
    .tname = "xml.etree.ElementTree.TreeBuilder",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(TreeBuilderObject),
    .new_ = treebuilder_new,
    .init = treebuilder_init,
    .sig = &treebuilder_spec,
};

static Type xmlparser_type = {
    .tname = "xml.etree.ElementTree.XMLParser",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(XMLParserObject),
    .new_ = parser_new,
    .init = parser_init,
    .sig = &parser_spec,
};

static const MethodDef elementtree_functions[] = {
    {"SubElement", m_SubElement, MF_KEYWORDS, NULL, NULL},
    {"_set_factories", m_set_factories, 0,
     "Change the factories used to create comments and processing instructions.\n\n"
     "For internal use only.", &set_factories_spec},
    {NULL, NULL, 0, NULL, NULL},
};

static void type_setup(Type *t, const char *module, const char *name) {
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr(module);
}

Value _elementtree_module_create(void) {
    if (!(element_type.flags & TF_READY)) {
        type_setup(&element_type, "xml.etree.ElementTree", "Element");
        type_add_getsets(&element_type, element_getsets);
        type_add_methods(&element_type, element_methods);
        type_ready(&element_type);
        type_setup(&element_iter_type, "_elementtree", "_element_iterator");
        type_ready(&element_iter_type);
        type_setup(&treebuilder_type, "xml.etree.ElementTree", "TreeBuilder");
        type_add_methods(&treebuilder_type, treebuilder_methods);
        type_ready(&treebuilder_type);
        type_setup(&xmlparser_type, "xml.etree.ElementTree", "XMLParser");
        type_add_methods(&xmlparser_type, xmlparser_methods);
        type_add_members(&xmlparser_type, xmlparser_members);
        type_add_getsets(&xmlparser_type, xmlparser_getsets);
        type_ready(&xmlparser_type);
    }
    if (!parse_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_SyntaxError)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("xml.etree.ElementTree"));
        parse_error = type_new_class(&type_type, str_from_cstr("ParseError"), bases, ns, VNULL);
        if (!parse_error) return VNULL;
    }
    Value m = module_new_cstr("_elementtree");
    module_add_functions(m, elementtree_functions);
    module_add(m, "Element", V_FROM_PTR(&element_type));
    module_add(m, "TreeBuilder", V_FROM_PTR(&treebuilder_type));
    module_add(m, "XMLParser", V_FROM_PTR(&xmlparser_type));
    module_add(m, "ParseError", parse_error);
    return m;
}
