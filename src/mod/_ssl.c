/* _ssl.c: the _ssl module that ssl.py builds on (CPython 3.11's names,
 * messages and behaviour), on OpenSSL 3's libssl.
 *
 * Objects: _SSLContext owns an SSL_CTX; _SSLSocket owns an SSL, which
 * talks either to a socket's descriptor (_wrap_socket) or to two
 * MemoryBIOs (_wrap_bio); MemoryBIO owns a memory BIO; SSLSession owns an
 * SSL_SESSION. Each frees its OpenSSL object in a finalizer when the
 * collector finds it unreachable. OpenSSL's memory is not scanned by the
 * collector: every Python object that OpenSSL points at (an SSL's ex data,
 * the callbacks' arguments, the alpn list the select callback reads) is
 * also held by the Python object that owns the OpenSSL one, so it lives as
 * long.
 *
 * I/O: each SSL call runs without the interpreter lock. On a socket, the
 * socket's timeout is read at every call (ssl.py's SSLSocket is that
 * socket): blocking (< 0) lets OpenSSL block; with a timeout (> 0, the
 * descriptor is O_NONBLOCK) a WANT_READ/WANT_WRITE waits in poll() until
 * the deadline, then raises TimeoutError; non-blocking (0) raises
 * SSLWantReadError/SSLWantWriteError. Over MemoryBIOs WANT_* is raised at
 * once. The SNI and message callbacks, which OpenSSL calls inside an SSL
 * call, take the lock back for the Python call (SslSocket.lock_released
 * says whether it was let go); what the message callback raises is raised
 * when the SSL call returns.
 *
 * Errors: SSLError(n, "[LIB: REASON] text (_ssl.c:LINE)") with .library
 * and .reason named as OpenSSL's macros are (_ssl_errors.h, written by
 * tools/gen_ssl_errors.py from the headers).
 *
 * libssl and libcrypto are opened at first import (dynlib.h); every call
 * goes through SSLF() or CRY(). Header macros that call functions
 * (SSL_CTX_set_mode, sk_X509_num, BIO_pending...) are spelled out as the
 * function they expand to, since a direct call would not link. */
/* load_dh_params reads DH parameters as CPython 3.11 does, with calls
   OpenSSL 3 marks deprecated (and still provides) */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/dh.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/asn1err.h>
#include <openssl/bnerr.h>
#include <openssl/buffererr.h>
#include <openssl/cmperr.h>
#include <openssl/cmserr.h>
#include <openssl/comperr.h>
#include <openssl/conferr.h>
#include <openssl/crmferr.h>
#include <openssl/cryptoerr.h>
#include <openssl/cterr.h>
#include <openssl/decodererr.h>
#include <openssl/dherr.h>
#include <openssl/dsaerr.h>
#include <openssl/ecerr.h>
#include <openssl/encodererr.h>
#include <openssl/engineerr.h>
#include <openssl/esserr.h>
#include <openssl/evperr.h>
#include <openssl/httperr.h>
#include <openssl/kdferr.h>
#include <openssl/objectserr.h>
#include <openssl/ocsperr.h>
#include <openssl/pemerr.h>
#include <openssl/pkcs12err.h>
#include <openssl/pkcs7err.h>
#include <openssl/proverr.h>
#include <openssl/randerr.h>
#include <openssl/rsaerr.h>
#include <openssl/storeerr.h>
#include <openssl/tserr.h>
#include <openssl/uierr.h>
#include <openssl/x509err.h>
#include <openssl/x509v3err.h>
#include <openssl/asyncerr.h>
#include <openssl/sslerr.h>
#include "../runtime.h"
#include "../util/dynlib.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"
#include "_ssl_errors.h"

#define LIBSSL_API(X)                                                                              \
    X(SSL_CIPHER_description) X(SSL_CIPHER_get_auth_nid) X(SSL_CIPHER_get_bits)                    \
    X(SSL_CIPHER_get_cipher_nid) X(SSL_CIPHER_get_digest_nid) X(SSL_CIPHER_get_id)                 \
    X(SSL_CIPHER_get_kx_nid) X(SSL_CIPHER_get_name) X(SSL_CIPHER_get_version) X(SSL_CIPHER_is_aead) \
    X(SSL_CTX_callback_ctrl) X(SSL_CTX_check_private_key) X(SSL_CTX_clear_options) X(SSL_CTX_ctrl) \
    X(SSL_CTX_free) X(SSL_CTX_get0_param) X(SSL_CTX_get_cert_store) X(SSL_CTX_get_default_passwd_cb) \
    X(SSL_CTX_get_default_passwd_cb_userdata) X(SSL_CTX_get_num_tickets) X(SSL_CTX_get_options)    \
    X(SSL_CTX_get_security_level) X(SSL_CTX_get_verify_mode) X(SSL_CTX_load_verify_locations)      \
    X(SSL_CTX_new) X(SSL_CTX_set_alpn_protos) X(SSL_CTX_set_alpn_select_cb)                        \
    X(SSL_CTX_set_cipher_list) X(SSL_CTX_set_default_passwd_cb)                                    \
    X(SSL_CTX_set_default_passwd_cb_userdata) X(SSL_CTX_set_default_verify_paths)                  \
    X(SSL_CTX_set_num_tickets) X(SSL_CTX_set_options) X(SSL_CTX_set_session_id_context)            \
    X(SSL_CTX_set_verify) X(SSL_CTX_use_PrivateKey_file) X(SSL_CTX_use_certificate_chain_file)     \
    X(SSL_SESSION_free) X(SSL_SESSION_get0_ticket) X(SSL_SESSION_get_id) X(SSL_SESSION_get_ticket_lifetime_hint) \
    X(SSL_SESSION_get_time) X(SSL_SESSION_get_timeout) X(SSL_SESSION_has_ticket) X(SSL_ctrl)       \
    X(SSL_do_handshake) X(SSL_free) X(SSL_get0_alpn_selected) X(SSL_get0_param)                    \
    X(SSL_get1_peer_certificate) X(SSL_get1_session) X(SSL_get_SSL_CTX) X(SSL_get_ciphers)         \
    X(SSL_get_current_cipher) X(SSL_get_current_compression)            \
    X(SSL_get_error) X(SSL_get_ex_data) X(SSL_get_finished) X(SSL_get_peer_finished)               \
    X(SSL_get_servername) X(SSL_get_shutdown) X(SSL_get_verify_mode) X(SSL_get_verify_result)      \
    X(SSL_get_version) X(SSL_is_init_finished) X(SSL_new) X(SSL_pending) X(SSL_read_ex)           \
    X(SSL_select_next_proto) X(SSL_session_reused) X(SSL_set_SSL_CTX) X(SSL_set_accept_state)      \
    X(SSL_set_bio) X(SSL_set_connect_state) X(SSL_set_ex_data) X(SSL_set_fd)                       \
    X(SSL_set_post_handshake_auth) X(SSL_set_read_ahead) X(SSL_set_session) X(SSL_set_verify)      \
    X(SSL_shutdown) X(SSL_verify_client_post_handshake) X(SSL_write_ex) X(TLS_client_method)      \
    X(TLS_method) X(TLS_server_method) X(SSL_get0_verified_chain) X(SSL_get_peer_cert_chain) \
    X(SSL_CTX_set_keylog_callback) X(SSL_CTX_set_msg_callback)

#define LIBCRYPTO_API(X)                                                                           \
    X(i2a_ASN1_INTEGER) X(ASN1_OCTET_STRING_free) X(ASN1_STRING_get0_data) X(ASN1_STRING_length) \
    X(ASN1_STRING_to_UTF8) X(ASN1_TIME_print) X(AUTHORITY_INFO_ACCESS_free) X(BIO_ctrl)            \
    X(BIO_ctrl_pending) X(BIO_free) X(BIO_new) X(BIO_new_mem_buf) X(BIO_read) X(BIO_s_mem)         \
    X(BIO_up_ref) X(BIO_write) X(CRL_DIST_POINTS_free) X(CRYPTO_free)      \
    X(ERR_clear_error) X(ERR_get_error) X(ERR_peek_last_error) X(ERR_reason_error_string)          \
    X(GENERAL_NAMES_free) X(OBJ_nid2ln) X(OBJ_nid2obj) X(OBJ_nid2sn) X(OBJ_obj2nid) X(OBJ_obj2txt) \
    X(OBJ_sn2nid) X(OBJ_txt2obj) X(ASN1_OBJECT_free) X(OPENSSL_sk_num) X(OPENSSL_sk_value)        \
    X(OpenSSL_version) X(OpenSSL_version_num) X(PEM_read_bio_X509) X(RAND_add) X(RAND_bytes)       \
    X(RAND_status) X(X509_NAME_ENTRY_get_data) X(X509_NAME_ENTRY_get_object) X(X509_NAME_ENTRY_set) \
    X(X509_NAME_entry_count) X(X509_NAME_get_entry) X(X509_OBJECT_get0_X509) X(X509_OBJECT_get_type) \
    X(X509_STORE_add_cert) X(X509_STORE_get0_objects) X(X509_VERIFY_PARAM_clear_flags)             \
    X(X509_VERIFY_PARAM_get_flags) X(X509_VERIFY_PARAM_set1_host) X(X509_VERIFY_PARAM_set1_ip)     \
    X(X509_VERIFY_PARAM_set_flags) X(X509_VERIFY_PARAM_set_hostflags) X(X509_check_ca) X(X509_free) \
    X(X509_get0_notAfter) X(X509_get0_notBefore) X(X509_get_default_cert_dir)                      \
    X(X509_get_default_cert_dir_env) X(X509_get_default_cert_file) X(X509_get_default_cert_file_env) \
    X(X509_get_ext_d2i) X(X509_get_issuer_name) X(X509_get_serialNumber) X(X509_get_subject_name)  \
    X(X509_get_version) X(X509_verify_cert_error_string) X(X509_NAME_print_ex) X(X509_cmp) \
    X(X509_up_ref) X(X509_subject_name_hash) X(PEM_write_bio_X509) X(PEM_read_DHparams) X(DH_free) X(a2i_IPADDRESS) X(d2i_X509_bio) X(i2d_X509)

DYNLIB_DEFINE(crypto, TPY_SONAME_CRYPTO, LIBCRYPTO_API)
#define CRY(f) (crypto.f)
DYNLIB_DEFINE(libssl, TPY_SONAME_SSL, LIBSSL_API)
#define SSLF(f) (libssl.f)

/* ---- constants ------------------------------------------------------------------------------ */
/* CPython's own codes for SSLError.errno and for the PROTOCOL_* methods */
enum {
    PY_SSL_ERROR_NONE, PY_SSL_ERROR_SSL, PY_SSL_ERROR_WANT_READ, PY_SSL_ERROR_WANT_WRITE,
    PY_SSL_ERROR_WANT_X509_LOOKUP, PY_SSL_ERROR_SYSCALL, PY_SSL_ERROR_ZERO_RETURN,
    PY_SSL_ERROR_WANT_CONNECT, PY_SSL_ERROR_EOF, PY_SSL_ERROR_NO_SOCKET, PY_SSL_ERROR_INVALID_ERROR_CODE,
};
enum { PY_SSL_VERSION_TLS = 2, PY_SSL_VERSION_TLS1, PY_SSL_VERSION_TLS1_1, PY_SSL_VERSION_TLS1_2,
       PY_SSL_VERSION_TLS_CLIENT = 0x10, PY_SSL_VERSION_TLS_SERVER };
enum { PY_PROTO_MINIMUM_SUPPORTED = -2, PY_PROTO_MAXIMUM_SUPPORTED = -1 };
enum { PY_SSL_CERT_NONE, PY_SSL_CERT_OPTIONAL, PY_SSL_CERT_REQUIRED };

#ifdef OPENSSL_NO_SSL3
#define HAVE_SSL3 0
#else
#define HAVE_SSL3 1
#endif
#ifdef OPENSSL_NO_TLS1
#define HAVE_TLS1 0
#else
#define HAVE_TLS1 1
#endif
#ifdef OPENSSL_NO_TLS1_1
#define HAVE_TLS1_1 0
#else
#define HAVE_TLS1_1 1
#endif

/* _(python name, value): the module's int constants */
#define SSL_INT_CONSTANTS(_)                                                                       \
    _("SSL_ERROR_ZERO_RETURN", PY_SSL_ERROR_ZERO_RETURN) _("SSL_ERROR_WANT_READ", PY_SSL_ERROR_WANT_READ) \
    _("SSL_ERROR_WANT_WRITE", PY_SSL_ERROR_WANT_WRITE)                                             \
    _("SSL_ERROR_WANT_X509_LOOKUP", PY_SSL_ERROR_WANT_X509_LOOKUP)                                 \
    _("SSL_ERROR_SYSCALL", PY_SSL_ERROR_SYSCALL) _("SSL_ERROR_SSL", PY_SSL_ERROR_SSL)              \
    _("SSL_ERROR_WANT_CONNECT", PY_SSL_ERROR_WANT_CONNECT) _("SSL_ERROR_EOF", PY_SSL_ERROR_EOF)    \
    _("SSL_ERROR_INVALID_ERROR_CODE", PY_SSL_ERROR_INVALID_ERROR_CODE)                             \
    _("CERT_NONE", PY_SSL_CERT_NONE) _("CERT_OPTIONAL", PY_SSL_CERT_OPTIONAL)                      \
    _("CERT_REQUIRED", PY_SSL_CERT_REQUIRED)                                                       \
    _("VERIFY_DEFAULT", 0) _("VERIFY_CRL_CHECK_LEAF", X509_V_FLAG_CRL_CHECK)                      \
    _("VERIFY_CRL_CHECK_CHAIN", X509_V_FLAG_CRL_CHECK | X509_V_FLAG_CRL_CHECK_ALL)                 \
    _("VERIFY_X509_STRICT", X509_V_FLAG_X509_STRICT)                                               \
    _("VERIFY_ALLOW_PROXY_CERTS", X509_V_FLAG_ALLOW_PROXY_CERTS)                                   \
    _("VERIFY_X509_TRUSTED_FIRST", X509_V_FLAG_TRUSTED_FIRST)                                      \
    _("VERIFY_X509_PARTIAL_CHAIN", X509_V_FLAG_PARTIAL_CHAIN)                                      \
    _("PROTOCOL_SSLv23", PY_SSL_VERSION_TLS) _("PROTOCOL_TLS", PY_SSL_VERSION_TLS)                 \
    _("PROTOCOL_TLS_CLIENT", PY_SSL_VERSION_TLS_CLIENT)                                            \
    _("PROTOCOL_TLS_SERVER", PY_SSL_VERSION_TLS_SERVER) _("PROTOCOL_TLSv1", PY_SSL_VERSION_TLS1)   \
    _("PROTOCOL_TLSv1_1", PY_SSL_VERSION_TLS1_1) _("PROTOCOL_TLSv1_2", PY_SSL_VERSION_TLS1_2)      \
    _("OP_ALL", SSL_OP_ALL & ~SSL_OP_DONT_INSERT_EMPTY_FRAGMENTS) _("OP_NO_SSLv2", SSL_OP_NO_SSLv2) \
    _("OP_NO_SSLv3", SSL_OP_NO_SSLv3) _("OP_NO_TLSv1", SSL_OP_NO_TLSv1)                            \
    _("OP_NO_TLSv1_1", SSL_OP_NO_TLSv1_1) _("OP_NO_TLSv1_2", SSL_OP_NO_TLSv1_2)                    \
    _("OP_NO_TLSv1_3", SSL_OP_NO_TLSv1_3)                                                          \
    _("OP_CIPHER_SERVER_PREFERENCE", SSL_OP_CIPHER_SERVER_PREFERENCE)                              \
    _("OP_SINGLE_DH_USE", SSL_OP_SINGLE_DH_USE) _("OP_NO_TICKET", SSL_OP_NO_TICKET)                \
    _("OP_SINGLE_ECDH_USE", SSL_OP_SINGLE_ECDH_USE) _("OP_NO_COMPRESSION", SSL_OP_NO_COMPRESSION)  \
    _("OP_ENABLE_MIDDLEBOX_COMPAT", SSL_OP_ENABLE_MIDDLEBOX_COMPAT)                                \
    _("OP_NO_RENEGOTIATION", SSL_OP_NO_RENEGOTIATION)                                              \
    _("OP_IGNORE_UNEXPECTED_EOF", SSL_OP_IGNORE_UNEXPECTED_EOF)                                    \
    _("HOSTFLAG_ALWAYS_CHECK_SUBJECT", X509_CHECK_FLAG_ALWAYS_CHECK_SUBJECT)                       \
    _("HOSTFLAG_NEVER_CHECK_SUBJECT", X509_CHECK_FLAG_NEVER_CHECK_SUBJECT)                         \
    _("HOSTFLAG_NO_WILDCARDS", X509_CHECK_FLAG_NO_WILDCARDS)                                       \
    _("HOSTFLAG_NO_PARTIAL_WILDCARDS", X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS)                       \
    _("HOSTFLAG_MULTI_LABEL_WILDCARDS", X509_CHECK_FLAG_MULTI_LABEL_WILDCARDS)                     \
    _("HOSTFLAG_SINGLE_LABEL_SUBDOMAINS", X509_CHECK_FLAG_SINGLE_LABEL_SUBDOMAINS)                 \
    _("PROTO_MINIMUM_SUPPORTED", PY_PROTO_MINIMUM_SUPPORTED)                                       \
    _("PROTO_MAXIMUM_SUPPORTED", PY_PROTO_MAXIMUM_SUPPORTED) _("PROTO_SSLv3", SSL3_VERSION)        \
    _("PROTO_TLSv1", TLS1_VERSION) _("PROTO_TLSv1_1", TLS1_1_VERSION)                              \
    _("PROTO_TLSv1_2", TLS1_2_VERSION) _("PROTO_TLSv1_3", TLS1_3_VERSION)                          \
    _("ENCODING_PEM", X509_FILETYPE_PEM) _("ENCODING_DER", X509_FILETYPE_ASN1)

