# binascii through the base64 and quopri modules (CPython's base64.py and quopri.py)
import base64, binascii, quopri
print(base64.b64encode(b'hello world'), base64.b64decode(b'aGVsbG8gd29ybGQ='))
print(base64.b64decode('aGVsbG8gd29ybGQ=', validate=True))
try:
    base64.b64decode(b'aGVsbG8gd29ybGQ=!', validate=True)
except binascii.Error as e:
    print('Error', e)
print(base64.urlsafe_b64encode(b'\xfb\xff\xfe'), base64.urlsafe_b64decode(b'-__-'))
print(base64.standard_b64encode(b'x' * 100))
print(base64.b16encode(b'\x01\xab'))
print(base64.b32encode(b'hello'), base64.b32decode(b'NBSWY3DP'))
print(base64.b85encode(b'hello world'), base64.b85decode(base64.b85encode(b'hello world')))
print(base64.a85encode(b'hello world'), base64.a85decode(base64.a85encode(b'hello world')))
print(quopri.encodestring(b'caf\xe9 = ok\n'), quopri.decodestring(b'caf=E9 =3D ok\n'))
print(binascii.hexlify(b'\x00\xff'), binascii.unhexlify(b'00ff'))
print(base64.b64encode(b'\x00' * 5, altchars=b'-_'))
