print(complex('1+2j').imag)