/* _(NAME): ALERT_DESCRIPTION_NAME = SSL_AD_NAME */
#define SSL_ALERTS(_)                                                                              \
    _(CLOSE_NOTIFY) _(UNEXPECTED_MESSAGE) _(BAD_RECORD_MAC) _(RECORD_OVERFLOW)                     \
    _(DECOMPRESSION_FAILURE) _(HANDSHAKE_FAILURE) _(BAD_CERTIFICATE) _(UNSUPPORTED_CERTIFICATE)    \
    _(CERTIFICATE_REVOKED) _(CERTIFICATE_EXPIRED) _(CERTIFICATE_UNKNOWN) _(ILLEGAL_PARAMETER)      \
    _(UNKNOWN_CA) _(ACCESS_DENIED) _(DECODE_ERROR) _(DECRYPT_ERROR) _(PROTOCOL_VERSION)            \
    _(INSUFFICIENT_SECURITY) _(INTERNAL_ERROR) _(USER_CANCELLED) _(NO_RENEGOTIATION)               \
    _(UNSUPPORTED_EXTENSION) _(CERTIFICATE_UNOBTAINABLE) _(UNRECOGNIZED_NAME)                      \
    _(BAD_CERTIFICATE_STATUS_RESPONSE) _(BAD_CERTIFICATE_HASH_VALUE) _(UNKNOWN_PSK_IDENTITY)

/* _(python name, truth): what this OpenSSL can do */
#define SSL_HAS_FLAGS(_)                                                                           \
    _("HAS_SNI", 1) _("HAS_TLS_UNIQUE", 1) _("HAS_ECDH", 1) _("HAS_NPN", 0) _("HAS_ALPN", 1)       \
    _("HAS_SSLv2", 0) _("HAS_SSLv3", HAVE_SSL3) _("HAS_TLSv1", HAVE_TLS1)                          \
    _("HAS_TLSv1_1", HAVE_TLS1_1) _("HAS_TLSv1_2", 1) _("HAS_TLSv1_3", 1)

/* OpenSSL's error libraries and reasons by number, for messages and the
   module's err_codes_to_names / lib_codes_to_names */
typedef struct ErrName {
    int lib, reason;
    const char *name;
} ErrName;
#define LIB_ENTRY(lib) {ERR_LIB_##lib, 0, #lib},
static const ErrName err_libs[] = {{ERR_LIB_NONE, 0, "NONE"}, {ERR_LIB_SYS, 0, "SYS"},
                                   {ERR_LIB_USER, 0, "USER"}, SSL_ERR_LIBS(LIB_ENTRY)};
#define REASON_ENTRY(lib, name) {ERR_LIB_##lib, lib##_R_##name, #name},
static const ErrName err_reasons[] = {SSL_ERR_REASONS(REASON_ENTRY)};
#define N_OF(a) (sizeof(a) / sizeof(a)[0])

static const char *lib_name(int lib) {
    for (size_t i = 0; i < N_OF(err_libs); i++)
        if (err_libs[i].lib == lib) return err_libs[i].name;
    return NULL;
}
static const char *reason_name(int lib, int reason) {
    for (size_t i = 0; i < N_OF(err_reasons); i++)
        if (err_reasons[i].lib == lib && err_reasons[i].reason == reason) return err_reasons[i].name;
    return NULL;
}

/* ---- exceptions ----------------------------------------------------------------------------- */
#define SSL_EXCEPTIONS(_)                                                                          \
    _(ssl_error, "SSLError") _(ssl_cert_verification_error, "SSLCertVerificationError")           \
    _(ssl_zero_return_error, "SSLZeroReturnError") _(ssl_want_read_error, "SSLWantReadError")     \
    _(ssl_want_write_error, "SSLWantWriteError") _(ssl_syscall_error, "SSLSyscallError")          \
    _(ssl_eof_error, "SSLEOFError")
#define EXC_VAR(var, name) static Value var;
SSL_EXCEPTIONS(EXC_VAR)

/* SSLError.__str__: the message (strerror) rather than OSError's "[Errno n] ..." */
static Value ssl_error_str(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__str__", nargs - 1, 0, 0) < 0) return VNULL;
    Value s = obj_getattr_cstr(args[0], "strerror");
    if (!s) return VNULL;
    if (str_check(s)) return s;
    Value a = obj_getattr_cstr(args[0], "args");
    return a ? obj_str(a) : VNULL;
}
static const MethodDef ssl_error_str_def = {"__str__", ssl_error_str, 0, NULL};

static Value new_exception_type(const char *name, Value bases, bool with_str) {
    Value ns = dict_new();
    dict_set(ns, NAME(__module__), str_from_cstr("ssl"));
    if (with_str) dict_set(ns, str_intern_cstr("__str__"), method_descr_new(&exc_OSError, &ssl_error_str_def));
    return type_new_class(&type_type, str_from_cstr(name), bases, ns, VNULL);
}
static int make_exceptions(void) {
    if (ssl_error) return 0;
    Value t = new_exception_type("SSLError", tuple_pack(1, V_FROM_PTR(&exc_OSError)), true);
    if (!t) return -1;
    Value one = tuple_pack(1, t);
    Value cv = new_exception_type("SSLCertVerificationError", tuple_pack(2, t, V_FROM_PTR(&exc_ValueError)), false);
    Value zr = new_exception_type("SSLZeroReturnError", one, false);
    Value wr = new_exception_type("SSLWantReadError", one, false);
    Value ww = new_exception_type("SSLWantWriteError", one, false);
    Value sc = new_exception_type("SSLSyscallError", one, false);
    Value eof = new_exception_type("SSLEOFError", one, false);
    if (!cv || !zr || !wr || !ww || !sc || !eof) return -1;
    ssl_cert_verification_error = cv;
    ssl_zero_return_error = zr;
    ssl_want_read_error = wr;
    ssl_want_write_error = ww;
    ssl_syscall_error = sc;
    ssl_eof_error = eof;
    ssl_error = t;
    return 0;
}

/* Raise type(code, msg) with .library and .reason as CPython's
 * fill_and_set_sslerror: errcode is OpenSSL's packed error (0: none);
 * errstr NULL takes OpenSSL's text for it. verify (not VNULL): the
 * SSLCertVerificationError's (verify_code, verify_message). */
static Value raise_ssl(Value type, int code, const char *errstr, unsigned long errcode, int line,
                       Value verify_code, Value verify_message) {
    const char *lib = NULL, *reason = NULL;
    if (errcode) {
        lib = lib_name(ERR_GET_LIB(errcode));
        reason = reason_name(ERR_GET_LIB(errcode), ERR_GET_REASON(errcode));
        if (!errstr) errstr = CRY(ERR_reason_error_string)(errcode);
    }
    if (!errstr) errstr = "unknown error";
    Value msg;
    if (verify_message && lib && reason)
        msg = str_printf("[%s: %s] %s: %S (_ssl.c:%d)", lib, reason, errstr, verify_message, line);
    else if (lib && reason)
        msg = str_printf("[%s: %s] %s (_ssl.c:%d)", lib, reason, errstr, line);
    else if (lib)
        msg = str_printf("[%s] %s (_ssl.c:%d)", lib, errstr, line);
    else
        msg = str_printf("%s (_ssl.c:%d)", errstr, line);
    Value args[2] = {v_int(ERR_GET_REASON((unsigned long)code)), msg};
    Value exc = exc_new(V_AS(Type, type), args, 2);
    if (!exc) return VNULL;
    if (obj_setattr(exc, str_intern_cstr("reason"), reason ? str_from_cstr(reason) : V_NONE) < 0 ||
        obj_setattr(exc, str_intern_cstr("library"), lib ? str_from_cstr(lib) : V_NONE) < 0)
        return VNULL;
    if (verify_message) {
        if (obj_setattr(exc, str_intern_cstr("verify_code"), verify_code) < 0 ||
            obj_setattr(exc, str_intern_cstr("verify_message"), verify_message) < 0)
            return VNULL;
    }
    return err_set_exc(exc);
}
/* An error of OpenSSL's queue (or errstr when given), outside any socket
 * operation, as CPython's _setSSLError; the queue is cleared. */
static Value set_ssl_error_line(const char *errstr, int line) {
    unsigned long e = errstr ? 0 : CRY(ERR_peek_last_error)();
    raise_ssl(ssl_error, (int)e, errstr, e, line, VNULL, VNULL);
    CRY(ERR_clear_error)();
    return VNULL;
}
#define set_ssl_error(errstr) set_ssl_error_line(errstr, __LINE__)

/* ---- module functions ----------------------------------------------------------------------- */
static const ArgSpec rand_bytes_spec = {"RAND_bytes", 1, 1, 0, {"n", NULL}};
static Value rand_bytes_common(Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, bool pseudo) {
    Value a[1];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t n = obj_index_i64(a[0]);
    if (n == -1 && err_occurred()) return VNULL;
    if (n < 0) return err_set(&exc_ValueError, "num must be positive");
    if (n > INT_MAX) return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    Value b = bytes_try_alloc((size_t)n);
    if (!b) return VNULL;
    if (CRY(RAND_bytes)((unsigned char *)V_AS(BytesObject, b)->data, (int)n) != 1) {
        unsigned long e = CRY(ERR_get_error)();
        raise_ssl(ssl_error, (int)e, NULL, e, __LINE__, VNULL, VNULL);
        CRY(ERR_clear_error)();
        return VNULL;
    }
    return pseudo ? tuple_pack(2, b, V_TRUE) : b;
}
static Value m_rand_bytes(Value *args, size_t nargs, Value kwnames) {
    return rand_bytes_common(args, nargs, kwnames, &rand_bytes_spec, false);
}
static const ArgSpec rand_pseudo_bytes_spec = {"RAND_pseudo_bytes", 1, 1, 0, {"n", NULL}};
static Value m_rand_pseudo_bytes(Value *args, size_t nargs, Value kwnames) {
    if (warn_c(&exc_DeprecationWarning, str_from_cstr("ssl.RAND_pseudo_bytes() is deprecated"), 1) < 0)
        return VNULL;
    return rand_bytes_common(args, nargs, kwnames, &rand_pseudo_bytes_spec, true);
}
static const ArgSpec rand_status_spec = {"RAND_status", 0, 0, 0, {NULL}};
static Value m_rand_status(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&rand_status_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_bool(CRY(RAND_status)() == 1);
}
static const ArgSpec rand_add_spec = {"RAND_add", 2, 2, 0, {"string", "entropy", NULL}};
static Value m_rand_add(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&rand_add_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (str_check(a[0])) {
        p = str_data(a[0]);
        n = str_nbytes(a[0]);
    } else {
        BufferInfo bi;
        if (!buffer_check(a[0]))
            return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[0])->tname);
        if (buffer_get(a[0], &bi, false) < 0) return VNULL;
        p = bi.data;
        n = bi.len;
    }
    double entropy = obj_as_double(a[1]);
    if (entropy == -1.0 && err_occurred()) return VNULL;
    /* in chunks of INT_MAX, as RAND_add takes an int */
    do {
        int chunk = n > INT_MAX ? INT_MAX : (int)n;
        CRY(RAND_add)(p, chunk, entropy);
        p += chunk;
        n -= chunk;
    } while (n > 0);
    return V_NONE;
}

/* (nid, shortname, longname, oid) of an ASN.1 object, as CPython's asn1obj2py */
static Value asn1obj_tuple(const ASN1_OBJECT *obj) {
    int nid = CRY(OBJ_obj2nid)(obj);
    if (nid == NID_undef) return err_format(&exc_ValueError, "Unknown object");
    char buf[256];
    int n = CRY(OBJ_obj2txt)(buf, sizeof buf, obj, 1);
    if (n < 0) return set_ssl_error(NULL);
    if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
    const char *sn = CRY(OBJ_nid2sn)(nid), *ln = CRY(OBJ_nid2ln)(nid);
    return tuple_pack(4, v_int(nid), sn ? str_from_cstr(sn) : V_NONE, ln ? str_from_cstr(ln) : V_NONE,
                      str_new(buf, (size_t)n));
}
static const ArgSpec txt2obj_spec = {"txt2obj", 0, 1, 0, {"txt", "name=False", NULL}};
static Value m_txt2obj(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&txt2obj_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *txt = arg_str_utf8(a[0], "txt2obj", 1);
    if (!txt) return VNULL;
    int name = 0;
    if (a[1] && (name = obj_truth(a[1])) < 0) return VNULL;
    ASN1_OBJECT *obj = CRY(OBJ_txt2obj)(txt, name ? 0 : 1);
    if (!obj) {
        CRY(ERR_clear_error)();
        char shown[101];
        snprintf(shown, sizeof shown, "%s", txt);
        return err_format(&exc_ValueError, "unknown object '%s'", shown);
    }
    Value r = asn1obj_tuple(obj);
    CRY(ASN1_OBJECT_free)(obj);
    return r;
}
static const ArgSpec nid2obj_spec = {"nid2obj", 1, 1, 0, {"nid", NULL}};
static Value m_nid2obj(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&nid2obj_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t nid = obj_index_i64(a[0]);
    if (nid == -1 && err_occurred()) return VNULL;
    if (nid < NID_undef) return err_set(&exc_ValueError, "NID must be positive.");
    const ASN1_OBJECT *obj = nid <= INT_MAX ? CRY(OBJ_nid2obj)((int)nid) : NULL;
    if (!obj) {
        CRY(ERR_clear_error)();
        return err_format(&exc_ValueError, "unknown NID %d", (int)nid);
    }
    return asn1obj_tuple(obj);
}
static const ArgSpec get_default_verify_paths_spec = {"get_default_verify_paths", 0, 0, 0, {NULL}};
static Value m_get_default_verify_paths(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&get_default_verify_paths_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    const char *s[4] = {CRY(X509_get_default_cert_file_env)(), CRY(X509_get_default_cert_file)(),
                        CRY(X509_get_default_cert_dir_env)(), CRY(X509_get_default_cert_dir)()};
    Value v[4];
    for (int i = 0; i < 4; i++) v[i] = s[i] ? str_from_fs(s[i]) : V_NONE;
    return tuple_from_array(v, 4);
}

/* ---- certificates as dicts (getpeercert, get_ca_certs, _test_decode_cert) ------------------- */
/* An ASN.1 string as str (its UTF-8) */
static Value asn1_string_str(const ASN1_STRING *s) {
    unsigned char *utf8 = NULL;
    int n = CRY(ASN1_STRING_to_UTF8)(&utf8, s);
    if (n < 0) return set_ssl_error(NULL);
    Value r = str_new((const char *)utf8, (size_t)n);
    CRY(CRYPTO_free)(utf8, __FILE__, __LINE__);
    return r;
}
/* ((name, value),) per RDN: entries of one multi-valued RDN share
   X509_NAME_ENTRY_set's number */
static Value name_tuple(const X509_NAME *name) {
    Value dn = list_new(0), rdn = list_new(0);
    int count = CRY(X509_NAME_entry_count)(name), rdn_level = -1;
    for (int i = 0; i < count; i++) {
        const X509_NAME_ENTRY *e = CRY(X509_NAME_get_entry)(name, i);
        int level = CRY(X509_NAME_ENTRY_set)(e);
        if (level != rdn_level && list_size(rdn) > 0) {
            list_append(dn, tuple_from_array(list_items(rdn), list_size(rdn)));
            rdn = list_new(0);
        }
        rdn_level = level;
        char buf[256];
        int n = CRY(OBJ_obj2txt)(buf, sizeof buf, CRY(X509_NAME_ENTRY_get_object)(e), 0);
        if (n < 0) return set_ssl_error(NULL);
        if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
        Value value = asn1_string_str(CRY(X509_NAME_ENTRY_get_data)(e));
        if (!value) return VNULL;
        list_append(rdn, tuple_pack(2, str_new(buf, (size_t)n), value));
    }
    if (list_size(rdn) > 0) list_append(dn, tuple_from_array(list_items(rdn), list_size(rdn)));
    return tuple_from_array(list_items(dn), list_size(dn));
}
static int stack_num(const void *sk) { return CRY(OPENSSL_sk_num)((const OPENSSL_STACK *)sk); }
static void *stack_value(const void *sk, int i) { return CRY(OPENSSL_sk_value)((const OPENSSL_STACK *)sk, i); }

