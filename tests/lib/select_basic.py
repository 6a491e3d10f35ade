# select: select(), poll, epoll, selectors
import os
import select
import selectors
import signal
import time

print(select.error is OSError)
for name in ['POLLIN', 'POLLPRI', 'POLLOUT', 'POLLERR', 'POLLHUP', 'POLLNVAL', 'POLLRDHUP', 'EPOLLIN',
             'EPOLLOUT', 'EPOLLET', 'EPOLLONESHOT', 'EPOLLEXCLUSIVE', 'EPOLL_CLOEXEC', 'PIPE_BUF']:
    print(name, getattr(select, name))

r, w = os.pipe()


class F:
    def __init__(self, fd):
        self.fd = fd

    def fileno(self):
        return self.fd


print(select.select([r], [w], [], 0))
os.write(w, b'x')
fr = F(r)
rl, wl, xl = select.select([fr], [F(w)], [r], 1.5)
print(rl == [fr], len(wl), xl)
print(select.select([], [], [], 0.01))
for bad in [(1, [], []), ([], [], [], 'x'), ([], [], [], -1), (['x'], [], []), ([-1], [], [])]:
    try:
        select.select(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
os.read(r, 1)

# poll
p = select.poll()
p.register(r)
p.register(w, select.POLLOUT)
print(p.poll(0))
os.write(w, b'y')
print(sorted(p.poll(100)))
p.modify(w, select.POLLIN)
print(p.poll())
p.unregister(r)
print(p.poll(0))
try:
    p.unregister(r)
except KeyError as e:
    print('KeyError', e)
try:
    p.modify(r, select.POLLIN)
except OSError as e:
    print(type(e).__name__, e.errno)
try:
    p.poll('x')
except TypeError as e:
    print(e)
for mask in (-1, 1 << 16, 1 << 70, 1.0):
    try:
        p.register(r, mask)
    except (ValueError, OverflowError, TypeError) as e:
        print(type(e).__name__, e)
os.read(r, 1)

# epoll
ep = select.epoll()
print(ep.closed, ep.fileno() >= 0, os.get_inheritable(ep.fileno()))
ep.register(r, select.EPOLLIN)
ep.register(w, select.EPOLLOUT)
print(sorted(ep.poll(0)) == sorted([(w, select.EPOLLOUT)]))
os.write(w, b'z')
print(sorted(ep.poll(1)) == sorted([(r, select.EPOLLIN), (w, select.EPOLLOUT)]))
print(len(ep.poll(timeout=1, maxevents=1)))
ep.modify(w, select.EPOLLIN)
print(ep.poll(0.5) == [(r, select.EPOLLIN)])
ep.unregister(w)
try:
    ep.register(r)
except FileExistsError as e:
    print('FileExistsError', e.errno)
try:
    ep.unregister(w)
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno)
try:
    ep.poll(maxevents=0)
except ValueError as e:
    print(e)
ep2 = select.epoll.fromfd(os.dup(ep.fileno()))
print(ep2.poll(0) == [(r, select.EPOLLIN)])
ep2.close()
ep.close()
ep.close()
print(ep.closed)
for f in (ep.fileno, lambda: ep.poll(0), lambda: ep.register(r)):
    try:
        f()
    except ValueError as e:
        print(e)
with select.epoll() as ep:
    print(ep.closed)
print(ep.closed)
try:
    select.epoll(sizehint=-5)
except ValueError as e:
    print(e)
os.read(r, 1)

# a signal during a wait runs its handler and the wait goes on (PEP 475)
signal.signal(signal.SIGALRM, lambda *a: print('handler'))
signal.setitimer(signal.ITIMER_REAL, 0.05)
t = time.monotonic()
print(select.select([r], [], [], 0.3))
print(time.monotonic() - t >= 0.29)
signal.setitimer(signal.ITIMER_REAL, 0.05)
print(select.poll().poll(300))
signal.setitimer(signal.ITIMER_REAL, 0.05)
with select.epoll() as ep:
    print(ep.poll(0.3))


def boom(*a):
    raise RuntimeError('from handler')


signal.signal(signal.SIGALRM, boom)
signal.setitimer(signal.ITIMER_REAL, 0.05)
try:
    select.select([r], [], [])
except RuntimeError as e:
    print(e)

# selectors on top
sel = selectors.DefaultSelector()
print(type(sel).__name__)
sel.register(r, selectors.EVENT_READ, 'data')
print(sel.select(0))
os.write(w, b'!')
print([(k.fd == r, k.data, ev) for k, ev in sel.select(1)])
sel.close()
for cls in (selectors.SelectSelector, selectors.PollSelector, selectors.EpollSelector):
    s = cls()
    s.register(r, selectors.EVENT_READ)
    s.register(w, selectors.EVENT_WRITE)
    print(cls.__name__, sorted((k.fd == r, ev) for k, ev in s.select(0)))
    s.close()
os.close(r)
os.close(w)
