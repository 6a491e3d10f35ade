x = 1
yield x
