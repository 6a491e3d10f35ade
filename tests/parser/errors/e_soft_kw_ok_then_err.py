match = 1
match(x)
case = 2
_ = 3
x = = 1
