# threading._register_atexit callbacks run at exit (threading._shutdown)
# once threading is imported, even when no thread was started; they run in
# reverse order, before the atexit module's; one registered during
# shutdown is refused (reported as an unraisable RuntimeError).
import atexit
import threading

def late():
    print('late: never runs')

def first():
    print('first registered, runs last')
    try:
        threading._register_atexit(late)
    except RuntimeError as e:
        print('refused:', e)

def second(*args, **kwargs):
    print('second registered, runs first', args, kwargs)

atexit.register(lambda: print('atexit module callback'))
threading._register_atexit(first)
threading._register_atexit(second, 1, k=2)
print('main done')
