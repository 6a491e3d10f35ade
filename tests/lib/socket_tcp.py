# TCP and UDP over 127.0.0.1 on ephemeral ports: an echo server in a
# thread, accept/connect, timeouts, makefile, create_server/connection
import socket, threading, errno

def echo_server(srv, count):
    for _ in range(count):
        conn, addr = srv.accept()
        with conn:
            while True:
                data = conn.recv(4096)
                if not data:
                    break
                conn.sendall(data)

srv = socket.create_server(("127.0.0.1", 0))
host, port = srv.getsockname()
print(host, type(port).__name__, srv.family, srv.type, srv.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR) != 0)
t = threading.Thread(target=echo_server, args=(srv, 3))
t.start()

with socket.create_connection((host, port), timeout=5) as c:
    print(c.gettimeout(), c.getpeername() == (host, port), c.getsockname()[0])
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    print(c.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0)
    payload = bytes(range(256)) * 1000
    c.sendall(payload)
    got = bytearray()
    while len(got) < len(payload):
        got += c.recv(65536)
    print(len(got), got == payload)

c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
print(c.connect_ex((host, port)))
f = c.makefile("rwb")
f.write(b"line one\nline two\n")
f.flush()
print(f.readline(), f.readline())
f.close()
c.close()

c = socket.socket()
c.settimeout(5)
c.connect(("localhost", port))
c.send(b"ping")
print(c.recv(10), c.gettimeout())
c.close()
t.join()
srv.close()

# nothing listens on a closed port any more
c = socket.socket()
err = c.connect_ex(("127.0.0.1", port))
print(err == errno.ECONNREFUSED)
try:
    c.connect(("127.0.0.1", port))
except ConnectionRefusedError as e:
    print("ConnectionRefusedError", e.errno == errno.ECONNREFUSED)
c.close()

# UDP
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", 0))
v = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
print(v.sendto(b"datagram", u.getsockname()))
data, addr = u.recvfrom(100)
print(data, addr == v.getsockname())
v.sendto(b"more", 0, u.getsockname())
buf = bytearray(10)
n, addr = u.recvfrom_into(buf)
print(n, buf, addr[0])
u.settimeout(0.05)
try:
    u.recvfrom(10)
except socket.timeout as e:
    print("timeout", e)
u.close(); v.close()

# IPv6 loopback, when the machine has it
try:
    s6 = socket.socket(socket.AF_INET6)
    s6.bind(("::1", 0))
except OSError:
    print("no ipv6")
else:
    a = s6.getsockname()
    print(a[0], len(a), a[2], a[3])
    s6.listen()
    c6 = socket.create_connection(("::1", a[1]))
    conn, addr = s6.accept()
    c6.sendall(b"six")
    print(conn.recv(10), addr[0], len(addr))
    for x in (c6, conn, s6):
        x.close()

# address errors
s = socket.socket()
for addr in ("127.0.0.1", ("127.0.0.1", 70000), ("127.0.0.1", "x"), (1, 80), ("127.0.0.1",)):
    try:
        s.bind(addr)
    except (TypeError, OverflowError, OSError) as e:
        print(type(e).__name__, e)
try:
    s.connect(("no-such-host.invalid", 80))
except socket.gaierror as e:
    print("gaierror", e.errno == socket.EAI_NONAME, isinstance(e, OSError))
s.close()
s = socket.socket(socket.AF_INET6)
for addr in ("::1", ("::1", 0, -1, 0), ("::1",)):
    try:
        s.bind(addr)
    except (TypeError, OverflowError, OSError) as e:
        print(type(e).__name__, e)
s.close()
