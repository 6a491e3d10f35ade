/* _curses_panel.c: the _curses_panel module under curses.panel, on
 * ncursesw's libpanelw, with CPython 3.11's names and messages.
 *
 * A panel object owns its PANEL (del_panel at finalization, which takes
 * it off the stack, as CPython's dealloc does) and keeps its window
 * object alive, as one of its holders (curses_window.h): the window is
 * deleted after the panel, whatever order the collector finalizes them in. The library's stack hands back PANEL pointers (top_panel,
 * panel_above...); `panels` maps them back to their objects. That list is
 * malloc'd memory, which the collector does not scan: it does not keep a
 * panel alive, and a panel's finalizer takes it out.
 *
 * libpanelw (which needs libncursesw) is opened at the first import, after
 * _curses, whose window type the panels wrap. */
#include <ncursesw/panel.h>
#include <stdlib.h>

#include "curses_window.h"
#include "../util/dynlib.h"
#include "modules.h"

#define PANEL_LIB_API(X)                                                                         \
    X(new_panel) X(del_panel) X(panel_above) X(panel_below) X(top_panel) X(bottom_panel)         \
    X(hide_panel) X(show_panel) X(panel_hidden) X(move_panel) X(replace_panel) X(update_panels)
DYNLIB_DEFINE(libpanel, TPY_SONAME_PANELW, PANEL_LIB_API)
#define PN(f) (libpanel.f)

typedef struct PanelObject {
    Object hdr;
    PANEL *pan;
    Value window;    /* the CursesWindowObject the panel shows */
    Value userptr;   /* VNULL until set_userptr */
} PanelObject;

static Type panel_type;
static Value panel_error;   /* _curses_panel.error */

/* PANEL -> object, for the functions that return a panel of the stack */
typedef struct PanelEntry {
    PANEL *pan;
    PanelObject *obj;
    struct PanelEntry *next;
} PanelEntry;
static PanelEntry *panels;

static PanelObject *find_panel(PANEL *pan) {
    for (PanelEntry *e = panels; e; e = e->next)
        if (e->pan == pan) return e->obj;
    return NULL;
}
static void panel_finalize(void *obj) {
    PanelObject *p = obj;
    for (PanelEntry **e = &panels; *e; e = &(*e)->next)
        if ((*e)->obj == p) {
            PanelEntry *dead = *e;
            *e = dead->next;
            free(dead);
            break;
        }
    if (p->pan) PN(del_panel)(p->pan);
    p->pan = NULL;
    curses_window_release(p->window);
}

static Value check_err(int code, const char *fname) {
    if (code != ERR) return V_NONE;
    return err_format(V_AS(Type, panel_error), "%s() returned ERR", fname);
}

/* the object of pan (None for NULL), or RuntimeError when the panel was
 * made outside this module */
static Value panel_or_none(PANEL *pan, const char *fname) {
    if (!pan) return V_NONE;
    PanelObject *p = find_panel(pan);
    if (!p) return err_format(&exc_RuntimeError, "%s: can't find Panel Object", fname);
    return V_FROM_PTR(p);
}

#define SELF(args) V_AS(PanelObject, (args)[0])

/* Whether a method got its n arguments, with the messages of CPython
 * 3.11: most methods are parsed as methods with a defining class ("top()
 * takes no arguments"), above, below, hidden and window as plain ones
 * ("panel.above() takes no arguments (1 given)") */
static bool method_args(const char *name, size_t nargs, size_t n) {
    size_t given = nargs - 1;
    if (given == n) return true;
    if (n == 0) err_format(&exc_TypeError, "%s() takes no arguments", name);
    else if (given < n)
        err_format(&exc_TypeError, "%s() takes exactly %zu positional argument%s (%zu given)", name, n,
                   n == 1 ? "" : "s", given);
    else err_format(&exc_TypeError, "%s() takes at most %zu argument%s (%zu given)", name, n, n == 1 ? "" : "s", given);
    return false;
}
#define NOARGS(name) \
    if (!method_args(name, nargs, 0)) return VNULL
#define PLAIN_NOARGS(name) \
    if (arg_count("panel." name, nargs - 1, 0, 0) < 0) return VNULL

