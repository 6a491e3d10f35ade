# A TLS client and server in two threads over socket.socketpair(), with the
# test suite's certificates: handshake, echo, peer certificate, session
# details that do not depend on OpenSSL's random choices, unwrap.
import os
import socket
import ssl
import threading

CERTS = os.path.join(os.path.dirname(ssl.__file__), "test")
SIGNED = os.path.join(CERTS, "keycert3.pem")      # localhost, signed by pycacert
CA = os.path.join(CERTS, "pycacert.pem")
log = []

server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
server_ctx.load_cert_chain(SIGNED)
server_ctx.set_alpn_protocols(["h2", "http/1.1"])


def sni(sslobj, server_name, ctx):
    # OpenSSL calls this inside the server's handshake
    log.append(("sni", server_name, ctx is server_ctx, type(sslobj).__name__))


server_ctx.sni_callback = sni
client_ctx = ssl.create_default_context(cafile=CA)
client_ctx.set_alpn_protocols(["http/1.1"])
print("client verify_mode", client_ctx.verify_mode, "check_hostname", client_ctx.check_hostname)
print("server verify_mode", server_ctx.verify_mode, "check_hostname", server_ctx.check_hostname)

a, b = socket.socketpair()


def server():
    with server_ctx.wrap_socket(a, server_side=True) as s:
        log.append(("server side", s.server_side, s.server_hostname))
        total = b""
        while True:
            data = s.recv(1000)
            if not data or data.endswith(b"."):
                total += data
                break
            total += data
        s.sendall(total.upper())
        log.append(("server got", len(total), s.getpeercert(), s.version(), s.selected_alpn_protocol()))
        s.unwrap()


t = threading.Thread(target=server)
t.start()
with client_ctx.wrap_socket(b, server_hostname="localhost") as c:
    print("version", c.version(), "server_side", c.server_side, "hostname", c.server_hostname)
    name, proto, bits = c.cipher()
    print("cipher", type(name).__name__, proto, bits >= 128)
    print("alpn", c.selected_alpn_protocol(), "compression", c.compression())
    cert = c.getpeercert()
    print("subject", cert["subject"])
    print("issuer", dict(x[0] for x in cert["issuer"])["commonName"])
    print("san", cert.get("subjectAltName"), "serial", cert["serialNumber"])
    der = c.getpeercert(binary_form=True)
    print("der", type(der).__name__, ssl.DER_cert_to_PEM_cert(der).startswith("-----BEGIN CERTIFICATE-----"))
    print("channel binding", len(c.get_channel_binding("tls-unique") or b""))
    payload = b"hello over tls " * 300 + b"."
    c.sendall(payload)
    echoed = b""
    while len(echoed) < len(payload):
        chunk = c.recv(4096)
        if not chunk:
            break
        echoed += chunk
    print("echo ok", echoed == payload.upper(), len(echoed))
    print("pending", c.pending())
    plain = c.unwrap()
    print("unwrapped", type(plain).__name__)
t.join()
for entry in log:
    print(*entry)
a.close()
b.close()
