x = 3
print(x.imag, x.real, (2.5).imag, x.conjugate())
print(abs(-4j))
