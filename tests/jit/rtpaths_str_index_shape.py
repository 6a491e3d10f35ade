# tpy-test: no-regen modes=default,eager
# s[i] of an exact str in a compiled loop (record.c, record_str_index). A
# str that is ASCII when recorded is read inline: in the peeled body, a
# guard that its length equals its byte count (ASCII), the bounds guards,
# one byte load (getarrayitem_gc_i, descr <ArrayU 1>) and one load of the
# shared one-character string from str_ascii_chars (<ArrayP 8>), and no
# call for the indexing; a negative index adds the length first. A
# non-ASCII str keeps one call of the item helper with the index unboxed
# ("Callr 2 ri"). A character read inline and compared with constants
# (record_ascii_char_test: `ch == '"'`, `ch in " \t\n"`) compares its byte
# (int_eq, int_or): `skip` has no call (its one string load stays: ch is a
# local variable, which the guards' snapshots keep). tests/jit/rtpaths_str_index checks the results
# against CPython.
from helper_loop_bodies import collect_loop_bodies


def call_or_load(op):
    # (name, descr text) of a call or an array read, None for the others
    if not op.name.startswith(('call', 'getarrayitem')):
        return None
    return (op.name, str(op).split('descr=<')[1].rstrip('>)') if 'descr=<' in str(op) else '')


bodies = collect_loop_bodies(describe=call_or_load)


def ascii_scan(text, n):
    t = 0
    for i in range(n):
        t += len(text[i % 16]) + len(text[-1 - i % 16])
    return t


def wide_scan(text, n):
    t = 0
    for i in range(n):
        t += len(text[i % 16])
    return t


print(ascii_scan("alpha beta\tgamma", 3000), wide_scan("\u00e9lpha beta\tgamma", 3000))


def skip(text, n):
    t = 0
    for i in range(n):
        ch = text[i % 16]
        if ch in " \t\n":
            t += 1
        elif ch == '"' or "x" == ch:
            t += 2
    return t


print(skip('alpha "b"\tgamma ', 3000))


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    print(name, sorted(op for op in loops[0][1] if op is not None))


report('ascii_scan')
report('wide_scan')
report('skip')