/* subjectAltName's entries, as CPython's _get_peer_alt_names; VNULL and
   no error when the certificate has none */
static Value alt_names(X509 *cert, bool *failed) {
    GENERAL_NAMES *names = CRY(X509_get_ext_d2i)(cert, NID_subject_alt_name, NULL, NULL);
    *failed = false;
    if (!names) return VNULL;
    Value out = list_new(0);
    for (int i = 0; i < stack_num(names); i++) {
        const GENERAL_NAME *g = stack_value(names, i);
        Value kind = VNULL, value = VNULL;
        switch (g->type) {
        case GEN_DIRNAME:
            kind = str_from_cstr("DirName");
            value = name_tuple(g->d.dirn);
            break;
        case GEN_EMAIL:
        case GEN_DNS:
        case GEN_URI:
            kind = str_from_cstr(g->type == GEN_EMAIL ? "email" : g->type == GEN_DNS ? "DNS" : "URI");
            value = str_new((const char *)CRY(ASN1_STRING_get0_data)(g->d.ia5),
                            (size_t)CRY(ASN1_STRING_length)(g->d.ia5));
            break;
        case GEN_RID: {
            char buf[256];
            int n = CRY(OBJ_obj2txt)(buf, sizeof buf, g->d.rid, 1);
            if (n < 0) n = 0;
            if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
            kind = str_from_cstr("Registered ID");
            value = str_new(buf, (size_t)n);
            break;
        }
        case GEN_IPADD: {
            const unsigned char *p = CRY(ASN1_STRING_get0_data)(g->d.ip);
            int len = CRY(ASN1_STRING_length)(g->d.ip);
            kind = str_from_cstr("IP Address");
            if (len == 4) {
                value = str_printf("%d.%d.%d.%d", p[0], p[1], p[2], p[3]);
            } else if (len == 16) {
                char buf[64];
                int k = 0;
                for (int j = 0; j < 16; j += 2)
                    k += snprintf(buf + k, sizeof buf - (size_t)k, j ? ":%X" : "%X", (p[j] << 8) | p[j + 1]);
                value = str_new(buf, (size_t)k);
            } else {
                value = str_from_cstr("<invalid>");
            }
            break;
        }
        default:
            /* othername, X400, EDI party: CPython does not decode them */
            kind = str_from_cstr(g->type == GEN_OTHERNAME ? "othername"
                                 : g->type == GEN_X400 ? "X400Name" : "EdiPartyName");
            value = str_from_cstr("<unsupported>");
            break;
        }
        if (!value) {
            CRY(GENERAL_NAMES_free)(names);
            *failed = true;
            return VNULL;
        }
        list_append(out, tuple_pack(2, kind, value));
    }
    CRY(GENERAL_NAMES_free)(names);
    return tuple_from_array(list_items(out), list_size(out));
}
/* The URIs of the authority information access entries of method nid */
static Value aia_uris(X509 *cert, int nid) {
    AUTHORITY_INFO_ACCESS *info = CRY(X509_get_ext_d2i)(cert, NID_info_access, NULL, NULL);
    if (!info) return VNULL;
    Value out = list_new(0);
    for (int i = 0; i < stack_num(info); i++) {
        const ACCESS_DESCRIPTION *ad = stack_value(info, i);
        if (CRY(OBJ_obj2nid)(ad->method) != nid || ad->location->type != GEN_URI) continue;
        const ASN1_IA5STRING *u = ad->location->d.uniformResourceIdentifier;
        list_append(out, str_new((const char *)CRY(ASN1_STRING_get0_data)(u), (size_t)CRY(ASN1_STRING_length)(u)));
    }
    CRY(AUTHORITY_INFO_ACCESS_free)(info);
    return list_size(out) ? tuple_from_array(list_items(out), list_size(out)) : VNULL;
}
static Value crl_uris(X509 *cert) {
    CRL_DIST_POINTS *dps = CRY(X509_get_ext_d2i)(cert, NID_crl_distribution_points, NULL, NULL);
    if (!dps) return VNULL;
    Value out = list_new(0);
    for (int i = 0; i < stack_num(dps); i++) {
        const DIST_POINT *dp = stack_value(dps, i);
        if (!dp->distpoint || dp->distpoint->type != 0) continue;
        const GENERAL_NAMES *gns = dp->distpoint->name.fullname;
        for (int j = 0; j < stack_num(gns); j++) {
            const GENERAL_NAME *g = stack_value(gns, j);
            if (g->type != GEN_URI) continue;
            list_append(out, str_new((const char *)CRY(ASN1_STRING_get0_data)(g->d.ia5),
                                     (size_t)CRY(ASN1_STRING_length)(g->d.ia5)));
        }
    }
    CRY(CRL_DIST_POINTS_free)(dps);
    return list_size(out) ? tuple_from_array(list_items(out), list_size(out)) : VNULL;
}
/* ASN1_TIME_print's text: "Aug 26 14:23:15 2028 GMT" */
static Value asn1_time_str(const ASN1_TIME *t) {
    BIO *b = CRY(BIO_new)(CRY(BIO_s_mem)());
    if (!b) return set_ssl_error(NULL);
    CRY(ASN1_TIME_print)(b, t);
    char buf[100];
    int n = CRY(BIO_read)(b, buf, sizeof buf);
    CRY(BIO_free)(b);
    if (n < 0) return set_ssl_error(NULL);
    return str_new(buf, (size_t)n);
}
/* The dict CPython's _decode_certificate makes */
static Value decode_cert(X509 *cert) {
    Value d = dict_new(), v;
    if (!(v = name_tuple(CRY(X509_get_subject_name)(cert)))) return VNULL;
    dict_set_cstr(d, "subject", v);
    if (!(v = name_tuple(CRY(X509_get_issuer_name)(cert)))) return VNULL;
    dict_set_cstr(d, "issuer", v);
    dict_set_cstr(d, "version", v_int(CRY(X509_get_version)(cert) + 1));
    /* i2a_ASN1_INTEGER's hex: "00" for 0, an even count of digits */
    BIO *b = CRY(BIO_new)(CRY(BIO_s_mem)());
    if (!b) return set_ssl_error(NULL);
    CRY(i2a_ASN1_INTEGER)(b, CRY(X509_get_serialNumber)(cert));
    char serial[256];
    int n = CRY(BIO_read)(b, serial, sizeof serial);
    CRY(BIO_free)(b);
    if (n < 0) return set_ssl_error(NULL);
    dict_set_cstr(d, "serialNumber", str_new(serial, (size_t)n));
    if (!(v = asn1_time_str(CRY(X509_get0_notBefore)(cert)))) return VNULL;
    dict_set_cstr(d, "notBefore", v);
    if (!(v = asn1_time_str(CRY(X509_get0_notAfter)(cert)))) return VNULL;
    dict_set_cstr(d, "notAfter", v);
    bool failed;
    if ((v = alt_names(cert, &failed))) dict_set_cstr(d, "subjectAltName", v);
    else if (failed) return VNULL;
    if ((v = aia_uris(cert, NID_ad_OCSP))) dict_set_cstr(d, "OCSP", v);
    if ((v = aia_uris(cert, NID_ad_ca_issuers))) dict_set_cstr(d, "caIssuers", v);
    if ((v = crl_uris(cert))) dict_set_cstr(d, "crlDistributionPoints", v);
    return d;
}
static Value cert_der(X509 *cert) {
    unsigned char *der = NULL;
    int n = CRY(i2d_X509)(cert, &der);
    if (n < 0) return set_ssl_error(NULL);
    Value r = bytes_new((const char *)der, (size_t)n);
    CRY(CRYPTO_free)(der, __FILE__, __LINE__);
    return r;
}

/* an int attribute value as a C int (TypeError / OverflowError) */
static int int_arg(Value v, int64_t *out) {
    if (!int_check(v)) {
        err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname);
        return -1;
    }
    *out = obj_index_i64(v);
    if (*out == -1 && err_occurred()) return -1;
    return 0;
}
/* ---- Certificate (get_verified_chain / get_unverified_chain) --------------------------------- */
typedef struct SslCertificate {
    Object hdr;
    X509 *cert;
} SslCertificate;
static Type ssl_certificate_type;
#define CERT(v) (V_AS(SslCertificate, v)->cert)

static void ssl_certificate_finalize(void *p) {
    SslCertificate *c = p;
    if (c->cert) CRY(X509_free)(c->cert);
    c->cert = NULL;
}
/* A Certificate holding its own reference to x */
static Value certificate_wrap(X509 *x) {
    SslCertificate *c = (SslCertificate *)obj_alloc(&ssl_certificate_type, sizeof(SslCertificate));
    CRY(X509_up_ref)(x);
    c->cert = x;
    gc_register_finalizer(c, ssl_certificate_finalize);
    return V_FROM_PTR(c);
}
static Value certificate_list(const STACK_OF(X509) *chain) {
    Value out = list_new(0);
    for (int i = 0; i < stack_num(chain); i++) list_append(out, certificate_wrap(stack_value(chain, i)));
    return out;
}
/* the text of a BIO's contents as str */
static Value bio_text(BIO *b) {
    char *p;
    long n = CRY(BIO_ctrl)(b, BIO_CTRL_INFO, 0, (char *)&p);
    Value r = n > 0 ? str_new(p, (size_t)n) : str_from_cstr("");
    CRY(BIO_free)(b);
    return r;
}
static Value certificate_repr(Value self) {
    BIO *b = CRY(BIO_new)(CRY(BIO_s_mem)());
    if (!b) return set_ssl_error(NULL);
    if (CRY(X509_NAME_print_ex)(b, CRY(X509_get_subject_name)(CERT(self)), 0, XN_FLAG_RFC2253) < 0) {
        CRY(BIO_free)(b);
        return set_ssl_error(NULL);
    }
    Value name = bio_text(b);
    return str_printf("<%s %R>", type_of(self)->tname, name);
}
static int64_t certificate_hash(Value self) {
    int64_t h = (int64_t)CRY(X509_subject_name_hash)(CERT(self));
    return h == -1 ? -2 : h;
}
static Value certificate_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &ssl_certificate_type) return V_NOTIMPL;
    bool eq = CRY(X509_cmp)(CERT(a), CERT(b)) == 0;
    return v_bool(op == CMP_EQ ? eq : !eq);
}
static Value certificate_public_bytes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"public_bytes", 0, 0, 0, {"format=Encoding.PEM", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int64_t format = X509_FILETYPE_PEM;
    if (a[0] && int_arg(a[0], &format) < 0) return VNULL;
    if (format == X509_FILETYPE_ASN1) return cert_der(CERT(args[0]));
    if (format != X509_FILETYPE_PEM) return err_set(&exc_ValueError, "Unsupported format");
    BIO *b = CRY(BIO_new)(CRY(BIO_s_mem)());
    if (!b) return set_ssl_error(NULL);
    if (!CRY(PEM_write_bio_X509)(b, CERT(args[0]))) {
        CRY(BIO_free)(b);
        return set_ssl_error(NULL);
    }
    return bio_text(b);
}
static Value certificate_get_info(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_info", nargs - 1, 0, 0) < 0) return VNULL;
    return decode_cert(CERT(args[0]));
}
static const MethodDef ssl_certificate_methods[] = {
    {"public_bytes", certificate_public_bytes, MF_KEYWORDS, NULL},
    {"get_info", certificate_get_info, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static Type ssl_certificate_type = {
    .tname = "_ssl.Certificate",
    .basicsize = sizeof(SslCertificate),
    .flags = TF_ABSTRACT_NEW,
    .repr = certificate_repr,
    .hash = certificate_hash,
    .richcompare = certificate_richcompare,
};

/* A filesystem path argument as bytes (os.fsencode: str, bytes, PathLike) */
static Value fs_path(Value v) {
    Value os = import_name(str_intern_cstr("os"), VNULL, v_int(0), VNULL);
    if (!os) return VNULL;
    Value f = obj_getattr_cstr(os, "fsencode");
    return f ? obj_call(f, &v, 1, VNULL) : VNULL;
}

static const ArgSpec test_decode_cert_spec = {"_test_decode_cert", 1, 1, 0, {"path", NULL}};
static Value m_test_decode_cert(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&test_decode_cert_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value path = fs_path(a[0]);
    if (!path) return VNULL;
    FILE *f = fopen(V_AS(BytesObject, path)->data, "rb");
    if (!f) return err_set(V_AS(Type, ssl_error), "Can't open file");
    char *data = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 8192;
            char *nd = gc_alloc_atomic(cap);
            if (len) memcpy(nd, data, len);
            data = nd;
        }
        size_t n = fread(data + len, 1, cap - len, f);
        if (n == 0) break;
        len += n;
    }
    fclose(f);
    BIO *b = CRY(BIO_new_mem_buf)(data, (int)len);
    if (!b) return set_ssl_error(NULL);
    X509 *x = CRY(PEM_read_bio_X509)(b, NULL, NULL, NULL);
    CRY(BIO_free)(b);
    if (!x) return set_ssl_error("Error decoding PEM-encoded file");
    Value r = decode_cert(x);
    CRY(X509_free)(x);
    return r;
}

/* ---- MemoryBIO ------------------------------------------------------------------------------ */
typedef struct MemoryBio {
    Object hdr;
    BIO *bio;
    bool eof_written;
} MemoryBio;
static Type memory_bio_type;

