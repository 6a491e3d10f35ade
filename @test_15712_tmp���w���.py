print(ascii(__file__))