static Value pm_above(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    PLAIN_NOARGS("above");
    return panel_or_none(PN(panel_above)(SELF(args)->pan), "panel_above");
}
static Value pm_below(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    PLAIN_NOARGS("below");
    return panel_or_none(PN(panel_below)(SELF(args)->pan), "panel_below");
}
static Value pm_bottom(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    NOARGS("bottom");
    return check_err(PN(bottom_panel)(SELF(args)->pan), "bottom");
}
static Value pm_top(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    NOARGS("top");
    return check_err(PN(top_panel)(SELF(args)->pan), "top");
}
static Value pm_hide(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    NOARGS("hide");
    return check_err(PN(hide_panel)(SELF(args)->pan), "hide");
}
static Value pm_show(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    NOARGS("show");
    return check_err(PN(show_panel)(SELF(args)->pan), "show");
}
static Value pm_hidden(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    PLAIN_NOARGS("hidden");
    return v_bool(PN(panel_hidden)(SELF(args)->pan));
}
/* move(y, x): the panel's window to screen position (y, x) */
static Value pm_move(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!method_args("move", nargs, 2)) return VNULL;
    int y, x;
    if (index_as_c_int(args[1], &y) < 0 || index_as_c_int(args[2], &x) < 0) return VNULL;
    return check_err(PN(move_panel)(SELF(args)->pan, y, x), "move_panel");
}
/* replace(win): the panel shows win from now on */
static Value pm_replace(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!method_args("replace", nargs, 1)) return VNULL;
    if (!curses_window_check(args[1]))
        return err_format(&exc_TypeError, "replace() argument 1 must be _curses.window, not %s",
                          type_of(args[1])->tname);
    PanelObject *p = SELF(args);
    if (!find_panel(p->pan)) return err_set(V_AS(Type, panel_error), "replace_panel: can't find Panel Object");
    if (PN(replace_panel)(p->pan, V_AS(CursesWindowObject, args[1])->win) == ERR)
        return err_set(V_AS(Type, panel_error), "replace_panel() returned ERR");
    curses_window_hold(args[1]);
    curses_window_release(p->window);
    p->window = args[1];
    return V_NONE;
}
static Value pm_set_userptr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!method_args("set_userptr", nargs, 1)) return VNULL;
    SELF(args)->userptr = args[1];
    return V_NONE;
}
static Value pm_userptr(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    NOARGS("userptr");
    Value u = SELF(args)->userptr;
    if (!u) return err_set(V_AS(Type, panel_error), "no userptr set");
    return u;
}
static Value pm_window(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    PLAIN_NOARGS("window");
    return SELF(args)->window;
}

/* ---- module functions ------------------------------------------------------------------------ */
static Value mod_new_panel(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_curses_panel.new_panel", nargs, 1, 1) < 0) return VNULL;
    if (!curses_initscr_check()) return VNULL;
    if (!curses_window_check(args[0]))
        return err_format(&exc_TypeError, "new_panel() argument must be _curses.window, not %s",
                          type_of(args[0])->tname);
    PANEL *pan = PN(new_panel)(V_AS(CursesWindowObject, args[0])->win);
    if (!pan) return err_set(V_AS(Type, panel_error), "curses function returned NULL");
    PanelEntry *e = malloc(sizeof *e);
    if (!e) {
        PN(del_panel)(pan);
        return err_no_memory();
    }
    PanelObject *p = (PanelObject *)obj_alloc(&panel_type, sizeof *p);
    p->pan = pan;
    p->window = args[0];
    curses_window_hold(args[0]);
    p->userptr = VNULL;
    *e = (PanelEntry){pan, p, panels};
    panels = e;
    gc_register_finalizer(p, panel_finalize);
    return V_FROM_PTR(p);
}
/* the bottom panel is the one above none, the top one the one below none */
static Value mod_bottom_panel(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("_curses_panel.bottom_panel", nargs, 0, 0) < 0) return VNULL;
    if (!curses_initscr_check()) return VNULL;
    return panel_or_none(PN(panel_above)(NULL), "panel_above");
}
static Value mod_top_panel(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("_curses_panel.top_panel", nargs, 0, 0) < 0) return VNULL;
    if (!curses_initscr_check()) return VNULL;
    return panel_or_none(PN(panel_below)(NULL), "panel_below");
}
static Value mod_update_panels(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("_curses_panel.update_panels", nargs, 0, 0) < 0) return VNULL;
    if (!curses_initscr_check()) return VNULL;
    PN(update_panels)();
    return V_NONE;
}

static const MethodDef panel_methods[] = {
    {"above", pm_above, 0, NULL},
    {"below", pm_below, 0, NULL},
    {"bottom", pm_bottom, 0, NULL},
    {"hidden", pm_hidden, 0, NULL},
    {"hide", pm_hide, 0, NULL},
    {"move", pm_move, 0, NULL},
    {"replace", pm_replace, 0, NULL},
    {"set_userptr", pm_set_userptr, 0, NULL},
    {"show", pm_show, 0, NULL},
    {"top", pm_top, 0, NULL},
    {"userptr", pm_userptr, 0, NULL},
    {"window", pm_window, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static Type panel_type = {
    .tname = "_curses_panel.panel",
    .basicsize = sizeof(PanelObject),
    .flags = TF_ABSTRACT_NEW,
};
static const MethodDef panel_functions[] = {
    {"new_panel", mod_new_panel, 0, NULL},
    {"bottom_panel", mod_bottom_panel, 0, NULL},
    {"top_panel", mod_top_panel, 0, NULL},
    {"update_panels", mod_update_panels, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _curses_panel_module_create(void) {
    /* the window type and libncursesw first */
    if (!import_name(str_from_cstr("_curses"), VNULL, v_int(0), VNULL)) return VNULL;
    if (libpanel_load() < 0) return VNULL;
    if (!(panel_type.flags & TF_READY)) {
        panel_type.name = str_intern_cstr("panel");
        panel_type.module = str_intern_cstr("_curses_panel");
        type_add_methods(&panel_type, panel_methods);
        type_ready(&panel_type);
    }
    if (!panel_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_curses_panel"));
        panel_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!panel_error) return VNULL;
    }
    Value m = module_new_cstr("_curses_panel");
    module_add_functions(m, panel_functions);
    module_add(m, "panel", V_FROM_PTR(&panel_type));
    module_add(m, "error", panel_error);
    Value version = str_from_cstr("2.1");
    module_add(m, "version", version);
    module_add(m, "__version__", version);
    return m;
}
