# curses_screen: a text screen drawn and read back through curses, without
# a terminal (ncurses draws into /dev/null): windows filled with addstr and
# addch with attributes, borders, scrolling, subwindows, a pad refreshed
# in pieces, and everything read back with instr/inch, whose contents make
# the checksum. (No panels: PyPy's curses.panel lacks most panel methods.)
import os
import sys

N = 1200
if len(sys.argv) > 1:
    N = int(sys.argv[1])

os.environ.update(TERM="xterm", LINES="24", COLUMNS="80")
import curses

WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"]


def draw(stdscr, rounds):
    checksum = 0
    win = curses.newwin(20, 60, 2, 10)
    sub = win.derwin(8, 30, 10, 25)
    pad = curses.newpad(100, 100)
    for r in range(rounds):
        win.erase()
        win.border()
        for y in range(1, 19):
            x = 1
            for k in range(5):
                word = WORDS[(r + y * 3 + k) % len(WORDS)]
                attr = curses.A_BOLD if (y + k) % 3 == 0 else curses.A_NORMAL
                win.addstr(y, x, word, attr)
                x += len(word) + 1
            win.addch(y, 58, ord("a") + (r + y) % 26, curses.A_UNDERLINE)
        sub.bkgd(".")
        sub.addstr(1, 1, "round %d" % r, curses.A_REVERSE)
        win.scrollok(True)
        win.setscrreg(1, 18)
        win.scroll(r % 3)
        win.noutrefresh()
        for y in range(0, 20):
            line = win.instr(y, 0, 60)
            checksum = (checksum * 31 + sum(line)) % 1000000007
        for x in range(0, 60, 7):
            checksum = (checksum + win.inch(5, x)) % 1000000007
        for y in range(0, 100, 3):
            pad.addstr(y, (y + r) % 50, WORDS[y % len(WORDS)])
        for y in range(0, 90, 10):
            pad.noutrefresh(y, 0, 1, 1, 10, 40)
        checksum = (checksum + sum(pad.instr(r % 100, 0, 60))) % 1000000007
        curses.doupdate()
    return checksum


def bench():
    # initscr() is called once per process (later calls return the same
    # screen); endwin() is left out: it fails without a terminal
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        stdscr = curses.initscr()
        checksum = draw(stdscr, N)
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)
    return "rounds %d checksum %d" % (N, checksum)


if __name__ == "__main__":
    print(bench())
