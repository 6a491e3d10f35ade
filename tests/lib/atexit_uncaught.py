# tpy-test: strict-stderr
# atexit: callbacks run after the traceback of an uncaught exception; the exit
# status stays 1
import atexit
atexit._clear()
atexit.register(print, 'callback 1')
atexit.register(lambda: print('callback 2'))
print('raising')
raise KeyError('x')
