# binascii: every a2b_/b2a_ function on pseudo-random bytes (errors included)
import binascii
state = 4242
def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state % n
alpha = b'AZaz09+/=\n\r \t!`~#$%^&*()_-.:\x00\x7f\x80\xff'
for i in range(600):
    n = rnd(70)
    if i % 2:
        data = bytes(alpha[rnd(len(alpha))] for _ in range(n))
    else:
        data = bytes(rnd(256) for _ in range(n))
    row = [i]
    for f in (binascii.a2b_uu, binascii.a2b_base64, binascii.unhexlify, binascii.a2b_qp, binascii.b2a_uu, binascii.b2a_hex):
        try:
            r = f(data)
            row.append(binascii.crc32(r))
        except Exception as e:
            row.append(type(e).__name__ + ':' + str(e)[:30])
    for kw in ({'strict_mode': True}, ):
        try: row.append(binascii.crc32(binascii.a2b_base64(data, **kw)))
        except Exception as e: row.append(str(e)[:30])
    for args in ((True,), (False, False), (True, True, True)):
        row.append(binascii.crc32(binascii.b2a_qp(data, *args)))
    row.append(binascii.crc32(binascii.a2b_qp(data, True)))
    row.append(binascii.crc_hqx(data, i))
    try: row.append(binascii.crc32(binascii.b2a_uu(data[:45], backtick=True)))
    except Exception as e: row.append(str(e))
    print(row)
