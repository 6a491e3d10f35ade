global x, 1
