# bytearray(iter) appends as it iterates; views the program dropped do not
# stop a resize. -X dev checks encoding and errors names even when
# unused. bytes and bytearray have docstrings.
import subprocess, sys

# views the program dropped never stop a resize (tpy counts no bytearray
# exports: its collector could not tell them from live ones)
def loop1():
    for i in range(300):
        b = bytearray(100)
        m = memoryview(b)
        del m
        b.append(1)
    return len(b)
def loop2():
    buf = bytearray()
    for i in range(300):
        buf.extend(b'x' * 10)
        n = len(memoryview(buf)[:5])
        del buf[:n]
    return len(buf)
def loop3():
    b = bytearray(100)
    for i in range(300):
        m = memoryview(b)
        m = None
        b.append(1)
    return len(b)
print(loop1(), loop2(), loop3())
with memoryview(bytearray(b'abc')) as m:
    print(bytes(m))
b = bytearray(b'xy')
try:
    b += b
except BufferError as e:
    print('BufferError', e)

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
