try:
    import nonexistent
except ImportError as e:
    print(type(e).__name__, e, e.name)
try:
    import nonexistent_pkg.sub
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    from helper_shapes import does_not_exist
except ImportError as e:
    msg = str(e)
    print(type(e).__name__, msg[:msg.index(' (')], msg.endswith("tests/lang/helper_shapes.py)"))
try:
    from nonexistent2 import x
except ImportError as e:
    print(type(e).__name__, e)
print(issubclass(ModuleNotFoundError, ImportError))
try:
    import helper_raises
except ValueError as e:
    print('ValueError', e)
import sys
print('helper_raises' in sys.modules)
try:
    import helper_raises
except ValueError as e:
    print('again', e)
