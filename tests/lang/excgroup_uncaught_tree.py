# tpy-test: strict-stderr
# An uncaught exception group printed as CPython 3.11 draws it: margins,
# numbered members, nested groups, a chained cause inside a member, notes
# (one with two lines), a multi-line message, members without tracebacks,
# and the context of the group itself printed before it.
class Multi(Exception):
    def __str__(self):
        return 'first line\nsecond line'

def leaf(n):
    try:
        raise ValueError(n)
    except ValueError as e:
        return e

def caused():
    try:
        try:
            {}['missing']
        except KeyError as k:
            raise RuntimeError('wrapped') from k
    except RuntimeError as e:
        return e

def main():
    try:
        1 / 0
    except ZeroDivisionError:
        inner = ExceptionGroup('inner', [leaf(2), caused(), Multi()])
        inner.add_note('a note\nover two lines')
        eg = ExceptionGroup('outer', [leaf(1), inner, TypeError('no traceback')])
        eg.add_note('outer note')
        raise eg

main()