static void memory_bio_finalize(void *p) {
    MemoryBio *m = p;
    if (m->bio) CRY(BIO_free)(m->bio);
    m->bio = NULL;
}
static Value memory_bio_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("MemoryBIO", kwnames) < 0 || arg_count("MemoryBIO", nargs, 0, 0) < 0) return VNULL;
    BIO *bio = CRY(BIO_new)(CRY(BIO_s_mem)());
    if (!bio) return err_set(V_AS(Type, ssl_error), "failed to allocate BIO");
    /* an empty BIO asks to retry (WANT_READ) until write_eof() */
    CRY(BIO_ctrl)(bio, BIO_C_SET_BUF_MEM_EOF_RETURN, -1, NULL);
    Value self = instance_new(t);
    MemoryBio *m = V_AS(MemoryBio, self);
    m->bio = bio;
    gc_register_finalizer(m, memory_bio_finalize);
    return self;
}
#define MBIO(v) V_AS(MemoryBio, v)
static Value mbio_pending(Value self) { return int_from_u64(CRY(BIO_ctrl_pending)(MBIO(self)->bio)); }
static Value mbio_eof(Value self) {
    return v_bool(CRY(BIO_ctrl_pending)(MBIO(self)->bio) == 0 && MBIO(self)->eof_written);
}
static const ArgSpec mbio_read_spec = {"read", 1, 0, 0, {"size", NULL}};
static Value mbio_read(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&mbio_read_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int64_t size = -1;
    if (a[0]) {
        if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        size = obj_index_i64(a[0]);
        if (size == -1 && err_occurred()) return VNULL;
    }
    MemoryBio *m = MBIO(args[0]);
    int64_t avail = (int64_t)CRY(BIO_ctrl_pending)(m->bio);
    if (avail > INT_MAX) avail = INT_MAX;
    int64_t len = (size < 0 || size > avail) ? avail : size;
    Value b = bytes_try_alloc((size_t)len);
    if (!b) return VNULL;
    if (len == 0) return b;
    int n = CRY(BIO_read)(m->bio, V_AS(BytesObject, b)->data, (int)len);
    if (n < 0) return set_ssl_error(NULL);
    return n == len ? b : bytes_new(V_AS(BytesObject, b)->data, (size_t)n);
}
static const ArgSpec mbio_write_spec = {"write", 1, 1, 0, {"b", NULL}};
static Value mbio_write(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&mbio_write_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!buffer_check(a[0]))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[0])->tname);
    BufferInfo bi;
    if (buffer_get(a[0], &bi, false) < 0) return VNULL;
    if (bi.len > INT_MAX) return err_format(&exc_OverflowError, "string longer than %d bytes", INT_MAX);
    MemoryBio *m = MBIO(args[0]);
    if (m->eof_written) return err_set(V_AS(Type, ssl_error), "cannot write() after write_eof()");
    int n = CRY(BIO_write)(m->bio, bi.data, (int)bi.len);
    if (n < 0) return set_ssl_error(NULL);
    return v_int(n);
}
static Value mbio_write_eof(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("write_eof", nargs - 1, 0, 0) < 0) return VNULL;
    MemoryBio *m = MBIO(args[0]);
    m->eof_written = true;
    /* reads now return 0 (EOF) once the buffer is empty */
    CRY(BIO_ctrl)(m->bio, BIO_C_SET_BUF_MEM_EOF_RETURN, 0, NULL);
    return V_NONE;
}
static const MethodDef memory_bio_methods[] = {
    {"read", mbio_read, MF_KEYWORDS, NULL, &mbio_read_spec},
    {"write", mbio_write, MF_KEYWORDS, NULL, &mbio_write_spec},
    {"write_eof", mbio_write_eof, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef memory_bio_getsets[] = {
    {"pending", mbio_pending, NULL, "The number of bytes pending in the memory BIO."},
    {"eof", mbio_eof, NULL, "Whether the memory BIO is at EOF."},
    {NULL, NULL, NULL, NULL},
};
static Type memory_bio_type = {
    .tname = "_ssl.MemoryBIO",
    .basicsize = sizeof(MemoryBio),
    .new_ = memory_bio_new,
};

/* ---- SSLSession ----------------------------------------------------------------------------- */
typedef struct SslSession {
    Object hdr;
    SSL_SESSION *session;
    Value ctx;   /* the _SSLContext it was made under */
} SslSession;
static Type ssl_session_type;

static void ssl_session_finalize(void *p) {
    SslSession *s = p;
    if (s->session) SSLF(SSL_SESSION_free)(s->session);
    s->session = NULL;
}
static Value session_wrap(SSL_SESSION *sess, Value ctx) {
    SslSession *s = (SslSession *)obj_alloc(&ssl_session_type, sizeof(SslSession));
    s->session = sess;
    s->ctx = ctx;
    gc_register_finalizer(s, ssl_session_finalize);
    return V_FROM_PTR(s);
}
#define SESS(v) (V_AS(SslSession, v)->session)
static Value sess_time(Value self) { return int_from_i64((int64_t)SSLF(SSL_SESSION_get_time)(SESS(self))); }
static Value sess_timeout(Value self) { return int_from_i64((int64_t)SSLF(SSL_SESSION_get_timeout)(SESS(self))); }
static Value sess_ticket_lifetime_hint(Value self) {
    return int_from_u64(SSLF(SSL_SESSION_get_ticket_lifetime_hint)(SESS(self)));
}
static Value sess_id(Value self) {
    unsigned int len;
    const unsigned char *id = SSLF(SSL_SESSION_get_id)(SESS(self), &len);
    return bytes_new((const char *)id, len);
}
static Value sess_has_ticket(Value self) { return v_bool(SSLF(SSL_SESSION_has_ticket)(SESS(self))); }
/* two sessions are equal when their ids are */
static Value sess_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &ssl_session_type) return V_NOTIMPL;
    bool eq = a == b;
    if (!eq) {
        unsigned int la, lb;
        const unsigned char *ia = SSLF(SSL_SESSION_get_id)(SESS(a), &la), *ib = SSLF(SSL_SESSION_get_id)(SESS(b), &lb);
        eq = la == lb && memcmp(ia, ib, la) == 0;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}
static const GetSetDef ssl_session_getsets[] = {
    {"time", sess_time, NULL, "Session creation time (seconds since epoch)."},
    {"timeout", sess_timeout, NULL, "Session timeout (delta in seconds)."},
    {"ticket_lifetime_hint", sess_ticket_lifetime_hint, NULL, "Ticket life time hint."},
    {"id", sess_id, NULL, "Session id"},
    {"has_ticket", sess_has_ticket, NULL, "Does the session contain a ticket?"},
    {NULL, NULL, NULL, NULL},
};
static Type ssl_session_type = {
    .tname = "_ssl.SSLSession",
    .basicsize = sizeof(SslSession),
    .flags = TF_ABSTRACT_NEW,
    .richcompare = sess_richcompare,
};

/* ---- _SSLContext ---------------------------------------------------------------------------- */
typedef struct SslContext {
    Object hdr;
    SSL_CTX *ctx;
    int protocol;              /* PROTOCOL_* */
    bool check_hostname;
    bool post_handshake_auth;
    unsigned int hostflags;    /* X509_CHECK_FLAG_*, as given to the verify params */
    Value alpn;                /* bytes: the protocols in wire format, or VNULL */
    Value sni_callback;        /* callable or VNULL */
    Value msg_callback;        /* callable or VNULL (_msg_callback) */
    Value keylog_filename;     /* as given, or VNULL */
    FILE *keylog;              /* open while keylog_filename is set */
} SslContext;
static Type ssl_context_type, ssl_socket_type;
#define CTX(v) V_AS(SslContext, v)

static int servername_callback(SSL *ssl, int *alert, void *arg);
static int alpn_select(SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *client,
                       unsigned int client_len, void *arg);
/* An SSL whose `context` was set to another keeps this SSL_CTX as its
 * session context, and OpenSSL may call its callbacks again (a second
 * ClientHello after a HelloRetryRequest): they must not find this object
 * once it is gone, so their argument is cleared first (the callbacks then
 * do nothing). */
static void ssl_context_finalize(void *p) {
    SslContext *c = p;
    if (c->ctx) {
        SSLF(SSL_CTX_ctrl)(c->ctx, SSL_CTRL_SET_TLSEXT_SERVERNAME_ARG, 0, NULL);
        if (c->alpn) SSLF(SSL_CTX_set_alpn_select_cb)(c->ctx, alpn_select, NULL);
        SSLF(SSL_CTX_free)(c->ctx);
    }
    c->ctx = NULL;
    if (c->keylog) fclose(c->keylog);
    c->keylog = NULL;
}

static int deprecated(const char *msg) {
    return warn_c(&exc_DeprecationWarning, str_from_cstr(msg), 2);
}

static Value ssl_context_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_SSLContext", 1, 1, 0, {"protocol", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t proto = obj_index_i64(a[0]);
    if (proto == -1 && err_occurred()) return VNULL;
    const SSL_METHOD *method = NULL;
    int version = 0;   /* the one version an old PROTOCOL_TLSv1* allows */
    switch (proto) {
    case PY_SSL_VERSION_TLS:
        if (deprecated("ssl.PROTOCOL_TLS is deprecated") < 0) return VNULL;
        method = SSLF(TLS_method)();
        break;
    case PY_SSL_VERSION_TLS_CLIENT: method = SSLF(TLS_client_method)(); break;
    case PY_SSL_VERSION_TLS_SERVER: method = SSLF(TLS_server_method)(); break;
    case PY_SSL_VERSION_TLS1:
    case PY_SSL_VERSION_TLS1_1:
    case PY_SSL_VERSION_TLS1_2: {
        static const char *const msg[] = {"ssl.PROTOCOL_TLSv1 is deprecated", "ssl.PROTOCOL_TLSv1_1 is deprecated",
                                          "ssl.PROTOCOL_TLSv1_2 is deprecated"};
        if (deprecated(msg[proto - PY_SSL_VERSION_TLS1]) < 0) return VNULL;
        method = SSLF(TLS_method)();
        version = TLS1_VERSION + (int)(proto - PY_SSL_VERSION_TLS1);
        break;
    }
    default:
        return err_format(&exc_ValueError, "invalid or unsupported protocol version %d", (int)proto);
    }
    SSL_CTX *ctx = SSLF(SSL_CTX_new)(method);
    if (!ctx) return set_ssl_error(NULL);
    Value self = instance_new(t);
    SslContext *c = CTX(self);
    c->ctx = ctx;
    gc_register_finalizer(c, ssl_context_finalize);
    c->protocol = (int)proto;
    if (version) {
        SSLF(SSL_CTX_ctrl)(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, version, NULL);
        SSLF(SSL_CTX_ctrl)(ctx, SSL_CTRL_SET_MAX_PROTO_VERSION, version, NULL);
    }
    /* a client checks its server by default, a server asks nothing */
    if (proto == PY_SSL_VERSION_TLS_CLIENT) {
        c->check_hostname = true;
        SSLF(SSL_CTX_set_verify)(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, NULL);
    } else {
        SSLF(SSL_CTX_set_verify)(ctx, SSL_VERIFY_NONE, NULL);
    }
    uint64_t options = (SSL_OP_ALL & ~SSL_OP_DONT_INSERT_EMPTY_FRAGMENTS) | SSL_OP_NO_COMPRESSION |
                       SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_SINGLE_DH_USE | SSL_OP_SINGLE_ECDH_USE |
                       SSL_OP_NO_SSLv2 | SSL_OP_NO_SSLv3 | SSL_OP_IGNORE_UNEXPECTED_EOF;
    SSLF(SSL_CTX_set_options)(ctx, options);
    if (!SSLF(SSL_CTX_set_cipher_list)(ctx, SSL_DEFAULT_CIPHER_LIST)) {
        CRY(ERR_clear_error)();
        return err_set(V_AS(Type, ssl_error), "No cipher can be selected.");
    }
    SSLF(SSL_CTX_ctrl)(ctx, SSL_CTRL_MODE, SSL_MODE_RELEASE_BUFFERS, NULL);
    static const unsigned char sid_ctx[] = "Python";
    SSLF(SSL_CTX_set_session_id_context)(ctx, sid_ctx, sizeof sid_ctx - 1);
    X509_VERIFY_PARAM *params = SSLF(SSL_CTX_get0_param)(ctx);
    CRY(X509_VERIFY_PARAM_set_flags)(params, X509_V_FLAG_TRUSTED_FIRST);
    c->hostflags = X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS;
    CRY(X509_VERIFY_PARAM_set_hostflags)(params, c->hostflags);
    return self;
}

/* verify_mode as CERT_* */
static int ctx_verify_mode(SSL_CTX *ctx) {
    int m = SSLF(SSL_CTX_get_verify_mode)(ctx) & (SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT);
    return m == SSL_VERIFY_NONE ? PY_SSL_CERT_NONE
           : m == SSL_VERIFY_PEER ? PY_SSL_CERT_OPTIONAL : PY_SSL_CERT_REQUIRED;
}
static int set_verify_mode(SslContext *c, int n) {
    int mode;
    switch (n) {
    case PY_SSL_CERT_NONE: mode = SSL_VERIFY_NONE; break;
    case PY_SSL_CERT_OPTIONAL: mode = SSL_VERIFY_PEER; break;
    case PY_SSL_CERT_REQUIRED: mode = SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT; break;
    default: err_set(&exc_ValueError, "invalid value for verify_mode"); return -1;
    }
    /* SSL_VERIFY_POST_HANDSHAKE is each server socket's (new_ssl_socket) */
    SSLF(SSL_CTX_set_verify)(c->ctx, mode, NULL);
    return 0;
}
static int no_delete(Value v) {
    if (v) return 0;
    err_set(&exc_AttributeError, "cannot delete attribute");
    return -1;
}
static Value ctx_get_verify_mode(Value self) { return v_int(ctx_verify_mode(CTX(self)->ctx)); }
static int ctx_set_verify_mode(Value self, Value v) {
    int64_t n;
    if (no_delete(v) < 0 || int_arg(v, &n) < 0) return -1;
    if (n == PY_SSL_CERT_NONE && CTX(self)->check_hostname) {
        err_set(&exc_ValueError, "Cannot set verify_mode to CERT_NONE when check_hostname is enabled.");
        return -1;
    }
    return set_verify_mode(CTX(self), n < INT_MIN || n > INT_MAX ? -1 : (int)n);
}
static Value ctx_get_check_hostname(Value self) { return v_bool(CTX(self)->check_hostname); }
static int ctx_set_check_hostname(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    int b = obj_truth(v);
    if (b < 0) return -1;
    SslContext *c = CTX(self);
    if (b && ctx_verify_mode(c->ctx) == PY_SSL_CERT_NONE && set_verify_mode(c, PY_SSL_CERT_REQUIRED) < 0)
        return -1;
    c->check_hostname = b;
    return 0;
}
static Value ctx_get_host_flags(Value self) { return int_from_u64(CTX(self)->hostflags); }
static int ctx_set_host_flags(Value self, Value v) {
    int64_t n;
    if (no_delete(v) < 0 || int_arg(v, &n) < 0) return -1;
    CTX(self)->hostflags = (unsigned int)n;
    CRY(X509_VERIFY_PARAM_set_hostflags)(SSLF(SSL_CTX_get0_param)(CTX(self)->ctx), (unsigned int)n);
    return 0;
}
static Value ctx_get_options(Value self) { return int_from_u64(SSLF(SSL_CTX_get_options)(CTX(self)->ctx)); }
static int ctx_set_options(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    if (!int_check(v)) {
        err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname);
        return -1;
    }
    if (int_sign(v) < 0) {
        err_set(&exc_OverflowError, "can't convert negative int to unsigned");
        return -1;
    }
    uint64_t n;
    if (v_is_int(v)) {
        n = (uint64_t)v_intval(v);
    } else {
        mpz_t z;
        mpz_init(z);
        int_to_mpz(v, z);
        bool fits = mpz_sizeinbase(z, 2) <= 64;
        n = fits ? (uint64_t)mpz_get_ui(z) : 0;
        mpz_clear(z);
        if (!fits) {
            err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
            return -1;
        }
    }
    SSL_CTX *ctx = CTX(self)->ctx;
    uint64_t cur = SSLF(SSL_CTX_get_options)(ctx), set = ~cur & n, clear = cur & ~n;
    const uint64_t no_proto = SSL_OP_NO_SSLv2 | SSL_OP_NO_SSLv3 | SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1 |
                              SSL_OP_NO_TLSv1_2 | SSL_OP_NO_TLSv1_3;
    if ((set & no_proto) && deprecated("ssl.OP_NO_SSL*/ssl.OP_NO_TLS* options are deprecated") < 0) return -1;
    if (clear) SSLF(SSL_CTX_clear_options)(ctx, clear);
    if (set) SSLF(SSL_CTX_set_options)(ctx, set);
    return 0;
}
static Value ctx_get_verify_flags(Value self) {
    return int_from_u64(CRY(X509_VERIFY_PARAM_get_flags)(SSLF(SSL_CTX_get0_param)(CTX(self)->ctx)));
}
static int ctx_set_verify_flags(Value self, Value v) {
    int64_t n;
    if (no_delete(v) < 0 || int_arg(v, &n) < 0) return -1;
    X509_VERIFY_PARAM *p = SSLF(SSL_CTX_get0_param)(CTX(self)->ctx);
    unsigned long cur = CRY(X509_VERIFY_PARAM_get_flags)(p), nf = (unsigned long)n;
    unsigned long clear = cur & ~nf, set = ~cur & nf;
    if ((clear && !CRY(X509_VERIFY_PARAM_clear_flags)(p, clear)) || (set && !CRY(X509_VERIFY_PARAM_set_flags)(p, set))) {
        set_ssl_error(NULL);
        return -1;
    }
    return 0;
}
/* minimum_version / maximum_version: PROTO_* values; 0 from OpenSSL means
   no bound (MINIMUM_SUPPORTED / MAXIMUM_SUPPORTED) */
