# _curses's module-level functions without a terminal: terminfo through
# setupterm() on a temporary file, then initscr() with the C stdout (where
# ncurses draws) sent to that file; what curses returns is printed on a
# copy of the real stdout.
import os
import sys
import tempfile

os.environ.update(TERM="xterm", LINES="24", COLUMNS="80")
import locale
# wide characters and the windows' encoding follow LC_CTYPE: the same
# whatever the environment's locale
locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
import curses
import _curses

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

show("version", _curses.version, _curses.__version__, type(curses.ncurses_version).__name__,
     curses.ncurses_version.major >= 6, len(curses.ncurses_version))
show("constants", curses.A_BOLD, curses.A_REVERSE, curses.A_COLOR, curses.A_CHARTEXT, curses.A_ITALIC,
     curses.COLOR_RED, curses.COLOR_WHITE, curses.ERR, curses.OK)
show("keys", curses.KEY_MIN, curses.KEY_MAX, curses.KEY_UP, curses.KEY_F1, curses.KEY_F12, curses.KEY_RESIZE,
     curses.KEY_ENTER, len([k for k in dir(curses) if k.startswith("KEY_")]))
show("mouse", curses.BUTTON1_PRESSED, curses.BUTTON3_CLICKED, curses.BUTTON5_PRESSED, curses.BUTTON_SHIFT,
     curses.ALL_MOUSE_EVENTS, curses.REPORT_MOUSE_POSITION)
show("error", curses.error, curses.error.__mro__[1].__name__, curses.window)
show("no ACS before initscr", hasattr(_curses, "ACS_VLINE"), hasattr(_curses, "LINES"))
show("has_extended_color_support", curses.has_extended_color_support())

show("before setupterm:")
for f, args in [(curses.tigetstr, ("cr",)), (curses.tparm, (b"x",)), (curses.newwin, (2, 2)),
                (curses.baudrate, ()), (curses.start_color, ()), (curses.keyname, (65,)),
                (curses.unctrl, ("a",)), (curses.has_colors, ()), (curses.isendwin, ())]:
    attempt(f, *args)

term_file = tempfile.TemporaryFile()
curses.setupterm(term="xterm", fd=term_file.fileno())
curses.setupterm("xterm", term_file.fileno())   # once done, a no-op
show("terminfo:")
for cap in ["cols", "lines", "colors", "hc", "cr"]:
    show(" ", cap, curses.tigetflag(cap), curses.tigetnum(cap), curses.tigetstr(cap))
cup = curses.tigetstr("cup")
show("  cup", cup, curses.tparm(cup, 5, 10), curses.tparm(curses.tigetstr("cud"), 2))
attempt(curses.tigetstr, 1)
attempt(curses.tparm, "x")

sys.stdout.flush()
saved = os.dup(1)
screen_file = tempfile.TemporaryFile()
os.dup2(screen_file.fileno(), 1)
stdscr = curses.initscr()
show("initscr", type(stdscr).__name__, stdscr.getmaxyx(), curses.LINES, curses.COLS,
     _curses.LINES, _curses.COLS, curses.initscr().getmaxyx())
acs = sorted(k for k in dir(_curses) if k.startswith("ACS_"))
show("ACS", len(acs), acs[:5], _curses.ACS_HLINE == _curses.ACS_BSBS, _curses.ACS_ULCORNER & 0xff,
     bool(_curses.ACS_ULCORNER & curses.A_ALTCHARSET))
show("encoding", stdscr.encoding)

show("queries", curses.termname(), curses.longname()[:5], type(curses.baudrate()).__name__,
     curses.has_ic(), curses.has_il(), curses.termattrs() & curses.A_BOLD != 0,
     curses.erasechar(), curses.killchar(), curses.isendwin())
show("has_colors", curses.has_colors(), curses.can_change_color())
attempt(curses.color_pair, 1)
curses.start_color()
show("colors", curses.COLORS, curses.COLOR_PAIRS, _curses.COLORS)
show("color_content", [curses.color_content(c) for c in range(3)])
show("pair_content", curses.pair_content(0))
curses.init_pair(1, curses.COLOR_RED, curses.COLOR_BLUE)
curses.init_pair(2, 7, 0)
show("pairs", curses.pair_content(1), curses.pair_content(2), curses.color_pair(1), curses.color_pair(2),
     curses.pair_number(curses.color_pair(2) | curses.A_BOLD))
for f, args in [(curses.color_content, (-1,)), (curses.color_content, (8,)), (curses.color_content, (2**64,)),
                (curses.init_pair, (-1, 0, 0)), (curses.init_pair, (2**31, 0, 0)), (curses.init_pair, (1, 8, 0)),
                (curses.init_pair, (1, 0, "x")), (curses.init_pair, (70, 0, 0)), (curses.pair_content, (100,)),
                (curses.init_color, (1, 1001, 0, 0)), (curses.init_color, (1, 0, -1, 0)),
                (curses.init_color, (1, 0, 0, 0)), (curses.init_pair, (1, 0))]:
    attempt(f, *args)
