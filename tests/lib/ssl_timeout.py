# Timeouts and non-blocking sockets under TLS: a handshake with a silent
# peer times out (socket.timeout), a non-blocking one asks to be retried
# (SSLWantReadError), and recv on a timed socket waits for the data.
import os
import socket
import ssl
import threading

CERTS = os.path.join(os.path.dirname(ssl.__file__), "test")
ctx = ssl.create_default_context(cafile=os.path.join(CERTS, "pycacert.pem"))

a, b = socket.socketpair()
b.settimeout(0.2)
s = ctx.wrap_socket(b, server_hostname="localhost", do_handshake_on_connect=False)
try:
    s.do_handshake()
except socket.timeout as e:
    print(type(e).__name__, e.args[0].split(": ", 1)[1])
s.close()
a.close()

a, b = socket.socketpair()
b.setblocking(False)
s = ctx.wrap_socket(b, server_hostname="localhost", do_handshake_on_connect=False)
try:
    s.do_handshake()
except ssl.SSLWantReadError as e:
    print(type(e).__name__, e.errno, e.args[1].split(" (_ssl.c")[0])
print("the ClientHello went out:", len(a.recv(65536)) > 100)
s.close()
a.close()

# a timed recv that the server answers in time
server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
server_ctx.load_cert_chain(os.path.join(CERTS, "keycert3.pem"))
a, b = socket.socketpair()
ready = threading.Event()


def server():
    with server_ctx.wrap_socket(a, server_side=True) as srv:
        ready.wait()
        srv.sendall(b"late but in time")
        srv.recv(1)


t = threading.Thread(target=server, daemon=True)
t.start()
b.settimeout(5)
with ctx.wrap_socket(b, server_hostname="localhost") as c:
    print("timeout kept", c.gettimeout())
    c.settimeout(0.05)
    try:
        c.recv(100)
    except socket.timeout as e:
        print(type(e).__name__, e)
    c.settimeout(5)
    ready.set()
    print(c.recv(100))
    c.sendall(b"x")
t.join()
