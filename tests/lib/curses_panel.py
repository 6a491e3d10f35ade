# _curses_panel (curses.panel) without a terminal: panels over windows of
# initscr() with the C stdout sent to a temporary file; the stack order and
# the screen's contents after update_panels() are printed on a copy of the
# real stdout.
import os
import sys
import tempfile

os.environ.update(TERM="xterm", LINES="24", COLUMNS="80")
import locale
# wide characters and the windows' encoding follow LC_CTYPE: the same
# whatever the environment's locale
locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
import curses
import curses.panel
import _curses_panel

sys.stdout.flush()
out = os.fdopen(os.dup(1), "w")
def show(*args):
    print(*args, file=out, flush=True)

def plain(args):
    """args as printed: objects by their type's name (no addresses)"""
    simple = (int, str, bytes, float, list, type(None))
    return tuple(a if isinstance(a, simple) else type(a).__name__ for a in args)

def attempt(f, *args):
    try:
        r = f(*args)
    except Exception as e:
        show(" ", f.__name__, plain(args), "->", type(e).__name__, e)
    else:
        show(" ", f.__name__, plain(args), "=", r)

show("module", _curses_panel.version, _curses_panel.__version__, _curses_panel.error,
     _curses_panel.error is curses.error, curses.panel.panel)
attempt(curses.panel.top_panel)
attempt(curses.panel.update_panels)

saved = os.dup(1)
screen_file = tempfile.TemporaryFile()
os.dup2(screen_file.fileno(), 1)
stdscr = curses.initscr()
show("empty stack", curses.panel.top_panel(), curses.panel.bottom_panel())

wins = [curses.newwin(3, 6, 1 + i, 2 + 2 * i) for i in range(3)]
for i, w in enumerate(wins):
    w.bkgd(str(i))
panels = [curses.panel.new_panel(w) for w in wins]
for i, p in enumerate(panels):
    p.set_userptr(("panel", i))
names = {id(p): p.userptr()[1] for p in panels}
def name(p):
    return None if p is None else names[id(p)]
def stack():
    order, p = [], curses.panel.bottom_panel()
    while p is not None:
        order.append(name(p))
        p = p.above()
    return order
show("stack", stack(), name(curses.panel.top_panel()), name(curses.panel.bottom_panel()))
show("above/below", name(panels[0].above()), name(panels[0].below()), name(panels[2].above()),
     name(panels[2].below()))
show("window", panels[1].window() is wins[1], type(panels[1]).__name__, type(panels[1]).__module__)
curses.panel.update_panels()
curses.doupdate()
panels[0].top()
show("top", stack())
panels[0].bottom()
show("bottom", stack())
panels[1].hide()
show("hide", panels[1].hidden(), panels[0].hidden(), stack())
attempt(panels[1].hide)
panels[1].show()
show("show", panels[1].hidden(), stack())
panels[2].move(5, 10)
show("move", wins[2].getbegyx())
attempt(panels[2].move, 100, 100)
attempt(panels[2].move, 1)
other = curses.newwin(2, 3, 0, 0)
other.bkgd("x")
panels[2].replace(other)
show("replace", panels[2].window() is other)
attempt(panels[2].replace, 1)
show("userptr", panels[0].userptr(), panels[2].userptr())
p = curses.panel.new_panel(curses.newwin(1, 1))
attempt(p.userptr)
value = ["shared"]
for i in range(100):
    p.set_userptr(value)
show("set_userptr", p.userptr() is value)
p.set_userptr(None)
show("set_userptr None", p.userptr())
attempt(curses.panel.new_panel, 1)
attempt(curses.panel.new_panel)
attempt(panels[0].top, 1)
attempt(panels[0].set_userptr)
attempt(type(p))
show("dir", [n for n in dir(p) if not n.startswith("_")])

# panels, windows and subwindows dropped together: each is deleted after
# what uses it (a panel before its window, a subwindow before its parent),
# whatever order they are collected in
import gc
for i in range(200):
    w = curses.newwin(4, 4, i % 10, i % 10)
    s = w.subwin(2, 2, i % 10 + 1, i % 10 + 1)
    d = s.derwin(1, 1, 0, 0)
    q = curses.panel.new_panel(d if i % 2 else w)
    if i % 3 == 0:
        q.replace(curses.newwin(1, 1))
    del w, s, d, q
    if i % 50 == 0:
        gc.collect()
gc.collect()
curses.panel.update_panels()
show("dropped panels collected")
attempt(curses.endwin)
os.dup2(saved, 1)
os.close(saved)
