# signals raised in another thread reach the main thread's handler while
# handlers are switched in a hot loop (a crash: the handler thread patched
# compiled code another thread was running)
import signal, sys, threading
# a signal that lands while SIG_IGN is set is reported as lost: not counted here
sys.unraisablehook = lambda unraisable: None
signum = signal.SIGUSR1
num_sent = 0; num_recv = 0; do_stop = False
def custom_handler(signum, frame):
    global num_recv
    num_recv += 1
def set_interrupts():
    global num_sent
    while not do_stop:
        signal.raise_signal(signum)
        num_sent += 1
def cycle():
    while num_sent < 100:
        for i in range(20000):
            for handler in [custom_handler, signal.SIG_IGN]:
                signal.signal(signum, handler)
old = signal.signal(signum, custom_handler)
t = threading.Thread(target=set_interrupts)
t.start(); cycle(); do_stop = True; t.join()
print(num_sent > 0, num_recv > 0, num_recv <= num_sent)