static Value ctx_get_version_bound(Value self, bool max) {
    long v = SSLF(SSL_CTX_ctrl)(CTX(self)->ctx, max ? SSL_CTRL_GET_MAX_PROTO_VERSION : SSL_CTRL_GET_MIN_PROTO_VERSION,
                                0, NULL);
    if (v == 0) v = max ? PY_PROTO_MAXIMUM_SUPPORTED : PY_PROTO_MINIMUM_SUPPORTED;
    return v_int(v);
}
static int ctx_set_version_bound(Value self, Value v, bool max) {
    int64_t n;
    if (no_delete(v) < 0 || int_arg(v, &n) < 0) return -1;
    SslContext *c = CTX(self);
    if (c->protocol != PY_SSL_VERSION_TLS && c->protocol != PY_SSL_VERSION_TLS_CLIENT &&
        c->protocol != PY_SSL_VERSION_TLS_SERVER) {
        err_set(&exc_ValueError, "The context's protocol doesn't support modification of highest and lowest version.");
        return -1;
    }
    switch (n) {
    case SSL3_VERSION: case TLS1_VERSION: case TLS1_1_VERSION: {
        static const char *const names[] = {"SSLv3", "TLSv1", "TLSv1_1"};
        char msg[64];
        snprintf(msg, sizeof msg, "ssl.TLSVersion.%s is deprecated", names[n - SSL3_VERSION]);
        if (deprecated(msg) < 0) return -1;
        break;
    }
    case TLS1_2_VERSION: case TLS1_3_VERSION: break;
    case PY_PROTO_MINIMUM_SUPPORTED: n = max ? TLS1_VERSION : 0; break;
    case PY_PROTO_MAXIMUM_SUPPORTED: n = max ? 0 : TLS1_3_VERSION; break;
    default:
        err_format(&exc_ValueError, "Unsupported TLS/SSL version 0x%x", (unsigned)n);
        return -1;
    }
    if (!SSLF(SSL_CTX_ctrl)(c->ctx, max ? SSL_CTRL_SET_MAX_PROTO_VERSION : SSL_CTRL_SET_MIN_PROTO_VERSION, (long)n,
                            NULL)) {
        err_format(&exc_ValueError, "Unsupported protocol version 0x%x", (unsigned)n);
        return -1;
    }
    return 0;
}
static Value ctx_get_minimum_version(Value self) { return ctx_get_version_bound(self, false); }
static Value ctx_get_maximum_version(Value self) { return ctx_get_version_bound(self, true); }
static int ctx_set_minimum_version(Value self, Value v) { return ctx_set_version_bound(self, v, false); }
static int ctx_set_maximum_version(Value self, Value v) { return ctx_set_version_bound(self, v, true); }
static Value ctx_get_protocol(Value self) { return v_int(CTX(self)->protocol); }
static Value ctx_get_post_handshake_auth(Value self) { return v_bool(CTX(self)->post_handshake_auth); }
static int ctx_set_post_handshake_auth(Value self, Value v) {
    if (!v) {
        err_set(&exc_AttributeError, "cannot delete attribute");
        return -1;
    }
    int b = obj_truth(v);
    if (b < 0) return -1;
    CTX(self)->post_handshake_auth = b;
    return 0;
}
static Value ctx_get_num_tickets(Value self) { return int_from_u64(SSLF(SSL_CTX_get_num_tickets)(CTX(self)->ctx)); }
static int ctx_set_num_tickets(Value self, Value v) {
    int64_t n;
    if (no_delete(v) < 0 || int_arg(v, &n) < 0) return -1;
    if (n < 0) {
        err_set(&exc_ValueError, "value must be non-negative");
        return -1;
    }
    if (CTX(self)->protocol != PY_SSL_VERSION_TLS_SERVER) {
        err_set(&exc_ValueError, "SSLContext is not a server context.");
        return -1;
    }
    if (!SSLF(SSL_CTX_set_num_tickets)(CTX(self)->ctx, (size_t)n)) {
        err_set(&exc_ValueError, "failed to set num tickets.");
        return -1;
    }
    return 0;
}
static Value ctx_get_security_level(Value self) { return v_int(SSLF(SSL_CTX_get_security_level)(CTX(self)->ctx)); }

/* set_ciphers(cipherlist, /) */
static Value ctx_set_ciphers(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_ciphers", 1, 1, 0, {"cipherlist", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    const char *list = arg_str_utf8(a[0], "set_ciphers", 1);
    if (!list) return VNULL;
    if (!SSLF(SSL_CTX_set_cipher_list)(CTX(args[0])->ctx, list)) {
        /* the queue's "no cipher match" would name the wrong cause */
        CRY(ERR_clear_error)();
        return err_set(V_AS(Type, ssl_error), "No cipher can be selected.");
    }
    return V_NONE;
}
static Value nid_long_name(int nid) {
    const char *ln = nid == NID_undef ? NULL : CRY(OBJ_nid2ln)(nid);
    return ln ? str_from_cstr(ln) : V_NONE;
}
/* A cipher as get_ciphers() describes it */
static Value cipher_dict(const SSL_CIPHER *c) {
    char desc[256];
    SSLF(SSL_CIPHER_description)(c, desc, sizeof desc);
    size_t n = strlen(desc);
    while (n && (desc[n - 1] == '\n' || desc[n - 1] == ' ')) n--;
    int alg_bits;
    int strength = SSLF(SSL_CIPHER_get_bits)(c, &alg_bits);
    const char *name = SSLF(SSL_CIPHER_get_name)(c), *proto = SSLF(SSL_CIPHER_get_version)(c);
    Value d = dict_new();
    dict_set_cstr(d, "id", int_from_u64(SSLF(SSL_CIPHER_get_id)(c)));
    dict_set_cstr(d, "name", name ? str_from_cstr(name) : V_NONE);
    dict_set_cstr(d, "protocol", proto ? str_from_cstr(proto) : V_NONE);
    dict_set_cstr(d, "description", str_new(desc, n));
    dict_set_cstr(d, "strength_bits", v_int(strength));
    dict_set_cstr(d, "alg_bits", v_int(alg_bits));
    dict_set_cstr(d, "aead", v_bool(SSLF(SSL_CIPHER_is_aead)(c)));
    dict_set_cstr(d, "symmetric", nid_long_name(SSLF(SSL_CIPHER_get_cipher_nid)(c)));
    dict_set_cstr(d, "digest", nid_long_name(SSLF(SSL_CIPHER_get_digest_nid)(c)));
    dict_set_cstr(d, "kea", nid_long_name(SSLF(SSL_CIPHER_get_kx_nid)(c)));
    dict_set_cstr(d, "auth", nid_long_name(SSLF(SSL_CIPHER_get_auth_nid)(c)));
    return d;
}
static Value ctx_get_ciphers(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_ciphers", nargs - 1, 0, 0) < 0) return VNULL;
    SSL *ssl = SSLF(SSL_new)(CTX(args[0])->ctx);
    if (!ssl) return set_ssl_error(NULL);
    STACK_OF(SSL_CIPHER) *sk = SSLF(SSL_get_ciphers)(ssl);
    Value out = list_new(0);
    for (int i = 0; sk && i < stack_num(sk); i++) list_append(out, cipher_dict(stack_value(sk, i)));
    SSLF(SSL_free)(ssl);
    return out;
}

/* The server's ALPN choice: the first of its protocols the client offers
   (no Python: runs without the lock) */
static int alpn_select(SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *client,
                       unsigned int client_len, void *arg) {
    SslContext *c = arg;
    const unsigned char *server = (const unsigned char *)"";
    unsigned int server_len = 0;
    if (c && c->alpn) {
        server = (const unsigned char *)V_AS(BytesObject, c->alpn)->data;
        server_len = (unsigned int)bytes_size(c->alpn);
    }
    int r = SSLF(SSL_select_next_proto)((unsigned char **)out, outlen, server, server_len, client, client_len);
    return r == OPENSSL_NPN_NEGOTIATED ? SSL_TLSEXT_ERR_OK : SSL_TLSEXT_ERR_NOACK;
}
static Value ctx_set_alpn_protocols(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_set_alpn_protocols", 1, 1, 0, {"protos", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!buffer_check(a[0]))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[0])->tname);
    BufferInfo bi;
    if (buffer_get(a[0], &bi, false) < 0) return VNULL;
    if (bi.len > UINT_MAX) return err_format(&exc_OverflowError, "protocols longer than %u bytes", UINT_MAX);
    SslContext *c = CTX(args[0]);
    c->alpn = bytes_new(bi.data, (size_t)bi.len);
    /* 0 is success here */
    if (SSLF(SSL_CTX_set_alpn_protos)(c->ctx, (const unsigned char *)V_AS(BytesObject, c->alpn)->data,
                                      (unsigned int)bi.len))
        return err_no_memory();
    SSLF(SSL_CTX_set_alpn_select_cb)(c->ctx, alpn_select, c);
    return V_NONE;
}

/* load_cert_chain's password: the PEM reader's callback reads it from
   here (the lock is held throughout) */
typedef struct PasswordInfo {
    Value password;   /* str, bytes-like or callable */
    Value error;      /* what the callable raised, or VNULL */
} PasswordInfo;

static int password_bytes(Value v, Value *out) {
    if (str_check(v)) {
        *out = bytes_new(str_data(v), (size_t)str_nbytes(v));
        return 0;
    }
    if (bytes_check(v) || bytearray_check(v)) {
        BufferInfo bi;
        if (buffer_get(v, &bi, false) < 0) return -1;
        *out = bytes_new(bi.data, (size_t)bi.len);
        return 0;
    }
    return 1;
}
static int password_callback(char *buf, int size, int rwflag, void *userdata) {
    PasswordInfo *pw = userdata;
    Value v = pw->password, data;
    if (type_of(v)->call && !str_check(v) && !bytes_check(v) && !bytearray_check(v)) {
        v = obj_call(v, NULL, 0, VNULL);
        if (!v) {
            pw->error = err_fetch();
            return -1;
        }
        int r = password_bytes(v, &data);
        if (r != 0) {
            if (r > 0) err_set(&exc_TypeError, "password callback must return a string");
            pw->error = err_fetch();
            return -1;
        }
    } else if (password_bytes(v, &data) != 0) {
        pw->error = err_fetch();
        return -1;
    }
    int64_t n = bytes_size(data);
    if (n > size) {
        err_format(&exc_ValueError, "password cannot be longer than %d bytes", size);
        pw->error = err_fetch();
        return -1;
    }
    memcpy(buf, V_AS(BytesObject, data)->data, (size_t)n);
    return (int)n;
}
/* After a failed load: the password's error, an OS error (errno), or
   OpenSSL's */
static Value load_error(PasswordInfo *pw, int saved_errno) {
    if (pw->error) {
        CRY(ERR_clear_error)();
        err_restore(pw->error);
        return VNULL;
    }
    if (saved_errno) {
        CRY(ERR_clear_error)();
        return err_set_errno(&exc_OSError, saved_errno, VNULL);
    }
    return set_ssl_error(NULL);
}
static const ArgSpec load_cert_chain_spec = {"load_cert_chain", 0, 1, 0, {"certfile", "keyfile=None", "password=None", NULL}};
static Value ctx_load_cert_chain(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&load_cert_chain_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    SSL_CTX *ctx = CTX(args[0])->ctx;
    Value certfile = fs_path(a[0]);
    if (!certfile) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return err_set(&exc_TypeError, "certfile should be a valid filesystem path");
        }
        return VNULL;
    }
    Value keyfile = certfile;
    if (a[1] && a[1] != V_NONE) {
        keyfile = fs_path(a[1]);
        if (!keyfile) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                return err_set(&exc_TypeError, "keyfile should be a valid filesystem path");
            }
            return VNULL;
        }
    }
    PasswordInfo pw = {VNULL, VNULL};
    pem_password_cb *old_cb = SSLF(SSL_CTX_get_default_passwd_cb)(ctx);
    void *old_userdata = SSLF(SSL_CTX_get_default_passwd_cb_userdata)(ctx);
    if (a[2] && a[2] != V_NONE) {
        Value p = a[2];
        if (!type_of(p)->call && !str_check(p) && !bytes_check(p) && !bytearray_check(p))
            return err_set(&exc_TypeError, "password should be a string or callable");
        pw.password = p;
        SSLF(SSL_CTX_set_default_passwd_cb)(ctx, password_callback);
        SSLF(SSL_CTX_set_default_passwd_cb_userdata)(ctx, &pw);
    }
    Value result = V_NONE;
    errno = 0;
    if (SSLF(SSL_CTX_use_certificate_chain_file)(ctx, V_AS(BytesObject, certfile)->data) != 1) {
        result = load_error(&pw, errno);
    } else {
        errno = 0;
        if (SSLF(SSL_CTX_use_PrivateKey_file)(ctx, V_AS(BytesObject, keyfile)->data, SSL_FILETYPE_PEM) != 1)
            result = load_error(&pw, errno);
        else if (SSLF(SSL_CTX_check_private_key)(ctx) != 1)
            result = set_ssl_error(NULL);
    }
    SSLF(SSL_CTX_set_default_passwd_cb)(ctx, old_cb);
    SSLF(SSL_CTX_set_default_passwd_cb_userdata)(ctx, old_userdata);
    return result;
}

