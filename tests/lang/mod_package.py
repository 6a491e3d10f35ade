import helper_pkg
print(helper_pkg.PKG_CONST, helper_pkg.sub_func())
print(helper_pkg.__name__, helper_pkg.sub.__name__, helper_pkg.__package__)
import helper_pkg.sibling as sib
print(sib.SIB, sib.__name__)
from helper_pkg import sub
print(sub.sub_func is helper_pkg.sub_func)
from helper_pkg.sub import sub_func as sf
print(sf())
import sys
print(sorted(k for k in sys.modules if k.startswith('helper_pkg')))
try:
    import helper_pkg.missing
except ModuleNotFoundError as e:
    print(e)
try:
    from helper_pkg import missing_name
except ImportError as e:
    msg = str(e)
    print(msg[:msg.index(' (')], msg.endswith("helper_pkg/__init__.py)"))
