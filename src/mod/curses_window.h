/* curses_window.h: what _curses_panel takes from _curses: the window type
 * and its objects (a panel wraps a window). _curses is imported first by
 * _curses_panel's creator, so the type is ready when a panel sees one. */
#ifndef TPY_MOD_CURSES_WINDOW_H
#define TPY_MOD_CURSES_WINDOW_H

#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

#include "../runtime.h"

/* The collector finalizes unreachable objects in no particular order, but
 * ncurses needs one: a subwindow is deleted before its parent (delwin
 * refuses a window with subwindows) and a panel before its window
 * (del_panel reads the window). So a window counts its holders, the
 * subwindows and panels that use it and are not finalized yet: its
 * finalizer deletes it only when there are none, else the last holder's
 * release does. (The objects themselves stay readable while finalizers run:
 * what a finalizable object points to is kept for that cycle.) */
typedef struct CursesWindowObject {
    Object hdr;
    WINDOW *win;     /* owned (delwin, see above) unless it is stdscr; NULL once deleted */
    Value encoding;  /* str: how str characters become bytes for this window */
    Value parent;    /* the window this one is a subwindow of, or VNULL */
    int holders;     /* subwindows and panels not finalized yet */
    bool finalized;  /* the finalizer ran: the last release deletes win */
} CursesWindowObject;

/* A new holder of w's WINDOW; and its end (after which w's WINDOW may be
 * deleted). */
void curses_window_hold(Value w);
void curses_window_release(Value w);

extern Type curses_window_type;

static inline bool curses_window_check(Value v) { return v_is_ptr(v) && type_of(v) == &curses_window_type; }

/* false with _curses.error "must call initscr() first" before initscr() */
bool curses_initscr_check(void);

#endif
