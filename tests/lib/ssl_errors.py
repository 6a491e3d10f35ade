# ssl's failures: an untrusted certificate, a hostname mismatch, a wrong
# password, bad arguments; the exception classes and their attributes.
import os
import socket
import ssl
import threading
import warnings

CERTS = os.path.join(os.path.dirname(ssl.__file__), "test")
SIGNED = os.path.join(CERTS, "keycert3.pem")
CA = os.path.join(CERTS, "pycacert.pem")
SELF_SIGNED = os.path.join(CERTS, "keycert.pem")
PASSWD = os.path.join(CERTS, "keycert.passwd.pem")

for cls in (ssl.SSLError, ssl.SSLZeroReturnError, ssl.SSLWantReadError, ssl.SSLWantWriteError,
            ssl.SSLSyscallError, ssl.SSLEOFError, ssl.SSLCertVerificationError):
    print(cls.__module__, cls.__name__, [b.__name__ for b in cls.__mro__[1:]])
print(ssl.CertificateError is ssl.SSLCertVerificationError)


def handshake(server_cert, client_ctx, hostname):
    server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_ctx.load_cert_chain(server_cert)
    a, b = socket.socketpair()
    result = []

    def server():
        try:
            with server_ctx.wrap_socket(a, server_side=True):
                pass
        except (ssl.SSLError, OSError) as e:
            result.append(type(e).__name__)

    t = threading.Thread(target=server)
    t.start()
    try:
        with client_ctx.wrap_socket(b, server_hostname=hostname):
            print("connected?")
    except ssl.SSLCertVerificationError as e:
        print(type(e).__name__, isinstance(e, ValueError), isinstance(e, OSError))
        print("  library", e.library, "reason", e.reason, "errno", e.errno)
        print("  verify_code", e.verify_code, "verify_message", e.verify_message)
        print("  str starts", str(e).split(" (_ssl.c")[0])
    t.join()
    a.close()
    b.close()
    print("  server saw", result)


client_ctx = ssl.create_default_context(cafile=CA)
print("-- untrusted self-signed server")
handshake(SELF_SIGNED, client_ctx, "localhost")
print("-- hostname mismatch")
handshake(SIGNED, client_ctx, "example.org")

ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
for password in ("badpass", b"badpass", lambda: "badpass"):
    try:
        ctx.load_cert_chain(PASSWD, password=password)
    except ssl.SSLError as e:
        print("wrong password:", type(e).__name__, e.library, e.reason)
for password in ("somepass", b"somepass", bytearray(b"somepass"), lambda: b"somepass"):
    print("right password:", ctx.load_cert_chain(PASSWD, password=password))
for bad, exc in ((42, TypeError), (lambda: 42, TypeError), (lambda: 1 / 0, ZeroDivisionError),
                 ("x" * 2000, ValueError)):
    try:
        ctx.load_cert_chain(PASSWD, password=bad)
    except exc as e:
        print(exc.__name__, e)
try:
    ctx.load_cert_chain(os.path.join(CERTS, "nonexisting.pem"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)
try:
    ctx.load_cert_chain(os.path.join(CERTS, "badcert.pem"))
except ssl.SSLError as e:
    print("badcert", e.library, e.reason)
try:
    ctx.load_verify_locations()
except TypeError as e:
    print("TypeError", e)
try:
    ctx.load_verify_locations(cadata="not a certificate")
except ssl.SSLError as e:
    print("cadata", e.library, e.reason, str(e).split(" (_ssl.c")[0])
try:
    ctx.set_ciphers("NOTACIPHER")
except ssl.SSLError as e:
    print("set_ciphers", str(e).split(" (_ssl.c")[0])
client = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
try:
    client.verify_mode = ssl.CERT_NONE
except ValueError as e:
    print("ValueError", e)
client.check_hostname = False
client.verify_mode = ssl.CERT_NONE
print("verify_mode", client.verify_mode)
client.check_hostname = True
print("check_hostname turns CERT_REQUIRED on:", client.verify_mode)
for v in (ssl.TLSVersion.TLSv1_2, ssl.TLSVersion.MAXIMUM_SUPPORTED):
    client.maximum_version = v
    print("maximum_version", client.maximum_version)
client.minimum_version = ssl.TLSVersion.TLSv1_3
print("minimum_version", client.minimum_version)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        client.wrap_bio(ssl.MemoryBIO(), ssl.MemoryBIO(), server_side=True)
    except ssl.SSLError as e:
        print("SSLError", str(e).split(" (_ssl.c")[0])
print([str(w.message) for w in caught])
for host in ("", ".example.org"):
    try:
        client.wrap_bio(ssl.MemoryBIO(), ssl.MemoryBIO(), server_hostname=host)
    except ValueError as e:
        print("ValueError", e)
