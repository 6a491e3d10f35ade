# int -> text conversions: str(), repr(), f-strings, % and format()
vals = [0, 1, 9, 10, 99, 100, 12345, -1, -9, -10, -100000, 2**62 - 1, -2**62, 2**62, -2**62 - 1,
        2**63 - 1, -2**63, 2**64, 10**20, -10**25, True, False]
for v in vals:
    print(str(v), repr(v), f"{v}", "%d|%i|%u" % (v, v, v), "%x|%X|%o" % (v, v, v))
    print("%5d|%-5d|%05d|%+d|% d|%.3d|%8.4d|%-8.3x|%#x|%#X|%#o|%#08x|%+#o" % ((v,) * 13))
    print(format(v, "d"), format(v, ">6"), format(v, "x"), format(v, "_d"), format(v, "+"))
class MyInt(int):
    def __repr__(self): return "MyInt!"
m = MyInt(42)
print(str(m), repr(m), f"{m}", "%d %s %r" % (m, m, m))
print("%d" % 3.99, "%x" % True, "%s" % 7, "%r" % -7, "%c" % 65)
for bad in ("%x" % 1.5 if False else None,):
    pass
try:
    print("%x" % 1.5)
except TypeError as e:
    print(e)
out = []
for i in range(-300, 300, 7):
    out.append("%d:%04x:%s:%-4o|" % (i, i, i, i) + f"{i}{i * i}" + str(i * 1000003))
print(len("".join(out)), out[:3], out[-3:])
