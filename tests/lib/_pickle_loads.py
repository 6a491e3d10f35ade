# _pickle.loads / Unpickler on hand-written pickles of every protocol:
# each opcode, the Python 2 string forms, and the errors of bad streams
import _pickle, io, pickle, copyreg, collections

class Point:
    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Point(%r, %r)' % (self.__dict__.get('x'), self.__dict__.get('y'))

class Slotted:
    __slots__ = ('a', 'b')
    def __repr__(self):
        return 'Slotted(%r, %r)' % (getattr(self, 'a', None), getattr(self, 'b', None))

class Setter:
    def __setstate__(self, st):
        self.got = st
    def __repr__(self):
        return 'Setter(%r)' % (self.got,)

class KW:
    def __new__(cls, *args, **kw):
        o = object.__new__(cls)
        o.args = args
        o.kw = kw
        return o
    def __repr__(self):
        return 'KW(%r, %r)' % (self.args, self.kw)

def show(data, **kw):
    try:
        r = _pickle.loads(data, **kw)
        print(type(r).__name__, repr(r))
    except Exception as e:
        print('  ', data[:40], type(e).__name__, e)

good = [
    b'N.', b'I01\n.', b'I00\n.', b'I42\n.', b'I-7\n.', b'I123456789012345678901234567890\n.',
    b'L12345678901234567890L\n.', b'L-5\n.', b'F1.5\n.', b'F-inf\n.', b'F1e300\n.',
    b'J\xff\xff\xff\xff.', b'K\xff.', b'M\xff\xff.', b'\x8a\x00.', b'\x8a\x01\xff.',
    b'\x8a\t\x00\x00\x00\x00\x00\x00\x00\x00\x01.', b'\x8b\x02\x00\x00\x00\x00\x80.',
    b'G?\xf8\x00\x00\x00\x00\x00\x00.', b'\x88.', b'\x89.',
    b"S'abc'\n.", b'S"a\\nb"\n.', b"S'\\xe9'\n.", b'U\x03abc.', b'T\x03\x00\x00\x00abc.',
    b'Vabc\\u20ac\\U0001f600\xe9\n.', b'X\x02\x00\x00\x00\xc3\xa9.', b'\x8c\x01a.',
    b'\x8d\x01\x00\x00\x00\x00\x00\x00\x00b.', b'C\x02hi.', b'B\x01\x00\x00\x00z.',
    b'\x8e\x01\x00\x00\x00\x00\x00\x00\x00q.', b'\x96\x02\x00\x00\x00\x00\x00\x00\x00ab.',
    b').', b'(t.', b'(I1\nI2\nt.', b'K\x01\x85.', b'K\x01K\x02\x86.', b'K\x01K\x02K\x03\x87.',
    b'].', b'(l.', b'(I1\nl.', b']K\x01a.', b'](K\x01K\x02e.', b'}.', b'(d.', b'(K\x01K\x02d.',
    b'}K\x01K\x02s.', b'}(K\x01K\x02K\x03K\x04u.', b'\x8f.', b'\x8f(K\x01K\x02\x90.', b'(K\x01K\x02\x91.',
    b'(K\x01p0\n0g0\n.', b'K\x01q\x05h\x05\x86.', b'K\x01r\x00\x01\x00\x00j\x00\x01\x00\x00\x86.',
    b'\x80\x04K\x01\x94h\x00\x86.', b'K\x012\x86.', b'(K\x01K\x021K\x03.', b'K\x01(0.',
    b'c__builtin__\nset\n)R.', b'c__builtin__\nxrange\nK\x05\x85R.', b'\x80\x03cbuiltins\nrange\nK\x05\x85R.',
    b'\x80\x04\x8c\x08builtins\x8c\x05range\x93K\x03\x85R.',
    b'\x80\x04\x8c\x08__main__\x8c\x05Point\x93)\x81}(\x8c\x01x\x94K\x01\x8c\x01yK\x02ub.',
    b'\x80\x02c__main__\nPoint\nq\x00)\x81q\x01}q\x02(X\x01\x00\x00\x00xK\x05ub.',
    b'(i__main__\nPoint\nK\x01K\x02b.', b'(c__main__\nPoint\nK\x07o.', b'(i__main__\nPoint\n(dS\'x\'\nI3\nsb.',
    b'\x80\x02c__main__\nSlotted\n)\x81N}(U\x01aK\x01U\x01bK\x02u\x86b.',
    b'\x80\x02c__main__\nSetter\n)\x81K\x07b.',
    b'\x80\x04\x8c\x08__main__\x8c\x02KW\x93K\x01\x85}\x8c\x01k\x94K\x02s\x92.',
    b'\x80\x04\x8c\x0bcollections\x8c\x0bOrderedDict\x93)R\x8c\x01a\x94K\x01s.',
    b'\x80\x02ccopy_reg\n_reconstructor\nc__main__\nPoint\nc__builtin__\nobject\nN\x87R}U\x01xK\x09sb.',
    b'\x80\x04\x95\x0b\x00\x00\x00\x00\x00\x00\x00\x8c\x05hello\x94.',
]
for data in good:
    show(data)

