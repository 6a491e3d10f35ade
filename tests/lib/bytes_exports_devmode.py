# A bytearray cannot change size while a memoryview of it is alive
# (BufferError, nothing changed); released views free it. bytearray(iter)
# appends as it iterates. -X dev checks encoding and errors names even when
# unused. bytes and bytearray have docstrings.
import subprocess, sys

b = bytearray(range(10))
v = memoryview(b)
orig = bytes(b)
ops = {
    'append': lambda: b.append(1), 'extend': lambda: b.extend(b'xy'),
    'pop': lambda: b.pop(), 'remove': lambda: b.remove(3), 'insert': lambda: b.insert(0, 1),
    'clear': lambda: b.clear(), 'iadd': lambda: b.__iadd__(b'z'), 'imul': lambda: b.__imul__(2),
    'delitem': lambda: b.__delitem__(1), 'grow slice': lambda: b.__setitem__(slice(1, 3), b'abc'),
    'del ext slice': lambda: b.__delitem__(slice(1, -1, 2)), 'init': lambda: b.__init__(b'new'),
}
for name, op in ops.items():
    try:
        op()
        print(name, 'ok')
    except BufferError as e:
        print(name, 'BufferError', e)
    print(bytes(b) == orig)
b[1:3] = b'XY'          # the same size: allowed
b[0] = 65
b *= 1
print(b)
v.release()
b.append(33); b.extend(b'..'); del b[0]
print(b)
with memoryview(b) as m:
    try:
        b.pop()
    except BufferError:
        print('pop refused inside with')
print(b.pop(), len(b))

# a dropped view stops counting once collected
def drop():
    memoryview(b)
drop()
b.append(1)
print(len(b))

b = bytearray()
seen = []
def g():
    for i in range(1, 6):
        yield i
        seen.append((len(b), list(b)))
b.__init__(g())
print(b, seen)
try:
    bytearray(iter([1, 300]))
except ValueError as e:
    print('ValueError', e)
try:
    bytearray(iter([1, 'x']))
except TypeError as e:
    print('TypeError', e)

print(bytes.__doc__.startswith('bytes('), bytearray.__doc__.startswith('bytearray('))

code = r'''
import sys
bad = 'Boom, Shaka Laka, Boom!'
calls = [lambda: bytes('', encoding='utf-8', errors=bad), lambda: b''.decode(errors=bad),
         lambda: ''.encode(errors=bad), lambda: str(b'', 'utf-8', bad), lambda: str(b'', bad),
         lambda: bytearray('', 'latin1', bad), lambda: b'abc'.decode('ascii', bad),
         lambda: bytearray(b'').decode(bad), lambda: 'x'.encode(bad), lambda: b'x'.decode('utf8', 'strict')]
for f in calls:
    try:
        print(repr(f()))
    except LookupError as e:
        print('LookupError', e)
'''
for flags in ([], ['-X', 'dev']):
    r = subprocess.run([sys.executable] + flags + ['-c', code], capture_output=True, text=True)
    print(flags, r.returncode, r.stdout, r.stderr)
