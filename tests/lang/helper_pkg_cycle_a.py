"""Helper: circular import partner (not a test itself)."""
import helper_pkg_cycle_b
A_VALUE = 'a'
def from_b():
    return helper_pkg_cycle_b.B_VALUE
