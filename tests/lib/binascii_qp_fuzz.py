# binascii: quoted-printable, base64 and uu round trips on pseudo-random data
# (a linear congruential generator, so that the inputs are the same everywhere)
import binascii
state = 12345
def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state % n
alphabet = b'ab =_.\t\r\n\x00\xff\x7f~!Z'
h = 0
errors = {}
for k in range(400):
    n = rnd(120)
    if k % 3 == 0:
        data = bytes(alphabet[rnd(len(alphabet))] for _ in range(n))
    else:
        data = bytes(rnd(256) for _ in range(n))
    for qt in (0, 1):
        for it in (0, 1):
            for hd in (0, 1):
                e = binascii.b2a_qp(data, qt, it, hd)
                d = binascii.a2b_qp(e, header=hd)
                h = binascii.crc32(e, h)
                h = binascii.crc32(d, h)
    e = binascii.b2a_base64(data)
    assert binascii.a2b_base64(e) == data
    assert binascii.a2b_base64(binascii.b2a_base64(data, newline=False), strict_mode=True) == data
    for strict in (False, True):
        try:
            r = binascii.a2b_base64(data, strict_mode=strict)
        except binascii.Error as err:
            errors[str(err)[:40]] = errors.get(str(err)[:40], 0) + 1
            r = str(err).encode()
        h = binascii.crc32(r, h)
    h = binascii.crc32(binascii.a2b_qp(data), h)
    h = binascii.crc_hqx(data, h)
    u = binascii.b2a_uu(data[:45], backtick=k % 2 == 0)
    assert binascii.a2b_uu(u) == data[:45]
    if k < 12:
        print(k, binascii.b2a_qp(data)[:60], binascii.b2a_qp(data, header=True)[:40])
print(h, sorted(errors.items()))
print(binascii.b2a_qp(b'x' * 200))
print(binascii.b2a_qp(b'y' * 74 + b'=\n' + b'z' * 80 + b'\r\n.\r\n.'))
print(binascii.b2a_qp(b'a \nb\t\r\nc ', istext=False))
print(binascii.b2a_qp(b'. \n.\n.'), binascii.b2a_qp(b'.\x00'), binascii.b2a_qp(b'a b_c', header=True))
print(binascii.a2b_qp(b'=41=4a=\nb=\r\nc=zz=4=3D==X_'), binascii.a2b_qp('a_b', True), binascii.a2b_qp(b'=\rx\ny'))
