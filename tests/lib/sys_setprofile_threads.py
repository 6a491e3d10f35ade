# profiling is per thread; threading.setprofile installs a profile function
# in the threads started afterwards
import sys
import threading

events = []
lock = threading.Lock()


def prof(frame, event, arg):
    if event in ('call', 'return'):
        with lock:
            events.append((threading.current_thread().name, event, frame.f_code.co_name))


def work(n):
    return sum(square(i) for i in range(n))


def square(i):
    return i * i


def run_thread(name):
    t = threading.Thread(target=work, args=(3,), name=name)
    t.start()
    t.join()


print('main thread profiled, the new thread is not')
sys.setprofile(prof)
run_thread('T1')
sys.setprofile(None)
print(sorted({(n, e, c) for n, e, c in events if n == 'T1'}))
print(any(c == 'work' for n, e, c in events))
events.clear()

print('threading.setprofile')
threading.setprofile(prof)
print(threading.getprofile() is prof, sys.getprofile())
run_thread('T2')
threading.setprofile(None)
t2 = [(e, c) for n, e, c in events if n == 'T2']
print([x for x in t2 if x[1] in ('work', 'square')])
print(all(n == 'T2' for n, e, c in events))
print(sys.getprofile())
