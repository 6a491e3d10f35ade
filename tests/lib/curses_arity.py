# Every function of _curses, method of _curses.window and of
# _curses_panel.panel called with 0 to 11 arguments, and with arguments of
# the wrong types: the errors (Argument Clinic's and PyArg_ParseTuple's
# messages, each function's own) must be CPython's. Functions that would
# block, wait or change the terminal for good are left out. ncurses draws
# into a temporary file; results go to a copy of the real stdout.
import os, sys, tempfile
os.environ.update(TERM="xterm", LINES="24", COLUMNS="80")
import locale
# wide characters and the windows' encoding follow LC_CTYPE: the same
# whatever the environment's locale
locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
import curses, _curses, curses.panel
sys.stdout.flush()
out = os.fdopen(os.dup(1), "w")
f = tempfile.TemporaryFile(); os.dup2(f.fileno(), 1)
s = curses.initscr()
curses.start_color()
# these wait, read input, leave curses or change the terminal for the rest of the test
skip = {"endwin", "filter", "getwin", "initscr", "napms", "delay_output", "resizeterm", "resize_term", "halfdelay", "typeahead", "mousemask", "ungetmouse", "getmouse", "ungetch", "unget_wch", "setupterm", "putp", "flash", "beep", "reset_shell_mode", "reset_prog_mode", "use_env", "set_escdelay", "set_tabsize"}
for name in sorted(dir(_curses)):
    fn = getattr(_curses, name)
    if not callable(fn) or isinstance(fn, type) or name in skip: continue
    for n, v in [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (7, 1), (11, 1), (1, "x"), (2, None), (4, 2.5)]:
        try:
            fn(*([v] * n))
            r = "ok"
        except Exception as e:
            r = "%s: %s" % (type(e).__name__, e)
        print(name, n, repr(v), r, file=out)
w = curses.newwin(5, 10, 1, 1)
# these read input (they would block) or need another window
wskip = {"getch", "getkey", "get_wch", "getstr", "putwin", "overlay", "overwrite", "echochar"}
for name in sorted(dir(w)):
    if name.startswith("_") or name in wskip: continue
    fn = getattr(w, name)
    if not callable(fn): continue
    for n, v in [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (7, 1), (9, 1), (1, "x"), (2, None), (4, 2.5)]:
        w = curses.newwin(5, 10, 1, 1)
        fn = getattr(w, name)
        try:
            fn(*([v] * n))
            r = "ok"
        except Exception as e:
            r = "%s: %s" % (type(e).__name__, e)
        print("window." + name, n, repr(v), r, file=out)
p = curses.panel.new_panel(curses.newwin(2, 2))
for name in sorted(dir(p)):
    if name.startswith("_"): continue
    for n in (0, 1, 2, 3):
        try:
            getattr(p, name)(*([curses.newwin(1, 1)] * n if name == "replace" else [1] * n))
            r = "ok"
        except Exception as e:
            r = "%s: %s" % (type(e).__name__, e)
        print("panel." + name, n, r, file=out)
for name in ["new_panel", "top_panel", "bottom_panel", "update_panels"]:
    for n in (0, 1, 2):
        try:
            getattr(curses.panel, name)(*([1] * n)); r = "ok"
        except Exception as e:
            r = "%s: %s" % (type(e).__name__, e)
        print("panel mod." + name, n, r, file=out)
