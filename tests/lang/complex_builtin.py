# complex(re, im) and complex arithmetic (was in tests/unsupported: tpy had no complex type)
z = complex(1, 2)
print(z * z)
