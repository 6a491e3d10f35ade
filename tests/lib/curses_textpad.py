# The curses package's Python parts on _curses: curses.wrapper,
# curses.textpad.Textbox edited with keys pushed by ungetch(),
# curses.textpad.rectangle, curses.ascii and curses.has_key, without a
# terminal (ncurses draws into a temporary file; results are printed on a
# copy of the real stdout).
import os
import sys
import threading

os.environ.update(TERM="xterm", LINES="24", COLUMNS="80")
import locale
# wide characters and the windows' encoding follow LC_CTYPE: the same
# whatever the environment's locale
locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
import curses
import curses.ascii
import curses.has_key
import curses.textpad
import _curses

sys.stdout.flush()
out = os.fdopen(os.dup(1), "w")
def show(*args):
    print(*args, file=out, flush=True)

saved = os.dup(1)
master, slave = os.openpty()
os.dup2(slave, 1)
drained = []
def drain():
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:   # EIO: the terminal's side is closed
            break
        if not data:
            break
        drained.append(len(data))
drainer = threading.Thread(target=drain)
drainer.start()

def push(keys):
    for k in reversed(keys):
        curses.ungetch(k)

def main(stdscr):
    show("wrapper", type(stdscr).__name__, curses.isendwin(), curses.COLORS, curses.COLOR_PAIRS)
    win = curses.newwin(4, 20, 2, 2)
    box = curses.textpad.Textbox(win)
    push(list("hello") + [curses.ascii.SP] + list("world") + [curses.KEY_LEFT] * 5 + [curses.ascii.ctrl("k")]
         + [curses.ascii.NL] + list("line two") + [curses.ascii.BEL])
    show("edit", repr(box.edit()))
    win.erase()
    box = curses.textpad.Textbox(win, insert_mode=True)
    push(list("abc") + [curses.KEY_HOME, ord("X"), curses.KEY_END, curses.ascii.BS, ord("Z"), curses.ascii.BEL])
    show("insert mode", repr(box.edit()))
    win.erase()
    box = curses.textpad.Textbox(win)
    upper = []
    def validate(ch):
        upper.append(ch)
        return ord(chr(ch).upper()) if 97 <= ch <= 122 else ch
    push(list("shout") + [curses.ascii.BEL])
    show("validate", repr(box.edit(validate)), len(upper))
    box.stripspaces = False
    show("gather", repr(box.gather()[:12]))
    rect = curses.newwin(6, 12, 0, 0)
    curses.textpad.rectangle(rect, 0, 0, 4, 10)
    show("rectangle", [hex(rect.inch(y, x)) == hex(c) for y, x, c in
                       [(0, 0, curses.ACS_ULCORNER), (0, 5, curses.ACS_HLINE), (2, 0, curses.ACS_VLINE),
                        (4, 10, curses.ACS_LRCORNER)]])
    # the issue 13051 case: insert into a box whose window shrank
    win2 = curses.newwin(5, 15, 2, 5)
    box2 = curses.textpad.Textbox(win2, insert_mode=True)
    lines, cols = win2.getmaxyx()
    win2.resize(lines - 2, cols - 2)
    box2._insert_printable_char("a")
    show("issue13051", win2.instr(0, 0))
    return "returned"

show(curses.wrapper(main), curses.isendwin())
try:
    curses.wrapper(lambda stdscr: 1 / 0)
except ZeroDivisionError as e:
    show("wrapper re-raises", type(e).__name__, curses.isendwin())

show("has_key", [curses.has_key.has_key(k) for k in (curses.KEY_UP, curses.KEY_F1, 13)],
     [_curses.has_key(k) for k in (curses.KEY_UP, 13)])
show("ascii", curses.ascii.unctrl("\x8a"), curses.ascii.ctrl("J"), curses.ascii.alt("A"), curses.ascii.isprint("a"),
     [curses.ascii.controlnames[i] for i in (0, 10, 27, 32)])
os.dup2(saved, 1)
os.close(saved)
os.close(slave)
drainer.join()
show("terminal output drained", sum(drained) > 0)
