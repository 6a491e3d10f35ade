# _ssl's module-level functions and SSLContext's settings and reports.
import os
import ssl
import _ssl

CERTS = os.path.join(os.path.dirname(ssl.__file__), "test")
print(ssl.OPENSSL_VERSION.startswith("OpenSSL 3"), ssl.OPENSSL_VERSION_INFO[0], ssl.HAS_ALPN, ssl.HAS_SNI,
      ssl.HAS_TLSv1_3, ssl.HAS_NPN, ssl.HAS_SSLv2)
print(ssl.PROTOCOL_TLS_CLIENT, ssl.PROTOCOL_TLS_SERVER, ssl.CERT_REQUIRED, ssl.VERIFY_X509_STRICT)
print(ssl.Options.OP_NO_TLSv1 in ssl.Options, ssl.AlertDescription.ALERT_DESCRIPTION_UNKNOWN_CA)
print(ssl.TLSVersion.TLSv1_3, int(ssl.TLSVersion.MINIMUM_SUPPORTED))
print(len(ssl.RAND_bytes(16)), ssl.RAND_status(), ssl.RAND_add(b"seed", 1.5), ssl.RAND_add("seed", 2))
try:
    ssl.RAND_bytes(-1)
except ValueError as e:
    print("ValueError", e)
print(ssl._txt2obj("1.3.6.1.5.5.7.3.1"))
print(ssl._txt2obj("serverAuth", name=True), ssl._nid2obj(129))
print(ssl.Purpose.SERVER_AUTH, ssl.Purpose.CLIENT_AUTH.oid)
paths = ssl.get_default_verify_paths()
print(type(paths).__name__, paths.openssl_cafile_env, paths.openssl_capath_env)

ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
print("protocol", ctx.protocol, "options", ctx.options & ssl.OP_NO_COMPRESSION == ssl.OP_NO_COMPRESSION)
print("verify_flags", ctx.verify_flags, "security_level >= 1", ctx.security_level >= 1)
print("min/max", ctx.minimum_version, ctx.maximum_version)
print(ctx.cert_store_stats(), ctx.get_ca_certs())
print(ctx.session_stats()["number"], sorted(ctx.session_stats()))
ctx.load_verify_locations(os.path.join(CERTS, "pycacert.pem"))
ctx.load_verify_locations(os.path.join(CERTS, "keycert.pem"))   # not a CA: counted, not listed
print(ctx.cert_store_stats())
print([c["subject"][-1] for c in ctx.get_ca_certs()], len(ctx.get_ca_certs(binary_form=True)[0]) > 500)
der = ctx.get_ca_certs(binary_form=True)[0]
ctx2 = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
ctx2.load_verify_locations(cadata=der)
print("from DER", ctx2.cert_store_stats())
ctx.verify_flags |= ssl.VERIFY_X509_STRICT
print(ctx.verify_flags)
ctx.options |= ssl.OP_NO_TICKET
print(bool(ctx.options & ssl.OP_NO_TICKET))
ctx.set_ciphers("ECDHE+AESGCM")
names = [c["name"] for c in ctx.get_ciphers()]
print("TLS_AES_256_GCM_SHA384" in names, any(n.startswith("ECDHE") for n in names))
c0 = ctx.get_ciphers()[0]
print(sorted(c0))
ctx.set_alpn_protocols(["h2", "http/1.1"])
print(ssl._ssl._test_decode_cert(os.path.join(CERTS, "allsans.pem"))["subjectAltName"][:3])
print(ssl._ssl._test_decode_cert(os.path.join(CERTS, "keycert.pem")))
srv = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
srv.num_tickets = 3
print("num_tickets", srv.num_tickets, "post_handshake_auth", srv.post_handshake_auth)
srv.load_dh_params(os.path.join(CERTS, "ffdh3072.pem"))
srv.set_ecdh_curve("prime256v1")
try:
    srv.set_ecdh_curve("foo")
except ValueError as e:
    print("ValueError", e)
try:
    ctx.num_tickets = 1
except ValueError as e:
    print("ValueError", e)
def cb(sslobj, name, context):
    pass
srv.sni_callback = cb
print(srv.sni_callback is cb)
srv.sni_callback = None
print(srv.sni_callback)
# last: CPython 3.11 leaves OpenSSL's error queue uncleared after these,
# and the next call that peeks at it would report their error
for bad in (lambda: ssl._txt2obj("serverAuth"), lambda: ssl._nid2obj(-1), lambda: ssl._nid2obj(100000)):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
