x = 1
else:
    print(x)
