# socketpair, AF_UNIX paths and the socket object's own methods
import socket, os, errno, tempfile

a, b = socket.socketpair()
print(a.family, a.type, a.proto, type(a).__name__, isinstance(a, socket.SocketType))
print(a.getsockname(), a.getpeername(), a.gettimeout(), a.getblocking())
print(a.get_inheritable(), os.get_inheritable(a.fileno()))
print(a.send(b"hello"), b.recv(3), b.recv(100))
a.sendall(b"x" * 200000 if False else b"abc" * 1000)
got = b""
while len(got) < 3000:
    got += b.recv(1024)
print(len(got), got[:6])
buf = bytearray(10)
a.send(b"0123456789ABC")
print(b.recv_into(buf, 4), buf)
print(b.recv_into(buf), buf)
mv = memoryview(bytearray(8))
a.send(b"zz")
print(b.recv_into(mv[2:]), bytes(mv))
try:
    b.recv_into(bytearray(2), 5)
except ValueError as e:
    print("ValueError", e)
try:
    b.recv(-1)
except ValueError as e:
    print("ValueError", e)
a.send(b"q")
print(b.recvfrom(10))
# timeouts and non-blocking mode
b.settimeout(0.05)
print(b.gettimeout(), b.getblocking(), b.timeout)
try:
    b.recv(1)
except TimeoutError as e:
    print("timeout:", type(e).__name__, e, e is socket.timeout or isinstance(e, socket.timeout))
b.setblocking(False)
print(b.gettimeout(), b.getblocking())
try:
    b.recv(1)
except BlockingIOError as e:
    print("BlockingIOError", e.errno == errno.EAGAIN)
b.setblocking(True)
print(b.gettimeout(), b.getblocking())
for bad in (-1, float("nan"), "x"):
    try:
        b.settimeout(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(socket.getdefaulttimeout())
socket.setdefaulttimeout(2.5)
c, d = socket.socketpair()
print(c.gettimeout(), socket.getdefaulttimeout())
socket.setdefaulttimeout(None)
c.close(); d.close()
# shutdown: the peer reads EOF
a.shutdown(socket.SHUT_WR)
print(b.recv(10))
# options
print(a.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE) == socket.SOCK_STREAM)
a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
print(a.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) >= 65536)
print(len(a.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4)))
print(a.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 0) > 0)
for n in (-1, 1025):
    try:
        a.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, n)
    except OSError as e:
        print("OSError", e)
# dup, detach, fileno, close
e = a.dup()
print(e.family, e.fileno() != a.fileno())
e.close()
print(e.fileno(), repr(e)[:30])
fd = b.detach()
print(b.fileno(), fd >= 0)
f = socket.socket(fileno=fd)
print(f.family, f.type, f.proto)
f.close()
a.close(); a.close()
try:
    a.send(b"x")
except OSError as e:
    print("OSError", e.errno == errno.EBADF)
# raw _socket
import _socket
s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
print(repr(s).startswith("<socket object, fd="), repr(s)[-30:])
s.close()
print(repr(s))
# AF_UNIX with a path and in the abstract namespace
with tempfile.TemporaryDirectory() as td:
    path = os.path.join(td, "sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen()
    print(srv.getsockname() == path, os.path.exists(path))
    cl = socket.socket(socket.AF_UNIX)
    cl.connect(path)
    conn, addr = srv.accept()
    print(repr(addr), cl.getpeername() == path)
    cl.sendall(b"over unix")
    print(conn.recv(100))
    for x in (conn, cl, srv):
        x.close()
u = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
name = b"\0tpy-test-%d" % os.getpid()
u.bind(name)
print(u.getsockname() == name)
v = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
v.sendto(b"dgram", name)
print(u.recvfrom(100)[0])
u.close(); v.close()
with socket.socket(socket.AF_UNIX) as w:
    try:
        w.connect("/nonexistent/dir/sock")
    except FileNotFoundError as e:
        print("FileNotFoundError", e)
    try:
        w.bind("x" * 200)
    except OSError as e:
        print("OSError", e)
print(w._closed, w.fileno())
