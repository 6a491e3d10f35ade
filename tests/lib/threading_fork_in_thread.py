# fork() from a thread that is not the main one: in the child that thread
# is the main thread, and when it finishes the child exits with status 0
# (no interpreter shutdown: what it printed must be flushed by hand).
import os
import sys
import threading

def func():
    pid = os.fork()
    if pid == 0:
        main = threading.main_thread()
        print('child:', main.name, main.ident == threading.get_ident(),
              threading.current_thread() is main, threading.active_count())
        sys.stdout.flush()
    else:
        _, status = os.waitpid(pid, 0)
        print('parent: child exit status', os.waitstatus_to_exitcode(status))

th = threading.Thread(target=func)
th.start()
th.join()
print('parent:', threading.main_thread().name, threading.active_count())
