import helper_pkg_cycle_a
import helper_pkg_cycle_b
print(helper_pkg_cycle_a.from_b(), helper_pkg_cycle_b.from_a())
print(helper_pkg_cycle_a.helper_pkg_cycle_b is helper_pkg_cycle_b)
