#!/usr/bin/env python3
"""Write src/mod/_ssl_errors.h: OpenSSL's library and reason names, for
_ssl's SSLError.library / .reason and its err_codes_to_names tables.

OpenSSL has no call that names a reason code as its macro does
("CERTIFICATE_VERIFY_FAILED" for SSL_R_CERTIFICATE_VERIFY_FAILED), so the
names are read from the installed headers: every `# define LIB_R_NAME`
in /usr/include/openssl/*err.h whose LIB has an ERR_LIB_LIB. The header
lists names only; the numbers come from OpenSSL's own headers when _ssl.c
compiles, so they cannot drift from the library built against.

    python3 tools/gen_ssl_errors.py [/usr/include/openssl]
"""
import glob
import os
import re
import sys

inc = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/openssl"
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

with open(os.path.join(inc, "err.h")) as f:
    libs = re.findall(r"^#\s*define\s+ERR_LIB_([A-Z0-9_]+)\s+\d+\s*$", f.read(), re.M)
libs = [lib for lib in libs if lib not in ("NONE", "SYS", "USER")]

reasons = []   # (lib, name), in header order
seen = set()
for path in sorted(glob.glob(os.path.join(inc, "*err.h"))):
    with open(path) as f:
        text = f.read()
    # the pattern is anchored at the macro's start, so one library's prefix
    # never matches another's (X509_R_ and X509V3_R_, EC_R_ and ECDSA)
    for lib in libs:
        for name in re.findall(r"^#\s*define\s+%s_R_([A-Z0-9_]+)\s+\S" % lib, text, re.M):
            if (lib, name) not in seen:
                seen.add((lib, name))
                reasons.append((lib, name))

out = ["/* _ssl_errors.h: written by tools/gen_ssl_errors.py from OpenSSL's headers; do not edit.",
       " * SSL_ERR_LIBS: _(LIB) for each ERR_LIB_LIB; SSL_ERR_REASONS: _(LIB, NAME) for each",
       " * LIB_R_NAME (its value comes from the headers at compile time). */",
       "#ifndef TPY_SSL_ERRORS_H", "#define TPY_SSL_ERRORS_H", ""]
out.append("#define SSL_ERR_LIBS(_) \\")
out += ["    _(%s) \\" % lib for lib in libs]
out.append("")
out.append("#define SSL_ERR_REASONS(_) \\")
out += ["    _(%s, %s) \\" % r for r in reasons]
out += ["", "#endif", ""]
with open(os.path.join(root, "src", "mod", "_ssl_errors.h"), "w") as f:
    f.write("\n".join(out))
print(len(libs), "libraries,", len(reasons), "reasons")
