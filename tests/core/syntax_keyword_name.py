class = 3
print(class)
