import helper_pkg2.mid
print(helper_pkg2.INIT, helper_pkg2.mid.VALUE, helper_pkg2.mid.leaf.LEAF)
print(helper_pkg2.mid.__name__, helper_pkg2.leaf.__name__)
from helper_pkg2 import leaf
print(leaf is helper_pkg2.mid.leaf)
import helper_pkg2.leaf as lf
print(lf.LEAF)
print(helper_pkg2.mid.__package__, helper_pkg2.__package__, hasattr(helper_pkg2, '__path__'))