/* Add the certificates of cadata (PEM text or DER bytes) to the store */
static Value add_ca_certs(SSL_CTX *ctx, const char *data, int64_t len, int filetype) {
    if (len > INT_MAX) return err_format(&exc_OverflowError, "Certificate data is too long.");
    BIO *b = CRY(BIO_new_mem_buf)(data, (int)len);
    if (!b) return set_ssl_error(NULL);
    X509_STORE *store = SSLF(SSL_CTX_get_cert_store)(ctx);
    int loaded = 0;
    for (;;) {
        X509 *x = filetype == X509_FILETYPE_ASN1 ? CRY(d2i_X509_bio)(b, NULL)
                                                 : CRY(PEM_read_bio_X509)(b, NULL, NULL, NULL);
        if (!x) break;
        int ok = CRY(X509_STORE_add_cert)(store, x);
        CRY(X509_free)(x);
        if (!ok) {
            unsigned long e = CRY(ERR_peek_last_error)();
            if (ERR_GET_LIB(e) != ERR_LIB_X509 || ERR_GET_REASON(e) != X509_R_CERT_ALREADY_IN_HASH_TABLE) break;
            CRY(ERR_clear_error)();
        }
        loaded++;
    }
    CRY(BIO_free)(b);
    unsigned long e = CRY(ERR_peek_last_error)();
    if (loaded == 0) {
        CRY(ERR_clear_error)();
        return set_ssl_error(filetype == X509_FILETYPE_PEM ? "no start line: cadata does not contain a certificate"
                                                            : "not enough data: cadata does not contain a certificate");
    }
    /* the reader stops at the end with one of these: not an error */
    if ((filetype == X509_FILETYPE_ASN1 && ERR_GET_LIB(e) == ERR_LIB_ASN1 && ERR_GET_REASON(e) == ASN1_R_HEADER_TOO_LONG) ||
        (filetype == X509_FILETYPE_PEM && ERR_GET_LIB(e) == ERR_LIB_PEM && ERR_GET_REASON(e) == PEM_R_NO_START_LINE)) {
        CRY(ERR_clear_error)();
        return V_NONE;
    }
    if (e) return set_ssl_error(NULL);
    return V_NONE;
}
static const ArgSpec load_verify_locations_spec = {"load_verify_locations", 0, 0, 0, {"cafile=None", "capath=None", "cadata=None", NULL}};
static Value ctx_load_verify_locations(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&load_verify_locations_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    SSL_CTX *ctx = CTX(args[0])->ctx;
    for (int i = 0; i < 3; i++)
        if (a[i] == V_NONE) a[i] = VNULL;
    if (!a[0] && !a[1] && !a[2]) return err_set(&exc_TypeError, "cafile, capath and cadata cannot be all omitted");
    Value paths[2] = {VNULL, VNULL};
    static const char *const path_msg[2] = {"cafile should be a valid filesystem path",
                                            "capath should be a valid filesystem path"};
    for (int i = 0; i < 2; i++) {
        if (!a[i]) continue;
        paths[i] = fs_path(a[i]);
        if (!paths[i]) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                return err_set(&exc_TypeError, path_msg[i]);
            }
            return VNULL;
        }
    }
    if (a[2]) {
        if (str_check(a[2])) {
            if (!str_is_ascii(a[2])) {
                Value exc = bytes_encode_str(a[2], str_from_cstr("ascii"), str_from_cstr("strict"));
                if (!exc) return VNULL;
            }
            if (!add_ca_certs(ctx, str_data(a[2]), str_nbytes(a[2]), X509_FILETYPE_PEM)) return VNULL;
        } else if (buffer_check(a[2])) {
            BufferInfo bi;
            if (buffer_get(a[2], &bi, false) < 0) return VNULL;
            if (!add_ca_certs(ctx, bi.data, bi.len, X509_FILETYPE_ASN1)) return VNULL;
        } else {
            return err_set(&exc_TypeError, "cadata should be an ASCII string or a bytes-like object");
        }
    }
    if (paths[0] || paths[1]) {
        errno = 0;
        int ok = SSLF(SSL_CTX_load_verify_locations)(ctx, paths[0] ? V_AS(BytesObject, paths[0])->data : NULL,
                                                     paths[1] ? V_AS(BytesObject, paths[1])->data : NULL);
        if (ok != 1) {
            if (errno) {
                CRY(ERR_clear_error)();
                return err_set_errno(&exc_OSError, errno, VNULL);
            }
            return set_ssl_error(NULL);
        }
    }
    return V_NONE;
}
static Value ctx_set_default_verify_paths(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("set_default_verify_paths", nargs - 1, 0, 0) < 0) return VNULL;
    if (!SSLF(SSL_CTX_set_default_verify_paths)(CTX(args[0])->ctx)) return set_ssl_error(NULL);
    return V_NONE;
}
static Value ctx_set_ecdh_curve(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"set_ecdh_curve", 1, 1, 0, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value name = a[0];
    if (str_check(name)) name = bytes_encode_str(name, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    else if (!bytes_check(name)) name = fs_path(name);
    if (!name) return VNULL;
    int nid = CRY(OBJ_sn2nid)(V_AS(BytesObject, name)->data);
    if (nid == 0) return err_format(&exc_ValueError, "unknown elliptic curve name %R", a[0]);
    if (!SSLF(SSL_CTX_ctrl)(CTX(args[0])->ctx, SSL_CTRL_SET_GROUPS, 1, &nid)) return set_ssl_error(NULL);
    return V_NONE;
}
static Value ctx_load_dh_params(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"load_dh_params", 1, 1, 0, {"path", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value path = fs_path(a[0]);
    if (!path) return VNULL;
    /* CPython opens it with _Py_fopen_obj, which raises the open event */
    if (AUDIT("open", 3, a[0], str_from_cstr("rb"), v_int(0)) < 0) return VNULL;
    FILE *f = fopen(V_AS(BytesObject, path)->data, "rb");
    if (!f) return err_set_errno(&exc_OSError, errno, a[0]);
    errno = 0;
    DH *dh = CRY(PEM_read_DHparams)(f, NULL, NULL, NULL);
    int saved = errno;
    fclose(f);
    if (!dh) {
        if (saved) {
            CRY(ERR_clear_error)();
            return err_set_errno(&exc_OSError, saved, a[0]);
        }
        return set_ssl_error(NULL);
    }
    long ok = SSLF(SSL_CTX_ctrl)(CTX(args[0])->ctx, SSL_CTRL_SET_TMP_DH, 0, dh);
    CRY(DH_free)(dh);
    if (!ok) return set_ssl_error(NULL);
    return V_NONE;
}

static SslContext *ssl_owner_context(const SSL *ssl);
/* keylog_filename: OpenSSL hands each TLS secret to the callback, which
   appends it to the file (NSS key log format) */
static void keylog_callback(const SSL *ssl, const char *line) {
    SslContext *c = ssl_owner_context(ssl);
    if (!c || !c->keylog) return;
    fprintf(c->keylog, "%s\n", line);
    fflush(c->keylog);
}
static Value ctx_get_keylog_filename(Value self) {
    return CTX(self)->keylog_filename ? CTX(self)->keylog_filename : V_NONE;
}
static int ctx_set_keylog_filename(Value self, Value v) {
    SslContext *c = CTX(self);
    if (c->keylog) fclose(c->keylog);
    c->keylog = NULL;
    c->keylog_filename = VNULL;
    if (!v || v == V_NONE) {
        SSLF(SSL_CTX_set_keylog_callback)(c->ctx, NULL);
        return 0;
    }
    Value path = fs_path(v);
    if (!path) return -1;
    FILE *f = fopen(V_AS(BytesObject, path)->data, "a");
    if (!f) {
        err_set_errno(&exc_OSError, errno, v);
        return -1;
    }
    if (ftell(f) == 0) fputs("# TLS secrets log file, generated by OpenSSL / Python\n", f);
    fflush(f);
    c->keylog = f;
    c->keylog_filename = v;
    SSLF(SSL_CTX_set_keylog_callback)(c->ctx, keylog_callback);
    return 0;
}
static Value ctx_session_stats(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("session_stats", nargs - 1, 0, 0) < 0) return VNULL;
    SSL_CTX *ctx = CTX(args[0])->ctx;
    static const struct {
        const char *name;
        int cmd;
    } stats[] = {
        {"number", SSL_CTRL_SESS_NUMBER}, {"connect", SSL_CTRL_SESS_CONNECT},
        {"connect_good", SSL_CTRL_SESS_CONNECT_GOOD}, {"connect_renegotiate", SSL_CTRL_SESS_CONNECT_RENEGOTIATE},
        {"accept", SSL_CTRL_SESS_ACCEPT}, {"accept_good", SSL_CTRL_SESS_ACCEPT_GOOD},
        {"accept_renegotiate", SSL_CTRL_SESS_ACCEPT_RENEGOTIATE}, {"hits", SSL_CTRL_SESS_HIT},
        {"misses", SSL_CTRL_SESS_MISSES}, {"timeouts", SSL_CTRL_SESS_TIMEOUTS},
        {"cache_full", SSL_CTRL_SESS_CACHE_FULL},
    };
    Value d = dict_new();
    for (size_t i = 0; i < N_OF(stats); i++)
        dict_set_cstr(d, stats[i].name, int_from_i64(SSLF(SSL_CTX_ctrl)(ctx, stats[i].cmd, 0, NULL)));
    return d;
}
static Value ctx_cert_store_stats(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("cert_store_stats", nargs - 1, 0, 0) < 0) return VNULL;
    STACK_OF(X509_OBJECT) *objs = CRY(X509_STORE_get0_objects)(SSLF(SSL_CTX_get_cert_store)(CTX(args[0])->ctx));
    int64_t x509 = 0, crl = 0, ca = 0;
    for (int i = 0; i < stack_num(objs); i++) {
        X509_OBJECT *o = stack_value(objs, i);
        switch (CRY(X509_OBJECT_get_type)(o)) {
        case X509_LU_X509:
            x509++;
            if (CRY(X509_check_ca)(CRY(X509_OBJECT_get0_X509)(o))) ca++;
            break;
        case X509_LU_CRL: crl++; break;
        default: break;
        }
    }
    Value d = dict_new();
    dict_set_cstr(d, "x509", int_from_i64(x509));
    dict_set_cstr(d, "crl", int_from_i64(crl));
    dict_set_cstr(d, "x509_ca", int_from_i64(ca));
    return d;
}
static const ArgSpec get_ca_certs_spec = {"get_ca_certs", 0, 0, 0, {"binary_form=False", NULL}};
static Value ctx_get_ca_certs(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&get_ca_certs_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int binary = 0;
    if (a[0] && (binary = obj_truth(a[0])) < 0) return VNULL;
    STACK_OF(X509_OBJECT) *objs = CRY(X509_STORE_get0_objects)(SSLF(SSL_CTX_get_cert_store)(CTX(args[0])->ctx));
    Value out = list_new(0);
    for (int i = 0; i < stack_num(objs); i++) {
        X509_OBJECT *o = stack_value(objs, i);
        if (CRY(X509_OBJECT_get_type)(o) != X509_LU_X509) continue;
        X509 *x = CRY(X509_OBJECT_get0_X509)(o);
        if (!CRY(X509_check_ca)(x)) continue;
        Value v = binary ? cert_der(x) : decode_cert(x);
        if (!v) return VNULL;
        list_append(out, v);
    }
    return out;
}

/* ---- _SSLSocket ----------------------------------------------------------------------------- */
typedef struct SslSocket {
    Object hdr;
    SSL *ssl;
    Value sock;              /* the socket (_wrap_socket), or VNULL */
    Value incoming, outgoing;   /* the MemoryBIOs (_wrap_bio), or VNULL */
    Value ctx;               /* its _SSLContext */
    Value owner;             /* ssl.SSLSocket / SSLObject, or VNULL */
    Value server_hostname;   /* str, or VNULL */
    bool server_side;
    bool shutdown_seen_zero;
    bool lock_released;      /* inside an SSL call that let the lock go */
    Value callback_error;    /* what _msg_callback raised during the SSL
                                call, raised when it returns; or VNULL */
} SslSocket;
#define SSLSOCK(v) V_AS(SslSocket, v)

static void ssl_socket_finalize(void *p) {
    SslSocket *s = p;
    if (s->ssl) SSLF(SSL_free)(s->ssl);
    s->ssl = NULL;
}

/* The context of the _SSLSocket that owns ssl (no lock needed) */
static SslContext *ssl_owner_context(const SSL *ssl) {
    SslSocket *s = SSLF(SSL_get_ex_data)(ssl, 0);
    return s ? CTX(s->ctx) : NULL;
}

/* The SNI callback: sni_callback(sslsocket, servername, context) with the
   lock held; None continues, an int is the alert to fail with */
static int servername_callback(SSL *ssl, int *alert, void *arg) {
    SslContext *c = arg;
    SslSocket *s = SSLF(SSL_get_ex_data)(ssl, 0);
    if (!s || !c || !c->sni_callback) return SSL_TLSEXT_ERR_OK;
    bool relock = s->lock_released;
    if (relock) gil_acquire();
    int ret = SSL_TLSEXT_ERR_OK;
    const char *name = SSLF(SSL_get_servername)(ssl, TLSEXT_NAMETYPE_host_name);
    Value who = s->owner ? s->owner : s->sock ? s->sock : V_FROM_PTR(s);
    Value servername = name ? str_from_cstr(name) : V_NONE;
    Value callback = c->sni_callback;
    Value args[3] = {who, servername, V_FROM_PTR(c)};
    Value r = obj_call(callback, args, 3, VNULL);
    if (!r) {
        err_write_unraisable(err_fetch(), NULL, callback);
        *alert = SSL_AD_HANDSHAKE_FAILURE;
        ret = SSL_TLSEXT_ERR_ALERT_FATAL;
    } else if (r != V_NONE) {
        int64_t code = int_check(r) ? obj_index_i64(r) : -1;
        if (!int_check(r) || (code == -1 && err_occurred())) {
            if (!err_occurred()) err_format(&exc_TypeError, "servername callback must return None or an integer, not %T", r);
            err_write_unraisable(err_fetch(), NULL, callback);
            *alert = SSL_AD_INTERNAL_ERROR;
        } else {
            *alert = (int)code;
        }
        ret = SSL_TLSEXT_ERR_ALERT_FATAL;
    }
    if (relock) gil_release();
    return ret;
}
static Value ctx_get_sni_callback(Value self) { return CTX(self)->sni_callback ? CTX(self)->sni_callback : V_NONE; }
static int ctx_set_sni_callback(Value self, Value v) {
    SslContext *c = CTX(self);
    if (c->protocol == PY_SSL_VERSION_TLS_CLIENT) {
        err_set(&exc_ValueError, "sni_callback cannot be set on TLS_CLIENT context");
        return -1;
    }
    if (!v || v == V_NONE) {
        c->sni_callback = VNULL;
        SSLF(SSL_CTX_callback_ctrl)(c->ctx, SSL_CTRL_SET_TLSEXT_SERVERNAME_CB, NULL);
        return 0;
    }
    if (!type_of(v)->call) {
        SSLF(SSL_CTX_callback_ctrl)(c->ctx, SSL_CTRL_SET_TLSEXT_SERVERNAME_CB, NULL);
        err_set(&exc_TypeError, "not a callable object");
        return -1;
    }
    c->sni_callback = v;
    SSLF(SSL_CTX_callback_ctrl)(c->ctx, SSL_CTRL_SET_TLSEXT_SERVERNAME_CB, (void (*)(void))servername_callback);
    SSLF(SSL_CTX_ctrl)(c->ctx, SSL_CTRL_SET_TLSEXT_SERVERNAME_ARG, 0, c);
    return 0;
}

/* _msg_callback(conn, direction, version, content_type, msg_type, data)
   for each TLS message, with the lock held; what it raises is kept and
   raised when the SSL call returns */
static void message_callback(int write_p, int version, int content_type, const void *buf, size_t len, SSL *ssl,
                             void *arg) {
    SslSocket *s = SSLF(SSL_get_ex_data)(ssl, 0);
    if (!s || !CTX(s->ctx)->msg_callback) return;
    const unsigned char *b = buf;
    int msg_type = -1;
    switch (content_type) {
    case SSL3_RT_CHANGE_CIPHER_SPEC: msg_type = SSL3_MT_CHANGE_CIPHER_SPEC; break;
    case SSL3_RT_ALERT: msg_type = len > 1 ? b[1] : -1; break;   /* level, description */
    case SSL3_RT_HANDSHAKE: msg_type = len > 0 ? b[0] : -1; break;
    case SSL3_RT_HEADER:   /* the record header carries the version */
        if (len > 2) {
            version = b[1] << 8 | b[2];
            msg_type = b[0];
        }
        break;
    case SSL3_RT_INNER_CONTENT_TYPE: msg_type = len > 0 ? b[0] : -1; break;
    default: break;
    }
    bool relock = s->lock_released;
    if (relock) gil_acquire();
    Value who = s->owner ? s->owner : s->sock ? s->sock : V_FROM_PTR(s);
    Value args[6] = {who, str_from_cstr(write_p ? "write" : "read"), v_int(version), v_int(content_type),
                     v_int(msg_type), bytes_new((const char *)buf, len)};
    Value r = obj_call(CTX(s->ctx)->msg_callback, args, 6, VNULL);
    if (!r && !s->callback_error) s->callback_error = err_fetch();
    else if (!r) err_clear();
    if (relock) gil_release();
}
static Value ctx_get_msg_callback(Value self) { return CTX(self)->msg_callback ? CTX(self)->msg_callback : V_NONE; }
static int ctx_set_msg_callback(Value self, Value v) {
    SslContext *c = CTX(self);
    c->msg_callback = VNULL;
    SSLF(SSL_CTX_set_msg_callback)(c->ctx, NULL);
    if (!v || v == V_NONE) return 0;
    if (!type_of(v)->call) {
        err_set(&exc_TypeError, "not a callable object");
        return -1;
    }
    c->msg_callback = v;
    SSLF(SSL_CTX_set_msg_callback)(c->ctx, message_callback);
    return 0;
}

/* Raise the error of a failed SSL call (ret, SSL_get_error's err, the
 * errno after it) as CPython's PySSL_SetError; the queue is cleared. */
static Value raise_io_line(SslSocket *s, int ret, int err, int sys_errno, int line) {
    Value type = ssl_error, vcode = VNULL, vmsg = VNULL;
    const char *errstr = NULL;
    int p = PY_SSL_ERROR_SSL;
    unsigned long e = CRY(ERR_peek_last_error)();
    switch (err) {
    case SSL_ERROR_ZERO_RETURN:
        type = ssl_zero_return_error;
        errstr = "TLS/SSL connection has been closed (EOF)";
        p = PY_SSL_ERROR_ZERO_RETURN;
        break;
    case SSL_ERROR_WANT_READ:
        type = ssl_want_read_error;
        errstr = "The operation did not complete (read)";
        p = PY_SSL_ERROR_WANT_READ;
        break;
    case SSL_ERROR_WANT_WRITE:
        type = ssl_want_write_error;
        errstr = "The operation did not complete (write)";
        p = PY_SSL_ERROR_WANT_WRITE;
        break;
    case SSL_ERROR_WANT_X509_LOOKUP:
        errstr = "The operation did not complete (X509 lookup)";
        p = PY_SSL_ERROR_WANT_X509_LOOKUP;
        break;
    case SSL_ERROR_WANT_CONNECT:
        errstr = "The operation did not complete (connect)";
        p = PY_SSL_ERROR_WANT_CONNECT;
        break;
    case SSL_ERROR_SYSCALL:
        p = PY_SSL_ERROR_SYSCALL;
        if (e == 0) {
            if (ret == 0 || !s->sock) {
                type = ssl_eof_error;
                p = PY_SSL_ERROR_EOF;
                errstr = "EOF occurred in violation of protocol";
            } else if (ret == -1 && sys_errno) {
                CRY(ERR_clear_error)();
                return err_set_errno(&exc_OSError, sys_errno, VNULL);
            } else {
                type = ssl_syscall_error;
                errstr = "Some I/O error occurred";
            }
        }
        break;
    case SSL_ERROR_SSL:
        if (e == 0) errstr = "A failure in the SSL library occurred";
        if (ERR_GET_LIB(e) == ERR_LIB_SSL && ERR_GET_REASON(e) == SSL_R_CERTIFICATE_VERIFY_FAILED)
            type = ssl_cert_verification_error;
        if (ERR_GET_LIB(e) == ERR_LIB_SSL && ERR_GET_REASON(e) == SSL_R_UNEXPECTED_EOF_WHILE_READING) {
            type = ssl_eof_error;
            p = PY_SSL_ERROR_EOF;
            errstr = "EOF occurred in violation of protocol";
        }
        break;
    default:
        p = PY_SSL_ERROR_INVALID_ERROR_CODE;
        errstr = "Invalid error code";
        break;
    }
    if (type == ssl_cert_verification_error) {
        long code = SSLF(SSL_get_verify_result)(s->ssl);
        vcode = int_from_i64(code);
        Value host = s->server_hostname ? s->server_hostname : V_NONE;
        if (code == X509_V_ERR_HOSTNAME_MISMATCH)
            vmsg = str_printf("Hostname mismatch, certificate is not valid for '%S'.", host);
        else if (code == X509_V_ERR_IP_ADDRESS_MISMATCH)
            vmsg = str_printf("IP address mismatch, certificate is not valid for '%S'.", host);
        else
            vmsg = str_from_cstr(CRY(X509_verify_cert_error_string)(code));
    }
    raise_ssl(type, p, errstr, e, line, vcode, vmsg);
    CRY(ERR_clear_error)();
    return VNULL;
}
#define raise_io(s, ret, err, sys_errno) raise_io_line(s, ret, err, sys_errno, __LINE__)

typedef enum { SSL_OP_HANDSHAKE, SSL_OP_READ, SSL_OP_WRITE, SSL_OP_SHUTDOWN } SslCall;

/* One OpenSSL call without the lock: its result, with *err (SSL_get_error's
   code, SSL_ERROR_NONE on success) and *sys_errno */
