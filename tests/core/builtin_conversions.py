# ord/chr, hex/oct/bin, divmod, pow, round, str/int/float/bool/list/tuple conversions.
print(ord('A'), ord('z'), ord('0'), ord(' '), ord('\n'), ord('é'), ord('€'))
print(chr(65), chr(97), chr(48), repr(chr(10)), chr(8364), chr(0x1F600) == '\U0001F600')
word = ''
for code in [80, 121, 116, 104, 111, 110]:
    word += chr(code)
print(word)
shifted = ''
for ch in 'HAL':
    shifted += chr(ord(ch) + 1)
print(shifted)
print(hex(0), hex(255), hex(-42), oct(64), oct(-9), bin(0), bin(255), bin(-3))
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), divmod(-7, -2), divmod(2 ** 65, 7))
print(pow(2, 8), pow(2, -2), pow(2.0, 3), pow(3, 4, 5), pow(-3, 3), pow(9, 0.5), pow(10, 2, 7))
print(round(3.7), round(-3.7), round(3.14159, 2), round(1234, -1), round(7))
print(str(12), int('12') + 1, float('1.5') * 2, bool('x'), list('12'), tuple([3]))
print(int(' 7 '), float(' 7 '), str(7.0), str(-0.5), repr('7'))
print(type(int('5')).__name__, type(float(5)).__name__, type(str(5)).__name__, type(bool(5)).__name__)
