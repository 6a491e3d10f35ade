x = 0123
print(x)