static int ssl_call(SslSocket *s, SslCall op, void *buf, size_t len, size_t *done, int *err, int *sys_errno) {
    bool released = gil_blocking_begin();
    s->lock_released = released;
    errno = 0;
    int ret = 0;
    switch (op) {
    case SSL_OP_HANDSHAKE: ret = SSLF(SSL_do_handshake)(s->ssl); break;
    case SSL_OP_READ: ret = SSLF(SSL_read_ex)(s->ssl, buf, len, done); break;
    case SSL_OP_WRITE: ret = SSLF(SSL_write_ex)(s->ssl, buf, len, done); break;
    case SSL_OP_SHUTDOWN: ret = SSLF(SSL_shutdown)(s->ssl); break;
    }
    *sys_errno = errno;
    *err = ret > 0 || (op == SSL_OP_SHUTDOWN && ret == 0) ? SSL_ERROR_NONE : SSLF(SSL_get_error)(s->ssl, ret);
    s->lock_released = false;
    gil_blocking_end(released);
    return ret;
}

/* The socket's descriptor and timeout now (over BIOs: none, non-blocking);
   -1 with SSLError when the socket was closed */
static int sock_state(SslSocket *s, int *fd, double *timeout) {
    *fd = -1;
    *timeout = 0;
    if (!s->sock) return 0;
    if (socket_fd_timeout(s->sock, fd, timeout) < 0) return -1;
    if (*fd < 0) {
        err_set(V_AS(Type, ssl_error), "Underlying socket has been closed.");
        return -1;
    }
    return 0;
}
/* After WANT_READ / WANT_WRITE on a socket with a timeout: wait for it.
   0 to retry, -1 with TimeoutError (naming what) or another error set. */
static int wait_socket(int fd, int err, double deadline, const char *what, int line) {
    int r = socket_wait_ready(fd, err == SSL_ERROR_WANT_WRITE, deadline);
    if (r < 0) return -1;
    if (r == 0) {
        /* CPython's handshake message alone names its source line */
        if (strcmp(what, "handshake") == 0)
            err_format(&exc_TimeoutError, "_ssl.c:%d: The %s operation timed out", line, what);
        else
            err_format(&exc_TimeoutError, "The %s operation timed out", what);
        return -1;
    }
    return 0;
}

/* Run op until it completes (> 0), or: a read that met the peer's
   close_notify (0); -1 with the error set. */
static int ssl_run(SslSocket *s, SslCall op, void *buf, size_t len, size_t *done, const char *what) {
    int fd;
    double timeout;
    if (sock_state(s, &fd, &timeout) < 0) return -1;
    double deadline = timeout > 0 ? socket_monotonic() + timeout : -1.0;
    for (;;) {
        int err, sys_errno;
        int ret = ssl_call(s, op, buf, len, done, &err, &sys_errno);
        if (s->callback_error) {
            Value e = s->callback_error;
            s->callback_error = VNULL;
            CRY(ERR_clear_error)();
            err_restore(e);
            return -1;
        }
        if (err == SSL_ERROR_NONE) return ret > 0 ? ret : 1;
        if (err == SSL_ERROR_SYSCALL && sys_errno == EINTR && CRY(ERR_peek_last_error)() == 0) {
            if (pending_check() < 0) return -1;
            continue;
        }
        if (op == SSL_OP_READ && err == SSL_ERROR_ZERO_RETURN &&
            SSLF(SSL_get_shutdown)(s->ssl) == SSL_RECEIVED_SHUTDOWN)
            return 0;
        if ((err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE) && s->sock && timeout != 0) {
            if (timeout > 0) {
                const char *w = what ? what : err == SSL_ERROR_WANT_READ ? "read" : "write";
                if (wait_socket(fd, err, deadline, w, __LINE__) < 0) return -1;
            }
            continue;
        }
        raise_io(s, ret, err, sys_errno);
        return -1;
    }
}

static Value sslsock_do_handshake(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("do_handshake", nargs - 1, 0, 0) < 0) return VNULL;
    SslSocket *s = SSLSOCK(args[0]);
    if (ssl_run(s, SSL_OP_HANDSHAKE, NULL, 0, NULL, "handshake") < 0) return VNULL;
    return V_NONE;
}
/* read(size, [buffer]): bytes, or the count read into buffer */
static Value sslsock_read(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("read", kwnames) < 0 || arg_count("read", nargs - 1, 1, 2) < 0) return VNULL;
    SslSocket *s = SSLSOCK(args[0]);
    int64_t len;
    if (int_arg(args[1], &len) < 0) return VNULL;
    BufferInfo bi;
    char *dst, *scratch = NULL;
    Value result = VNULL;
    if (nargs > 2) {
        if (buffer_get(args[2], &bi, true) < 0) return VNULL;
        if (len <= 0 || len > bi.len) len = bi.len;
        dst = bi.data;
    } else {
        if (len < 0) return err_set(&exc_ValueError, "size should not be negative");
        if (len > INT_MAX) len = INT_MAX;
        /* a read returns at most one TLS record (16 KiB): a larger request
           reads into C memory and copies what came, rather than allocating
           the whole request in the collected heap each time (recv(65536)
           in a loop spent a fifth of its time collecting) */
        if (len <= SSL3_RT_MAX_PLAIN_LENGTH) {
            result = bytes_try_alloc((size_t)len);
            if (!result) return VNULL;
            dst = V_AS(BytesObject, result)->data;
        } else {
            scratch = malloc((size_t)len);
            if (!scratch) return err_no_memory();
            dst = scratch;
        }
    }
    if (len > INT_MAX) len = INT_MAX;
    size_t got = 0;
    int r = 1;
    if (len > 0) r = ssl_run(s, SSL_OP_READ, dst, (size_t)len, &got, "read");
    else r = sock_state(s, &(int){0}, &(double){0}) < 0 ? -1 : 1;
    if (r <= 0) got = 0;
    if (scratch) {
        result = r < 0 ? VNULL : bytes_new(scratch, got);
        free(scratch);
        return result;
    }
    if (r < 0) return VNULL;
    if (nargs > 2) return int_from_u64(got);
    return got == (size_t)len ? result : bytes_new(dst, got);
}
static Value sslsock_write(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("write", kwnames) < 0 || arg_count("write", nargs - 1, 1, 1) < 0) return VNULL;
    if (!buffer_check(args[1]))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(args[1])->tname);
    BufferInfo bi;
    if (buffer_get(args[1], &bi, false) < 0) return VNULL;
    if (bi.len > INT_MAX) return err_format(&exc_OverflowError, "string longer than %d bytes", INT_MAX);
    size_t done = 0;
    if (ssl_run(SSLSOCK(args[0]), SSL_OP_WRITE, bi.data, (size_t)bi.len, &done, "write") < 0) return VNULL;
    return int_from_u64(done);
}
static Value sslsock_pending(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("pending", nargs - 1, 0, 0) < 0) return VNULL;
    int n = SSLF(SSL_pending)(SSLSOCK(args[0])->ssl);
    if (n < 0) return raise_io(SSLSOCK(args[0]), n, SSLF(SSL_get_error)(SSLSOCK(args[0])->ssl, n), 0);
    return v_int(n);
}
/* shutdown(): send close_notify and wait for the peer's (twice at most);
   the socket, or None over BIOs */
static Value sslsock_shutdown(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("shutdown", nargs - 1, 0, 0) < 0) return VNULL;
    SslSocket *s = SSLSOCK(args[0]);
    int fd;
    double timeout;
    if (sock_state(s, &fd, &timeout) < 0) return VNULL;
    double deadline = timeout > 0 ? socket_monotonic() + timeout : -1.0;
    int zeros = 0, ret, err, sys_errno;
    for (;;) {
        /* after a 0, read ahead would swallow the peer's data meant for the
           next user of the socket */
        if (s->shutdown_seen_zero) SSLF(SSL_set_read_ahead)(s->ssl, 0);
        ret = ssl_call(s, SSL_OP_SHUTDOWN, NULL, 0, NULL, &err, &sys_errno);
        if (s->callback_error) {
            Value e = s->callback_error;
            s->callback_error = VNULL;
            CRY(ERR_clear_error)();
            err_restore(e);
            return VNULL;
        }
        if (ret > 0) break;
        if (ret == 0) {
            if (++zeros > 1) break;
            s->shutdown_seen_zero = true;
            continue;
        }
        if (err == SSL_ERROR_SYSCALL && sys_errno == EINTR && CRY(ERR_peek_last_error)() == 0) {
            if (pending_check() < 0) return VNULL;
            continue;
        }
        if ((err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE) && s->sock && timeout > 0) {
            if (wait_socket(fd, err, deadline, err == SSL_ERROR_WANT_READ ? "read" : "write", __LINE__) < 0)
                return VNULL;
            continue;
        }
        break;
    }
    if (ret < 0) return raise_io(s, ret, err, sys_errno);
    return s->sock ? s->sock : V_NONE;
}
static Value sslsock_getpeercert(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getpeercert", 1, 0, 0, {"binary_form=False", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int binary = 0;
    if (a[0] && (binary = obj_truth(a[0])) < 0) return VNULL;
    SSL *ssl = SSLSOCK(args[0])->ssl;
    if (!SSLF(SSL_is_init_finished)(ssl)) return err_set(&exc_ValueError, "handshake not done yet");
    X509 *peer = SSLF(SSL_get1_peer_certificate)(ssl);
    if (!peer) return V_NONE;
    Value r;
    if (binary) r = cert_der(peer);
    else if (!(SSLF(SSL_CTX_get_verify_mode)(SSLF(SSL_get_SSL_CTX)(ssl)) & SSL_VERIFY_PEER)) r = dict_new();
    else r = decode_cert(peer);
    CRY(X509_free)(peer);
    return r;
}
static Value cipher_tuple(const SSL_CIPHER *c) {
    const char *name = SSLF(SSL_CIPHER_get_name)(c), *proto = SSLF(SSL_CIPHER_get_version)(c);
    return tuple_pack(3, name ? str_from_cstr(name) : V_NONE, proto ? str_from_cstr(proto) : V_NONE,
                      v_int(SSLF(SSL_CIPHER_get_bits)(c, NULL)));
}
static Value sslsock_cipher(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("cipher", nargs - 1, 0, 0) < 0) return VNULL;
    const SSL_CIPHER *c = SSLF(SSL_get_current_cipher)(SSLSOCK(args[0])->ssl);
    return c ? cipher_tuple(c) : V_NONE;
}
/* CPython 3.11's: the ciphers this SSL may use (SSL_get_ciphers), on
   either side; not yet the intersection with the client's that 3.12 gives */
static Value sslsock_shared_ciphers(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("shared_ciphers", nargs - 1, 0, 0) < 0) return VNULL;
    STACK_OF(SSL_CIPHER) *sk = SSLF(SSL_get_ciphers)(SSLSOCK(args[0])->ssl);
    if (!sk) return V_NONE;
    Value out = list_new(0);
    for (int i = 0; i < stack_num(sk); i++) list_append(out, cipher_tuple(stack_value(sk, i)));
    return out;
}
static Value sslsock_version(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("version", nargs - 1, 0, 0) < 0) return VNULL;
    SSL *ssl = SSLSOCK(args[0])->ssl;
    if (!SSLF(SSL_is_init_finished)(ssl)) return V_NONE;
    const char *v = SSLF(SSL_get_version)(ssl);
    return v && strcmp(v, "unknown") != 0 ? str_from_cstr(v) : V_NONE;
}
static Value sslsock_selected_alpn_protocol(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("selected_alpn_protocol", nargs - 1, 0, 0) < 0) return VNULL;
    const unsigned char *p;
    unsigned int n;
    SSLF(SSL_get0_alpn_selected)(SSLSOCK(args[0])->ssl, &p, &n);
    return p && n ? str_new((const char *)p, n) : V_NONE;
}
/* OpenSSL 3 is built without TLS compression: None unless a method is on */
static Value sslsock_compression(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("compression", nargs - 1, 0, 0) < 0) return VNULL;
    if (!SSLF(SSL_get_current_compression)(SSLSOCK(args[0])->ssl)) return V_NONE;
    return str_from_cstr("unknown");
}
static Value sslsock_get_channel_binding(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_channel_binding", 0, 0, 0, {"cb_type='tls-unique'", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    const char *type = "tls-unique";
    if (a[0] && !(type = arg_str_utf8(a[0], "get_channel_binding", 1))) return VNULL;
    if (strcmp(type, "tls-unique") != 0)
        return err_format(&exc_ValueError, "'%s' channel binding type not implemented", type);
    SslSocket *s = SSLSOCK(args[0]);
    char buf[128];
    size_t n;
    /* the first Finished message of the connection: the client's unless
       the session was resumed */
    if (SSLF(SSL_session_reused)(s->ssl) ^ !s->server_side) n = SSLF(SSL_get_finished)(s->ssl, buf, sizeof buf);
    else n = SSLF(SSL_get_peer_finished)(s->ssl, buf, sizeof buf);
    return n ? bytes_new(buf, n) : V_NONE;
}
static Value sslsock_verify_client_post_handshake(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("verify_client_post_handshake", nargs - 1, 0, 0) < 0) return VNULL;
    if (!SSLF(SSL_verify_client_post_handshake)(SSLSOCK(args[0])->ssl)) return set_ssl_error(NULL);
    return V_NONE;
}
static Value sslsock_get_verified_chain(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_verified_chain", nargs - 1, 0, 0) < 0) return VNULL;
    STACK_OF(X509) *chain = SSLF(SSL_get0_verified_chain)(SSLSOCK(args[0])->ssl);
    return chain ? certificate_list(chain) : V_NONE;
}
/* what the peer sent; a server's SSL leaves the client's own certificate
   out of the chain, so it goes first */
static Value sslsock_get_unverified_chain(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_unverified_chain", nargs - 1, 0, 0) < 0) return VNULL;
    SslSocket *s = SSLSOCK(args[0]);
    STACK_OF(X509) *chain = SSLF(SSL_get_peer_cert_chain)(s->ssl);
    if (!chain) return V_NONE;
    Value out = certificate_list(chain);
    if (s->server_side) {
        X509 *peer = SSLF(SSL_get1_peer_certificate)(s->ssl);
        if (peer) {
            if (list_insert(out, 0, certificate_wrap(peer)) < 0) out = VNULL;
            CRY(X509_free)(peer);
        }
    }
    return out;
}
static Value sslsock_get_context(Value self) { return SSLSOCK(self)->ctx; }
static int sslsock_set_context(Value self, Value v) {
    if (!v || !v_is_ptr(v) || !obj_isinstance_type(v, &ssl_context_type)) {
        err_set(&exc_TypeError, "The value must be a SSLContext");
        return -1;
    }
    SslSocket *s = SSLSOCK(self);
    s->ctx = v;
    SSLF(SSL_set_SSL_CTX)(s->ssl, CTX(v)->ctx);
    return 0;
}
static Value sslsock_get_server_side(Value self) { return v_bool(SSLSOCK(self)->server_side); }
static Value sslsock_get_server_hostname(Value self) {
    return SSLSOCK(self)->server_hostname ? SSLSOCK(self)->server_hostname : V_NONE;
}
static Value sslsock_get_owner(Value self) { return SSLSOCK(self)->owner ? SSLSOCK(self)->owner : V_NONE; }
static int sslsock_set_owner(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    SSLSOCK(self)->owner = v == V_NONE ? VNULL : v;
    return 0;
}
static Value sslsock_get_session(Value self) {
    SslSocket *s = SSLSOCK(self);
    SSL_SESSION *sess = SSLF(SSL_get1_session)(s->ssl);
    return sess ? session_wrap(sess, s->ctx) : V_NONE;
}
static int sslsock_set_session(Value self, Value v) {
    if (no_delete(v) < 0) return -1;
    if (type_of(v) != &ssl_session_type) {
        err_set(&exc_TypeError, "Value is not a SSLSession.");
        return -1;
    }
    SslSocket *s = SSLSOCK(self);
    SslSession *sess = V_AS(SslSession, v);
    if (CTX(sess->ctx)->ctx != CTX(s->ctx)->ctx) {
        err_set(&exc_ValueError, "Session refers to a different SSLContext.");
        return -1;
    }
    if (s->server_side) {
        err_set(&exc_ValueError, "Cannot set session for server-side SSLSocket.");
        return -1;
    }
    if (SSLF(SSL_is_init_finished)(s->ssl)) {
        err_set(&exc_ValueError, "Cannot set session after handshake.");
        return -1;
    }
    if (!SSLF(SSL_set_session)(s->ssl, sess->session)) {
        set_ssl_error(NULL);
        return -1;
    }
    return 0;
}
static Value sslsock_get_session_reused(Value self) { return v_bool(SSLF(SSL_session_reused)(SSLSOCK(self)->ssl)); }

