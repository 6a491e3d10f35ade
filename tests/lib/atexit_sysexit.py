# tpy-test: strict-stderr
# atexit: callbacks run after sys.exit(); its status is kept even when a
# callback raises SystemExit of its own
import atexit, sys
atexit._clear()
class Exit:
    def __call__(self): sys.exit(9)
    def __repr__(self): return '<Exit>'
atexit.register(print, 'callback')
atexit.register(Exit())
sys.exit(5)
