z = 1 + 2j
print(z, z.real, z.imag, abs(3 + 4j))
