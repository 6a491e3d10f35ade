# multiprocessing with the fork start method on _multiprocessing.SemLock:
# locks, semaphores, events, conditions, queues, processes and a pool
import multiprocessing as mp
import os, threading, time

def square(x):
    return x * x

def worker(q, lock, n):
    with lock:
        q.put(('worker', n, os.getpid() != parent))

def counter(sem, ev, q):
    ev.wait(10)
    q.put(sem.acquire(timeout=5))

def exits(code):
    os._exit(code)

parent = os.getpid()
if __name__ == '__main__':
    ctx = mp.get_context('fork')
    print(ctx.get_start_method())

    l = ctx.Lock()
    print(l.acquire(), l.acquire(False), l.acquire(timeout=0.05))
    l.release()
    try:
        l.release()
    except ValueError as e:
        print('ValueError', e)
    print(repr(l).split(' ')[0], repr(l).split('(')[1])

    r = ctx.RLock()
    r.acquire(); r.acquire()
    print(repr(r).split('(')[1])
    r.release(); r.release()
    try:
        r.release()
    except AssertionError as e:
        print('AssertionError', e)

    s = ctx.Semaphore(2)
    print(s.get_value(), s.acquire(), s.acquire(), s.acquire(False), s.get_value())
    s.release(); s.release(); s.release()
    print(s.get_value())
    b = ctx.BoundedSemaphore(1)
    b.acquire(); b.release()
    try:
        b.release()
    except ValueError as e:
        print('ValueError', e)

    e = ctx.Event()
    print(e.is_set(), e.wait(0.05))
    e.set()
    print(e.is_set(), e.wait(1))
    e.clear()
    print(e.is_set())

    c = ctx.Condition()
    got = []
    def waiter():
        with c:
            got.append(c.wait(5))
    th = threading.Thread(target=waiter); th.start()
    time.sleep(0.1)
    with c:
        c.notify_all()
    th.join()
    print('condition', got)

    q = ctx.Queue()
    q.put([1, 'two', 3.0]); q.put(None)
    print(q.get(timeout=5), q.get(timeout=5), q.empty())
    try:
        q.get(timeout=0.05)
    except Exception as ex:
        print(type(ex).__name__)

    procs = [ctx.Process(target=worker, args=(q, l, i)) for i in range(3)]
    for p in procs:
        p.start()
    print(sorted(q.get(timeout=10) for p in procs))
    for p in procs:
        p.join(10)
    print([p.exitcode for p in procs], [p.is_alive() for p in procs])

    sem0 = ctx.Semaphore(0)
    ev = ctx.Event()
    p = ctx.Process(target=counter, args=(sem0, ev, q))
    p.start()
    sem0.release(); ev.set()
    print('child acquired', q.get(timeout=10))
    p.join(10)
    print(p.exitcode)

    p = ctx.Process(target=exits, args=(7,))
    p.start(); p.join(10)
    print('exitcode', p.exitcode)

    with ctx.Pool(2) as pool:
        print(pool.map(square, range(10)))
        print(pool.apply(square, (12,)), pool.apply_async(square, (5,)).get(10))
        print(sorted(pool.imap_unordered(square, range(5))))
    pool.join()
