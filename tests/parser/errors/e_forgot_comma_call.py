print(a b c)