curses.use_default_colors()
show("use_default_colors", curses.pair_content(0))

show("keyname", curses.keyname(65), curses.keyname(1), curses.keyname(127), curses.keyname(0),
     curses.keyname(curses.KEY_LEFT), curses.keyname(curses.KEY_F5), curses.keyname(1000))
attempt(curses.keyname, -1)
show("unctrl", curses.unctrl("a"), curses.unctrl(b"\n"), curses.unctrl(27), curses.unctrl(0x80))
for arg in ["", "ab", b"", 2**64, -1, 1.5, None, "\u20ac"]:
    attempt(curses.unctrl, arg)

for c in "xy\n"[::-1]:
    curses.ungetch(c)
show("getch", stdscr.getch(), stdscr.getkey(), stdscr.getch())
curses.ungetch(b"A")
curses.ungetch(66)
show("getkey", stdscr.getkey(), stdscr.getkey())
curses.ungetch(curses.KEY_UP)
show("getkey KEY_UP", stdscr.getkey())
curses.ungetch(1025)
show("getkey 1025", repr(stdscr.getkey()))
for ch in ["a", "\xe9", "\u20ac", "\U0010ffff", 0x263a]:
    curses.unget_wch(ch)
    show("get_wch", repr(stdscr.get_wch()))
stdscr.keypad(True)
curses.ungetch(curses.KEY_DOWN)
show("get_wch key", stdscr.get_wch(), curses.KEY_DOWN)
stdscr.keypad(False)
for arg in ["ab", 1.5, -1, 2**40]:
    attempt(curses.unget_wch, arg)
stdscr.nodelay(True)
attempt(stdscr.getkey)
attempt(stdscr.get_wch)
show("getch nodelay", stdscr.getch())
stdscr.nodelay(False)

show("mousemask", curses.mousemask(curses.BUTTON1_PRESSED | curses.BUTTON1_RELEASED))
curses.mouseinterval(10)
curses.ungetmouse(1, 3, 4, 0, curses.BUTTON1_PRESSED)
show("getmouse", curses.getmouse())
attempt(curses.getmouse)

esc, tab = curses.get_escdelay(), curses.get_tabsize()
curses.set_escdelay(25)
curses.set_tabsize(4)
show("escdelay tabsize", esc, tab, curses.get_escdelay(), curses.get_tabsize())
attempt(curses.set_escdelay, 0)
attempt(curses.set_tabsize, -1)

curses.setsyx(4, 5)
show("getsyx", curses.getsyx())
show("is_term_resized", curses.is_term_resized(24, 80), curses.is_term_resized(20, 70))
curses.resizeterm(20, 70)
show("resizeterm", curses.LINES, curses.COLS, _curses.LINES, stdscr.getmaxyx())
curses.resize_term(24, 80)
show("resize_term", curses.LINES, curses.COLS, stdscr.getmaxyx())
curses.LINES = curses.COLS = 0
curses.update_lines_cols()
show("update_lines_cols", curses.LINES, curses.COLS)
show("has_key", curses.has_key(13), curses.has_key(curses.KEY_UP))

show("modes")
for f, args in [(curses.cbreak, ()), (curses.cbreak, (False,)), (curses.nocbreak, ()), (curses.echo, ()),
                (curses.echo, (0,)), (curses.noecho, ()), (curses.nl, ()), (curses.nl, (False,)),
                (curses.nonl, ()), (curses.raw, (True,)), (curses.noraw, ()), (curses.qiflush, ()),
                (curses.qiflush, (False,)), (curses.noqiflush, ()), (curses.intrflush, (True,)),
                (curses.meta, (1,)), (curses.halfdelay, (255,)), (curses.halfdelay, (256,)),
                (curses.halfdelay, (-1,)), (curses.typeahead, (-1,)), (curses.delay_output, (1,)),
                (curses.napms, (1,)), (curses.curs_set, (1,)), (curses.flushinp, ()),
                (curses.doupdate, ()), (curses.cbreak, ("x",)), (curses.cbreak, (1, 2)),
                (curses.putp, (b"",)), (curses.putp, ("x",)), (curses.newwin, (1,)),
                (curses.newwin, (1, 2, 3)), (curses.newwin, (2**40, 1)), (curses.newwin, (-5, 2)),
                (curses.newpad, (3,)), (curses.def_prog_mode, ()), (curses.def_shell_mode, ())]:
    attempt(f, *args)
show("isendwin", curses.isendwin())
attempt(curses.endwin)
show("after endwin", curses.isendwin())
os.dup2(saved, 1)
os.close(saved)
show("screen output written:", screen_file.seek(0, 2) > 0)
