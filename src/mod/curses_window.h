/* curses_window.h: what _curses_panel takes from _curses: the window type
 * and its objects (a panel wraps a window). _curses is imported first by
 * _curses_panel's creator, so the type is ready when a panel sees one. */
#ifndef TPY_MOD_CURSES_WINDOW_H
#define TPY_MOD_CURSES_WINDOW_H

#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

#include "../runtime.h"

typedef struct CursesWindowObject {
    Object hdr;
    WINDOW *win;     /* owned (delwin at finalization) unless it is stdscr */
    Value encoding;  /* str: how str characters become bytes for this window */
    Value parent;    /* the window this one is a subwindow of, or VNULL: a
                        parent outlives its subwindows (delwin refuses a
                        window that still has some) */
} CursesWindowObject;

extern Type curses_window_type;

static inline bool curses_window_check(Value v) { return v_is_ptr(v) && type_of(v) == &curses_window_type; }

#endif