/* The SNI name and the name the certificate must match, as CPython's
   _ssl_configure_hostname: an IP address is checked as one and sent as
   no SNI */
static int configure_hostname(SslSocket *s, const char *host, size_t len) {
    if (len == 0 || host[0] == '.') {
        err_set(&exc_ValueError, "server_hostname cannot be an empty string or start with a leading dot.");
        return -1;
    }
    ASN1_OCTET_STRING *ip = CRY(a2i_IPADDRESS)(host);
    if (!ip) CRY(ERR_clear_error)();
    int ok = 1;
    if (!ip) ok = (int)SSLF(SSL_ctrl)(s->ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)host);
    if (ok && CTX(s->ctx)->check_hostname) {
        X509_VERIFY_PARAM *param = SSLF(SSL_get0_param)(s->ssl);
        if (ip)
            ok = CRY(X509_VERIFY_PARAM_set1_ip)(param, CRY(ASN1_STRING_get0_data)(ip), (size_t)CRY(ASN1_STRING_length)(ip));
        else
            ok = CRY(X509_VERIFY_PARAM_set1_host)(param, host, len);
    }
    if (ip) CRY(ASN1_OCTET_STRING_free)(ip);
    if (!ok) {
        set_ssl_error(NULL);
        return -1;
    }
    s->server_hostname = str_new(host, len);
    return 0;
}

/* _wrap_socket / _wrap_bio's common part */
static Value new_ssl_socket(Value ctxv, Value sock, int server_side, Value hostname, Value incoming, Value outgoing,
                            Value owner, Value session) {
    SslContext *c = CTX(ctxv);
    if (server_side && c->protocol == PY_SSL_VERSION_TLS_CLIENT)
        return set_ssl_error("Cannot create a server socket with a PROTOCOL_TLS_CLIENT context");
    if (!server_side && c->protocol == PY_SSL_VERSION_TLS_SERVER)
        return set_ssl_error("Cannot create a client socket with a PROTOCOL_TLS_SERVER context");
    const char *host = NULL;
    size_t host_len = 0;
    if (hostname && hostname != V_NONE) {
        if (str_check(hostname)) {
            if (!str_is_ascii(hostname) &&
                !bytes_encode_str(hostname, str_from_cstr("ascii"), str_from_cstr("strict")))
                return VNULL;
            host = str_data(hostname);
            host_len = (size_t)str_nbytes(hostname);
            if (strlen(host) != host_len)
                return err_set(&exc_TypeError, "argument must be encoded string without null bytes, not str");
        } else if (bytes_check(hostname)) {
            host = V_AS(BytesObject, hostname)->data;
            host_len = (size_t)bytes_size(hostname);
        } else {
            return err_format(&exc_TypeError, "argument 'server_hostname' must be str, not %s",
                              type_of(hostname)->tname);
        }
    }
    if (c->check_hostname && !host && !server_side &&
        warn_c(&exc_DeprecationWarning, str_from_cstr("check_hostname requires server_hostname"), 1) < 0)
        return VNULL;
    SslSocket *s = (SslSocket *)obj_alloc(&ssl_socket_type, sizeof(SslSocket));
    s->ssl = SSLF(SSL_new)(c->ctx);
    if (!s->ssl) return set_ssl_error(NULL);
    gc_register_finalizer(s, ssl_socket_finalize);
    s->ctx = ctxv;
    s->sock = sock;
    s->incoming = incoming;
    s->outgoing = outgoing;
    s->server_side = server_side != 0;
    /* the SNI callback finds its socket here; s outlives its SSL */
    SSLF(SSL_set_ex_data)(s->ssl, 0, s);
    if (sock) {
        int fd;
        double timeout;
        if (sock_state(s, &fd, &timeout) < 0) return VNULL;
        SSLF(SSL_set_fd)(s->ssl, fd);
    } else {
        BIO *in = MBIO(incoming)->bio, *out = MBIO(outgoing)->bio;
        /* the SSL takes one reference of each; the MemoryBIOs keep theirs */
        CRY(BIO_up_ref)(in);
        CRY(BIO_up_ref)(out);
        SSLF(SSL_set_bio)(s->ssl, in, out);
    }
    SSLF(SSL_ctrl)(s->ssl, SSL_CTRL_MODE, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_AUTO_RETRY, NULL);
    /* post-handshake auth: a client offers it; a server that verifies its
       clients may ask (OpenSSL does not ignore SSL_VERIFY_POST_HANDSHAKE
       without SSL_VERIFY_PEER: bpo-37428) */
    if (c->post_handshake_auth) {
        if (!server_side) {
            SSLF(SSL_set_post_handshake_auth)(s->ssl, 1);
        } else {
            int mode = SSLF(SSL_get_verify_mode)(s->ssl);
            if (mode & SSL_VERIFY_PEER) SSLF(SSL_set_verify)(s->ssl, mode | SSL_VERIFY_POST_HANDSHAKE, NULL);
        }
    }
    if (host && configure_hostname(s, host, host_len) < 0) return VNULL;
    if (server_side) SSLF(SSL_set_accept_state)(s->ssl);
    else SSLF(SSL_set_connect_state)(s->ssl);
    Value self = V_FROM_PTR(s);
    if (owner && owner != V_NONE) s->owner = owner;
    if (session && session != V_NONE && sslsock_set_session(self, session) < 0) return VNULL;
    return self;
}
static const ArgSpec wrap_socket_spec = {"_wrap_socket", 0, 2, 2, {"sock", "server_side", "server_hostname=None", "owner=None", "session=None", NULL}};
static Value ctx_wrap_socket(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&wrap_socket_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int fd;
    double timeout;
    if (socket_fd_timeout(a[0], &fd, &timeout) < 0) {
        err_clear();
        return err_format(&exc_TypeError, "_wrap_socket() argument 'sock' must be _socket.socket, not %s",
                          type_of(a[0])->tname);
    }
    int server_side = obj_truth(a[1]);
    if (server_side < 0) return VNULL;
    return new_ssl_socket(args[0], a[0], server_side, a[2], VNULL, VNULL, a[3], a[4]);
}
static const ArgSpec wrap_bio_spec = {"_wrap_bio", 0, 3, 2, {"incoming", "outgoing", "server_side", "server_hostname=None", "owner=None", "session=None", NULL}};
static Value ctx_wrap_bio(Value *args, size_t nargs, Value kwnames) {
    Value a[6];
    if (arg_parse(&wrap_bio_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    static const char *const names[2] = {"incoming", "outgoing"};
    for (int i = 0; i < 2; i++)
        if (type_of(a[i]) != &memory_bio_type)
            return err_format(&exc_TypeError, "_wrap_bio() argument '%s' must be _ssl.MemoryBIO, not %s", names[i],
                              type_of(a[i])->tname);
    int server_side = obj_truth(a[2]);
    if (server_side < 0) return VNULL;
    return new_ssl_socket(args[0], VNULL, server_side, a[3], a[0], a[1], a[4], a[5]);
}

/* ---- types and module ----------------------------------------------------------------------- */
static const MethodDef ssl_context_methods[] = {
    {"_wrap_socket", ctx_wrap_socket, MF_KEYWORDS, NULL, &wrap_socket_spec},
    {"_wrap_bio", ctx_wrap_bio, MF_KEYWORDS, NULL, &wrap_bio_spec},
    {"set_ciphers", ctx_set_ciphers, MF_KEYWORDS, NULL},
    {"get_ciphers", ctx_get_ciphers, 0, NULL},
    {"_set_alpn_protocols", ctx_set_alpn_protocols, MF_KEYWORDS, NULL},
    {"load_cert_chain", ctx_load_cert_chain, MF_KEYWORDS, NULL, &load_cert_chain_spec},
    {"load_verify_locations", ctx_load_verify_locations, MF_KEYWORDS, NULL, &load_verify_locations_spec},
    {"set_default_verify_paths", ctx_set_default_verify_paths, 0, NULL},
    {"set_ecdh_curve", ctx_set_ecdh_curve, MF_KEYWORDS, NULL},
    {"session_stats", ctx_session_stats, 0, NULL},
    {"load_dh_params", ctx_load_dh_params, MF_KEYWORDS, NULL},
    {"cert_store_stats", ctx_cert_store_stats, 0, NULL},
    {"get_ca_certs", ctx_get_ca_certs, MF_KEYWORDS, NULL, &get_ca_certs_spec},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef ssl_context_getsets[] = {
    {"check_hostname", ctx_get_check_hostname, ctx_set_check_hostname, NULL},
    {"_host_flags", ctx_get_host_flags, ctx_set_host_flags, NULL},
    {"minimum_version", ctx_get_minimum_version, ctx_set_minimum_version, NULL},
    {"maximum_version", ctx_get_maximum_version, ctx_set_maximum_version, NULL},
    {"sni_callback", ctx_get_sni_callback, ctx_set_sni_callback, NULL},
    {"_msg_callback", ctx_get_msg_callback, ctx_set_msg_callback, NULL},
    {"num_tickets", ctx_get_num_tickets, ctx_set_num_tickets, "Control the number of TLSv1.3 session tickets"},
    {"options", ctx_get_options, ctx_set_options, NULL},
    {"post_handshake_auth", ctx_get_post_handshake_auth, ctx_set_post_handshake_auth, NULL},
    {"protocol", ctx_get_protocol, NULL, NULL},
    {"keylog_filename", ctx_get_keylog_filename, ctx_set_keylog_filename, NULL},
    {"verify_flags", ctx_get_verify_flags, ctx_set_verify_flags, NULL},
    {"verify_mode", ctx_get_verify_mode, ctx_set_verify_mode, NULL},
    {"security_level", ctx_get_security_level, NULL, "The current security level"},
    {NULL, NULL, NULL, NULL},
};
static Type ssl_context_type = {
    .tname = "_ssl._SSLContext",
    .basicsize = sizeof(SslContext),
    .flags = TF_BASETYPE,
    .new_ = ssl_context_new,
};
static const MethodDef ssl_socket_methods[] = {
    {"do_handshake", sslsock_do_handshake, 0, NULL},
    {"read", sslsock_read, 0, NULL},
    {"write", sslsock_write, 0, NULL},
    {"pending", sslsock_pending, 0, NULL},
    {"shutdown", sslsock_shutdown, 0, NULL},
    {"getpeercert", sslsock_getpeercert, MF_KEYWORDS, NULL},
    {"cipher", sslsock_cipher, 0, NULL},
    {"shared_ciphers", sslsock_shared_ciphers, 0, NULL},
    {"version", sslsock_version, 0, NULL},
    {"selected_alpn_protocol", sslsock_selected_alpn_protocol, 0, NULL},
    {"compression", sslsock_compression, 0, NULL},
    {"get_channel_binding", sslsock_get_channel_binding, MF_KEYWORDS, NULL},
    {"verify_client_post_handshake", sslsock_verify_client_post_handshake, 0, NULL},
    {"get_verified_chain", sslsock_get_verified_chain, 0, NULL},
    {"get_unverified_chain", sslsock_get_unverified_chain, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef ssl_socket_getsets[] = {
    {"context", sslsock_get_context, sslsock_set_context, NULL},
    {"server_side", sslsock_get_server_side, NULL, "Whether this is a server-side socket."},
    {"server_hostname", sslsock_get_server_hostname, NULL, "The currently set server hostname (for SNI)."},
    {"owner", sslsock_get_owner, sslsock_set_owner, "The Python-level owner of this object."},
    {"session", sslsock_get_session, sslsock_set_session, "The underlying SSLSession object."},
    {"session_reused", sslsock_get_session_reused, NULL, "Was the client session reused during handshake?"},
    {NULL, NULL, NULL, NULL},
};
static Type ssl_socket_type = {
    .tname = "_ssl._SSLSocket",
    .basicsize = sizeof(SslSocket),
    .flags = TF_ABSTRACT_NEW,
};

static const MethodDef ssl_functions[] = {
    {"RAND_bytes", m_rand_bytes, MF_KEYWORDS, NULL, &rand_bytes_spec},
    {"RAND_pseudo_bytes", m_rand_pseudo_bytes, MF_KEYWORDS, NULL, &rand_pseudo_bytes_spec},
    {"RAND_status", m_rand_status, MF_KEYWORDS, NULL, &rand_status_spec},
    {"RAND_add", m_rand_add, MF_KEYWORDS, NULL, &rand_add_spec},
    {"txt2obj", m_txt2obj, MF_KEYWORDS, NULL, &txt2obj_spec},
    {"nid2obj", m_nid2obj, MF_KEYWORDS, NULL, &nid2obj_spec},
    {"get_default_verify_paths", m_get_default_verify_paths, MF_KEYWORDS, NULL, &get_default_verify_paths_spec},
    {"_test_decode_cert", m_test_decode_cert, MF_KEYWORDS, NULL, &test_decode_cert_spec},
    {NULL, NULL, 0, NULL},
};

static void ready_type(Type *t, const char *name, const MethodDef *methods, const GetSetDef *getsets) {
    if (t->flags & TF_READY) return;
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr("_ssl");
    if (methods) type_add_methods(t, methods);
    if (getsets) type_add_getsets(t, getsets);
    type_ready(t);
}

/* (major, minor, fix, patch, status) of an OpenSSL version number */
static Value version_info(unsigned long v) {
    unsigned long status = v & 0xF, patch = (v >> 4) & 0xFF, fix = (v >> 12) & 0xFF, minor = (v >> 20) & 0xFF,
                  major = (v >> 28) & 0xFF;
    return tuple_pack(5, v_int((int64_t)major), v_int((int64_t)minor), v_int((int64_t)fix), v_int((int64_t)patch),
                      v_int((int64_t)status));
}

Value _ssl_module_create(void) {
    if (crypto_load() < 0 || libssl_load() < 0) return VNULL;
    if (make_exceptions() < 0) return VNULL;
    ready_type(&ssl_context_type, "_SSLContext", ssl_context_methods, ssl_context_getsets);
    ready_type(&ssl_socket_type, "_SSLSocket", ssl_socket_methods, ssl_socket_getsets);
    ready_type(&memory_bio_type, "MemoryBIO", memory_bio_methods, memory_bio_getsets);
    ready_type(&ssl_session_type, "SSLSession", NULL, ssl_session_getsets);
    ready_type(&ssl_certificate_type, "Certificate", ssl_certificate_methods, NULL);
    Value m = module_new_cstr("_ssl");
    module_add(m, "__doc__", str_from_cstr("Implementation module for SSL socket operations.  "
                                           "See the socket module\nfor documentation."));
    module_add_functions(m, ssl_functions);
    module_add(m, "_SSLContext", V_FROM_PTR(&ssl_context_type));
    module_add(m, "_SSLSocket", V_FROM_PTR(&ssl_socket_type));
    module_add(m, "MemoryBIO", V_FROM_PTR(&memory_bio_type));
    module_add(m, "SSLSession", V_FROM_PTR(&ssl_session_type));
    module_add(m, "Certificate", V_FROM_PTR(&ssl_certificate_type));
#define EXC_ADD(var, name) module_add(m, name, var);
    SSL_EXCEPTIONS(EXC_ADD)
#define INT_ADD(name, value) module_add(m, name, int_from_i64((int64_t)(value)));
    SSL_INT_CONSTANTS(INT_ADD)
#define ALERT_ADD(name) module_add(m, "ALERT_DESCRIPTION_" #name, v_int(SSL_AD_##name));
    SSL_ALERTS(ALERT_ADD)
#define HAS_ADD(name, truth) module_add(m, name, v_bool(truth));
    SSL_HAS_FLAGS(HAS_ADD)
    module_add(m, "_DEFAULT_CIPHERS", str_from_cstr(SSL_DEFAULT_CIPHER_LIST));
    unsigned long num = CRY(OpenSSL_version_num)();
    module_add(m, "OPENSSL_VERSION_NUMBER", int_from_u64(num));
    module_add(m, "OPENSSL_VERSION_INFO", version_info(num));
    module_add(m, "OPENSSL_VERSION", str_from_cstr(CRY(OpenSSL_version)(OPENSSL_VERSION)));
    module_add(m, "_OPENSSL_API_VERSION", version_info(OPENSSL_VERSION_NUMBER));
    Value codes = dict_new(), names = dict_new(), libs = dict_new();
    for (size_t i = 0; i < N_OF(err_reasons); i++) {
        Value key = tuple_pack(2, v_int(err_reasons[i].lib), v_int(err_reasons[i].reason));
        Value name = str_from_cstr(err_reasons[i].name);
        dict_set(codes, key, name);
        dict_set(names, name, key);
    }
    for (size_t i = 0; i < N_OF(err_libs); i++) dict_set(libs, v_int(err_libs[i].lib), str_from_cstr(err_libs[i].name));
    module_add(m, "err_codes_to_names", codes);
    module_add(m, "err_names_to_codes", names);
    module_add(m, "lib_codes_to_names", libs);
    return m;
}
