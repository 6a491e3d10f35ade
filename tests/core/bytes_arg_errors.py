# argument-count and keyword errors of the bytes and bytearray methods
def call(label, f, *args):
    try:
        print(label, repr(f(*args)))
    except Exception as e:
        print(label, type(e).__name__, e)

for obj in [b'abc', bytearray(b'abc')]:
    name = type(obj).__name__
    for m in ['upper', 'lower', 'title', 'capitalize', 'swapcase', 'isalnum', 'isalpha', 'isascii',
              'isdigit', 'islower', 'isspace', 'istitle', 'isupper']:
        call(name + '.' + m, getattr(obj, m), 1)
    for m in ['partition', 'rpartition', 'join', 'zfill', 'removeprefix', 'removesuffix']:
        call(name + '.' + m + '()', getattr(obj, m))
        call(name + '.' + m + '(a, b)', getattr(obj, m), b'a', b'b')
    for m in ['find', 'rfind', 'index', 'rindex', 'count', 'startswith', 'endswith']:
        call(name + '.' + m + '()', getattr(obj, m))
        call(name + '.' + m + '(4 args)', getattr(obj, m), b'a', 0, 1, 2)
    for m in ['strip', 'lstrip', 'rstrip']:
        call(name + '.' + m + '(2 args)', getattr(obj, m), b'a', b'b')
    for m in ['center', 'ljust', 'rjust']:
        call(name + '.' + m + '()', getattr(obj, m))
        call(name + '.' + m + '(3 args)', getattr(obj, m), 1, b'a', b'b')
    call(name + '.replace(1 arg)', obj.replace, b'a')
    call(name + '.replace(4 args)', obj.replace, b'a', b'b', 1, 2)
    call(name + '.split(3 args)', obj.split, b'a', 1, 2)
    call(name + '.splitlines(2 args)', obj.splitlines, 1, 2)
    call(name + '.expandtabs(2 args)', obj.expandtabs, 1, 2)
    call(name + '.decode(3 args)', obj.decode, 'a', 'b', 'c')
    call(name + '.hex(3 args)', obj.hex, ':', 1, 2)
    call(name + '.translate()', obj.translate)
    call(name + '.translate(3 args)', obj.translate, None, b'', b'')
    call(name + '.maketrans()', obj.maketrans)
    call(name + '.fromhex()', type(obj).fromhex)

def kw(label, f, **kwargs):
    try:
        print(label, repr(f(**kwargs)))
    except Exception as e:
        print(label, type(e).__name__, e)

b = b'a b'
kw('split sep', b.split, sep=b' ')
kw('split maxsplit', b.split, maxsplit=0)
kw('split bad', b.split, x=1)
kw('rsplit bad', b.rsplit, x=1)
kw('splitlines', b.splitlines, keepends=True)
kw('splitlines bad', b.splitlines, keep=True)
kw('expandtabs', b'\t'.expandtabs, tabsize=2)
kw('expandtabs bad', b.expandtabs, size=2)
kw('decode', b.decode, encoding='ascii', errors='strict')
kw('decode bad', b.decode, codec='ascii')
kw('hex', b.hex, sep='-', bytes_per_sep=1)
kw('hex bad', b.hex, separator='-')
kw('translate delete', b.translate, delete=b' ')
kw('translate table', b.translate, table=None)
kw('strip', b.strip, bytes=b'a')
kw('upper', b.upper, x=1)
kw('center', b.center, width=5)
kw('partition', b.partition, sep=b' ')
kw('bytearray append', bytearray().append, item=1)
kw('bytearray pop', bytearray(b'x').pop, index=0)
try:
    b.split(b' ', sep=b' ')
except TypeError as e:
    print('TypeError', e)
try:
    b.translate(None, b'', delete=b'')
except TypeError as e:
    print('TypeError', e)
try:
    b.find(sub=b'a')
except TypeError as e:
    print('TypeError', e)
