café = 1
x = = 2