# Python 2 strings and the encoding argument
for enc in ('ASCII', 'latin1', 'bytes', 'utf-8'):
    for data in (b"S'caf\\xc3\\xa9'\n.", b'U\x04caf\xe9.', b'T\x02\x00\x00\x00\xc3\xa9.'):
        show(data, encoding=enc)
show(b'U\x01\xff.', encoding='ascii', errors='replace')
show(b'cUserDict\nUserDict\n.')
show(b'cUserDict\nUserDict\n.', fix_imports=False)

bad = [
    b'', b'N', b'\x80\x06.', b'.', b'0.', b'1.', b'2.', b'a.', b'(a.', b'e.', b's.', b'u.', b'b.', b'R.',
    b't.', b'(K\x01d.', b'}(K\x01u.', b'h\x05.', b'g5\n.', b'j\x01\x00\x00\x00.', b'p0\n.', b'K\x01p-1\n.',
    b'K\x01pabc\n.', b'\x94.', b'I12', b'Ixyz\n.', b'Fxyz\n.', b'Labc\n.', b'Sabc\n.', b"S'abc\n.", b'Vab\\u12\n.',
    b'\xff.', b'z.', b'\'.', b'\\.', b'\x00.', b'K', b'M\x01', b'J\x01\x02', b'\x8a\x05\x01', b'\x8b\xff\xff\xff\xff.',
    b'U\x05ab', b'X\x05\x00\x00\x00ab', b'X\x01\x00\x00\x00\xff.', b'\x8c\x02\xed\xa0.', b'B\x05\x00\x00\x00ab',
    b'\x95\x10\x00\x00\x00\x00\x00\x00\x00N.', b'\x93.', b'K\x01K\x02\x93.', b'c\n.', b'cbuiltins\n\n.',
    b'cbuiltins\nnosuch\n.', b'cnosuchmodule\nx\n.', b'\x80\x04\x8c\x08builtins\x8c\x08int.real\x93.',
    b'\x80\x04\x8c\x08builtins\x8c\x0eint.<locals>.x\x93.', b'\x80\x03cbuiltins\nint.real\n.',
    b'K\x01)\x81.', b'cbuiltins\nint\nK\x01\x81.', b'cbuiltins\nint\n)K\x01\x92.',
    b'P1\n.', b'N\x8e.', b'K\x01Q.', b'\x82\x00.', b'\x82\x05.', b'\x97.', b'\x98.', b'N\x98.',
    b'(I1\nI2\nI3\nt(\x85.', b'(1.', b'\x80\x04(.',
]
for data in bad:
    show(data)

