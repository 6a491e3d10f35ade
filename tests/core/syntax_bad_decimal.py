x = 1_
print(x)
