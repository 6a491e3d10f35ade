# TLS over MemoryBIOs (SSLObject): the handshake and data pumped by hand
# between a client and a server object, close_notify both ways.
import os
import ssl

CERTS = os.path.join(os.path.dirname(ssl.__file__), "test")
SIGNED = os.path.join(CERTS, "keycert3.pem")
CA = os.path.join(CERTS, "pycacert.pem")

server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
server_ctx.load_cert_chain(SIGNED)
client_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
with open(CA) as f:
    client_ctx.load_verify_locations(cadata=f.read())   # PEM text

c_in, c_out, s_in, s_out = (ssl.MemoryBIO() for _ in range(4))
client = client_ctx.wrap_bio(c_in, c_out, server_hostname="localhost")
server = server_ctx.wrap_bio(s_in, s_out, server_side=True)
print("before", client.version(), client.cipher(), client.server_side, server.server_side)
try:
    client.getpeercert()
except ValueError as e:
    print("ValueError", e)


def pump():
    moved = 0
    for src, dst in ((c_out, s_in), (s_out, c_in)):
        data = src.read()
        moved += len(data)
        dst.write(data)
    return moved


def step(obj, fn, *args):
    try:
        return fn(*args)
    except ssl.SSLWantReadError as e:
        return "want-read %s %s" % (e.errno, type(e).__mro__[1].__name__)


rounds = 0
done = set()
while len(done) < 2 and rounds < 10:
    rounds += 1
    for name, obj in (("client", client), ("server", server)):
        if name not in done and step(obj, obj.do_handshake) is None:
            done.add(name)
    pump()
print("handshake rounds <= 4:", rounds <= 4, sorted(done))
print("version", client.version(), server.version())
print("peer", client.getpeercert()["subject"][-1])
print("server sees no cert", server.getpeercert())
print("read with nothing", step(client, client.read, 10))
print("wrote", client.write(b"ping"), client.pending())
pump()
print("server read", server.read(100))
buf = bytearray(10)
server.write(b"pong!")
pump()
print("into buffer", client.read(10, buf), bytes(buf))
# close_notify: the client's unwrap sends it, the server answers
try:
    client.unwrap()
except ssl.SSLWantReadError:
    print("client waits for the server's close_notify")
pump()
try:
    server.read(10)
except ssl.SSLZeroReturnError as e:
    print("SSLZeroReturnError", e.errno)
server.unwrap()
pump()
client.unwrap()
print("eof", c_in.eof, c_in.pending, s_in.pending)
bio = ssl.MemoryBIO()
bio.write(b"abc")
bio.write_eof()
print(bio.pending, bio.eof, bio.read(2), bio.read(), bio.eof)
try:
    bio.write(b"x")
except ssl.SSLError as e:
    print("SSLError", e)