# extension registry
copyreg.add_extension('collections', 'OrderedDict', 0xf1)
copyreg.add_extension('collections', 'Counter', 0x1234)
copyreg.add_extension('collections', 'deque', 0x12345678)
show(b'\x80\x02\x82\xf1\x83\x34\x12\x84\x78\x56\x34\x12\x87.')
show(b'\x80\x02\x82\xf2.')
copyreg.remove_extension('collections', 'OrderedDict', 0xf1)
copyreg.remove_extension('collections', 'Counter', 0x1234)
copyreg.remove_extension('collections', 'deque', 0x12345678)

# files: several pickles in a row, the position after each
f = io.BytesIO()
for obj in (1, 'two', [3], {'four': 4}, b'x' * 100000):
    for proto in range(6):
        _pickle.dump(obj, f, proto)
f.seek(0)
got = []
while True:
    try:
        got.append(_pickle.load(f))
    except EOFError as e:
        print('EOFError', e)
        break
print(len(got), [type(x).__name__ for x in got[::6]], f.tell() == len(f.getvalue()))

# a file object with only read and readline
class Reader:
    def __init__(self, data):
        self.b = io.BytesIO(data)
        self.calls = 0
    def read(self, n):
        self.calls += 1
        return self.b.read(n)
    def readline(self):
        self.calls += 1
        return self.b.readline()
r = Reader(pickle.dumps([1, 2, 'x' * 10], 0) + b'junk')
print(_pickle.Unpickler(r).load(), r.b.read())
for obj in (None, 'abc'):
    try:
        _pickle.Unpickler(obj)
    except TypeError as e:
        print('TypeError', e)
class NoInit(_pickle.Unpickler):
    def __init__(self):
        pass
try:
    NoInit().load()
except _pickle.UnpicklingError as e:
    print('UnpicklingError', e)

# persistent_load
class PL(_pickle.Unpickler):
    def persistent_load(self, pid):
        return 'PID:' + repr(pid)
print(PL(io.BytesIO(b'Pabc\n.')).load(), PL(io.BytesIO(b'\x80\x02K\x05Q.')).load())
u = _pickle.Unpickler(io.BytesIO(b'(Pa\nPb\nl.'))
u.persistent_load = lambda pid: pid * 2
print(u.load(), u.persistent_load('z'))
try:
    u.persistent_load = 5
except TypeError as e:
    print('TypeError', e)

# find_class overrides and the memo
class FC(_pickle.Unpickler):
    def find_class(self, module, name):
        print('find_class', module, name)
        return super().find_class(module, name)
print(FC(io.BytesIO(pickle.dumps([collections.OrderedDict, range], 4))).load())
print(FC(io.BytesIO(pickle.dumps([collections.UserDict], 2))).load())
u = _pickle.Unpickler(io.BytesIO(b'\x80\x02]q\x05K\x01aK\x02q\x07\x86.'))
print(u.load(), sorted(u.memo.copy().items()), type(u.memo).__name__)
u.memo = {3: 'three'}
print(sorted(u.memo.copy().items()))
u.memo.clear()
print(u.memo.copy())
for m in ({-1: 'x'}, {'a': 1}, [1]):
    try:
        u.memo = m
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
u2 = _pickle.Unpickler(io.BytesIO(b'h\x03.'))
u2.memo = {3: 'from memo'}
try:
    print(u2.load())
except _pickle.UnpicklingError as e:
    print('UnpicklingError', e)

# protocol 0's raw-unicode-escape: runs of backslashes, bad escapes
for b in [b'\\\\u0041', b'\\\\\\u0041', b'a\\u00', b'ab\\\\\\u12x', b'\\U00110000', b'\\', b'x\\',
          b'\\u20ac\\\\', b'\xe9\\u00e9']:
    try:
        print(b, repr(_pickle.loads(b'V' + b + b'\n.')))
    except UnicodeDecodeError as e:
        print(b, type(e).__name__, e, e.start, e.end)
