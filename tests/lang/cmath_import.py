import cmath
print(cmath.sqrt(-1))
