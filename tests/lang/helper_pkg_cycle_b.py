"""Helper: circular import partner (not a test itself)."""
import helper_pkg_cycle_a
B_VALUE = 'b'
def from_a():
    return helper_pkg_cycle_a.A_VALUE
