import sys, threading, os
print(sys._current_exceptions() == {threading.get_ident(): (None, None, None)})
try:
    1/0
except Exception:
    d = sys._current_exceptions()
    print(d[threading.get_ident()][0])
print(type(sys._current_frames()), list(sys._current_frames().values())[0].f_code.co_name)
print(sys.breakpointhook is sys.__breakpointhook__, sys.__displayhook__ is sys.displayhook, sys.__unraisablehook__ is sys.unraisablehook)
os.environ['PYTHONBREAKPOINT']='0'; print(breakpoint())
os.environ['PYTHONBREAKPOINT']='nosuch.mod'; print(breakpoint())
os.environ['PYTHONBREAKPOINT']='builtins.print'; print(breakpoint(1,2,sep='-'))
os.environ['PYTHONBREAKPOINT']='print'; print(breakpoint(1,2,sep='-'))
os.environ['PYTHONBREAKPOINT']='os.nosuch'; print(breakpoint())
os.environ['PYTHONBREAKPOINT']='os.path.join'; print(breakpoint('a', 'b'))
ev = threading.Event(); done = threading.Event()
def worker():
    ev.set(); done.wait()
t = threading.Thread(target=worker); t.start(); ev.wait()
fr = sys._current_frames()
print(len(fr), fr[t.ident].f_code.co_name in ('wait', 'worker'))
done.set(); t.join()
del sys.breakpointhook
try:
    breakpoint()
except RuntimeError as e:
    print(e)
