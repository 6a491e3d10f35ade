print(ord(bytearray(b'a')), ord(b'z'))
try:
    sum([], bytearray())
except TypeError as e:
    print(e)
try:
    sum([b'a'], b'')
except TypeError as e:
    print(e)
print(sum([], bytearray(b'x')) if False else 'skip')
code = compile(bytearray(b'x = 1 + 2\n'), '<ba>', 'exec')
ns = {}
exec(code, ns)
print(ns['x'])
print(eval(bytearray(b'3 * 4')))
print(int(bytearray(b'12')), int(bytearray(b'ff'), 16), float(bytearray(b'1.5')), int(bytearray(b' -7 ')))
print(int(memoryview(b'42')) if False else 'mv skip')
try:
    int(bytearray(b'1x'))
except ValueError as e:
    print(e)
try:
    float(bytearray(b'1x'))
except ValueError as e:
    print(e)
print(bytearray(b'ab') * 2, 2 * bytearray(b'c'))
try:
    bytearray(b'a') * 1.5
except TypeError as e:
    print(e)
class Two:
    def __index__(self): return 2
print(bytearray(b'ab') * Two())
try:
    ord(bytearray(b'ab'))
except TypeError as e:
    print(e)
try:
    int(b'1x')
except ValueError as e:
    print(e)
try:
    float(b'1x')
except ValueError as e:
    print(e)
